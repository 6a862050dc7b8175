/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 writes a checkpoint with fprintf and closes it; after a barrier every rank reads
 * it back with fscanf. The checker keeps files the program writes on its in-memory file
 * system, which all ranks share (as on a parallel file system) and which MPI-IO uses too;
 * nothing is written to disk. fclose hands the buffered text to the file (C11 7.21.5.1),
 * and the barrier orders it before the other ranks' fopen.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, step = -1;
    double energy = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("stdio_checkpoint.txt", "w");
        assert(f != NULL);
        fprintf(f, "%d %.2f\n", 42, 1.5);
        fclose(f);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    FILE *f = fopen("stdio_checkpoint.txt", "r");
    assert(f != NULL);
    assert(fscanf(f, "%d %lf", &step, &energy) == 2);
    fclose(f);
    assert(step == 42 && energy == 1.5);
    MPI_Finalize();
    return 0;
}
