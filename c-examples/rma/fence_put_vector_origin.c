/* RUN: -n 2
 * EXPECT: verified
 * Rank r Puts src[0], src[2], src[4] into the peer's 3-int window with one element of
 * MPI_Type_vector(3, 1, 2, MPI_INT) on the origin side and 3 MPI_INT on the target side.
 * Before the closing fence it overwrites src[1] and src[3]: these gaps are not part of
 * the origin buffer (its type map, MPI 3.1 §4.1), so only the three selected
 * elements are protected until the fence completes the Put (§11.3, §11.5.1).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, src[6], dst[3] = {-1, -1, -1};
    MPI_Datatype every_other;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    for (int i = 0; i < 6; i++)
        src[i] = 10 * rank + i;
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Win_create(dst, sizeof dst, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(src, 1, every_other, peer, 0, 3, MPI_INT, win);
    src[1] = -7; /* gap between the vector's blocks */
    src[3] = -7;
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    for (int i = 0; i < 3; i++)
        assert(dst[i] == 10 * peer + 2 * i);
    MPI_Win_free(&win);
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return 0;
}
