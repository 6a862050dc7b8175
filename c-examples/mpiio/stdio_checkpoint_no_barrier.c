/* RUN: -n 2
 * EXPECT: inconclusive
 * stdio_checkpoint_barrier.c without the barrier: rank 1 may open the checkpoint before,
 * while or after rank 0 writes it, and what it reads (no file, an empty one, part of the
 * text, all of it) depends on the timing of the two processes and on stdio's buffering.
 * This is no MPI rule, and the check does not explore that timing: it stops inconclusive
 * at rank 1's fopen, naming rank 0's unordered write (under MPICH the program usually
 * fails its assertion).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, step = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("stdio_checkpoint_nb.txt", "w");
        fprintf(f, "%d\n", 42);
        fclose(f);
    } else {
        FILE *f = fopen("stdio_checkpoint_nb.txt", "r");
        assert(f != NULL);
        assert(fscanf(f, "%d", &step) == 1 && step == 42);
        fclose(f);
    }
    MPI_Finalize();
    return 0;
}
