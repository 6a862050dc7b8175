/* RUN: -n 4
 * EXPECT: verified
 * Rank 0 posts one MPI_Irecv per worker and polls them with MPI_Testany, handling each
 * result as soon as it is reported. Which request Testany reports (and whether it reports
 * one yet) is a choice; every choice leads to the same checked totals.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int nw = size - 1, done = 0, total = 0;
        long *vals = malloc(nw * sizeof(long));
        MPI_Request *reqs = malloc(nw * sizeof(MPI_Request));
        for (int w = 0; w < nw; w++)
            MPI_Irecv(&vals[w], 1, MPI_LONG, w + 1, 5, MPI_COMM_WORLD, &reqs[w]);
        while (done < nw) {
            int idx, flag;
            MPI_Status st;
            MPI_Testany(nw, reqs, &idx, &flag, &st);
            if (flag) {
                assert(st.MPI_SOURCE == idx + 1);
                assert(vals[idx] == 1000L * (idx + 1));
                total += (int)(vals[idx] / 1000);
                done++;
            }
        }
        assert(total == size * (size - 1) / 2);
        free(reqs);
        free(vals);
    } else {
        long v = 1000L * rank;
        MPI_Send(&v, 1, MPI_LONG, 0, 5, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
