/* RUN: -n 2
 * EXPECT: inconclusive
 * The user-defined reduction logs through a library call the model does not know (getrusage).
 * The operator runs inside MPI_Allreduce, so the check stops there, naming the line inside the
 * operator and the MPI call that ran it.
 */
#include <mpi.h>
#include <sys/resource.h>

static void logged_sum(void *in, void *inout, int *len, MPI_Datatype *type) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

int main(int argc, char **argv) {
    int rank, total = 0;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Op_create(logged_sum, 1, &op);
    MPI_Allreduce(&rank, &total, 1, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Finalize();
    return 0;
}
