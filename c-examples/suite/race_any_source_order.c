/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 takes two messages with MPI_ANY_SOURCE and assumes the first comes from rank 1; rank
 * 2's message may be matched first (MPI 3.1 §3.5: no order between different senders).
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

    int val = -1;
    if (rank == 0) {
        MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (val != 1) {
            printf("message race: got %d first\n", val);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank <= 2) {
        val = rank;
        MPI_Send(&val, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
