/* RUN: -n 3
 * EXPECT: verified
 * Correct near-misses of the collective signature rule (MPI 3.1 §5.1): the root broadcasts
 * one element of a contiguous type of 4 MPI_INT while the others receive 4 MPI_INT; ranks
 * gather pairs of ints sent as one vector-of-2 element and received as 2 MPI_INT. Equal
 * signatures, different datatypes: nothing to report, and the values arrive.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype four, pair;
    MPI_Type_contiguous(4, MPI_INT, &four);
    MPI_Type_commit(&four);
    MPI_Type_vector(2, 1, 2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    int v[4] = {0, 0, 0, 0};
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            v[i] = i + 1;
        MPI_Bcast(v, 1, four, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(v, 4, MPI_INT, 0, MPI_COMM_WORLD);
    }
    assert(v[0] == 1 && v[3] == 4);

    /* Elements 0 and 2 of each rank's buffer, gathered as plain ints at rank 0. */
    int src[3] = {10 * rank, -1, 10 * rank + 1};
    int all[6] = {0, 0, 0, 0, 0, 0};
    MPI_Gather(src, 1, pair, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int r = 0; r < 3; r++)
            assert(all[2 * r] == 10 * r && all[2 * r + 1] == 10 * r + 1);

    MPI_Type_free(&pair);
    MPI_Type_free(&four);
    MPI_Finalize();
    return 0;
}
