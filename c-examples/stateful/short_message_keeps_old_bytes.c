/* RUN: -n 5
 * EXPECT: error assertion
 * A receive that keeps what a shorter message did not overwrite. Rank 0 takes four
 * messages with MPI_ANY_SOURCE into one two-element buffer: ranks 1, 2 and 4 send two
 * values, rank 3 sends one, which leaves the second element from the message before.
 * The assertion fails when rank 3's message is the third and follows rank 1's (the
 * buffer then holds 3 and rank 1's 5): the orders 2, 1, 3 and 4, 1, 3. After two
 * receives, the orders 1, 2 and 2, 1 lead to states that differ only in the buffer
 * the next receive overwrites; the stateful search may treat them as one only if
 * that receive fills the buffer, which rank 3's message does not: both are explored
 * and the failing order is found.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        long buf[2] = {0, 0};
        for (int k = 0; k < 4; k++) {
            MPI_Recv(buf, 2, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(!(k == 2 && buf[0] == 3 && buf[1] == 5));
        }
    } else if (rank != 3) {
        long msg[2] = {rank, rank + 4};
        MPI_Send(msg, 2, MPI_LONG, 0, 0, MPI_COMM_WORLD);
    } else {
        long one = 3;
        MPI_Send(&one, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
