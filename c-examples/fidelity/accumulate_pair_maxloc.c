/* RUN: -n 3
 * EXPECT: verified
 * MPI_Accumulate with MPI_MAXLOC on MPI_DOUBLE_INT, the predefined pair type (MPI 3.1
 * §11.3.4 allows any predefined datatype the operation accepts, and derived types built
 * from one). The pair is a struct of a double and an int (§5.9.4), yet it is one predefined
 * datatype: the accumulate is not a mix of basic types. Every rank offers (value, rank) to
 * rank 0's window; the largest value wins with its rank.
 */
#include <assert.h>
#include <mpi.h>

struct di { double v; int i; };

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct di best[2] = {{-1.0, -1}, {-1.0, -1}};
    MPI_Win win;
    MPI_Win_create(best, sizeof best, sizeof(struct di), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Datatype two;
    MPI_Type_contiguous(2, MPI_DOUBLE_INT, &two);
    MPI_Type_commit(&two);
    struct di mine[2] = {{(double)(rank % 2), rank}, {(double)rank, rank}};
    MPI_Win_fence(0, win);
    MPI_Accumulate(mine, 2, MPI_DOUBLE_INT, 0, 0, 1, two, MPI_MAXLOC, win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        assert(best[0].v == 1.0 && best[0].i == 1);
        assert(best[1].v == size - 1 && best[1].i == size - 1);
    }
    MPI_Type_free(&two);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
