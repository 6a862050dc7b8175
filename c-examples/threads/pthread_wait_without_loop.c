/* RUN: -n 2
 * EXPECT: error assertion
 * The initial thread waits for the worker's flag with `if (!ready)
 * pthread_cond_wait(...)` instead of a loop. POSIX.1-2017
 * pthread_cond_wait: "spurious wakeups ... may occur", and "since the
 * return from pthread_cond_wait() does not imply anything about the value
 * of this predicate, the predicate should be re-evaluated upon such
 * return". After a spurious wakeup the flag is still 0 and the assertion
 * fails. Real runs under glibc rarely wake spuriously (5 of 5 runs under
 * MPICH passed); the checker explores one spurious return of each wait.
 * The fix: `while (!ready) pthread_cond_wait(&c, &m);`.
 */
#include <mpi.h>
#include <pthread.h>
#include <assert.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready = 0, value = 0;

static void *worker(void *arg) {
  int v = *(int *)arg;
  pthread_mutex_lock(&m);
  value = v;
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int v = rank + 1;
  pthread_t t;
  pthread_create(&t, NULL, worker, &v);
  pthread_mutex_lock(&m);
  if (!ready)
    pthread_cond_wait(&c, &m);
  assert(ready);
  int got = value;
  pthread_mutex_unlock(&m);
  int sum;
  MPI_Allreduce(&got, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  pthread_join(t, NULL);
  MPI_Finalize();
  return sum == 3 ? 0 : 1;
}
