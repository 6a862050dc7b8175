/* RUN: -n 2
 * EXPECT: verified
 * The portable packed form (MPI 3.1 §4.3): MPI_Pack_external with datarep "external32"
 * stores every element big-endian in the sizes of §13.5.2, whatever the machine, so the
 * bytes can be read by a program that knows the format. Rank 0 packs an int, two
 * doubles and a short (MPI_Pack_external_size says how much room that takes; positions
 * and sizes are MPI_Aint) and checks the int's bytes are most significant first, then
 * sends the packed bytes as MPI_BYTE; rank 1 unpacks them with MPI_Unpack_external.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, n = 0x01020304;
    double d[2] = {1.5, -2.25};
    short s = 7;
    unsigned char buf[64];
    MPI_Aint size, total = 0, pos = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Pack_external_size("external32", 1, MPI_INT, &size);
    total += size;
    MPI_Pack_external_size("external32", 2, MPI_DOUBLE, &size);
    total += size;
    MPI_Pack_external_size("external32", 1, MPI_SHORT, &size);
    total += size;
    assert(total == 4 + 16 + 2);
    if (rank == 0) {
        MPI_Pack_external("external32", &n, 1, MPI_INT, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", d, 2, MPI_DOUBLE, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", &s, 1, MPI_SHORT, buf, sizeof buf, &pos);
        assert(pos == total);
        assert(buf[0] == 1 && buf[1] == 2 && buf[2] == 3 && buf[3] == 4);
        assert(buf[20] == 0 && buf[21] == 7);
        MPI_Send(buf, (int)pos, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        n = 0;
        d[0] = d[1] = 0.0;
        s = 0;
        MPI_Recv(buf, (int)total, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Unpack_external("external32", buf, total, &pos, &n, 1, MPI_INT);
        MPI_Unpack_external("external32", buf, total, &pos, d, 2, MPI_DOUBLE);
        MPI_Unpack_external("external32", buf, total, &pos, &s, 1, MPI_SHORT);
        assert(n == 0x01020304 && d[0] == 1.5 && d[1] == -2.25 && s == 7);
        assert(pos == total);
    }
    MPI_Finalize();
    return 0;
}
