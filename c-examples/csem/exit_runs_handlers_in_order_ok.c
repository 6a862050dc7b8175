/* RUN: -n 2
 * EXPECT: verified
 * exit() runs the atexit handlers in reverse order of registration, then the
 * destructors: `second` runs before `first`, and the destructor sees both. _exit would
 * skip them all.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int order[3], n;

static void first(void) { order[n++] = 1; }
static void second(void) { order[n++] = 2; }

__attribute__((destructor)) static void last(void) {
    assert(n == 2 && order[0] == 2 && order[1] == 1);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    atexit(first);
    atexit(second);
    MPI_Finalize();
    exit(0);
}
