/* RUN: -n 2
 * EXPECT: verified
 * A library communicator made with MPI_Comm_dup keeps its messages apart from
 * the application's: both sends use tag 0, yet each receive gets the message
 * of its own communicator, whatever the order of posting (MPI 3.1 §6.1.2).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm lib;
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    int result;
    MPI_Comm_compare(MPI_COMM_WORLD, lib, &result);
    assert(result == MPI_CONGRUENT);
    MPI_Comm_compare(lib, lib, &result);
    assert(result == MPI_IDENT);

    if (rank == 0) {
        int a = 1, b = 2;
        MPI_Request r[2];
        MPI_Isend(&a, 1, MPI_INT, 1, 0, lib, &r[0]);
        MPI_Isend(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    } else {
        int x = 0, y = 0;
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, lib, MPI_STATUS_IGNORE);
        assert(x == 1 && y == 2);
    }

    MPI_Comm_free(&lib);
    MPI_Finalize();
    return 0;
}
