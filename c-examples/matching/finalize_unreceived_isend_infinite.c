/* RUN: -n 2 --buffering infinite
 * EXPECT: error mpi-usage
 * Even when every standard send is buffered (--buffering infinite), a message
 * that is never received is pending communication at MPI_Finalize (MPI 3.1
 * §8.7): rank 0 sends two halo values with MPI_Isend and completes both with
 * MPI_Waitall, but rank 1 receives only the first. The program must not be
 * "verified" just because the library buffered the second message.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, halo[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Request reqs[2];
        halo[0] = 1;
        halo[1] = 2;
        MPI_Isend(&halo[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&halo[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&halo[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
