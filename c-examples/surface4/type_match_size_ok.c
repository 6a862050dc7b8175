/* RUN: -n 2
 * EXPECT: verified
 * MPI_Type_match_size (MPI 3.1 §17.1.9) gives a predefined datatype of a type class and
 * size: here the one matching C's double and the one matching int, found by sizeof
 * rather than named. Rank 0 sends a double and an int with the types it got, rank 1
 * receives them with the same types; MPI_Type_size confirms the sizes. Which named
 * type comes back is the implementation's (MPICH returns MPI_REAL8 and MPI_INTEGER4).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, n = 0;
    double x = 0.0;
    MPI_Datatype real_t, int_t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_match_size(MPI_TYPECLASS_REAL, (int)sizeof(double), &real_t);
    MPI_Type_match_size(MPI_TYPECLASS_INTEGER, (int)sizeof(int), &int_t);
    MPI_Type_size(real_t, &size);
    assert(size == sizeof(double));
    MPI_Type_size(int_t, &size);
    assert(size == sizeof(int));
    if (rank == 0) {
        x = 2.5;
        n = 42;
        MPI_Send(&x, 1, real_t, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&n, 1, int_t, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&x, 1, real_t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&n, 1, int_t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(x == 2.5 && n == 42);
    }
    MPI_Finalize();
    return 0;
}
