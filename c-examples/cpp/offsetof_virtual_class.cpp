/* RUN: -n 2
 * EXPECT: verified
 * A derived datatype built with offsetof on a class with a virtual function. Such a class is
 * not standard-layout, so offsetof on it is only conditionally-supported (C++17
 * [support.types.layout]/1): g++ and clang give the offsets of their own layout (after the
 * vtable pointer) and warn with -Winvalid-offsetof. The program is correct for that layout
 * (the type is resized to sizeof(Particle), MPI 3.1 §4.1.7), so it verifies, and the report
 * carries a portability note naming the offsetof line and the MPI_Type_create_struct it
 * shapes. The standard-layout Header below uses offsetof too and gets no note.
 */
#include <mpi.h>
#include <cstddef>
#include <vector>

class Particle {
  public:
    Particle() : x(0), y(0), id(-1) {}
    Particle(double x_, double y_, int id_) : x(x_), y(y_), id(id_) {}
    virtual ~Particle() {}
    virtual double weight() const { return 1.0; }
    int ident() const { return id; }

    static MPI_Datatype mpi_type() {
        int lens[3] = {1, 1, 1};
        MPI_Aint disp[3] = {offsetof(Particle, x), offsetof(Particle, y),
                            offsetof(Particle, id)};
        MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};
        MPI_Datatype packed, t;
        MPI_Type_create_struct(3, lens, disp, types, &packed);
        MPI_Type_create_resized(packed, 0, sizeof(Particle), &t);
        MPI_Type_free(&packed);
        MPI_Type_commit(&t);
        return t;
    }

  public:
    double x, y;
    int id;
};

struct Header {
    int step;
    double time;
};

static MPI_Datatype header_type() {
    int lens[2] = {1, 1};
    MPI_Aint disp[2] = {offsetof(Header, step), offsetof(Header, time)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Datatype t;
    MPI_Type_create_struct(2, lens, disp, types, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype ptype = Particle::mpi_type(), htype = header_type();
    const int n = 4;
    std::vector<Particle> parts(n);
    Header h = {0, 0.0};
    if (rank == 0) {
        for (int i = 0; i < n; i++)
            parts[i] = Particle(i * 0.5, i * 1.5, 100 + i);
        h.step = 7;
        h.time = 0.25;
        MPI_Send(&h, 1, htype, 1, 0, MPI_COMM_WORLD);
        MPI_Send(parts.data(), n, ptype, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&h, 1, htype, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(parts.data(), n, ptype, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (h.step != 7)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int i = 0; i < n; i++)
            if (parts[i].ident() != 100 + i || parts[i].weight() != 1.0)
                MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Type_free(&ptype);
    MPI_Type_free(&htype);
    MPI_Finalize();
    return 0;
}
