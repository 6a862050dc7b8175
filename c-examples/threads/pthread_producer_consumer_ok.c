/* RUN: -n 2
 * EXPECT: verified
 * A producer thread fills a two-slot ring buffer that the initial thread
 * empties, with one mutex and two condition variables, each wait in a
 * loop that tests its predicate (POSIX.1-2017 pthread_cond_wait: spurious
 * wakeups may occur, and a signal only wakes a thread already waiting).
 * Then the ranks exchange their sums. The checker explores every order of
 * the lock, wait and signal operations of the two threads.
 */
#include <mpi.h>
#include <pthread.h>
#include <assert.h>

#define ITEMS 3
#define SLOTS 2

static int buf[SLOTS];
static int count = 0, head = 0, tail = 0;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg) {
  int base = *(int *)arg;
  for (int i = 0; i < ITEMS; i++) {
    pthread_mutex_lock(&m);
    while (count == SLOTS)
      pthread_cond_wait(&not_full, &m);
    buf[tail] = base + i;
    tail = (tail + 1) % SLOTS;
    count++;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int base = 100 * rank;
  pthread_t t;
  pthread_create(&t, NULL, producer, &base);
  int sum = 0;
  for (int i = 0; i < ITEMS; i++) {
    pthread_mutex_lock(&m);
    while (count == 0)
      pthread_cond_wait(&not_empty, &m);
    int v = buf[head];
    head = (head + 1) % SLOTS;
    count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&m);
    assert(v == base + i);
    sum += v;
  }
  pthread_join(t, NULL);
  int other;
  MPI_Sendrecv(&sum, 1, MPI_INT, 1 - rank, 0, &other, 1, MPI_INT, 1 - rank, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(other == 3 * 100 * (1 - rank) + 3);
  MPI_Finalize();
  return 0;
}
