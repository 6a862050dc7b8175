/* grid.h -- shared declarations of the 2-D Jacobi solver (main.c, halo.c, io.c).
 *
 * The global N x N interior is split into blocks over a 2-D Cartesian grid
 * of processes. Each process stores its block with one ghost layer on every
 * side: (nx + 2) rows of (ny + 2) doubles, row-major. On the outer boundary of
 * the domain the ghost cells hold the Dirichlet boundary values and are never
 * overwritten by the exchange (the neighbour there is MPI_PROC_NULL).
 */
#ifndef JACOBI2D_GRID_H
#define JACOBI2D_GRID_H

#include <mpi.h>

#ifdef MPI_VERIFY
#define DEFAULT_N 16
#define DEFAULT_MAXITER 12
#else
#define DEFAULT_N 256
#define DEFAULT_MAXITER 20000
#endif
#define DEFAULT_TOL 1e-4

/* Boundary values: the top edge is held at TOP_VALUE, the others at 0. */
#define TOP_VALUE 100.0

typedef struct {
    int n;          /* global interior points per side */
    int maxiter;    /* iteration limit */
    double tol;     /* stop when the global residual (L2 of the update) drops below */
} Params;

typedef struct {
    MPI_Comm cart;          /* 2-D Cartesian communicator, non-periodic */
    int rank, size;         /* in cart */
    int dims[2];            /* process grid: dims[0] rows x dims[1] columns */
    int coords[2];          /* my position in it */
    int north, south;       /* neighbours along dimension 0 (MPI_PROC_NULL at the edge) */
    int west, east;         /* neighbours along dimension 1 */
    int nx, ny;             /* my interior rows and columns */
    int x0, y0;             /* global index of my first interior row and column */
    double *u, *unew;       /* (nx + 2) * (ny + 2) each */
    MPI_Datatype column;    /* nx doubles, one per row: a column of the block */
} Grid;

#define IDX(g, i, j) ((i) * ((g)->ny + 2) + (j))

/* io.c */
int parse_args(int argc, char **argv, Params *p, int rank);
void block_range(int n, int parts, int index, int *start, int *count);
int gather_field(const Grid *g, int n, double *global);
void report(const Grid *g, const Params *p, int iters, double resid, double elapsed);

/* halo.c */
void halo_setup(Grid *g);
void halo_exchange(Grid *g, double *field);
void halo_free(Grid *g);

#endif
