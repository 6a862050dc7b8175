/* RUN: -n 2
 * EXPECT: error mpi-usage
 * Rank 0 starts a detached progress thread that receives control messages
 * until it gets a stop message (a negative value), under
 * MPI_THREAD_MULTIPLE. Nobody sends the stop message, and the initial
 * thread finalizes without waiting for the thread: MPI_Finalize is called while the thread is inside MPI_Recv,
 * which MPI 4.0 §11.6.2 forbids (every thread's calls must complete
 * before MPI_Finalize). Exiting main would end the thread (POSIX.1-2017
 * exit), but not before the finalize.
 */
#include <mpi.h>
#include <pthread.h>

static void *progress(void *arg) {
  (void)arg;
  int msg = 0;
  while (msg >= 0)
    MPI_Recv(&msg, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t t;
    pthread_create(&t, &attr, progress, NULL);
    pthread_attr_destroy(&attr);
  }
  MPI_Finalize();
  return 0;
}
