/* RUN: -n 4
 * EXPECT: verified
 * MPI_Type_create_darray (MPI 3.1 §4.1.4): a 4x4 int array distributed in 2x2 blocks over a
 * 2x2 process grid (row-major), and a 10-int vector distributed CYCLIC(2). Every rank
 * computes its own elements from their global indices and sends them packed; rank 0
 * receives each rank's part with that rank's darray type, straight into the global arrays,
 * and checks that every element landed where it belongs.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int gsizes[2] = {4, 4}, psizes[2] = {2, 2};
    int distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};

    /* My 2x2 block: rows 2*(rank/2).., columns 2*(rank%2).. */
    int local[4];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            local[2 * i + j] = (2 * (rank / 2) + i) * 4 + 2 * (rank % 2) + j;
    /* CYCLIC(2) over 4 processes of 10 ints: rank r owns 2r, 2r+1, 2r+8, 2r+9 (< 10). */
    int mine[4], n = 0;
    for (int k = 0; k < 10; k++)
        if ((k / 2) % 4 == rank)
            mine[n++] = 100 + k;

    if (rank != 0) {
        MPI_Send(local, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(mine, n, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else {
        int global[16], vec[10];
        for (int k = 0; k < 16; k++)
            global[k] = -1;
        for (int k = 0; k < 10; k++)
            vec[k] = -1;
        for (int r = 0; r < size; r++) {
            MPI_Datatype block, cyc;
            MPI_Type_create_darray(size, r, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C,
                                   MPI_INT, &block);
            MPI_Type_commit(&block);
            int g = 10, d = MPI_DISTRIBUTE_CYCLIC, two = 2, p = size;
            MPI_Type_create_darray(size, r, 1, &g, &d, &two, &p, MPI_ORDER_C, MPI_INT, &cyc);
            MPI_Type_commit(&cyc);
            int bytes;
            MPI_Type_size(block, &bytes);
            assert(bytes == 4 * sizeof(int));
            if (r == 0) {
                MPI_Sendrecv(local, 4, MPI_INT, 0, 0, global, 1, block, 0, 0, MPI_COMM_SELF,
                             MPI_STATUS_IGNORE);
                MPI_Sendrecv(mine, n, MPI_INT, 0, 1, vec, 1, cyc, 0, 1, MPI_COMM_SELF,
                             MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(global, 1, block, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Recv(vec, 1, cyc, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            MPI_Type_free(&cyc);
            MPI_Type_free(&block);
        }
        for (int k = 0; k < 16; k++)
            assert(global[k] == k);
        for (int k = 0; k < 10; k++)
            assert(vec[k] == 100 + k);
    }
    MPI_Finalize();
    return 0;
}
