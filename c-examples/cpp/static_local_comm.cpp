/* RUN: -n 2
 * EXPECT: verified
 * A function-local static object (C++17 [stmt.dcl]p4): the first call of world_copy()
 * constructs a Comm that duplicates MPI_COMM_WORLD; later calls return the same object.
 * The program frees it explicitly before MPI_Finalize through release(), so the static's
 * destructor, which runs after main returns ([basic.start.term]), has nothing left to
 * free and makes no MPI call after MPI_Finalize (MPI 3.1 §8.7).
 */
#include <mpi.h>
#include <cassert>

class Comm {
public:
    Comm() { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
    ~Comm() { release(); }
    void release() {
        if (comm_ != MPI_COMM_NULL)
            MPI_Comm_free(&comm_);
    }
    MPI_Comm get() const { return comm_; }

private:
    MPI_Comm comm_;
};

static Comm &world_copy() {
    static Comm comm;
    return comm;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, sum = 0;
    MPI_Comm_rank(world_copy().get(), &rank);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, world_copy().get());
    assert(sum == 1);
    world_copy().release();
    MPI_Finalize();
    return 0;
}
