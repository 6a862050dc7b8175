/* RUN: -n 2
 * EXPECT: verified
 * Each rank runs about 150 million model instructions before its first
 * message (a prime count by trial division), more than the former default
 * instruction budget of 10^8 allowed. A computation that ends is checked to
 * its end: only a loop that comes back to a state it was in is an error,
 * and --timeout bounds the time a check may take.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int primes = 0;
    for (int n = 2; n < 285000; n++) {
        int prime = 1;
        for (int d = 2; d * d <= n; d++)
            if (n % d == 0) {
                prime = 0;
                break;
            }
        primes += prime;
    }
    int other;
    MPI_Sendrecv(&primes, 1, MPI_INT, 1 - rank, 0, &other, 1, MPI_INT, 1 - rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(other == 24843);
    MPI_Finalize();
    return 0;
}
