/* RUN: -n 1,2,3
 * EXPECT: verified
 * A token ring written to work at any process count, including one process
 * (MPI_Sendrecv to itself): each rank passes its left neighbour's running sum
 * to the right, and after size steps every rank holds the sum of all ranks.
 * Checked for np 1, 2 and 3 in one command.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, step, token, incoming, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    token = rank;
    for (step = 0; step < size; step++) {
        sum += token;
        MPI_Sendrecv(&token, 1, MPI_INT, right, 0, &incoming, 1, MPI_INT, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token = incoming;
    }
    assert(sum == size * (size - 1) / 2);
    MPI_Finalize();
    return 0;
}
