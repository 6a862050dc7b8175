/* RUN: -n 2
 * EXPECT: verified
 * C11 atomics outside parallel regions: a "first caller wins" flag set with
 * atomic_compare_exchange_strong, as library code guarding a one-time
 * initialization does. The compare-and-exchange succeeds once and fails
 * afterwards, returning the value it found; the checker runs it as an
 * atomic read, a compare and an atomic write, and the assertions on both
 * outcomes hold on every rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stdatomic.h>

static _Atomic int initialized = 0;

static int claim_init(int who) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&initialized, &expected, who))
        return 1;
    assert(expected == 7);
    return 0;
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    assert(claim_init(7) == 1);
    assert(claim_init(9) == 0);
    assert(atomic_load(&initialized) == 7);
    int claims = 1, all;
    MPI_Allreduce(&claims, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(all == 2);
    MPI_Finalize();
    return 0;
}
