/* RUN: -n 3
 * EXPECT: verified
 * A manager collects one result from each of two workers with MPI_Waitsome in a loop and
 * checks the sum. MPI_Waitsome may return any non-empty set of the completed requests
 * (MPI 3.1 §3.7.5), and the program sees which: every sequence of returned sets is explored
 * once — the ordered partitions of two requests ({1,2}; {1} then {2}; {2} then {1}), 3
 * executions (-n 4 gives 13).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int results[8], indices[8], outcount, done = 0, sum = 0, calls = 0;
        MPI_Request reqs[8];
        MPI_Status statuses[8];
        for (int w = 1; w < size; w++)
            MPI_Irecv(&results[w - 1], 1, MPI_INT, w, 0, MPI_COMM_WORLD, &reqs[w - 1]);
        while (done < size - 1) {
            MPI_Waitsome(size - 1, reqs, &outcount, indices, statuses);
            assert(outcount >= 1);
            for (int k = 0; k < outcount; k++) {
                assert(statuses[k].MPI_SOURCE == indices[k] + 1);
                assert(reqs[indices[k]] == MPI_REQUEST_NULL);
                sum += results[indices[k]];
            }
            done += outcount;
            calls++;
        }
        assert(calls >= 1 && calls <= size - 1);
        assert(sum == 10 * size * (size - 1) / 2);
    } else {
        int r = 10 * rank;
        MPI_Send(&r, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
