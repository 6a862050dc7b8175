/* RUN: -n 2
 * EXPECT: error memory-error
 * A longjmp to a setjmp whose function has returned: init() saves its
 * context in a global jmp_buf and returns; later, an error path on rank 1
 * jumps there. C11 §7.13.2.1p2 makes this undefined (the frame the
 * jmp_buf describes is gone: real runs crash or resume with a corrupt
 * stack), and the check reports it at the longjmp.
 */
#include <mpi.h>
#include <setjmp.h>
#include <stdio.h>

static jmp_buf on_error;

static int init(void) {
    if (setjmp(on_error) != 0) {
        fprintf(stderr, "recovered\n");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    int rank, value;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (init() != 0)
        return 1;
    value = rank;
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 1 && value != 1)
        longjmp(on_error, 1);
    MPI_Finalize();
    return 0;
}
