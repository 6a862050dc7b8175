/* RUN: -n 2
 * EXPECT: verified
 * Near miss of finalize_unreceived_send.c: the worker sends its results and
 * then a "done" notice, and rank 0 receives with MPI_ANY_TAG until it sees
 * the notice. Messages from one sender do not overtake each other (MPI 3.1
 * §3.5), so the notice comes last and nothing is pending at MPI_Finalize.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_RESULT = 1, TAG_DONE = 2, NRESULTS = 3 };

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int got = 0;
        MPI_Status st;
        do {
            MPI_Recv(&v, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_RESULT)
                got++;
        } while (st.MPI_TAG != TAG_DONE);
        assert(got == NRESULTS);
    } else if (rank == 1) {
        for (int i = 0; i < NRESULTS; i++)
            MPI_Send(&i, 1, MPI_INT, 0, TAG_RESULT, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 0, TAG_DONE, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
