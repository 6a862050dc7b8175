/* RUN: -n 3
 * EXPECT: error assertion
 * A manager takes four results with MPI_ANY_SOURCE and asserts that rank 1
 * is first and rank 2 second. Each worker sends a first result, waits for
 * the manager's reply, then sends a second one. The report's "message
 * race" names, for each wildcard receive that went wrong, only the sends
 * that could have matched it when it matched: the workers' second sends
 * (line 33) do not exist before the manager replied, so they are never
 * offered as alternatives of its first receive, and a site is named once,
 * however many sends it made.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v, order[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        for (int i = 0; i < 4; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            order[i] = st.MPI_SOURCE;
            if (v == 1)
                MPI_Send(&v, 1, MPI_INT, st.MPI_SOURCE, 1, MPI_COMM_WORLD);
        }
        assert(order[0] == 1 && order[1] == 2);
    } else if (rank <= 2) {
        v = 1;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v = 2;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
