/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 0's communication thread waits for a message with tag 1, but rank
 * 1 sends tag 0 only (and that one is received by the initial thread).
 * The initial thread then joins the communication thread, whose receive
 * never matches (MPI 4.0 §3.5): the join never returns.
 */
#include <mpi.h>
#include <pthread.h>

static int got;

static void *receiver(void *arg) {
  (void)arg;
  MPI_Recv(&got, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_t t;
    int v;
    pthread_create(&t, NULL, receiver, NULL);
    MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    pthread_join(t, NULL);
  } else {
    int v = 3;
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
