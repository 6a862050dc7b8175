/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A POSIX thread of rank 0 sends while the program asked only for
 * MPI_THREAD_FUNNELED: then only the thread that called MPI_Init_thread
 * may call MPI (MPI 4.0 §11.6). The fix asks for MPI_THREAD_MULTIPLE (or
 * SERIALIZED when no two threads call MPI at once) and checks `provided`.
 */
#include <mpi.h>
#include <pthread.h>

static void *sender(void *arg) {
  int v = *(int *)arg;
  MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int v = 7;
    pthread_t t;
    pthread_create(&t, NULL, sender, &v);
    pthread_join(t, NULL);
  } else {
    int v;
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
