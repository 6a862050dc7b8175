/* RUN: -n 3
 * EXPECT: verified
 * MPI_Reduce_scatter_block and MPI_Reduce_scatter (MPI 3.1 §5.10): each rank contributes
 * v[i] = rank + i, the element-wise sums are split in consecutive segments, rank r getting
 * segment r (of recvcounts[r] elements). Also in place, and MPI_Reduce_local, which combines
 * two local buffers without communication (§5.9.7).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int v[16], out[8];
    for (int i = 0; i < 16; i++)
        v[i] = rank + i;
    int ranksum = size * (size - 1) / 2;

    /* two elements each */
    MPI_Reduce_scatter_block(v, out, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int k = 0; k < 2; k++)
        assert(out[k] == ranksum + size * (2 * rank + k));

    /* rank r gets r+1 elements, starting at r*(r+1)/2 */
    int counts[8];
    for (int r = 0; r < size; r++)
        counts[r] = r + 1;
    MPI_Reduce_scatter(v, out, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int start = rank * (rank + 1) / 2;
    for (int k = 0; k <= rank; k++)
        assert(out[k] == ranksum + size * (start + k));

    MPI_Reduce_scatter_block(MPI_IN_PLACE, v, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    assert(v[0] == size - 1 + rank);

    int a[3] = {1, 2, 3}, b[3] = {10, 20, 30};
    MPI_Reduce_local(a, b, 3, MPI_INT, MPI_SUM);
    assert(b[0] == 11 && b[2] == 33 && a[1] == 2);
    MPI_Finalize();
    return 0;
}
