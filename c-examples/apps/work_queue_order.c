/* RUN: -n 2..4
 * EXPECT: error assertion
 * The manager/worker queue of work_queue.c as it was first written: a worker
 * sends back only the value it computed, and the manager, which hands tasks
 * out in the file's order, files the k-th result it receives under task k.
 * That holds with one worker (np 2) and in most short test runs, but results
 * come back in the order the workers finish: at np 3 a worker that drew a
 * quick task reports before the one that drew task 0, the results are
 * filed under the wrong tasks, and the manager's own check fails. The check
 * verifies np 2 and finds, at np 3 and 4, the order of the wildcard receives
 * that breaks the assertion, naming which result each MPI_ANY_SOURCE receive
 * took and which other senders it could have taken.
 *
 * usage: mpiexec -n P ./work_queue_order [TASKFILE]     (P >= 2)
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_TASK 1
#define TAG_RESULT 2
#define TAG_STOP 3

enum kind { KIND_PRIMES, KIND_COLLATZ, KIND_SQUARES };
static const char *kind_names[] = {"primes", "collatz", "squares"};

typedef struct {
    int id;
    int kind;
    long lo, hi;
} Task;

typedef struct {
    Task *items;
    int count, capacity;
} TaskList;

/* ---- the work ---------------------------------------------------------- */

static int is_prime(long n) {
    if (n < 2)
        return 0;
    for (long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static long collatz_length(long n) {
    long steps = 1;
    while (n != 1) {
        n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
        steps++;
    }
    return steps;
}

static long run_task(const Task *t) {
    long v = 0;
    switch (t->kind) {
    case KIND_PRIMES:
        for (long i = t->lo; i < t->hi; i++)
            v += is_prime(i);
        break;
    case KIND_COLLATZ:
        for (long i = t->lo; i < t->hi; i++) {
            long len = collatz_length(i);
            if (len > v)
                v = len;
        }
        break;
    case KIND_SQUARES:
        for (long i = t->lo; i < t->hi; i++)
            v += i * i;
        break;
    }
    return v;
}

/* ---- reading the task file --------------------------------------------- */

static int kind_of(const char *word) {
    for (int k = 0; k < (int)(sizeof kind_names / sizeof kind_names[0]); k++)
        if (strcmp(word, kind_names[k]) == 0)
            return k;
    return -1;
}

static void list_push(TaskList *l, Task t) {
    if (l->count == l->capacity) {
        int cap = l->capacity ? 2 * l->capacity : 4;
        Task *p = realloc(l->items, (size_t)cap * sizeof(Task));
        if (p == NULL) {
            fprintf(stderr, "work_queue: out of memory for %d tasks\n", cap);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        l->items = p;
        l->capacity = cap;
    }
    l->items[l->count++] = t;
}

/* Returns 0 and fills `l`, or prints what is wrong and returns 1. */
static int read_tasks(const char *path, TaskList *l) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    char word[32];
    int line = 0;
    while (fscanf(f, "%31s", word) == 1) {
        line++;
        if (word[0] == '#') {
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            continue;
        }
        Task t;
        t.kind = kind_of(word);
        if (t.kind < 0 || fscanf(f, "%ld %ld", &t.lo, &t.hi) != 2 || t.lo < 1 || t.hi < t.lo) {
            fprintf(stderr, "%s: bad task '%s' (entry %d)\n", path, word, line);
            fclose(f);
            return 1;
        }
        t.id = l->count;
        list_push(l, t);
    }
    fclose(f);
    return 0;
}

/* ---- datatypes --------------------------------------------------------- */

static MPI_Datatype task_type(void) {
    MPI_Datatype t;
    int len[3] = {1, 1, 2};
    MPI_Aint disp[3] = {offsetof(Task, id), offsetof(Task, kind), offsetof(Task, lo)};
    MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_LONG};
    MPI_Type_create_struct(3, len, disp, types, &t);
    MPI_Type_commit(&t);
    return t;
}

/* ---- manager and workers ----------------------------------------------- */

static void manager(const TaskList *l, int nworkers, MPI_Datatype ttype) {
    long *value = calloc((size_t)l->count + 1, sizeof(long));
    int *done_by = calloc((size_t)l->count + 1, sizeof(int));
    if (value == NULL || done_by == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);

    int next = 0, busy = 0, received = 0;
    for (int w = 1; w <= nworkers; w++) {
        if (next < l->count) {
            MPI_Send(&l->items[next++], 1, ttype, w, TAG_TASK, MPI_COMM_WORLD);
            busy++;
        } else {
            MPI_Send(NULL, 0, ttype, w, TAG_STOP, MPI_COMM_WORLD);
        }
    }
    while (busy > 0) {
        long v;
        MPI_Status st;
        MPI_Recv(&v, 1, MPI_LONG, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
        busy--;
        /* tasks went out in order, so the results come back in order */
        value[received] = v;
        done_by[received] = st.MPI_SOURCE;
        received++;
        if (next < l->count) {
            MPI_Send(&l->items[next++], 1, ttype, st.MPI_SOURCE, TAG_TASK, MPI_COMM_WORLD);
            busy++;
        } else {
            MPI_Send(NULL, 0, ttype, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
        }
    }

    printf("work_queue: %d tasks on %d workers\n", l->count, nworkers);
    for (int i = 0; i < l->count; i++) {
        const Task *t = &l->items[i];
        printf("  task %2d  %-8s [%ld, %ld)  = %-8ld (rank %d)\n", i, kind_names[t->kind], t->lo,
               t->hi, value[i], done_by[i]);
        assert(value[i] == run_task(t));
    }
    free(value);
    free(done_by);
}

static int worker(MPI_Datatype ttype) {
    int ntasks = 0;
    for (;;) {
        Task t;
        MPI_Status st;
        MPI_Recv(&t, 1, ttype, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP)
            break;
        long v = run_task(&t);
        MPI_Send(&v, 1, MPI_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
        ntasks++;
    }
    return ntasks;
}

int main(int argc, char **argv) {
    int rank, size;
    const char *path = argc > 1 ? argv[1] : "work_queue.tasks";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        fprintf(stderr, "work_queue: needs a manager and at least one worker\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Datatype ttype = task_type();

    int mine = 0;
    if (rank == 0) {
        TaskList l = {NULL, 0, 0};
        if (read_tasks(path, &l) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        manager(&l, size - 1, ttype);
        free(l.items);
    } else {
        mine = worker(ttype);
    }

    int *per_rank = rank == 0 ? malloc((size_t)size * sizeof(int)) : NULL;
    MPI_Gather(&mine, 1, MPI_INT, per_rank, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("  tasks per worker:");
        for (int r = 1; r < size; r++)
            printf(" %d", per_rank[r]);
        printf("\n");
        free(per_rank);
    }
    MPI_Type_free(&ttype);
    MPI_Finalize();
    return 0;
}
