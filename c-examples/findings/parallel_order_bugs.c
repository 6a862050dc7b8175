/* RUN: -n 5 -j 3 --all-errors
 * EXPECT: error assertion
 * A collector that assumes an arrival order. Rank 0 takes four reports with
 * MPI_ANY_SOURCE and checks two things the program never guarantees: that
 * the first report comes from rank 1, and that rank 4's report is not the
 * last one. Each fails only in some of the 24 orders MPI allows. Checked on
 * three threads (-j 3) with --all-errors: the report — which errors, the
 * order they are listed in, their traces and replay schedules, the number
 * of executions — is the one a single thread gives.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int from[4];
        for (int i = 0; i < size - 1; i++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            from[i] = st.MPI_SOURCE;
        }
        assert(from[0] == 1);
        assert(from[size - 2] != 4);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
