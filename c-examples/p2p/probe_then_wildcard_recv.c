/* RUN: -n 3
 * EXPECT: error assertion
 * Classic probe bug: rank 0 probes with MPI_ANY_SOURCE to learn who is ready, but then
 * receives with MPI_ANY_SOURCE again instead of the probed source. The receive may match
 * the other worker's message, so filing the result under the probed source is wrong.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int result[3] = {0, 0, 0};
        for (int k = 0; k < 2; k++) {
            MPI_Status probed, got;
            int v;
            MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &probed);
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &got);
            assert(got.MPI_SOURCE == probed.MPI_SOURCE); /* not guaranteed */
            result[probed.MPI_SOURCE] = v;
        }
        assert(result[1] == 11 && result[2] == 22);
    } else if (rank <= 2) {
        int v = 11 * rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
