/* RUN: -n 2..4
 * EXPECT: verified
 * Calls through function pointers: a table of named operations, chosen by
 * rank, folded over the values every rank contributed, and a handler table
 * indexed by the tag of each message received: rank 0 takes one message from
 * every other rank with MPI_ANY_SOURCE and MPI_ANY_TAG and dispatches on
 * status.MPI_TAG, in every arrival order.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

typedef int (*binary_op)(int, int);

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
static int max_of(int a, int b) { return a > b ? a : b; }

struct named_op {
    const char *name;
    binary_op apply;
};

static const struct named_op ops[] = {{"sum", add}, {"product", mul}, {"max", max_of}};

static int fold(binary_op f, const int *v, int n) {
    int acc = v[0];
    for (int i = 1; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

/* Message handlers, indexed by tag: each updates the manager's totals. */
struct totals {
    int count, sum, largest;
};
typedef void (*handler)(struct totals *, int);
static void on_count(struct totals *t, int v) { t->count += v; }
static void on_sum(struct totals *t, int v) { t->sum += v; }
static void on_max(struct totals *t, int v) {
    if (v > t->largest)
        t->largest = v;
}
static handler handlers[3] = {on_count, on_sum, on_max};

int main(int argc, char **argv) {
    int rank, size, all[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine = rank + 1;
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    const struct named_op *op = &ops[rank % 3];
    int r = fold(op->apply, all, size);
    printf("rank %d: %s = %d\n", rank, op->name, r);
    if (op->apply == add)
        assert(r == size * (size + 1) / 2);

    if (rank == 0) {
        struct totals t = {0, 0, 0};
        for (int i = 1; i < size; i++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            handlers[st.MPI_TAG](&t, v);
        }
        /* Rank 1 sends a count, rank 2 a sum, rank 3 a maximum. */
        assert(t.count == 10 && t.largest == (size > 3 ? 30 : 0));
    } else {
        int tag = (rank - 1) % 3, v = rank * 10;
        MPI_Send(&v, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
