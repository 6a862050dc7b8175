/* RUN: -n 3 -- 5
 * EXPECT: verified
 * main reads its iteration count from argv (passed after `--` to mpi-check); each rank
 * contributes that many rounds of Allreduce, and the result depends on the argument.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(argc == 2);
    int rounds = atoi(argv[1]);
    int total = 0;
    for (int i = 0; i < rounds; i++) {
        int one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        total += sum;
    }
    assert(total == rounds * size);
    MPI_Finalize();
    return 0;
}
