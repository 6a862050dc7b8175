/* RUN: -n 1
 * EXPECT: error count-mismatch
 * MPI_Unpack_external reads from a packed buffer of insize bytes (MPI 3.1 §4.3, as
 * MPI_Unpack, §4.2): this program packs three ints in external32 but unpacks four,
 * reading past the packed data (MPI_ERR_TRUNCATE).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int in[3] = {1, 2, 3}, out[4];
    char buf[16];
    MPI_Aint pos = 0, packed;

    MPI_Init(&argc, &argv);
    MPI_Pack_external("external32", in, 3, MPI_INT, buf, sizeof buf, &pos);
    packed = pos;
    pos = 0;
    MPI_Unpack_external("external32", buf, packed, &pos, out, 4, MPI_INT);
    printf("%d\n", out[3]);
    MPI_Finalize();
    return 0;
}
