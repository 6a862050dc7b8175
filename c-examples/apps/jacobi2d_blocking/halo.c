/* halo.c -- ghost-cell exchange of the 2-D Jacobi solver (a part of main.c,
 * named on its SOURCES: line).
 *
 * Rows of the block are contiguous and go as ny doubles; columns are strided
 * (one double every ny + 2) and go as one element of an MPI_Type_vector.
 * Every rank first sends its four edges, then receives its four ghosts.
 * Edges of the domain have MPI_PROC_NULL neighbours, so the same calls work
 * everywhere.
 */
#include "grid.h"

enum { TAG_TO_NORTH = 10, TAG_TO_SOUTH = 11, TAG_TO_WEST = 12, TAG_TO_EAST = 13 };

void halo_setup(Grid *g) {
    MPI_Type_vector(g->nx, 1, g->ny + 2, MPI_DOUBLE, &g->column);
    MPI_Type_commit(&g->column);
}

void halo_exchange(Grid *g, double *f) {
    MPI_Comm c = g->cart;
    int nx = g->nx, ny = g->ny;

    /* my edges out: first and last interior row, first and last interior column */
    MPI_Send(&f[IDX(g, 1, 1)], ny, MPI_DOUBLE, g->north, TAG_TO_NORTH, c);
    MPI_Send(&f[IDX(g, nx, 1)], ny, MPI_DOUBLE, g->south, TAG_TO_SOUTH, c);
    MPI_Send(&f[IDX(g, 1, 1)], 1, g->column, g->west, TAG_TO_WEST, c);
    MPI_Send(&f[IDX(g, 1, ny)], 1, g->column, g->east, TAG_TO_EAST, c);

    /* the neighbours' edges in: each ghost from the rank on that side */
    MPI_Recv(&f[IDX(g, nx + 1, 1)], ny, MPI_DOUBLE, g->south, TAG_TO_NORTH, c,
             MPI_STATUS_IGNORE);
    MPI_Recv(&f[IDX(g, 0, 1)], ny, MPI_DOUBLE, g->north, TAG_TO_SOUTH, c, MPI_STATUS_IGNORE);
    MPI_Recv(&f[IDX(g, 1, ny + 1)], 1, g->column, g->east, TAG_TO_WEST, c, MPI_STATUS_IGNORE);
    MPI_Recv(&f[IDX(g, 1, 0)], 1, g->column, g->west, TAG_TO_EAST, c, MPI_STATUS_IGNORE);
}

void halo_free(Grid *g) { MPI_Type_free(&g->column); }
