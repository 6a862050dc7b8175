/* RUN: -n 3
 * EXPECT: verified
 * MPI_Comm_idup (MPI 3.1 §6.4.2) is a nonblocking collective of MPI_COMM_WORLD: it is
 * world's collective #1 and the MPI_Allreduce started while it is pending is #2 on every
 * rank. The new handle is valid once MPI_Wait completes the request; the duplicate then
 * carries its own collective and its own messages. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm dup = MPI_COMM_NULL;
    MPI_Request req;
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == 3);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(req == MPI_REQUEST_NULL);
    assert(dup != MPI_COMM_NULL && dup != MPI_COMM_WORLD);

    int drank, dsize, cmp;
    MPI_Comm_rank(dup, &drank);
    MPI_Comm_size(dup, &dsize);
    assert(drank == rank && dsize == size);
    MPI_Comm_compare(dup, MPI_COMM_WORLD, &cmp);
    assert(cmp == MPI_CONGRUENT);

    int token = rank == 0 ? 42 : -1;
    MPI_Bcast(&token, 1, MPI_INT, 0, dup);
    assert(token == 42);
    /* A message on the duplicate never matches a receive on world. */
    if (rank == 0) {
        int a = 1, b = 2;
        MPI_Request r;
        MPI_Isend(&a, 1, MPI_INT, 1, 0, dup, &r);
        MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        int x = 0, y = 0;
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 0, 0, dup, MPI_STATUS_IGNORE);
        assert(x == 1 && y == 2);
    }
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
