/* RUN: -n 3
 * EXPECT: verified
 * Correct polling loop: rank 0 polls MPI_Iprobe with MPI_ANY_SOURCE until it has received from
 * both other ranks; both messages are sent, so the loop ends in every execution.
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

    int flag = 0, val = 0, got = 0;
    MPI_Status st;
    if (rank == 0) {
        while (got < nprocs - 1) {
            MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, &st);
            if (flag) {
                MPI_Recv(&val, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                got++;
            }
        }
    } else
        MPI_Send(&val, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
