/* RUN: -n 2
 * EXPECT: error memory-error
 * A receive vector sized from the wrong variable: rank 1 sizes its std::vector from its
 * own local count (2) instead of the count rank 0 announced (5), then receives 5 ints
 * into it. The receive writes 20 bytes into the
 * vector's 8 (MPI 3.1 §3.2.4: the receive buffer must hold count elements).
 */
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local_count = rank == 0 ? 5 : 2;
    if (rank == 0) {
        std::vector<int> out(local_count, 7);
        MPI_Send(&local_count, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(out.data(), local_count, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int announced = 0;
        MPI_Recv(&announced, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        std::vector<int> in(local_count);
        MPI_Recv(in.data(), announced, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
