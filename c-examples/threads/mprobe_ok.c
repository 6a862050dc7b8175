/* RUN: -n 3
 * EXPECT: verified
 * Two threads of rank 0 each take one message of tag 0 from any source with
 * MPI_Mprobe, size their buffer from its status and receive it with
 * MPI_Mrecv. Both probes can match both messages, and which thread gets
 * which is the library's choice: the checker explores both orders of the
 * threads' calls. MPI_Mprobe removes the message it matched from the queue
 * (MPI 4.0 §3.8.2), so the other thread cannot receive it, and each thread
 * gets a whole message in every order (compare probe_race.c).
 */
#include <mpi.h>
#include <omp.h>
#include <assert.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, provided, total = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        #pragma omp parallel num_threads(2) reduction(+: total)
        {
            MPI_Message msg;
            MPI_Status st;
            int n;
            MPI_Mprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &msg, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            int *buf = malloc(n * sizeof(int));
            MPI_Mrecv(buf, n, MPI_INT, &msg, MPI_STATUS_IGNORE);
            for (int i = 0; i < n; i++)
                total += buf[i];
            free(buf);
        }
        assert(total == 1 + 2 * 2);
    } else {
        int data[2] = {rank, rank};
        MPI_Send(data, rank, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
