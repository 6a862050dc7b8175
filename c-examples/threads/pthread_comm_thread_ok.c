/* RUN: -n 2
 * EXPECT: verified
 * Under MPI_THREAD_MULTIPLE, rank 0 starts a communication thread that
 * receives rank 1's blocks while the initial thread computes on its own
 * data; it joins the thread before it uses the blocks (the thread's end
 * happens before pthread_join returns, POSIX.1-2017 XBD 4.12). A blocking
 * receive blocks only its thread (MPI 4.0 §11.6.2), so rank 1's sends and
 * the initial thread's computation go on meanwhile.
 */
#include <mpi.h>
#include <pthread.h>
#include <assert.h>

#define N 4
#define BLOCKS 3

static double blocks[BLOCKS][N];

static void *receiver(void *arg) {
  int from = *(int *)arg;
  for (int b = 0; b < BLOCKS; b++)
    MPI_Recv(blocks[b], N, MPI_DOUBLE, from, b, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int from = 1;
    pthread_t t;
    pthread_create(&t, NULL, receiver, &from);
    double own = 0;
    for (int i = 0; i < 100; i++)
      own += i * 0.5;
    pthread_join(t, NULL);
    double got = 0;
    for (int b = 0; b < BLOCKS; b++)
      for (int i = 0; i < N; i++)
        got += blocks[b][i];
    assert(own == 2475.0);
    assert(got == 66.0);
  } else {
    for (int b = 0; b < BLOCKS; b++) {
      double out[N];
      for (int i = 0; i < N; i++)
        out[i] = b * N + i;
      MPI_Send(out, N, MPI_DOUBLE, 0, b, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
