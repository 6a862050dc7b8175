/* RUN: -n 2
 * EXPECT: verified
 * Old C that gcc's mpicc builds with warnings and clang 19 rejects by default: a
 * file-scope variable with implicit int, memset and abort called without their
 * headers, a user function called before any declaration (implicitly `int f()`),
 * an address kept in a long and assigned back to a pointer, and a pointer of the
 * wrong type. mpi-extract accepts them as warnings (`--strict-c` makes them
 * errors again) and the program checks with C's semantics.
 */
#include <mpi.h>
#include <stdio.h>

static counter = 0;

int main(int argc, char **argv)
{
    int rank, size, buf[4];
    int *p;
    long addr;
    double *unused;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(buf, 0, sizeof buf);
    addr = (long)buf;
    p = addr;
    unused = buf;
    (void)unused;
    if (rank == 0) {
        buf[0] = 40;
        buf[1] = 2;
        buf[2] = checksum(buf, 2);
        MPI_Send(p, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (buf[2] != checksum(buf, 2))
            abort();
        counter++;
    }
    MPI_Finalize();
    return counter > 1;
}

int checksum(int *v, int n)
{
    int s = 0, i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}
