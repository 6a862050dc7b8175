/* RUN: -n 2
 * EXPECT: error memory-error
 * A helper fills a message in its own local array and returns the array's
 * address: the array's lifetime ends when the helper returns (C11 6.2.4p2),
 * so rank 0 sends from memory that no longer exists. Real runs send
 * whatever the stack holds by then (gcc even replaces the returned address
 * with NULL, and MPI_Send fails). The checker ends each function's locals
 * at its returns and reports the send's read at its line; allocate the
 * buffer in the caller (or with malloc) instead.
 */
#include <mpi.h>
#include <stdio.h>

#define N 8

static double *pack_row(int rank, int n) {
    double row[N];
    for (int i = 0; i < n; i++)
        row[i] = rank * 100 + i;
    return row;
}

int main(int argc, char **argv) {
    int rank;
    double got[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        double *row = pack_row(rank, N);
        MPI_Send(row, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(got, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("got %f\n", got[N - 1]);
    }
    MPI_Finalize();
    return 0;
}
