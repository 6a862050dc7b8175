/* RUN: -n 3
 * EXPECT: verified
 * Near miss of iprobe_wrong_tag_spin.c: rank 0 polls with MPI_Iprobe(MPI_ANY_SOURCE) and receives
 * whatever arrived until it has one message from each worker; the messages are sent, so under
 * MPI's progress rule every poll loop ends, in whichever order the messages are seen.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, seen = 0, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        while (seen < size - 1) {
            int flag = 0, v;
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &flag, &st);
            if (flag) {
                MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                sum += v;
                seen++;
            }
        }
        assert(sum == 1 + 2);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
