/* RUN: -n 1
 * EXPECT: verified
 * MPI_Status_set_elements(_x) and MPI_Status_set_cancelled (MPI 3.1 §12.3) fill
 * in a status as a generalized request's query function does; MPI_Get_elements,
 * MPI_Get_count and MPI_Test_cancelled then read back what was set (§3.2.5,
 * §3.8.4). Setting the cancelled flag leaves the element count alone.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Status st;
    int n, flag;
    MPI_Count big;
    MPI_Status_set_elements(&st, MPI_INT, 3);
    MPI_Status_set_cancelled(&st, 1);
    MPI_Test_cancelled(&st, &flag);
    assert(flag);
    MPI_Get_count(&st, MPI_INT, &n);
    assert(n == 3);
    MPI_Status_set_cancelled(&st, 0);
    MPI_Test_cancelled(&st, &flag);
    assert(!flag);
    MPI_Status_set_elements_x(&st, MPI_DOUBLE, 5);
    MPI_Get_elements_x(&st, MPI_DOUBLE, &big);
    assert(big == 5);
    MPI_Get_elements(&st, MPI_INT, &n);
    assert(n == 10);
    MPI_Finalize();
    return 0;
}
