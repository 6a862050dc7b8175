/* RUN: -n 4
 * EXPECT: error deadlock
 * EXPECT: error assertion
 * The recursive halving broadcast of recursion_tree_bcast.c with one
 * mistake deep in the recursion (line 48): the lower half is given the
 * upper half's first rank as its root. At np 4, rank 0 then waits in its
 * second-level receive for rank 2, which has already finished; rank 1
 * never gets the value and fails its assertion. Both are reported with a
 * trace through the recursive calls.
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
        halving_bcast(v, other, lo, mid, rank); /* bug: the root when root < mid */
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
