/* RUN: -n 2
 * EXPECT: verified
 * Two POSIX threads per rank each sum their share and add it to a total
 * under a mutex; the initial thread joins both (the end of a thread
 * happens before its pthread_join returns, POSIX.1-2017 XBD 4.12) and
 * reduces the totals with MPI_Reduce. Only the initial thread calls MPI,
 * so MPI_THREAD_FUNNELED is enough (MPI 4.0 §11.6). The checker explores
 * both orders in which the threads take the mutex.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <assert.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total = 0;

struct work { int rank; int id; };

static void *worker(void *p) {
  struct work *w = p;
  long local = 0;
  for (int i = 0; i < 10; i++) local += w->rank * 100 + w->id * 10 + i;
  pthread_mutex_lock(&lock);
  total += local;
  pthread_mutex_unlock(&lock);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pthread_t t[2];
  struct work w[2];
  for (int i = 0; i < 2; i++) {
    w[i].rank = rank; w[i].id = i;
    pthread_create(&t[i], NULL, worker, &w[i]);
  }
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  long all = 0;
  MPI_Reduce(&total, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("total %ld\n", all);
    assert(all == 2380);
  }
  MPI_Finalize();
  return 0;
}
