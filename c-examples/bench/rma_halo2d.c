/* RUN: -n 64
 * EXPECT: verified
 * Benchmark: a 2-D halo exchange with one-sided communication on an 8x8
 * process grid (np 64). Each rank owns a 4x4 block with a one-cell halo in a
 * window; between two fences it Puts its four edges into the halo of its four
 * neighbours (periodic), then checks the halo it received and updates its
 * block, for ITERS iterations. The fences order everything: one execution.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 3
#endif
#define B 4          /* block edge */
#define W (B + 2)    /* with the halo */
#define AT(i, j) ((i) * W + (j))

int main(int argc, char **argv) {
    int rank, size;
    double u[W * W];
    MPI_Win win;
    MPI_Datatype column;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int p = 1;
    while (p * p < size)
        p++;
    assert(p * p == size);
    int row = rank / p, col = rank % p;
    int north = ((row + p - 1) % p) * p + col, south = ((row + 1) % p) * p + col;
    int west = row * p + (col + p - 1) % p, east = row * p + (col + 1) % p;
    for (int i = 0; i < W * W; i++)
        u[i] = rank;
    MPI_Type_vector(B, 1, W, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Win_create(u, sizeof u, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    for (int it = 0; it < ITERS; it++) {
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
        /* my first row goes to the north neighbour's bottom halo row, ... */
        MPI_Put(&u[AT(1, 1)], B, MPI_DOUBLE, north, AT(B + 1, 1), B, MPI_DOUBLE, win);
        MPI_Put(&u[AT(B, 1)], B, MPI_DOUBLE, south, AT(0, 1), B, MPI_DOUBLE, win);
        MPI_Put(&u[AT(1, 1)], 1, column, west, AT(1, B + 1), 1, column, win);
        MPI_Put(&u[AT(1, B)], 1, column, east, AT(1, 0), 1, column, win);
        MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
        double base = it * (double)size;
        assert(u[AT(0, 1)] == north + base && u[AT(B + 1, 1)] == south + base);
        assert(u[AT(1, 0)] == west + base && u[AT(1, B + 1)] == east + base);
        for (int i = 1; i <= B; i++)
            for (int j = 1; j <= B; j++)
                u[AT(i, j)] += size;
    }
    MPI_Win_free(&win);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
