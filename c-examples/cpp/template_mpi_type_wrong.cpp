/* RUN: -n 2
 * EXPECT: error memory-error
 * A wrong entry in a type-traits table: mpi_type<float>() answers MPI_DOUBLE, so
 * send_all<float> sends v.size() doubles out of a vector of floats, reading twice the
 * vector's bytes (the type signature says 8 bytes per element, MPI 3.1 §3.2.2). The
 * instantiation for double is right; the float one reads past the end of the buffer.
 */
#include <mpi.h>
#include <vector>

template <typename T> MPI_Datatype mpi_type();
template <> MPI_Datatype mpi_type<double>() { return MPI_DOUBLE; }
template <> MPI_Datatype mpi_type<float>() { return MPI_DOUBLE; }

template <typename T> void send_all(const std::vector<T> &v, int dest) {
    MPI_Send(v.data(), (int)v.size(), mpi_type<T>(), dest, 0, MPI_COMM_WORLD);
}

template <typename T> void recv_all(std::vector<T> &v, int source) {
    MPI_Recv(v.data(), (int)v.size(), mpi_type<T>(), source, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<double> d(4, 1.0);
    std::vector<float> f(4, 2.0f);
    if (rank == 0) {
        send_all(d, 1);
        send_all(f, 1);
    } else if (rank == 1) {
        recv_all(d, 0);
        recv_all(f, 0);
    }
    MPI_Finalize();
    return 0;
}
