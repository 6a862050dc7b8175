/* RUN: -n 1
 * EXPECT: error deadlock
 * `add` locks the mutex that protects the counter, and `add_twice` calls
 * it while holding the same mutex. A default mutex does not nest:
 * POSIX.1-2017 pthread_mutex_lock leaves relocking a PTHREAD_MUTEX_DEFAULT
 * mutex undefined, and glibc's default (PTHREAD_MUTEX_NORMAL) deadlocks,
 * as the standard requires of a normal mutex. The checker reports it as a
 * deadlock of the thread with itself (kind `deadlock`: the closest to what
 * a run does). The fix: an unlocked helper for callers that hold the
 * mutex, or a PTHREAD_MUTEX_RECURSIVE mutex.
 */
#include <mpi.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter = 0;

static void add(int v) {
  pthread_mutex_lock(&m);
  counter += v;
  pthread_mutex_unlock(&m);
}

static void *add_twice(void *arg) {
  int v = *(int *)arg;
  pthread_mutex_lock(&m);
  add(v);
  add(v);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int v = 2;
  pthread_t t;
  pthread_create(&t, NULL, add_twice, &v);
  add(1);
  pthread_join(t, NULL);
  MPI_Finalize();
  return counter == 5 ? 0 : 1;
}
