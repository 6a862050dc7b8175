/* RUN: -n 3
 * EXPECT: verified
 * A receiver sizes its buffer from a matched probe: MPI_Mprobe with MPI_ANY_SOURCE takes a
 * message out of matching (MPI 3.1 §3.8.2), MPI_Get_count / MPI_Get_elements give its length,
 * MPI_Mrecv receives exactly that message. Workers send messages of different lengths; which
 * arrives first is a real choice: two executions.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            MPI_Message msg;
            MPI_Status st;
            int n, elems;
            MPI_Mprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &msg, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            MPI_Get_elements(&st, MPI_INT, &elems);
            assert(n == st.MPI_SOURCE + 1 && elems == n);
            int *buf = malloc(n * sizeof(int));
            MPI_Mrecv(buf, n, MPI_INT, &msg, &st);
            assert(msg == MPI_MESSAGE_NULL);
            for (int k = 0; k < n; k++)
                assert(buf[k] == 10 * st.MPI_SOURCE + k);
            free(buf);
        }
    } else {
        int data[3];
        for (int k = 0; k <= rank; k++)
            data[k] = 10 * rank + k;
        MPI_Send(data, rank + 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
