/* heat.h -- shared declarations of the hybrid MPI + OpenMP heat solver
 * (main.c, halo.c, kernel.c).
 *
 * The global N x N interior of the unit square is split into blocks of whole
 * rows, one block per process (the first N % P processes get one row more).
 * Each process stores its block with one ghost layer on every side:
 * (nx + 2) rows of (N + 2) doubles, row-major. Ghost rows 0 and nx + 1 hold
 * the neighbours' edge rows, or the Dirichlet boundary on the first and last
 * process (whose neighbour there is MPI_PROC_NULL); ghost columns 0 and N + 1
 * are the left and right boundary and never change.
 *
 * Threads: MPI_THREAD_FUNNELED. One parallel region spans the whole time
 * loop; only its master thread calls MPI, and barriers separate its halo
 * exchange from the sweeps that read the ghost rows.
 */
#ifndef HYBRID_HEAT_H
#define HYBRID_HEAT_H

#include <mpi.h>
#include <stddef.h>

#ifdef MPI_VERIFY
#define DEFAULT_N 12
#define DEFAULT_STEPS 6
#else
#define DEFAULT_N 512
#define DEFAULT_STEPS 2000
#endif
#define DEFAULT_TOL 1e-6

/* The top edge is held at TOP_VALUE, the other three at 0. */
#define TOP_VALUE 64.0

typedef struct {
    int n;          /* global interior points per side */
    int steps;      /* sweep limit */
    double tol;     /* stop when the largest change of a sweep drops below */
} Params;

typedef struct {
    int n;              /* global interior points per side */
    int nx;             /* interior rows of this process */
    int row0;           /* global index (1-based) of my first interior row */
    int rank, size;
    int north, south;   /* neighbour ranks, MPI_PROC_NULL on the domain edge */
    MPI_Comm comm;      /* 1-D Cartesian communicator, non-periodic */
    double *u, *unew;   /* (nx + 2) x (n + 2) fields, current and next */
} Grid;

/* Index of local cell (i, j), ghosts included. */
#define IDX(g, i, j) ((size_t)(i) * (size_t)((g)->n + 2) + (size_t)(j))

/* halo.c -- master thread only */
void halo_exchange(const Grid *g, double *f);

/* kernel.c -- every thread of the team */
void field_init(const Grid *g, double *f);
double sweep(const Grid *g, const double *u, double *unew);
double field_sum(const Grid *g, const double *f);

#endif
