/* RUN: -n 2
 * EXPECT: verified
 * A constructor (run by the C runtime before main) sets the tag both ranks use. Rank 1
 * receives with the literal tag the constructor chose: the messages match only because
 * the constructor ran first.
 */
#include <mpi.h>

static int data_tag;

__attribute__((constructor)) static void choose_tag(void) { data_tag = 42; }

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 5;
        MPI_Send(&v, 1, MPI_INT, 1, data_tag, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 42, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
