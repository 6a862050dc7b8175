/* RUN: -n 2
 * EXPECT: error assertion
 * bsearch's comparator compares keys modulo `modulus`, a global only main
 * writes: the key 13 is found as 3 when the modulus is 10. The found
 * index is sent and checked on the other rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int modulus;

static int mod_cmp(const void *a, const void *b) {
    int x = *(const int *)a % modulus, y = *(const int *)b % modulus;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rank, table[5] = {1, 3, 5, 7, 9};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    modulus = 10;
    if (rank == 0) {
        int key = 13;
        int *hit = bsearch(&key, table, 5, sizeof table[0], mod_cmp);
        int index = hit ? (int)(hit - table) : -1;
        MPI_Send(&index, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        int index;
        MPI_Recv(&index, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(index == -1); /* BUG: 13 % 10 == 3 is found at index 1 */
    }
    MPI_Finalize();
    return 0;
}
