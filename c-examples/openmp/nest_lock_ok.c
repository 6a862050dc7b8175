/* RUN: -n 2
 * EXPECT: verified
 * A shared tally updated through two functions that both take one
 * `omp_nest_lock_t`: `add_pair` holds the lock while it calls `add_one`,
 * which sets it again. A nestable lock may be set again by the task that
 * owns it, counting the nesting, and is released when it was unset as
 * often (OpenMP 5.2 §18.9.4, §18.9.5); a plain omp_lock_t would deadlock
 * here. The updates are straight-line additions under the lock, so their
 * order does not matter. nest_lock_unbalanced.c unsets once too often.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

static omp_nest_lock_t lock;
static int ones, pairs;

static void add_one(void) {
    omp_set_nest_lock(&lock);
    ones += 1;
    omp_unset_nest_lock(&lock);
}

static void add_pair(void) {
    omp_set_nest_lock(&lock);
    add_one();
    add_one();
    pairs += 1;
    omp_unset_nest_lock(&lock);
}

int main(int argc, char **argv) {
    int rank, nthreads = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    omp_init_nest_lock(&lock);
    #pragma omp parallel
    {
        #pragma omp master
        nthreads = omp_get_num_threads();
        add_pair();
    }
    omp_destroy_nest_lock(&lock);
    int total;
    MPI_Allreduce(&ones, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(pairs == nthreads && ones == 2 * nthreads);
    MPI_Finalize();
    return 0;
}
