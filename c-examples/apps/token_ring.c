/* RUN: -n 4
 * EXPECT: verified
 * Token ring: rank 0 injects a token that every rank increments and passes to
 * (rank+1)%size, for LAPS laps; rank 0 checks the count. Rank 0 sends first and the others
 * receive first, so the ring never depends on buffering.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define LAPS 2

int main(int argc, char **argv) {
    int rank, size, token;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (int lap = 0; lap < LAPS; lap++) {
        if (rank == 0) {
            token = lap == 0 ? 0 : token;
            token++;
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token++;
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0) {
        printf("token = %d after %d laps\n", token, LAPS);
        if (token != LAPS * size) {
            puts("ring lost a hop");
            exit(3);
        }
    }
    MPI_Finalize();
    return 0;
}
