/* RUN: -n 2
 * EXPECT: error mpi-usage
 * MPI_Comm_rank is called before MPI_Init (MPI 3.1 §8.7: only a few query functions may be
 * called before MPI_Init).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    printf("Hello from rank %d\n", rank);
    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
