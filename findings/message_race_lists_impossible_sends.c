/* Reproducer: the "message race" note of an assertion names, as sends a
 * wildcard receive "could also take", sends that happen only after that
 * receive has completed (they causally depend on it), and repeats the same
 * "rank R's MPI_Send (line L)" once per dynamic send.
 *
 *   mpi-check message_race_lists_impossible_sends.c -n 3
 *
 * Each worker sends a result, waits for the manager's reply, and sends a
 * second result. The manager's first wildcard receive can only take the
 * first send of rank 1 or of rank 2; the second sends cannot exist before
 * the manager has replied, i.e. after that receive completed.
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
