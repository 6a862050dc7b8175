/* RUN: -n 3
 * EXPECT: error message-race
 * The classic probe race: two threads of rank 0 each MPI_Probe for a
 * message of tag 0 from any source, size a buffer from the status and
 * MPI_Recv from the source it reported. Between one thread's probe and its
 * receive the other thread may receive that very message (MPI 4.0 §3.8.2,
 * which introduces MPI_Mprobe for this reason); the first thread's receive
 * then takes the other message, of another size (a truncation error), or
 * waits for one that never comes. The checker reports the two threads'
 * probes and receives as a message race; mprobe_ok.c is the fix.
 */
#include <mpi.h>
#include <omp.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        #pragma omp parallel num_threads(2)
        {
            MPI_Status st;
            int n;
            MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            int *buf = malloc(n * sizeof(int));
            MPI_Recv(buf, n, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            free(buf);
        }
    } else {
        int data[2] = {rank, rank};
        MPI_Send(data, rank, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
