/* RUN: -n 4
 * EXPECT: verified
 * MPI_Gatherv with uneven counts (rank r sends r+1 ints) placed at displacements in reverse
 * rank order with a one-int gap between blocks (MPI 3.1 §5.5): the root checks every block
 * lands at its displacement and the gaps keep their old value. Then MPI_Scatterv sends the
 * blocks back from the same layout, and the root takes part in place (MPI_IN_PLACE).
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine[4], counts[4], displs[4], all[32];
    for (int k = 0; k <= rank; k++)
        mine[k] = 10 * rank + k;
    for (int i = 0; i < 32; i++)
        all[i] = -1;
    int at = 0;
    for (int r = size - 1; r >= 0; r--) {
        counts[r] = r + 1;
        displs[r] = at;
        at += r + 2; /* leave a gap */
    }
    MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++) {
            for (int k = 0; k < counts[r]; k++)
                assert(all[displs[r] + k] == 10 * r + k);
            assert(all[displs[r] + counts[r]] == -1);
        }
        for (int r = 0; r < size; r++)
            all[displs[r]] += 1000;
    }
    int back[4] = {0, 0, 0, 0};
    if (rank == 0)
        MPI_Scatterv(all, counts, displs, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
    else
        MPI_Scatterv(NULL, NULL, NULL, MPI_INT, back, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank > 0) {
        assert(back[0] == 1000 + 10 * rank);
        for (int k = 1; k <= rank; k++)
            assert(back[k] == 10 * rank + k);
    }
    MPI_Finalize();
    return 0;
}
