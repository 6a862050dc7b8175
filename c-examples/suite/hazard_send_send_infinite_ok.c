/* RUN: -n 2 --buffering infinite
 * EXPECT: verified
 * The program of hazard_send_send checked with --buffering infinite: every standard send is
 * buffered, so the exchange completes.
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

    int src = (rank + 1) % 2;
    int buff_size = 8;
    int *sbuf = (int *)calloc(buff_size, sizeof(int));
    int *rbuf = (int *)calloc(buff_size, sizeof(int));
    if (rank < 2) {
        MPI_Send(sbuf, buff_size, MPI_INT, src, 0, MPI_COMM_WORLD);
        MPI_Recv(rbuf, buff_size, MPI_INT, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    free(sbuf);
    free(rbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
