/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * Rank 0 sends a header (tag 1) then a body (tag 2); rank 1 receives the body first. Tags
 * differ, so with buffering the body may be received first and all is well. Without
 * buffering rank 0 blocks in the header send until rank 1 posts the tag-1 receive, which
 * comes after the tag-2 receive it is stuck in. Deadlock only when unbuffered: hazard.
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
        MPI_Send(&header, 1, MPI_INT, 1, TAG_HEADER, MPI_COMM_WORLD);
        MPI_Send(body, 3, MPI_INT, 1, TAG_BODY, MPI_COMM_WORLD);
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
