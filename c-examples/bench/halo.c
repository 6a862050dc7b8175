/* RUN: -n 8
 * EXPECT: verified
 * 1-D periodic halo exchange benchmark: each rank owns LOCAL doubles plus HALO ghost cells
 * per side, exchanges HALO doubles with both neighbours via Irecv/Isend/Waitall for ITERS
 * steps (distinct tags per direction, so -n 1 and -n 2 also work) and applies a conservative
 * 5-point stencil. Checks exact ghost values on step 0 and global conservation at the end.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>

#ifndef LOCAL
#define LOCAL 4
#endif
#ifndef HALO
#define HALO 2
#endif
#ifndef ITERS
#define ITERS 3
#endif

enum { TAG_RIGHTWARD = 1, TAG_LEFTWARD = 2 };

static double initial(int g) { return (double)((7 * g + 3) % 5); }

int main(int argc, char **argv) {
    int rank, size;
    double u[LOCAL + 2 * HALO], un[LOCAL + 2 * HALO];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int gsize = size * LOCAL;

    double local = 0.0, total0, total;
    for (int i = 0; i < LOCAL; i++) {
        u[HALO + i] = initial(rank * LOCAL + i);
        local += u[HALO + i];
    }
    MPI_Allreduce(&local, &total0, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    for (int it = 0; it < ITERS; it++) {
        MPI_Request reqs[4];
        MPI_Irecv(&u[0], HALO, MPI_DOUBLE, left, TAG_RIGHTWARD, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&u[HALO + LOCAL], HALO, MPI_DOUBLE, right, TAG_LEFTWARD, MPI_COMM_WORLD,
                  &reqs[1]);
        MPI_Isend(&u[LOCAL], HALO, MPI_DOUBLE, right, TAG_RIGHTWARD, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&u[HALO], HALO, MPI_DOUBLE, left, TAG_LEFTWARD, MPI_COMM_WORLD, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);

        if (it == 0) {
            for (int k = 0; k < HALO; k++) {
                int gl = (rank * LOCAL - HALO + k + gsize) % gsize;
                int gr = ((rank + 1) * LOCAL + k) % gsize;
                assert(u[k] == initial(gl));
                assert(u[HALO + LOCAL + k] == initial(gr));
            }
        }
        for (int i = HALO; i < HALO + LOCAL; i++)
            un[i] = u[i] + 0.05 * (u[i - 2] + u[i - 1] - 4.0 * u[i] + u[i + 1] + u[i + 2]);
        for (int i = HALO; i < HALO + LOCAL; i++)
            u[i] = un[i];
    }

    local = 0.0;
    for (int i = HALO; i < HALO + LOCAL; i++)
        local += u[i];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(fabs(total - total0) < 1e-9);
    MPI_Finalize();
    return 0;
}
