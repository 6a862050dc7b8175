/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A destructor that reports statistics with a collective: destructors run after main
 * returns, so after MPI_Finalize, where no MPI call but a few queries is allowed (MPI 3.1
 * §8.7).
 */
#include <mpi.h>

static int sent;

__attribute__((destructor)) static void report(void) {
    int total = 0;
    MPI_Reduce(&sent, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sent = 1;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
