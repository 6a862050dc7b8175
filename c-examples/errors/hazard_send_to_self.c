/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * Each rank hands a value to itself with MPI_Send before posting the matching MPI_Recv: this
 * completes only if the library buffers the standard send (MPI 3.1 §3.5 calls such a program
 * unsafe). MPI_Sendrecv to self, or an MPI_Irecv posted first, is the safe form.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out, in = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = 100 + rank;
    MPI_Send(&out, 1, MPI_INT, rank, 0, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(in == out);
    MPI_Finalize();
    return 0;
}
