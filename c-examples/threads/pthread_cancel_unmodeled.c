/* RUN: -n 1
 * EXPECT: inconclusive
 * A worker polls for work in an endless loop and the initial thread stops
 * it with pthread_cancel. Cancellation (and its cancellation points,
 * POSIX.1-2017 XSH 2.9.5) is not modeled: the check ends inconclusive at
 * the call instead of skipping it.
 */
#include <mpi.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int work = 0;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  for (;;) {
    while (work == 0)
      pthread_cond_wait(&c, &m);
    work--;
  }
  return NULL;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_cancel(t);
  pthread_join(t, NULL);
  MPI_Finalize();
  return 0;
}
