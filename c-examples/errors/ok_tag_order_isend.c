/* RUN: -n 2
 * EXPECT: verified
 * Near miss of hazard_tag_order.c: the sender issues header and body with MPI_Isend and
 * completes both with MPI_Waitall, so it never blocks before the receiver has posted both
 * receives; receiving the body first is then safe even without buffering.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_HEADER = 1, TAG_BODY = 2 };

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int header = 3;
        int body[3] = {5, 6, 7};
        MPI_Request reqs[2];
        MPI_Isend(&header, 1, MPI_INT, 1, TAG_HEADER, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(body, 3, MPI_INT, 1, TAG_BODY, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        int header = 0;
        int body[3];
        MPI_Recv(body, 3, MPI_INT, 0, TAG_BODY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&header, 1, MPI_INT, 0, TAG_HEADER, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(header == 3 && body[0] + body[1] + body[2] == 18);
    }
    MPI_Finalize();
    return 0;
}
