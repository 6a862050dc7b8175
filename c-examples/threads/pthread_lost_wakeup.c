/* RUN: -n 2
 * EXPECT: error deadlock
 * The initial thread waits until its worker has published its result,
 * with a bare pthread_cond_wait that tests no predicate. When the worker
 * signals before the initial thread waits, the signal is lost (POSIX.1-2017
 * pthread_cond_signal: no effect if no thread is blocked on the condition
 * variable) and the wait never returns. The fix tests the predicate under
 * the mutex: `while (!ready) pthread_cond_wait(&c, &m);`. Under MPICH the
 * work before the wait lets the worker signal first in some runs (1 of 3),
 * which then hang.
 */
#include <mpi.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int result = 0;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  result = 42;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  double x = 0;
  for (int i = 0; i < 200000; i++) /* some work before the wait */
    x += i * 0.5;
  pthread_mutex_lock(&m);
  pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  int sum;
  MPI_Allreduce(&result, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return sum == 84 && x > 0 ? 0 : 1;
}
