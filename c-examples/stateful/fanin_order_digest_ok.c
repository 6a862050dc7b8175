/* RUN: -n 4
 * EXPECT: verified
 * Wildcard fan-in whose receiver keeps a digest of the order in which the workers'
 * messages arrived (a polynomial hash of the senders, as a log of arrival order
 * would): after k receives no two orders of the same k senders leave the same
 * state, so the stateful search merges nothing and explores every prefix of every
 * order, sum over k of (size-1)!/k! states (986,410 at -n 10). The check at the end
 * holds for every order: the digest is never 0 and every worker was heard once.
 * The workload of the two-thread measurement in docs/guide/performance.md.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        unsigned long digest = 1, heard = 0;
        for (int k = 1; k < size; k++) {
            int v;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            digest = digest * 31 + (unsigned long)v;
            heard |= 1ul << v;
        }
        /* workers send 1, ..., size-1: every term is positive, so the digest
         * is not 0, and each bit 1..size-1 was set once. */
        assert(digest != 0);
        assert(heard == (1ul << size) - 2);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
