/* halo.c -- ghost-row exchange of the hybrid heat solver (a part of main.c,
 * named on its SOURCES: line).
 *
 * Rows are contiguous, so each ghost row is one message of n + 2 doubles
 * (the boundary columns ride along; they are the same on every process).
 * Receives are posted first, then the sends, then one MPI_Waitall. On the
 * first and last process one neighbour is MPI_PROC_NULL: those calls
 * complete at once and leave the boundary row untouched.
 *
 * Called by the master thread only (MPI_THREAD_FUNNELED): the caller puts a
 * barrier after it before any thread reads a ghost row.
 */
#include "heat.h"

enum { TAG_SOUTHWARD = 1, TAG_NORTHWARD = 2 };

void halo_exchange(const Grid *g, double *f) {
    MPI_Request req[4];
    int cols = g->n + 2, nx = g->nx;

    MPI_Irecv(&f[IDX(g, 0, 0)], cols, MPI_DOUBLE, g->north, TAG_SOUTHWARD, g->comm, &req[0]);
    MPI_Irecv(&f[IDX(g, nx + 1, 0)], cols, MPI_DOUBLE, g->south, TAG_NORTHWARD, g->comm,
              &req[1]);
    MPI_Isend(&f[IDX(g, nx, 0)], cols, MPI_DOUBLE, g->south, TAG_SOUTHWARD, g->comm, &req[2]);
    MPI_Isend(&f[IDX(g, 1, 0)], cols, MPI_DOUBLE, g->north, TAG_NORTHWARD, g->comm, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
}
