/* RUN: -n 2
 * EXPECT: verified
 * setjmp/longjmp as C11 §7.13 defines them: a reader retries a step that
 * fails by jumping back to its setjmp, which then returns the value
 * longjmp was given (a 0 would become 1, §7.13.2.1p4). The attempt
 * counter is volatile, so its value after the jump is the one it had when
 * longjmp was called (§7.13.2.1p3). The third attempt succeeds and both
 * ranks reach the same MPI_Allreduce (MPI 3.1 §5.9.6).
 */
#include <mpi.h>
#include <setjmp.h>
#include <stdio.h>

static jmp_buf retry;

static int parse(int attempt) {
    if (attempt < 3)
        longjmp(retry, 0); /* setjmp returns 1 */
    return 10 * attempt;
}

static int read_config(void) {
    volatile int attempts = 0;
    int why = setjmp(retry);
    if (why != 0 && why != 1)
        return -1;
    attempts++;
    return parse(attempts);
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = read_config(), total = 0;
    MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total != 60)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
    return 0;
}
