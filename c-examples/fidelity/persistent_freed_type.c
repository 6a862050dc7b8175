/* RUN: -n 2
 * EXPECT: verified
 * Freeing a datatype or a communicator does not end the operations that use it: MPI 3.1
 * §4.1.9 (MPI_TYPE_FREE: "Any communication that is currently using this datatype will
 * complete normally") and §6.4.3 (MPI_COMM_FREE marks the communicator for deallocation;
 * "any pending operations that use this communicator will complete normally"). Persistent
 * requests made with a type freed right after MPI_Send_init / MPI_Recv_init are started
 * twice; a nonblocking receive and send are pending while their type is freed; a
 * nonblocking exchange is pending while its communicator is freed.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    int out[2] = {rank, rank + 10}, in[2] = {-1, -1};
    MPI_Request reqs[2];

    MPI_Datatype two;
    MPI_Type_contiguous(2, MPI_INT, &two);
    MPI_Type_commit(&two);
    MPI_Send_init(out, 1, two, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(in, 1, two, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Type_free(&two);
    for (int step = 0; step < 2; step++) {
        out[1] = rank + 10 * step;
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(in[0] == peer && in[1] == peer + 10 * step);
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);

    MPI_Datatype again;
    MPI_Type_contiguous(2, MPI_INT, &again);
    MPI_Type_commit(&again);
    MPI_Irecv(in, 1, again, peer, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(out, 1, again, peer, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Type_free(&again);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);

    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    out[0] = 100 + rank;
    MPI_Irecv(in, 2, MPI_INT, peer, 2, dup, &reqs[1]);
    MPI_Isend(out, 2, MPI_INT, peer, 2, dup, &reqs[0]);
    MPI_Comm_free(&dup);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    assert(in[0] == 100 + peer);
    MPI_Finalize();
    return 0;
}
