/* RUN: -n 4
 * EXTRACT: --stub png
 * EXPECT: verified
 * 2-D heat equation (explicit finite differences, 5-point Laplacian) at its
 * real size: a 200x200 grid, 400 time steps, a PNG snapshot every 100 steps
 * and a binary checkpoint at the end. MPI_Dims_create + MPI_Cart_create lay
 * the ranks on a 2-D grid (MPI 3.1 §7.5); MPI_Cart_shift gives the four
 * neighbours (MPI_PROC_NULL on the edge, §7.5.6); rows go as contiguous
 * doubles and columns as an MPI_Type_vector (§4.1.2), each direction by one
 * MPI_Sendrecv (§3.10). For a snapshot every rank packs its block and
 * MPI_Gatherv (§5.5) brings the blocks to rank 0, which places them by
 * MPI_Cart_coords and writes a grayscale PNG through libpng (no source
 * here: the bundled stub, --stub png, defines the API and reads every row
 * as libpng does). The checkpoint is plain fwrite: a header (magic, n, step)
 * and the field. The maximum principle
 * of the scheme (r = 0.2 <= 1/4) is checked every snapshot: temperatures
 * stay in [0, 1] and the total heat never grows. The program is
 * deterministic: one execution; the check finds no deadlock, no leaked
 * datatype or communicator, and the assertions hold.
 *
 * usage: mpiexec -n P ./heat2d_png [-n N] [-s STEPS] [-o EVERY] [-p PREFIX]
 */
#include <assert.h>
#include <mpi.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define R 0.2 /* alpha dt / h^2: stable for r <= 1/4 */

typedef struct {
    int n, steps, every;
    char prefix[64];
} Options;

typedef struct {
    MPI_Comm cart;
    int rank, size, dims[2], coords[2];
    int north, south, west, east;
    int rows, cols, row0, col0; /* interior block and its global origin */
    MPI_Datatype column;
} Domain;

#define AT(f, i, j, d) ((f)[(size_t)(i) * (size_t)((d)->cols + 2) + (size_t)(j)])

static void block_range(int n, int parts, int index, int *count, int *start) {
    int base = n / parts, extra = n % parts;
    *count = base + (index < extra ? 1 : 0);
    *start = index * base + (index < extra ? index : extra);
}

static int parse_options(int argc, char **argv, Options *o) {
    int c;
    o->n = 200;
    o->steps = 400;
    o->every = 100;
    strcpy(o->prefix, "heat");
    while ((c = getopt(argc, argv, "n:s:o:p:")) != -1) {
        switch (c) {
        case 'n':
            o->n = atoi(optarg);
            break;
        case 's':
            o->steps = atoi(optarg);
            break;
        case 'o':
            o->every = atoi(optarg);
            break;
        case 'p':
            snprintf(o->prefix, sizeof o->prefix, "%s", optarg);
            break;
        default:
            return 1;
        }
    }
    return o->n < 4 || o->steps < 0 || o->every < 1;
}

static void setup_domain(Domain *d, const Options *o) {
    int periods[2] = {0, 0};
    int world;
    MPI_Comm_size(MPI_COMM_WORLD, &world);
    d->dims[0] = d->dims[1] = 0;
    MPI_Dims_create(world, 2, d->dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, d->dims, periods, 1, &d->cart);
    MPI_Comm_rank(d->cart, &d->rank);
    MPI_Comm_size(d->cart, &d->size);
    MPI_Cart_coords(d->cart, d->rank, 2, d->coords);
    MPI_Cart_shift(d->cart, 0, 1, &d->north, &d->south);
    MPI_Cart_shift(d->cart, 1, 1, &d->west, &d->east);
    block_range(o->n, d->dims[0], d->coords[0], &d->rows, &d->row0);
    block_range(o->n, d->dims[1], d->coords[1], &d->cols, &d->col0);
    MPI_Type_vector(d->rows, 1, d->cols + 2, MPI_DOUBLE, &d->column);
    MPI_Type_commit(&d->column);
}

/* A hot disk of radius n/4 in the middle of a cold plate; the edge stays 0. */
static void initial_field(double *u, const Domain *d, int n) {
    double c = 0.5 * (n - 1), r2 = (n / 4.0) * (n / 4.0);
    for (int i = 0; i < d->rows + 2; i++)
        for (int j = 0; j < d->cols + 2; j++)
            AT(u, i, j, d) = 0.0;
    for (int i = 1; i <= d->rows; i++)
        for (int j = 1; j <= d->cols; j++) {
            double y = d->row0 + i - 1 - c, x = d->col0 + j - 1 - c;
            AT(u, i, j, d) = x * x + y * y <= r2 ? 1.0 : 0.0;
        }
}

static void exchange_halo(double *u, const Domain *d) {
    int w = d->cols + 2;
    /* First row north, last row south, then the columns. */
    MPI_Sendrecv(&u[1 * w + 1], d->cols, MPI_DOUBLE, d->north, 10, &u[(d->rows + 1) * w + 1],
                 d->cols, MPI_DOUBLE, d->south, 10, d->cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[d->rows * w + 1], d->cols, MPI_DOUBLE, d->south, 11, &u[0 * w + 1], d->cols,
                 MPI_DOUBLE, d->north, 11, d->cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1 * w + 1], 1, d->column, d->west, 12, &u[1 * w + d->cols + 1], 1, d->column,
                 d->east, 12, d->cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1 * w + d->cols], 1, d->column, d->east, 13, &u[1 * w + 0], 1, d->column,
                 d->west, 13, d->cart, MPI_STATUS_IGNORE);
}

static void step_field(const double *u, double *next, const Domain *d) {
    int w = d->cols + 2;
    for (int i = 1; i <= d->rows; i++) {
        const double *up = u + (size_t)(i - 1) * w, *mid = up + w, *down = mid + w;
        double *out = next + (size_t)i * w;
        for (int j = 1; j <= d->cols; j++)
            out[j] = mid[j] + R * (up[j] + down[j] + mid[j - 1] + mid[j + 1] - 4.0 * mid[j]);
    }
}

/* Rank 0 gets the whole n x n field, placed by each block's Cartesian coordinates. */
static double *gather_field(const double *u, const Domain *d, int n) {
    int mine = d->rows * d->cols;
    double *block = malloc((size_t)mine * sizeof(double));
    for (int i = 0; i < d->rows; i++)
        memcpy(&block[(size_t)i * d->cols], &AT(u, i + 1, 1, d), (size_t)d->cols * sizeof(double));
    int *counts = NULL, *displs = NULL;
    double *packed = NULL, *field = NULL;
    if (d->rank == 0) {
        counts = malloc((size_t)d->size * sizeof(int));
        displs = malloc((size_t)d->size * sizeof(int));
        int offset = 0;
        for (int r = 0; r < d->size; r++) {
            int rc[2], rows, cols, s;
            MPI_Cart_coords(d->cart, r, 2, rc);
            block_range(n, d->dims[0], rc[0], &rows, &s);
            block_range(n, d->dims[1], rc[1], &cols, &s);
            counts[r] = rows * cols;
            displs[r] = offset;
            offset += counts[r];
        }
        packed = malloc((size_t)n * n * sizeof(double));
    }
    MPI_Gatherv(block, mine, MPI_DOUBLE, packed, counts, displs, MPI_DOUBLE, 0, d->cart);
    if (d->rank == 0) {
        field = malloc((size_t)n * n * sizeof(double));
        for (int r = 0; r < d->size; r++) {
            int rc[2], rows, cols, r0, c0;
            MPI_Cart_coords(d->cart, r, 2, rc);
            block_range(n, d->dims[0], rc[0], &rows, &r0);
            block_range(n, d->dims[1], rc[1], &cols, &c0);
            for (int i = 0; i < rows; i++)
                memcpy(&field[(size_t)(r0 + i) * n + c0], &packed[displs[r] + i * cols],
                       (size_t)cols * sizeof(double));
        }
        free(packed);
        free(displs);
        free(counts);
    }
    free(block);
    return field;
}

static int write_png(const char *name, const double *field, int n) {
    FILE *fp = fopen(name, "wb");
    if (fp == NULL)
        return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) {
        fclose(fp);
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep row = png_malloc(png, (png_size_t)n);
    if (setjmp(png_jmpbuf(png))) {
        png_free(png, row);
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return 1;
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, n, n, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            double t = field[(size_t)y * n + x];
            row[x] = (png_byte)(t <= 0.0 ? 0 : t >= 1.0 ? 255 : (int)(t * 255.0 + 0.5));
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_free(png, row);
    png_destroy_write_struct(&png, &info);
    return fclose(fp) != 0;
}

/* The checkpoint: magic, n, step, then the field row by row. */
static int write_checkpoint(const char *name, const double *field, int n, int step) {
    FILE *fp = fopen(name, "wb");
    if (fp == NULL)
        return 1;
    int header[3] = {0x48454154, n, step};
    size_t cells = (size_t)n * n;
    int bad = fwrite(header, sizeof(int), 3, fp) != 3 ||
              fwrite(field, sizeof(double), cells, fp) != cells;
    return fclose(fp) != 0 || bad;
}

int main(int argc, char **argv) {
    int world_rank;
    Options opt;
    Domain d;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    int bad = world_rank == 0 ? parse_options(argc, argv, &opt) : 0;
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (bad) {
        if (world_rank == 0)
            fprintf(stderr, "usage: heat2d_png [-n N] [-s STEPS] [-o EVERY] [-p PREFIX]\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Bcast(&opt, (int)sizeof opt, MPI_BYTE, 0, MPI_COMM_WORLD);
    setup_domain(&d, &opt);

    size_t cells = (size_t)(d.rows + 2) * (size_t)(d.cols + 2);
    double *u = malloc(cells * sizeof(double));
    double *next = malloc(cells * sizeof(double));
    initial_field(u, &d, opt.n);
    memcpy(next, u, cells * sizeof(double));

    double heat0 = 0.0, local = 0.0;
    for (int i = 1; i <= d.rows; i++)
        for (int j = 1; j <= d.cols; j++)
            local += AT(u, i, j, &d);
    MPI_Allreduce(&local, &heat0, 1, MPI_DOUBLE, MPI_SUM, d.cart);
    double last_heat = heat0;

    double t0 = MPI_Wtime();
    for (int step = 1; step <= opt.steps; step++) {
        exchange_halo(u, &d);
        step_field(u, next, &d);
        double *t = u;
        u = next;
        next = t;
        if (step % opt.every == 0 || step == opt.steps) {
            double heat = 0.0, hmax = 0.0, hmin = 1.0;
            local = 0.0;
            for (int i = 1; i <= d.rows; i++)
                for (int j = 1; j <= d.cols; j++) {
                    double v = AT(u, i, j, &d);
                    local += v;
                    hmax = v > hmax ? v : hmax;
                    hmin = v < hmin ? v : hmin;
                }
            assert(hmin >= 0.0 && hmax <= 1.0);
            MPI_Allreduce(&local, &heat, 1, MPI_DOUBLE, MPI_SUM, d.cart);
            /* Heat only leaves through the cold edge (up to rounding). */
            assert(heat <= last_heat * (1.0 + 1e-12));
            last_heat = heat;
            double *field = gather_field(u, &d, opt.n);
            if (d.rank == 0) {
                char name[96];
                snprintf(name, sizeof name, "%s_%05d.png", opt.prefix, step);
                if (write_png(name, field, opt.n) != 0) {
                    fprintf(stderr, "heat2d_png: cannot write %s\n", name);
                    MPI_Abort(d.cart, 1);
                }
                printf("step %5d: heat %.6f of %.6f, snapshot %s\n", step, heat, heat0, name);
                if (step == opt.steps) {
                    snprintf(name, sizeof name, "%s.chk", opt.prefix);
                    if (write_checkpoint(name, field, opt.n, step) != 0) {
                        fprintf(stderr, "heat2d_png: checkpoint %s failed\n", name);
                        MPI_Abort(d.cart, 1);
                    }
                }
                free(field);
            }
        }
    }
    double elapsed = MPI_Wtime() - t0;
    if (d.rank == 0)
        printf("%d steps on %dx%d ranks in %.3f s\n", opt.steps, d.dims[0], d.dims[1], elapsed);

    free(next);
    free(u);
    MPI_Type_free(&d.column);
    MPI_Comm_free(&d.cart);
    MPI_Finalize();
    return 0;
}
