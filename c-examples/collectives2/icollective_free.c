/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A nonblocking collective request must be completed with the Wait/Test family: freeing it
 * with MPI_Request_free is erroneous (MPI 3.1 §5.12).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
