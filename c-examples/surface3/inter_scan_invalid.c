/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Scan has no intercommunicator form: MPI 3.1 §5.11.1 says the operation is
 * invalid for intercommunicators (prefix reductions need one rank order, and
 * §5.2.2 does not list the scans among the intercommunicator collectives).
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, v, sum;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank, 1, &inter);
    v = rank;
    MPI_Scan(&v, &sum, 1, MPI_INT, MPI_SUM, inter);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
