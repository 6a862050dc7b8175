/* RUN: -n 2
 * EXPECT: verified
 * A parallel region whose threads each call a library routine that opens a
 * parallel region of its own. With the default `max-active-levels-var` of
 * 1 (libgomp and libomp both default to it, OpenMP 5.2 §21.1.9) the inner
 * region is inactive: a team of one, the calling thread as its thread 0
 * (`omp_get_num_threads()` 1, `omp_get_level()` 2, §10.1.1), so the inner
 * loop's reduction and the thread's own row need no further
 * synchronization. The check ends inconclusive if the environment
 * activates nesting (OMP_NESTED, OMP_MAX_ACTIVE_LEVELS, a list in
 * OMP_NUM_THREADS).
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define ROWS 4
#define COLS 16

static double row_sum(const double *row) {
    double s = 0;
    #pragma omp parallel for reduction(+: s)
    for (int j = 0; j < COLS; j++)
        s += row[j];
    return s;
}

int main(int argc, char **argv) {
    int rank;
    double m[ROWS][COLS], sums[ROWS];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            m[i][j] = rank + i + j;
    #pragma omp parallel for
    for (int i = 0; i < ROWS; i++) {
        sums[i] = row_sum(m[i]);
        #pragma omp parallel
        assert(omp_get_num_threads() == 1 && omp_get_level() == 2);
    }
    double local = 0, global;
    for (int i = 0; i < ROWS; i++)
        local += sums[i];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(global == 2 * (COLS * (ROWS * (ROWS - 1) / 2) + ROWS * (COLS * (COLS - 1) / 2)) + ROWS * COLS);
    MPI_Finalize();
    return 0;
}
