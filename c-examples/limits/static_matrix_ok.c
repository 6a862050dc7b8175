/* RUN: -n 2
 * EXPECT: verified
 * A static 1024 x 1024 matrix of doubles (8 MiB, zero-initialized) and a small table
 * with initial values: the model file describes them in a few hundred bytes and the
 * checker holds each about at its own size.
 */
#include <mpi.h>

static double u[1024][1024];
static const int weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};

int main(int argc, char **argv) {
    int rank;
    double sum = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    u[rank][rank] = weights[rank];
    MPI_Allreduce(&u[rank][rank], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return sum == 3.0 ? 0 : 1;
}
