/* RUN: -n 3
 * EXPECT: verified
 * Each rank reports where it runs: gethostname must agree with
 * MPI_Get_processor_name on one node, and the process ids differ between ranks.
 * Rank 0 gathers them and checks. (The checker runs every process on one node and
 * gives rank r the pid 1000 + r; a real run has other numbers, which is why the
 * program only compares them.)
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int rank, size, len, pids[16];
    char host[64], name[MPI_MAX_PROCESSOR_NAME];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(gethostname(host, sizeof host) == 0);
    MPI_Get_processor_name(name, &len);
    assert(strcmp(host, name) == 0);
    int me = (int)getpid();
    MPI_Gather(&me, 1, MPI_INT, pids, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int i = 0; i < size; i++)
            for (int j = i + 1; j < size; j++)
                assert(pids[i] != pids[j]);
    MPI_Finalize();
    return 0;
}
