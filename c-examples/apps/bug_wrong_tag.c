/* RUN: -n 2
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * A user bug: rank 1 sends the boundary with tag TAG_HALO but rank 0 waits for
 * TAG_DATA (a copy-paste of the wrong #define), so rank 0's receive never matches and
 * rank 1's send is never received.
 */
#include <mpi.h>
#include <stdio.h>

#define TAG_DATA 10
#define TAG_HALO 11

int main(int argc, char **argv) {
    int rank;
    double buf[4] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(buf, 4, MPI_DOUBLE, 1, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("got %f\n", buf[0]);
    } else if (rank == 1) {
        for (int i = 0; i < 4; i++)
            buf[i] = i * 0.5;
        MPI_Send(buf, 4, MPI_DOUBLE, 0, TAG_HALO, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
