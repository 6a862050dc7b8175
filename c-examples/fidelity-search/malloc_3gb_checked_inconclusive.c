/* RUN: -n 2
 * EXPECT: inconclusive
 * Each rank allocates a 3 GiB work array and stops the job with MPI_Abort when malloc
 * returns NULL, as careful programs do. Whether a real system backs 3 GiB is not the
 * program's doing, and the model holds at most 2 GiB in one block: it neither answers
 * NULL (which would send this correct program down its abort path and report that
 * path as an error) nor calls the request an error. The check ends inconclusive at the
 * malloc, naming the size.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    size_t n = (size_t)3 << 30;
    char *work = malloc(n);
    if (work == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    work[n - 1] = (char)rank;
    MPI_Barrier(MPI_COMM_WORLD);
    free(work);
    MPI_Finalize();
    return 0;
}
