/* RUN: -n 2
 * EXPECT: inconclusive
 * Absolute addresses as displacements, with MPI_BOTTOM as the buffer (MPI 3.1
 * §4.1.12): correct MPI, but the verifier's addresses are not those of a flat
 * address space, so the struct constructor is reported unsupported rather
 * than guessed.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = 0;
    double x = 0.0;
    MPI_Aint disp[2];
    MPI_Get_address(&n, &disp[0]);
    MPI_Get_address(&x, &disp[1]);
    int lens[2] = {1, 1};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t;
    MPI_Type_create_struct(2, lens, disp, types, &t);
    MPI_Type_commit(&t);
    if (rank == 0) {
        n = 7;
        x = 0.5;
        MPI_Send(MPI_BOTTOM, 1, t, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(MPI_BOTTOM, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
