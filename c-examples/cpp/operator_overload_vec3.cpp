/* RUN: -n 3
 * EXPECT: verified
 * A small value class with operator overloading: Vec3 holds three doubles (standard
 * layout, so it is three contiguous MPI_DOUBLEs, MPI 3.1 §4.1) with operator+= and
 * operator*; each rank computes a momentum from its particles, and MPI_Allreduce sums the
 * three components in place (MPI_IN_PLACE, §5.9.1).
 */
#include <mpi.h>
#include <cassert>
#include <vector>

struct Vec3 {
    double x, y, z;
    Vec3 &operator+=(const Vec3 &o) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    friend Vec3 operator*(double a, const Vec3 &v) { return {a * v.x, a * v.y, a * v.z}; }
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<Vec3> velocity = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Vec3 momentum{0, 0, 0};
    for (const Vec3 &v : velocity)
        momentum += (rank + 1.0) * v;
    MPI_Allreduce(MPI_IN_PLACE, &momentum, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double expected = size * (size + 1) / 2.0;
    assert(momentum.x == expected && momentum.y == expected && momentum.z == expected);
    MPI_Finalize();
    return 0;
}
