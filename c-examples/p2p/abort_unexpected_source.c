/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 expects the header from rank 1 before the payload from rank 2 and calls MPI_Abort
 * when the first wildcard receive yields anything else. Both standard sends are eligible
 * for the first MPI_ANY_SOURCE receive, so the abort path is reachable.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int header, payload;
        MPI_Status st;
        MPI_Recv(&header, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        if (st.MPI_SOURCE != 1) {
            fprintf(stderr, "protocol error: first message came from %d\n", st.MPI_SOURCE);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        MPI_Recv(&payload, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        printf("header %d payload %d\n", header, payload);
    } else if (rank <= 2) {
        int v = rank == 1 ? 16 : 1234;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
