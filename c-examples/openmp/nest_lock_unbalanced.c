/* RUN: -n 1
 * EXPECT: error invalid-argument
 * An error path unsets a nestable lock once more than it was set: after the
 * inner unset the lock is free again, so the outer `omp_unset_nest_lock`
 * unsets a lock the thread does not own, which OpenMP leaves undefined
 * (OpenMP 5.2 §18.9.5: the lock must be set and owned by the calling task;
 * libomp stops with "lock is not owned by thread" when built with
 * consistency checks).
 */
#include <mpi.h>
#include <omp.h>

static omp_nest_lock_t lock;
static int updates;

static int update(int v) {
    omp_set_nest_lock(&lock);
    if (v < 0) {
        omp_unset_nest_lock(&lock);
        return -1;
    }
    updates += 1;
    omp_unset_nest_lock(&lock);
    return 0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    omp_init_nest_lock(&lock);
    #pragma omp parallel
    {
        omp_set_nest_lock(&lock);
        if (update(omp_get_thread_num() - 1) != 0)
            omp_unset_nest_lock(&lock);
        omp_unset_nest_lock(&lock);
    }
    omp_destroy_nest_lock(&lock);
    MPI_Finalize();
    return 0;
}
