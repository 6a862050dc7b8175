/* RUN: -n 2
 * EXPECT: error memory-error
 * The wrong twin of scatter_root_recvtype.c: the receive type (every other int, 3 ints of
 * footprint) does not fit the 2-int receive buffer. The root receives its own block with
 * that receive type too (MPI 3.1 §5.6), so the root's receive also writes past its buffer,
 * even though its contiguous send type would have fit.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int all[4] = {0, 1, 10, 11};
    int got[2];
    MPI_Scatter(all, 2, MPI_INT, got, 1, every_other, 0, MPI_COMM_WORLD);
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return 0;
}
