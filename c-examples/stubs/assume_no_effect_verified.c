/* RUN: -n 3 --assume-no-effect viz_* --assume-no-effect H5*
 * EXPECT: verified
 * A program that plots its residual with a visualization library whose
 * source the check does not have (viz_open, viz_plot, viz_close: declared,
 * never defined). --assume-no-effect viz_* assumes those calls write no
 * memory the program sees and return: viz_open's pointer is an opaque
 * object the program only passes back to viz_*. The verdict says so
 * ("verified, assuming: ..."), and the report lists where each assumption
 * was used; H5* matches no call, which the report says too. The reduction
 * is an MPI_Allreduce every rank calls (MPI 3.1 §5.9.6).
 */
#include <mpi.h>
#include <stdio.h>

struct viz;
struct viz *viz_open(const char *title, int width, int height);
int viz_plot(struct viz *v, int step, double value);
void viz_close(struct viz *v);

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct viz *plot = rank == 0 ? viz_open("residual", 640, 480) : NULL;
    double local = 1.0 / (rank + 1), residual = 0.0;
    for (int step = 0; step < 3; step++) {
        local /= 2;
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0 && viz_plot(plot, step, residual) != 0)
            fprintf(stderr, "plot failed\n");
    }
    if (rank == 0)
        viz_close(plot);
    MPI_Finalize();
    return 0;
}
