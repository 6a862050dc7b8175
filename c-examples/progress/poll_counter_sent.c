/* RUN: -n 2 --max-polls 50
 * EXPECT: inconclusive
 * Rank 0 counts its MPI_Test polls and sends the count to rank 1. MPI's progress rule says the
 * loop ends, not after how many polls: every count is a behavior, and each "not yet" answer
 * leads to a new state. The check explores --max-polls answers in a row and then says it
 * could not finish, naming the loop, instead of running forever or claiming "verified".
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, flag = 0, v = 0, polls = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        while (!flag) {
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
            polls++;
        }
        MPI_Send(&polls, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        v = 4;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
