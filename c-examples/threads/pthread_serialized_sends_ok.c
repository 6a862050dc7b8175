/* RUN: -n 2
 * EXPECT: verified
 * Under MPI_THREAD_SERIALIZED, two POSIX threads of rank 0 each send one
 * message to rank 1, each send inside a mutex so that no two threads are
 * in MPI at once (MPI 4.0 §11.6: the user must ensure it). The threads
 * wait at a start gate, a flag and a condition variable the initial thread
 * opens with pthread_cond_broadcast. Rank 1 receives with MPI_ANY_TAG, so
 * either order of the sends is fine; the checker explores both orders of
 * the locks. (Receiving tag 1 first instead is a buffering hazard the
 * checker reports: thread 2 may hold the mutex inside an unbuffered send
 * of tag 2 while thread 1 waits for the mutex.)
 */
#include <mpi.h>
#include <pthread.h>
#include <assert.h>

static pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate = PTHREAD_COND_INITIALIZER;
static int open_gate = 0;

static void *sender(void *arg) {
  int id = *(int *)arg;
  pthread_mutex_lock(&gate_lock);
  while (!open_gate)
    pthread_cond_wait(&gate, &gate_lock);
  pthread_mutex_unlock(&gate_lock);
  int v = 10 * id;
  pthread_mutex_lock(&mpi_lock);
  MPI_Send(&v, 1, MPI_INT, 1, id, MPI_COMM_WORLD);
  pthread_mutex_unlock(&mpi_lock);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_t t[2];
    int id[2] = {1, 2};
    for (int i = 0; i < 2; i++)
      pthread_create(&t[i], NULL, sender, &id[i]);
    pthread_mutex_lock(&gate_lock);
    open_gate = 1;
    pthread_cond_broadcast(&gate);
    pthread_mutex_unlock(&gate_lock);
    for (int i = 0; i < 2; i++)
      pthread_join(t[i], NULL);
  } else {
    int seen = 0;
    for (int k = 0; k < 2; k++) {
      int v;
      MPI_Status st;
      MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      assert(v == 10 * st.MPI_TAG);
      seen += st.MPI_TAG;
    }
    assert(seen == 3);
  }
  MPI_Finalize();
  return 0;
}
