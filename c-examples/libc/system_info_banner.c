/* RUN: -n 2
 * EXPECT: verified
 * The start-up banner and set-up of a hybrid MPI+threads code: the threads per rank come
 * from sysconf(_SC_NPROCESSORS_ONLN) divided among the ranks on the node and are
 * exported with setenv for the threading runtime (getenv then sees them); halo buffers
 * are page-aligned (valloc, sysconf(_SC_PAGESIZE)) and passed around the ring; SIGUSR1
 * asks for a checkpoint (signal) and SIGTERM for a clean stop (sigaction with the old
 * action saved); colors only when isatty says standard output is a terminal; the banner
 * names the working directory (getcwd) and checks the run directory is readable (access,
 * stat). In the model the node has one processor per process, output goes to mpiexec
 * (not a terminal), and no signal arrives.
 */
#include <assert.h>
#include <errno.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t checkpoint_requested, stop_requested;
static void on_usr1(int sig) { (void)sig; checkpoint_requested = 1; }
static void on_term(int sig) { (void)sig; stop_requested = 1; }

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    long page = sysconf(_SC_PAGESIZE);
    assert(cpus >= 1 && page >= 4096);
    long threads = cpus / size > 0 ? cpus / size : 1;
    char value[24];
    snprintf(value, sizeof value, "%ld", threads);
    assert(setenv("OMP_NUM_THREADS", value, 1) == 0);
    assert(atol(getenv("OMP_NUM_THREADS")) == threads);
    assert(setenv("OMP_NUM_THREADS", "999", 0) == 0); /* already set: kept */
    assert(atol(getenv("OMP_NUM_THREADS")) == threads);

    assert(signal(SIGUSR1, on_usr1) != SIG_ERR);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    assert(sigaction(SIGTERM, &sa, &old) == 0);
    assert(signal(SIGKILL, on_term) == SIG_ERR && errno == EINVAL);

    /* Page-aligned halo buffers around the ring. */
    double *out = valloc(page), *in = valloc(page);
    assert(out != NULL && in != NULL && (unsigned long)out % page == 0);
    for (int i = 0; i < 8; i++)
        out[i] = rank * 100 + i;
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(out, 8, MPI_DOUBLE, right, 0, in, 8, MPI_DOUBLE, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    assert(in[3] == left * 100 + 3);

    if (rank == 0) {
        int color = isatty(STDOUT_FILENO);
        char *cwd = getcwd(NULL, 0);
        assert(cwd != NULL);
        struct stat st;
        assert(access(".", R_OK) == 0);
        assert(stat(".", &st) == 0 && S_ISDIR(st.st_mode));
        assert(access("no-such-checkpoint.dat", F_OK) == -1 && errno == ENOENT);
        printf("%s%d ranks x %ld threads in %s (parent %d, uid %d)%s\n",
               color ? "\033[1m" : "", size, threads, cwd, (int)getppid(), (int)getuid(),
               color ? "\033[0m" : "");
        free(cwd);
    }
    if (checkpoint_requested || stop_requested)
        printf("rank %d: signal received\n", rank);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
