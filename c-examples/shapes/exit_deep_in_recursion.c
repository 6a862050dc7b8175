/* RUN: -n 2
 * EXPECT: error assertion
 * Error handling by exit() deep in a recursion: each rank walks a tree of
 * tasks recursively, and a task with a negative size is a fatal input
 * error: the walker prints a message and calls exit(EXIT_FAILURE) from the
 * depth where it found it. Rank 1's tree has such a task, four calls deep.
 * The process runs its atexit handler (a log line) and ends with status 1
 * while rank 0 waits in MPI_Reduce; the report names the exit call (line
 * 28), not the handler that ran last.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NTASKS 15

static int rank;

static void log_end(void) { fprintf(stderr, "rank %d: done\n", rank); }

/* Tasks form a complete binary tree in an array: children of i are
 * 2i+1 and 2i+2. */
static long walk(const int *size, int i) {
    if (i >= NTASKS)
        return 0;
    if (size[i] < 0) {
        fprintf(stderr, "rank %d: task %d has size %d\n", rank, i, size[i]);
        exit(EXIT_FAILURE);
    }
    return size[i] + walk(size, 2 * i + 1) + walk(size, 2 * i + 2);
}

int main(int argc, char **argv) {
    int size[NTASKS];
    MPI_Init(&argc, &argv);
    atexit(log_end);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NTASKS; i++)
        size[i] = (rank == 1 && i == 11) ? -4 : i + 1;
    long work = walk(size, 0), total = 0;
    MPI_Reduce(&work, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total work %ld\n", total);
    MPI_Finalize();
    return 0;
}
