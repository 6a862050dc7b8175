/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of nonterm_iprobe_never_sent: rank 1 sends tag 7, so the polling loop ends (MPI
 * guarantees progress).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    int flag = 0;
    int buf = 0;
    if (rank == 0) {
        while (!flag)
            MPI_Iprobe(1, 7, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        MPI_Recv(&buf, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Send(&buf, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
