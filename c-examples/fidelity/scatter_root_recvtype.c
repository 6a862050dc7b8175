/* RUN: -n 3
 * EXPECT: verified
 * In MPI_Scatter and MPI_Scatterv the root's own block, like every other, is received with
 * the receive type and count (MPI 3.1 §5.6: "the outcome is as if the root executed n send
 * operations ... and each process executed a receive MPI_Recv(recvbuf, recvcount,
 * recvtype, ...)"). The root sends with a strided send type and receives into a short
 * contiguous buffer (Scatterv), and sends contiguous data that every rank receives with a
 * strided receive type (Scatter). Each block must land where the receive type says, and
 * nothing else may be written.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Scatter: 2 contiguous ints per rank, received every other int. */
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int all[6] = {0, 1, 10, 11, 20, 21};
    int got[3] = {-1, -1, -1};
    MPI_Scatter(all, 2, MPI_INT, got, 1, every_other, 0, MPI_COMM_WORLD);
    assert(got[0] == 10 * rank && got[1] == -1 && got[2] == 10 * rank + 1);

    /* Scatterv: the root picks a[3r] and a[3r+2] with a strided type of extent 3 ints
     * (resized), each rank receives 2 contiguous ints. */
    MPI_Datatype pick, pick3;
    MPI_Type_vector(2, 1, 2, MPI_INT, &pick);
    MPI_Type_create_resized(pick, 0, 3 * sizeof(int), &pick3);
    MPI_Type_commit(&pick3);
    int src[9] = {0, -9, 2, 30, -9, 32, 60, -9, 62};
    int counts[3] = {1, 1, 1}, displs[3] = {0, 1, 2};
    struct { int v[2]; int guard; } dst = {{-1, -1}, 77};
    MPI_Scatterv(src, counts, displs, pick3, dst.v, 2, MPI_INT, 0, MPI_COMM_WORLD);
    assert(dst.v[0] == 30 * rank && dst.v[1] == 30 * rank + 2 && dst.guard == 77);

    MPI_Type_free(&pick3);
    MPI_Type_free(&pick);
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return 0;
}
