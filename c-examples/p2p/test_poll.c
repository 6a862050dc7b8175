/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 posts MPI_Irecv and polls it with MPI_Test until it reports completion, then checks
 * the data and status. The send is always issued, so by MPI's progress rule the loop
 * terminates; "not yet" answers must not be explored forever.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        double payload[2] = {1.5, -2.5};
        MPI_Send(payload, 2, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
    } else if (rank == 1) {
        double buf[2] = {0.0, 0.0};
        int flag = 0;
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(buf, 2, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, &st);
        assert(st.MPI_SOURCE == 0 && st.MPI_TAG == 3);
        assert(buf[0] == 1.5 && buf[1] == -2.5);
        assert(req == MPI_REQUEST_NULL);
    }
    MPI_Finalize();
    return 0;
}
