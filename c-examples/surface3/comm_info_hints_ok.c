/* RUN: -n 3
 * EXPECT: verified
 * Communicator hints (MPI 3.1 §6.4.4): MPI_Comm_set_info is collective over the
 * communicator (here an intercommunicator too, over both groups) and carries no
 * data; MPI_Comm_get_info returns a new info object the program frees. The model
 * reports the hints the program set; the program checks only that the call
 * returns an info object it can query and free (implementations may report
 * fewer hints, those they use).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, nkeys;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup, half, inter;
    MPI_Info hints, used;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "mpi_assert_no_any_tag", "true");
    MPI_Comm_set_info(dup, hints);
    MPI_Comm_get_info(dup, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    assert(nkeys >= 0);
    MPI_Info_free(&used);

    MPI_Comm_split(MPI_COMM_WORLD, rank == 0, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank == 0 ? 1 : 0, 4, &inter);
    MPI_Comm_set_info(inter, hints);
    MPI_Barrier(inter);
    MPI_Info_free(&hints);

    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
