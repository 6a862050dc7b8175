/* RUN: -n 2
 * EXPECT: verified
 * The near miss of pack_overflow.c: the output buffer is exactly as large as
 * the packed data (MPI 3.1 §4.2 allows position to reach outsize). A strided
 * vector type is packed, so only its selected elements travel; rank 1
 * receives MPI_PACKED and unpacks them as plain ints.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype col;
    MPI_Type_vector(3, 1, 4, MPI_INT, &col);
    MPI_Type_commit(&col);
    int size;
    MPI_Pack_size(1, col, MPI_COMM_WORLD, &size);
    assert(size == 12);
    char buf[12];
    int position = 0;
    if (rank == 0) {
        int m[12];
        for (int i = 0; i < 12; i++) m[i] = i;
        MPI_Pack(m + 1, 1, col, buf, sizeof buf, &position, MPI_COMM_WORLD);
        assert(position == 12);
        MPI_Send(buf, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
        int v[3];
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Unpack(buf, sizeof buf, &position, v, 3, MPI_INT, MPI_COMM_WORLD);
        assert(v[0] == 1 && v[1] == 5 && v[2] == 9);
    }
    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
