/* RUN: -n 2..4
 * EXPECT: verified
 * Manager/worker work queue fed from a file: rank 0 reads the task list from
 * work_queue.tasks (fopen + fscanf, '#' comment lines, a growing array), gives
 * each worker one task, then hands the next task to whichever worker reports a
 * result first (MPI_Recv from MPI_ANY_SOURCE, reply to status.MPI_SOURCE).
 * When the list is empty each worker gets an empty TAG_STOP message. Tasks and
 * results travel as struct datatypes (MPI_Type_create_struct); every result
 * carries its task id, so the manager files it whatever order results come
 * in, checks that every task was done exactly once and recomputes each one
 * serially (assert). A final MPI_Gather reports how many tasks each worker did.
 * The check explores every order in which the workers' results can reach the
 * manager: no deadlock, no lost message, every assertion holds at np 2, 3, 4.
 *
 * usage: mpiexec -n P ./work_queue [TASKFILE]     (P >= 2)
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
    int id;
    int worker;
    long value;
} Result;

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

static MPI_Datatype result_type(void) {
    MPI_Datatype t;
    int len[3] = {1, 1, 1};
    MPI_Aint disp[3] = {offsetof(Result, id), offsetof(Result, worker), offsetof(Result, value)};
    MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_LONG};
    MPI_Type_create_struct(3, len, disp, types, &t);
    MPI_Type_commit(&t);
    return t;
}

/* ---- manager and workers ----------------------------------------------- */

static void manager(const TaskList *l, int nworkers, MPI_Datatype ttype, MPI_Datatype rtype) {
    long *value = calloc((size_t)l->count + 1, sizeof(long));
    int *done_by = calloc((size_t)l->count + 1, sizeof(int));
    int *times_done = calloc((size_t)l->count + 1, sizeof(int));
    if (value == NULL || done_by == NULL || times_done == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);

    int next = 0, busy = 0;
    for (int w = 1; w <= nworkers; w++) {
        if (next < l->count) {
            MPI_Send(&l->items[next++], 1, ttype, w, TAG_TASK, MPI_COMM_WORLD);
            busy++;
        } else {
            MPI_Send(NULL, 0, ttype, w, TAG_STOP, MPI_COMM_WORLD);
        }
    }
    while (busy > 0) {
        Result r;
        MPI_Status st;
        MPI_Recv(&r, 1, rtype, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
        busy--;
        if (r.id < 0 || r.id >= l->count || r.worker != st.MPI_SOURCE) {
            fprintf(stderr, "manager: bad result from rank %d\n", st.MPI_SOURCE);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        value[r.id] = r.value;
        done_by[r.id] = r.worker;
        times_done[r.id]++;
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
        assert(times_done[i] == 1);
        assert(value[i] == run_task(t));
    }
    free(value);
    free(done_by);
    free(times_done);
}

static int worker(int rank, MPI_Datatype ttype, MPI_Datatype rtype) {
    int ntasks = 0;
    for (;;) {
        Task t;
        MPI_Status st;
        MPI_Recv(&t, 1, ttype, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP)
            break;
        Result r = {t.id, rank, run_task(&t)};
        MPI_Send(&r, 1, rtype, 0, TAG_RESULT, MPI_COMM_WORLD);
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
    MPI_Datatype ttype = task_type(), rtype = result_type();

    int mine = 0;
    if (rank == 0) {
        TaskList l = {NULL, 0, 0};
        if (read_tasks(path, &l) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        manager(&l, size - 1, ttype, rtype);
        free(l.items);
    } else {
        mine = worker(rank, ttype, rtype);
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
    MPI_Type_free(&rtype);
    MPI_Finalize();
    return 0;
}
