/* RUN: -n 2
 * EXPECT: error assertion
 * The same particle exchange with the MPI_Type_create_resized step forgotten. The class has a
 * virtual function, so its first data member sits after the vtable pointer: the struct type's
 * lower bound is 8 and its extent 24 (MPI 3.1 §4.1.6), while a Particle takes 32 bytes. A
 * count of 4 then strides 24 bytes per element instead of sizeof(Particle): the second and
 * later particles are read and written at the wrong bytes (the receiver's check of the ids
 * fails). The report also carries the portability note: offsetof on a class that is not
 * standard-layout (C++17 [support.types.layout]/1).
 */
#include <mpi.h>
#include <cassert>
#include <cstddef>
#include <vector>

class Particle {
  public:
    Particle() : x(0), y(0), id(-1) {}
    Particle(double x_, double y_, int id_) : x(x_), y(y_), id(id_) {}
    virtual ~Particle() {}
    virtual double weight() const { return 1.0; }

    double x, y;
    int id;
};

static MPI_Datatype particle_type() {
    int lens[3] = {1, 1, 1};
    MPI_Aint disp[3] = {offsetof(Particle, x), offsetof(Particle, y), offsetof(Particle, id)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};
    MPI_Datatype t;
    MPI_Type_create_struct(3, lens, disp, types, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype ptype = particle_type();
    const int n = 4;
    std::vector<Particle> parts(n);
    if (rank == 0) {
        for (int i = 0; i < n; i++)
            parts[i] = Particle(i * 0.5, i * 1.5, 100 + i);
        MPI_Send(parts.data(), n, ptype, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(parts.data(), n, ptype, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; i++)
            assert(parts[i].id == 100 + i);
    }
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
