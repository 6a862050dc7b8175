/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 posts two wildcard receives with different tags. Matching the second one lets
 * rank 1 leave its MPI_Ssend and send a new message that the first receive can take:
 * the order in which a checker decides the two receives must not hide that match.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a = 0, b = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request r[2];
        MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        assert(a != 9); /* fails when rank 1's second message wins */
        MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        int x = 7, y = 9;
        MPI_Ssend(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Send(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else {
        int z = 5;
        MPI_Send(&z, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
