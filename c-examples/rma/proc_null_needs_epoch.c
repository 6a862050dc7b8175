/* RUN: -n 2
 * EXPECT: error epoch-error
 * A Put to MPI_PROC_NULL does nothing, but it is still an RMA call and needs
 * an access epoch (MPI 3.1 §11.3).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int cell = 0, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Put(&value, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win); /* BUG: no epoch */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
