/* RUN: -n 2 --buffering infinite
 * EXPECT: verified
 * hazard_send_send.c checked under the assumption that every standard send is buffered
 * (--buffering infinite): both MPI_Send calls return at once and both receives match, so
 * no execution deadlocks and the exchanged values are right.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double out[4], in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    for (int i = 0; i < 4; i++)
        out[i] = rank + 0.25 * i;

    MPI_Send(out, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD);
    MPI_Recv(in, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        assert(in[i] == partner + 0.25 * i);

    MPI_Finalize();
    return 0;
}
