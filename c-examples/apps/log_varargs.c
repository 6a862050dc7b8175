/* RUN: -n 3
 * EXPECT: verified
 * A variadic logging helper in the style of larger codes: log_msg(level, fmt, ...)
 * prefixes the rank and forwards its arguments with va_list to vfprintf(stderr) and
 * vsnprintf; a second helper sums a variable number of doubles with va_arg. The ranks
 * exchange a formatted status line and compare it with strcmp.
 */
#include <assert.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum level { LOG_DEBUG, LOG_INFO, LOG_WARN };
static int my_rank = -1;
static enum level threshold = LOG_INFO;
static char last_line[64];

static void log_msg(enum level lvl, const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    if (lvl >= threshold) {
        fprintf(stderr, "[rank %d] ", my_rank);
        vfprintf(stderr, fmt, ap);
    }
    vsnprintf(last_line, sizeof last_line, fmt, again);
    va_end(again);
    va_end(ap);
}

static double sum_doubles(int n, ...) {
    va_list ap;
    double s = 0.0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

int main(int argc, char **argv) {
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double s = sum_doubles(3, 0.5 * my_rank, 1.0, 2.25);
    log_msg(LOG_DEBUG, "partial %.2f of %d\n", s, size);
    log_msg(LOG_INFO, "rank=%d sum=%.2f tag=%s", my_rank, s, "ok");

    char from_prev[64] = "", expect[64];
    int next = (my_rank + 1) % size, prev = (my_rank + size - 1) % size;
    MPI_Sendrecv(last_line, sizeof last_line, MPI_CHAR, next, 0, from_prev, sizeof from_prev,
                 MPI_CHAR, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    snprintf(expect, sizeof expect, "rank=%d sum=%.2f tag=%s", prev, 0.5 * prev + 3.25, "ok");
    assert(strcmp(from_prev, expect) == 0);
    MPI_Finalize();
    return 0;
}
