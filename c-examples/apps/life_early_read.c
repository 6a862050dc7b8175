/* RUN: -n 2..4
 * EXPECT: error assertion
 * EXPECT: error local-race
 * The Game of Life of life.c after an "optimization" for more overlap of
 * communication and computation: the MPI_Waitall of the halo exchange moved
 * below the update of the two edge rows, so those rows are computed from ghost
 * rows whose MPI_Irecv is still pending. MPI says nothing about what a pending
 * receive buffer holds: in practice the edge rows see last generation's ghost
 * cells or a half-written row, depending on timing, and rank 0's serial replay
 * fails (in our runs under MPICH, every time). The check reports the read of
 * the pending receive buffer on every rank, with the line that posted the
 * receive and the line that read it, and the failed assertion that follows
 * from the stale ghost cells it read.
 *
 * usage: mpiexec -n P ./life_early_read [ROWS [COLS [GENERATIONS [SEED]]]]
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef MPI_VERIFY
#define DEF_ROWS 16
#define DEF_COLS 16
#define DEF_GENS 8
#else
#define DEF_ROWS 1024
#define DEF_COLS 1024
#define DEF_GENS 500
#endif
#define DEF_SEED 2024u
#define DENSITY 35 /* percent of cells alive at the start */

#define TAG_UP 1   /* my first row, to the rank above */
#define TAG_DOWN 2 /* my last row, to the rank below */

typedef unsigned char cell;

typedef struct {
    int rows, cols, gens;
    unsigned seed;
} Config;

typedef struct {
    int rank, size;
    int up, down;     /* neighbours on the ring of row blocks */
    int h, w;         /* my rows, all columns */
    int row0;         /* global index of my first row */
    cell *cur, *next; /* (h + 2) x (w + 2), ghosts all round */
} Board;

#define AT(b, g, i, j) ((g)[(i) * ((b)->w + 2) + (j)])

static int parse_int(const char *s, int lo, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < lo || v > 1000000) {
        fprintf(stderr, "life: bad %s '%s'\n", what, s);
        return -1;
    }
    return (int)v;
}

static int parse_config(int argc, char **argv, Config *c) {
    c->rows = DEF_ROWS;
    c->cols = DEF_COLS;
    c->gens = DEF_GENS;
    c->seed = DEF_SEED;
    if (argc > 1 && (c->rows = parse_int(argv[1], 3, "ROWS")) < 0)
        return 1;
    if (argc > 2 && (c->cols = parse_int(argv[2], 3, "COLS")) < 0)
        return 1;
    if (argc > 3 && (c->gens = parse_int(argv[3], 0, "GENERATIONS")) < 0)
        return 1;
    if (argc > 4) {
        int s = parse_int(argv[4], 0, "SEED");
        if (s < 0)
            return 1;
        c->seed = (unsigned)s;
    }
    return 0;
}

/* Whether cell (i, j) of the whole board starts alive: a hash of its
 * coordinates, so every rank can make its own part and rank 0 the whole. */
static cell initial_cell(unsigned seed, int i, int j) {
    unsigned h = seed * 2654435761u ^ (unsigned)i * 40503u ^ (unsigned)j * 9973u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return (cell)(h % 100u < DENSITY);
}

static cell rule(cell alive, int neighbours) {
    return (cell)(neighbours == 3 || (alive && neighbours == 2));
}

static int count_neighbours(const cell *g, int stride, int i, int j) {
    const cell *a = g + (i - 1) * stride + j, *m = g + i * stride + j, *b = g + (i + 1) * stride + j;
    return a[-1] + a[0] + a[1] + m[-1] + m[1] + b[-1] + b[0] + b[1];
}

static void board_init(Board *b, const Config *c) {
    MPI_Comm_rank(MPI_COMM_WORLD, &b->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b->size);
    b->up = (b->rank + b->size - 1) % b->size;
    b->down = (b->rank + 1) % b->size;
    int base = c->rows / b->size, extra = c->rows % b->size;
    b->h = base + (b->rank < extra);
    b->row0 = b->rank * base + (b->rank < extra ? b->rank : extra);
    b->w = c->cols;
    size_t n = (size_t)(b->h + 2) * (size_t)(b->w + 2);
    b->cur = calloc(n, sizeof(cell));
    b->next = calloc(n, sizeof(cell));
    if (b->cur == NULL || b->next == NULL) {
        fprintf(stderr, "rank %d: out of memory for %d x %d cells\n", b->rank, b->h, b->w);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int i = 1; i <= b->h; i++)
        for (int j = 1; j <= b->w; j++)
            AT(b, b->cur, i, j) = initial_cell(c->seed, b->row0 + i - 1, j - 1);
}

/* Columns wrap around within the rank. */
static void wrap_columns(const Board *b, cell *g) {
    for (int i = 1; i <= b->h; i++) {
        AT(b, g, i, 0) = AT(b, g, i, b->w);
        AT(b, g, i, b->w + 1) = AT(b, g, i, 1);
    }
}

static void update_row(const Board *b, int i) {
    int stride = b->w + 2;
    for (int j = 1; j <= b->w; j++)
        AT(b, b->next, i, j) = rule(AT(b, b->cur, i, j), count_neighbours(b->cur, stride, i, j));
}

/* One generation: exchange the ghost rows while updating the inside. */
static void step(Board *b) {
    MPI_Request req[4];
    int len = b->w + 2;
    wrap_columns(b, b->cur);
    MPI_Irecv(&AT(b, b->cur, 0, 0), len, MPI_UNSIGNED_CHAR, b->up, TAG_DOWN, MPI_COMM_WORLD,
              &req[0]);
    MPI_Irecv(&AT(b, b->cur, b->h + 1, 0), len, MPI_UNSIGNED_CHAR, b->down, TAG_UP,
              MPI_COMM_WORLD, &req[1]);
    MPI_Isend(&AT(b, b->cur, 1, 0), len, MPI_UNSIGNED_CHAR, b->up, TAG_UP, MPI_COMM_WORLD,
              &req[2]);
    MPI_Isend(&AT(b, b->cur, b->h, 0), len, MPI_UNSIGNED_CHAR, b->down, TAG_DOWN,
              MPI_COMM_WORLD, &req[3]);

    /* rows 2 .. h-1 read only my own rows */
    for (int i = 2; i < b->h; i++)
        update_row(b, i);

    update_row(b, 1);
    if (b->h > 1)
        update_row(b, b->h);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);

    cell *t = b->cur;
    b->cur = b->next;
    b->next = t;
}

/* Population and a position-weighted checksum of my rows. */
static void summarize(const Board *b, long *population, long *checksum) {
    long pop = 0, sum = 0;
    for (int i = 1; i <= b->h; i++)
        for (int j = 1; j <= b->w; j++)
            if (AT(b, b->cur, i, j)) {
                pop++;
                sum += (long)(b->row0 + i - 1) * b->w + j;
            }
    *population = pop;
    *checksum = sum;
}

/* The whole game on one process, the way rank 0 checks the parallel one. */
static void serial_life(const Config *c, long *population, long *checksum) {
    int R = c->rows, C = c->cols;
    cell *g = malloc((size_t)R * C), *n = malloc((size_t)R * C);
    assert(g != NULL && n != NULL);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            g[i * C + j] = initial_cell(c->seed, i, j);
    for (int t = 0; t < c->gens; t++) {
        for (int i = 0; i < R; i++) {
            for (int j = 0; j < C; j++) {
                int k = 0;
                for (int di = -1; di <= 1; di++)
                    for (int dj = -1; dj <= 1; dj++)
                        if (di || dj)
                            k += g[((i + di + R) % R) * C + (j + dj + C) % C];
                n[i * C + j] = rule(g[i * C + j], k);
            }
        }
        cell *x = g;
        g = n;
        n = x;
    }
    long pop = 0, sum = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            if (g[i * C + j]) {
                pop++;
                sum += (long)i * C + j + 1;
            }
    *population = pop;
    *checksum = sum;
    free(g);
    free(n);
}

int main(int argc, char **argv) {
    Config cfg;
    Board b;
    MPI_Init(&argc, &argv);
    if (parse_config(argc, argv, &cfg) != 0) {
        MPI_Finalize();
        return 1;
    }
    board_init(&b, &cfg);
    if (cfg.rows < b.size) {
        if (b.rank == 0)
            fprintf(stderr, "life: %d rows cannot be split over %d ranks\n", cfg.rows, b.size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    double t0 = MPI_Wtime();
    for (int t = 0; t < cfg.gens; t++)
        step(&b);
    double t1 = MPI_Wtime();

    long mine[2], *all = NULL;
    summarize(&b, &mine[0], &mine[1]);
    if (b.rank == 0) {
        all = malloc(2 * (size_t)b.size * sizeof(long));
        if (all == NULL)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Gather(mine, 2, MPI_LONG, all, 2, MPI_LONG, 0, MPI_COMM_WORLD);

    if (b.rank == 0) {
        long pop = 0, sum = 0, spop, ssum;
        for (int r = 0; r < b.size; r++) {
            pop += all[2 * r];
            sum += all[2 * r + 1];
        }
        printf("life: %d x %d board, %d generations on %d ranks\n", cfg.rows, cfg.cols, cfg.gens,
               b.size);
        printf("  population %ld, checksum %ld\n", pop, sum);
#ifndef MPI_VERIFY
        printf("  %.3f s (%.1f Mcell updates/s)\n", t1 - t0,
               (double)cfg.rows * cfg.cols * cfg.gens / (t1 - t0) / 1e6);
#else
        (void)t1;
        (void)t0;
#endif
        serial_life(&cfg, &spop, &ssum);
        printf("  serial:     population %ld, checksum %ld\n", spop, ssum);
        assert(pop == spop);
        assert(sum == ssum);
        free(all);
    }
    free(b.cur);
    free(b.next);
    MPI_Finalize();
    return 0;
}
