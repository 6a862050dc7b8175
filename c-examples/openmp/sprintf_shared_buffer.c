/* RUN: -n 2
 * EXPECT: error data-race
 * Every thread formats its line into one shared buffer with sprintf before
 * the main thread sends it: the C library's writes for two threads race
 * (the checker watches what library functions read and write for a thread,
 * not only the program's own loads and stores). A buffer per thread, or the
 * formatting inside `#pragma omp critical` together with its use, fixes it.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int provided, rank;
    char line[64];
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        sprintf(line, "rank %d thread %d", rank, omp_get_thread_num());
    }
    if (rank == 1)
        MPI_Send(line, (int)strlen(line) + 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    else {
        MPI_Recv(line, 64, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("%s\n", line);
    }
    MPI_Finalize();
    return 0;
}
