/* RUN: -n 2
 * EXPECT: verified
 * A run log as simulation codes keep one: standard output unbuffered with setvbuf first
 * thing (log lines come out as they happen, interleaved with the other ranks'), rank 0
 * stamps its lines with strftime on localtime_r(time(NULL)) and broadcasts the start
 * time, and the job's reference date is built with mktime from fields that overflow (day
 * 32 of December 2023 is 1 January 2024) and printed with strftime and asctime_r. gmtime
 * and localtime share one static struct tm (each call overwrites it, C11 7.27.3), which
 * is why the code copies it. The model's time zone is UTC and time() returns 0, so the
 * stamp reads 1970-01-01 00:00:00 UTC; the normalized date is the same in a real run.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void log_line(const char *what) {
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    size_t n = strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S %Z", &tm);
    assert(n > 0 && stamp[4] == '-' && stamp[13] == ':');
    printf("[%s] %s\n", stamp, what);
}

int main(int argc, char **argv) {
    int rank, size;
    setvbuf(stdout, NULL, _IONBF, 0);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    long start = 0;
    if (rank == 0) {
        log_line("run started");
        start = (long)time(NULL);
    }
    MPI_Bcast(&start, 1, MPI_LONG, 0, MPI_COMM_WORLD);

    /* The reference date: December 32nd normalizes to January 1st. */
    struct tm ref = {0};
    ref.tm_year = 2023 - 1900;
    ref.tm_mon = 11;
    ref.tm_mday = 32;
    ref.tm_hour = 6;
    ref.tm_isdst = -1;
    time_t epoch = mktime(&ref);
    assert(epoch != (time_t)-1);
    assert(ref.tm_year == 124 && ref.tm_mon == 0 && ref.tm_mday == 1);
    assert(ref.tm_wday == 1 && ref.tm_yday == 0); /* a Monday */
    char day[64];
    strftime(day, sizeof day, "%A %d %B %Y, day %j, week %V", &ref);
    assert(strcmp(day, "Monday 01 January 2024, day 001, week 01") == 0);
    char text[26];
    asctime_r(&ref, text);
    assert(strcmp(text, "Mon Jan  1 06:00:00 2024\n") == 0);

    /* One static struct for both. */
    time_t t = (time_t)start;
    struct tm *g = gmtime(&t);
    struct tm copy = *g;
    struct tm *l = localtime(&t);
    assert(g == l && copy.tm_year == l->tm_year);

    double step_hours = difftime(epoch + 3600, epoch) / 3600.0;
    assert(step_hours == 1.0);
    if (rank == 0)
        log_line(ctime(&t) != NULL ? "reference date set" : "no date");
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        log_line("run finished");
    MPI_Finalize();
    return 0;
}
