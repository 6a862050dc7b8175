/* RUN: -n 2
 * EXPECT: error data-race
 * The same sum as pthread_mutex_sum_ok.c without the mutex: two POSIX
 * threads add to `total` with nothing ordering their accesses. A data
 * race is undefined (POSIX.1-2017 XBD 4.12: applications shall ensure
 * that access to a memory location by more than one thread is
 * restricted so that no thread can read or modify it while another
 * thread may be modifying it); real runs lose updates.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static long total = 0;

static void *worker(void *p) {
  int id = *(int *)p;
  for (int i = 0; i < 10; i++) total += id * 10 + i;
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pthread_t t[2];
  int id[2] = {0, 1};
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, &id[i]);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  long all = 0;
  MPI_Reduce(&total, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("total %ld\n", all);
  MPI_Finalize();
  return 0;
}
