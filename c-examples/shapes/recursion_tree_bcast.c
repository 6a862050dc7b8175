/* RUN: -n 2..5
 * EXPECT: verified
 * Recursion on a real call stack. Every rank sorts its local keys with a
 * recursive quicksort, then the value of rank 0 reaches every rank through
 * a broadcast written as recursive halving of the rank range: the rank
 * holding the value in [lo, hi) sends it to the first rank of the other
 * half, and both halves recurse. The send and the receive are made deep in
 * the recursion, at a depth that differs between ranks.
 */
#include <assert.h>
#include <mpi.h>

#define NKEYS 8

static void quicksort(int *a, int lo, int hi) {
    if (lo >= hi)
        return;
    int pivot = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < pivot)
            i++;
        while (a[j] > pivot)
            j--;
        if (i <= j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}

/* Broadcast *v from root to the ranks in [lo, hi). */
static void halving_bcast(int *v, int root, int lo, int hi, int rank) {
    if (hi - lo <= 1)
        return;
    int mid = lo + (hi - lo) / 2;
    int other = root < mid ? mid : lo; /* the first rank of the half without the root */
    if (rank == root)
        MPI_Send(v, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    else if (rank == other)
        MPI_Recv(v, 1, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < mid)
        halving_bcast(v, root < mid ? root : other, lo, mid, rank);
    else
        halving_bcast(v, root >= mid ? root : other, mid, hi, rank);
}

int main(int argc, char **argv) {
    int rank, size, value = -1, keys[NKEYS];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < NKEYS; i++)
        keys[i] = (i * 5 + rank) % NKEYS;
    quicksort(keys, 0, NKEYS - 1);
    for (int i = 1; i < NKEYS; i++)
        assert(keys[i - 1] <= keys[i]);
    if (rank == 0)
        value = 42;
    halving_bcast(&value, 0, 0, size, rank);
    assert(value == 42);
    MPI_Finalize();
    return 0;
}
