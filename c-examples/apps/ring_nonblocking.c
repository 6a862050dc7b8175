/* RUN: -n 2
 * EXPECT: verified
 * Nonblocking ring shift of a small vector in both directions (with 2 ranks both
 * neighbours are the same rank, told apart by the tag) with MPI_Irecv/MPI_Isend
 * and MPI_Waitall, the idiom that avoids send-send deadlocks; the timing of each round
 * is taken with MPI_Wtime and the maximum reported with MPI_Reduce(MAX).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define LEN 3
#define ROUNDS 2

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int sl[LEN], sr[LEN], rl[LEN], rr[LEN];
    double tmax = 0.0;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < LEN; i++) {
            sl[i] = rank * 100 + round * 10 + i;
            sr[i] = -sl[i];
        }
        MPI_Request reqs[4];
        MPI_Irecv(rl, LEN, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(rr, LEN, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(sr, LEN, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(sl, LEN, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        for (int i = 0; i < LEN; i++) {
            assert(rl[i] == -(left * 100 + round * 10 + i));
            assert(rr[i] == right * 100 + round * 10 + i);
        }
        double dt = MPI_Wtime() - t0;
        if (dt > tmax)
            tmax = dt;
    }
    double gmax;
    MPI_Reduce(&tmax, &gmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("max round time %.3e s\n", gmax);
    MPI_Finalize();
    return 0;
}
