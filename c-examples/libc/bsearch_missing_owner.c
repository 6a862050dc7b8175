/* RUN: -n 3
 * EXPECT: error assertion
 * Owner lookup with an off-by-one: the ranks own blocks of cells of different sizes,
 * gather every block size with MPI_Allgather and build a directory of blocks {first
 * cell, number of cells, owner} in cell order; each rank then finds, with bsearch and a
 * comparator matching a cell inside a block, the owner of the ghost cell after its own
 * block (periodically: the last rank's ghost is cell 0). The loop building the
 * directory stops one block short (`r < size - 1`), so the last rank's block is
 * missing: on the next-to-last rank bsearch returns NULL and the assertion on the
 * lookup fails, while the other ranks find their owner.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define MAXRANKS 16

typedef struct {
    int first;
    int count;
    int owner;
} block_t;

/* A cell matches the block holding it. */
static int cell_in_block(const void *key, const void *elem) {
    int cell = *(const int *)key;
    const block_t *b = elem;
    if (cell < b->first)
        return -1;
    return cell >= b->first + b->count;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > MAXRANKS)
        MPI_Abort(MPI_COMM_WORLD, 1);

    int mine = 3 + rank % 2; /* cells this rank owns */
    int counts[MAXRANKS];
    MPI_Allgather(&mine, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);

    block_t dir[MAXRANKS];
    int ndir = 0, first = 0, total = 0, my_first = 0;
    for (int r = 0; r < size; r++) {
        if (r == rank)
            my_first = total;
        total += counts[r];
    }
    for (int r = 0; r < size - 1; r++) { /* BUG: should be r < size */
        dir[ndir].first = first;
        dir[ndir].count = counts[r];
        dir[ndir].owner = r;
        first += counts[r];
        ndir++;
    }

    int ghost = (my_first + mine) % total;
    const block_t *b = bsearch(&ghost, dir, ndir, sizeof dir[0], cell_in_block);
    assert(b != NULL);
    assert(b->owner == (rank + 1) % size);
    MPI_Finalize();
    return 0;
}
