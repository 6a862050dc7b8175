/* RUN: -n 2
 * EXPECT: verified
 * Message ordering: rank 0 sends 1, 2, 3 with the same tag (mixing MPI_Send and MPI_Isend);
 * rank 1 pre-posts three MPI_ANY_TAG receives. Messages between one pair on one communicator
 * do not overtake, so receive i always gets value i+1, in every execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int a = 1, b = 2, c = 3;
        MPI_Request req[2];
        MPI_Isend(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Isend(&c, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        int got[3];
        MPI_Request req[3];
        for (int i = 0; i < 3; i++)
            MPI_Irecv(&got[i], 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &req[i]);
        MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
        for (int i = 0; i < 3; i++)
            assert(got[i] == i + 1);
    }
    MPI_Finalize();
    return 0;
}
