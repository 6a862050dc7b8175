/* RUN: -n 2
 * EXPECT: verified
 * Near miss of inval_send_tag_negative: the sender's tag is 5 and the receive uses MPI_ANY_TAG
 * (a negative constant valid only on receives).
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

    int tag = 5;
    int buf = 1;
    MPI_Status st;
    if (rank == 0)
        MPI_Send(&buf, 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
    else if (rank == 1) {
        MPI_Recv(&buf, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG != 5)
            printf("wrong tag\n");
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
