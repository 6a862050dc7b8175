/* RUN: -n 16
 * EXPECT: verified
 * 2-D diffusion benchmark (seed 001 §5): ranks form a px x py periodic grid (4x4 for 16
 * ranks; px = largest divisor of size <= sqrt(size), so any -n works), each owning an LxL
 * interior plus ghosts. Every step exchanges boundary rows/columns with the 4 neighbours via
 * Irecv/Isend/Waitall (one tag per direction) and applies a 5-point stencil. Checks exact
 * ghosts on step 0 and global conservation after STEPS steps. Wildcard-free: 1 execution.
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

/* initial temperature at global cell (gx, gy) */
static double f(int gx, int gy) { return (double)((3 * gx + 5 * gy) % 7); }

int main(int argc, char **argv) {
    int rank, size;
    double u[L + 2][L + 2], un[L + 2][L + 2];
    double send_w[L], send_e[L], send_n[L], send_s[L];
    double recv_w[L], recv_e[L], recv_n[L], recv_s[L];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int px = 1;
    for (int d = 1; d * d <= size; d++)
        if (size % d == 0)
            px = d;
    int py = size / px;
    int cx = rank % px, cy = rank / px;
    int west = cy * px + (cx + px - 1) % px, east = cy * px + (cx + 1) % px;
    int north = ((cy + py - 1) % py) * px + cx, south = ((cy + 1) % py) * px + cx;
    int gx0 = cx * L, gy0 = cy * L, gw = px * L, gh = py * L;

    double local = 0.0, total0, total;
    for (int i = 1; i <= L; i++)
        for (int j = 1; j <= L; j++) {
            u[i][j] = f(gx0 + j - 1, gy0 + i - 1);
            local += u[i][j];
        }
    MPI_Allreduce(&local, &total0, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    for (int step = 0; step < STEPS; step++) {
        for (int k = 0; k < L; k++) {
            send_w[k] = u[k + 1][1];
            send_e[k] = u[k + 1][L];
            send_n[k] = u[1][k + 1];
            send_s[k] = u[L][k + 1];
        }
        MPI_Request reqs[8];
        /* a message travelling east arrives from the west neighbour, and so on */
        MPI_Irecv(recv_w, L, MPI_DOUBLE, west, TAG_EAST, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(recv_e, L, MPI_DOUBLE, east, TAG_WEST, MPI_COMM_WORLD, &reqs[1]);
        MPI_Irecv(recv_n, L, MPI_DOUBLE, north, TAG_SOUTH, MPI_COMM_WORLD, &reqs[2]);
        MPI_Irecv(recv_s, L, MPI_DOUBLE, south, TAG_NORTH, MPI_COMM_WORLD, &reqs[3]);
        MPI_Isend(send_e, L, MPI_DOUBLE, east, TAG_EAST, MPI_COMM_WORLD, &reqs[4]);
        MPI_Isend(send_w, L, MPI_DOUBLE, west, TAG_WEST, MPI_COMM_WORLD, &reqs[5]);
        MPI_Isend(send_s, L, MPI_DOUBLE, south, TAG_SOUTH, MPI_COMM_WORLD, &reqs[6]);
        MPI_Isend(send_n, L, MPI_DOUBLE, north, TAG_NORTH, MPI_COMM_WORLD, &reqs[7]);
        MPI_Waitall(8, reqs, MPI_STATUSES_IGNORE);

        for (int k = 0; k < L; k++) {
            u[k + 1][0] = recv_w[k];
            u[k + 1][L + 1] = recv_e[k];
            u[0][k + 1] = recv_n[k];
            u[L + 1][k + 1] = recv_s[k];
        }
        if (step == 0) {
            for (int k = 0; k < L; k++) {
                assert(u[k + 1][0] == f((gx0 - 1 + gw) % gw, gy0 + k));
                assert(u[k + 1][L + 1] == f((gx0 + L) % gw, gy0 + k));
                assert(u[0][k + 1] == f(gx0 + k, (gy0 - 1 + gh) % gh));
                assert(u[L + 1][k + 1] == f(gx0 + k, (gy0 + L) % gh));
            }
        }
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++)
                un[i][j] = u[i][j] + 0.1 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] +
                                            u[i][j + 1] - 4.0 * u[i][j]);
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++)
                u[i][j] = un[i][j];
    }

    local = 0.0;
    for (int i = 1; i <= L; i++)
        for (int j = 1; j <= L; j++)
            local += u[i][j];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(fabs(total - total0) < 1e-9);
    MPI_Finalize();
    return 0;
}
