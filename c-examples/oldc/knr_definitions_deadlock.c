/* RUN: -n 2
 * EXPECT: error deadlock
 * A pre-ANSI code base: functions defined in K&R style (parameter types after
 * the parameter list) and called without prototypes. Both ranks swap with a
 * synchronous send first, so each waits for the other to post its receive.
 */
#include <mpi.h>

int swap(value, peer)
    int value;
    int peer;
{
    int got;
    MPI_Ssend(&value, 1, MPI_INT, peer, 7, MPI_COMM_WORLD);
    MPI_Recv(&got, 1, MPI_INT, peer, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return got;
}

main(argc, argv)
    int argc;
    char **argv;
{
    int rank, other;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = swap(rank * 10, 1 - rank);
    MPI_Finalize();
    return other == rank * 10;
}
