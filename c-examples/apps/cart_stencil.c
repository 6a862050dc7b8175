/* RUN: -n 4
 * EXPECT: verified
 * 2-D Cartesian stencil: MPI_Dims_create + MPI_Cart_create (periodic) on a 2x2 grid, a
 * local (NX+2)x(NY+2) array `double a[NX+2][NY+2]` with halos; rows go as contiguous
 * doubles and columns as an MPI_Type_vector with stride NY+2. After one exchange every
 * ghost cell must hold the neighbour's rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define NX 3
#define NY 4

static double a[NX + 2][NY + 2];

int main(int argc, char **argv) {
    int rank, size, dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2];
    int up, down, left, right;
    MPI_Comm cart;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);

    for (int i = 0; i < NX + 2; i++)
        for (int j = 0; j < NY + 2; j++)
            a[i][j] = (i >= 1 && i <= NX && j >= 1 && j <= NY) ? rank : -1.0;

    MPI_Datatype column;
    MPI_Type_vector(NX, 1, NY + 2, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);

    /* rows: send my first interior row up, receive my bottom ghost row from below */
    MPI_Sendrecv(&a[1][1], NY, MPI_DOUBLE, up, 0, &a[NX + 1][1], NY, MPI_DOUBLE, down, 0, cart,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&a[NX][1], NY, MPI_DOUBLE, down, 1, &a[0][1], NY, MPI_DOUBLE, up, 1, cart,
                 MPI_STATUS_IGNORE);
    /* columns */
    MPI_Sendrecv(&a[1][1], 1, column, left, 2, &a[1][NY + 1], 1, column, right, 2, cart,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&a[1][NY], 1, column, right, 3, &a[1][0], 1, column, left, 3, cart,
                 MPI_STATUS_IGNORE);

    for (int j = 1; j <= NY; j++) {
        assert(a[0][j] == up);
        assert(a[NX + 1][j] == down);
    }
    for (int i = 1; i <= NX; i++) {
        assert(a[i][0] == left);
        assert(a[i][NY + 1] == right);
    }
    printf("rank %d at (%d,%d): up %d down %d left %d right %d\n", rank, coords[0], coords[1],
           up, down, left, right);
    MPI_Type_free(&column);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
