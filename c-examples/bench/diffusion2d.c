/* RUN: -n 16
 * EXPECT: verified
 * 2-D diffusion benchmark (Palmer et al. 2007, §5): a px x py periodic process grid (4x4 for 16 ranks;
 * px = largest divisor of size <= sqrt(size), so any -n works), each rank owning an LxL
 * interior plus ghosts. Each step exchanges boundary rows/columns with the 4 neighbours via
 * Irecv/Isend/Waitall (one tag per direction) and applies a 5-point stencil; exact ghosts
 * are checked on step 0 and global conservation at the end. Wildcard-free: 1 execution.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>

#ifndef L
#define L 4
#endif
#ifndef STEPS
#define STEPS 3
#endif

enum { TAG_EAST = 1, TAG_WEST = 2, TAG_NORTH = 3, TAG_SOUTH = 4 };

static double f(int gx, int gy) { return (double)((3 * gx + 5 * gy) % 7); }

int main(int argc, char **argv) {
    int rank, size, px = 1;
    double u[L + 2][L + 2], un[L + 2][L + 2], sw[L], se[L], rw[L], re[L];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int d = 1; d * d <= size; d++)
        if (size % d == 0)
            px = d;
    int py = size / px, cx = rank % px, cy = rank / px;
    int west = cy * px + (cx + px - 1) % px, east = cy * px + (cx + 1) % px;
    int north = ((cy + py - 1) % py) * px + cx, south = ((cy + 1) % py) * px + cx;
    int gx0 = cx * L, gy0 = cy * L, gw = px * L, gh = py * L;

    double local = 0.0, total0, total;
    for (int i = 1; i <= L; i++)
        for (int j = 1; j <= L; j++)
            local += u[i][j] = f(gx0 + j - 1, gy0 + i - 1);
    MPI_Allreduce(&local, &total0, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    for (int step = 0; step < STEPS; step++) {
        MPI_Request r[8];
        for (int k = 0; k < L; k++) { /* columns are strided: pack them */
            sw[k] = u[k + 1][1];
            se[k] = u[k + 1][L];
        }
        /* data travelling east arrives from the west neighbour, and so on */
        MPI_Irecv(rw, L, MPI_DOUBLE, west, TAG_EAST, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(re, L, MPI_DOUBLE, east, TAG_WEST, MPI_COMM_WORLD, &r[1]);
        MPI_Irecv(&u[0][1], L, MPI_DOUBLE, north, TAG_SOUTH, MPI_COMM_WORLD, &r[2]);
        MPI_Irecv(&u[L + 1][1], L, MPI_DOUBLE, south, TAG_NORTH, MPI_COMM_WORLD, &r[3]);
        MPI_Isend(se, L, MPI_DOUBLE, east, TAG_EAST, MPI_COMM_WORLD, &r[4]);
        MPI_Isend(sw, L, MPI_DOUBLE, west, TAG_WEST, MPI_COMM_WORLD, &r[5]);
        MPI_Isend(&u[L][1], L, MPI_DOUBLE, south, TAG_SOUTH, MPI_COMM_WORLD, &r[6]);
        MPI_Isend(&u[1][1], L, MPI_DOUBLE, north, TAG_NORTH, MPI_COMM_WORLD, &r[7]);
        MPI_Waitall(8, r, MPI_STATUSES_IGNORE);
        for (int k = 0; k < L; k++) {
            u[k + 1][0] = rw[k];
            u[k + 1][L + 1] = re[k];
            if (step == 0) {
                assert(rw[k] == f((gx0 - 1 + gw) % gw, gy0 + k));
                assert(re[k] == f((gx0 + L) % gw, gy0 + k));
                assert(u[0][k + 1] == f(gx0 + k, (gy0 - 1 + gh) % gh));
                assert(u[L + 1][k + 1] == f(gx0 + k, (gy0 + L) % gh));
            }
        }
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++)
                un[i][j] = u[i][j] + 0.1 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] +
                                            u[i][j + 1] - 4.0 * u[i][j]);
        local = 0.0;
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++)
                local += u[i][j] = un[i][j];
    }
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(fabs(total - total0) < 1e-9);
    MPI_Finalize();
    return 0;
}
