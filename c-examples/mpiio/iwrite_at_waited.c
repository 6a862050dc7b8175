/* RUN: -n 2
 * EXPECT: verified
 * Nonblocking file accesses (MPI 3.1 §13.4.2, §13.4.3) return requests that MPI_Wait and
 * MPI_Waitall complete; the buffers are left alone until then. MPI_File_iread's status
 * counts what was read (MPI_Get_count), and the individual file pointer moved at the call
 * (MPI_File_seek counts etypes of the default view: bytes).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, count, out[2], in[2] = {0, 0}, more = -1;
    char name[64];
    MPI_File fh;
    MPI_Request reqs[2];
    MPI_Status status, statuses[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "mpiio_iwrite_%d.dat", rank);
    out[0] = rank;
    out[1] = rank + 10;
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_iwrite_at(fh, 0, &out[0], 1, MPI_INT, &reqs[0]);
    MPI_File_iwrite_at(fh, sizeof(int), &out[1], 1, MPI_INT, &reqs[1]);
    MPI_Waitall(2, reqs, statuses);
    MPI_File_iread(fh, in, 2, MPI_INT, &reqs[0]);
    MPI_Wait(&reqs[0], &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 2 && in[0] == rank && in[1] == rank + 10);
    MPI_File_seek(fh, -(MPI_Offset)sizeof(int), MPI_SEEK_CUR);
    MPI_File_iread_all(fh, &more, 1, MPI_INT, &reqs[1]);
    MPI_Wait(&reqs[1], &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 1 && more == rank + 10);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
