/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 packs an int count and that many doubles into one MPI_PACKED
 * message (MPI 3.1 §4.2, Example 4.20); rank 1 unpacks the count first, then
 * the doubles, and checks positions and values. MPI_Pack_size bounds the
 * buffer.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int s1, s2;
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &s1);
    MPI_Pack_size(3, MPI_DOUBLE, MPI_COMM_WORLD, &s2);
    char buf[64];
    assert(s1 + s2 <= (int)sizeof buf);
    int position = 0;
    if (rank == 0) {
        int n = 3;
        double x[3] = {1.5, -2.0, 4.25};
        MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Pack(x, n, MPI_DOUBLE, buf, sizeof buf, &position, MPI_COMM_WORLD);
        assert(position == 4 + 3 * 8);
        MPI_Send(buf, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        int got;
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_PACKED, &got);
        int n;
        double x[3];
        MPI_Unpack(buf, got, &position, &n, 1, MPI_INT, MPI_COMM_WORLD);
        assert(n == 3);
        MPI_Unpack(buf, got, &position, x, n, MPI_DOUBLE, MPI_COMM_WORLD);
        assert(position == got);
        assert(x[0] == 1.5 && x[1] == -2.0 && x[2] == 4.25);
    }
    MPI_Finalize();
    return 0;
}
