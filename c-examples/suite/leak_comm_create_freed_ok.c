/* RUN: -n 3
 * EXPECT: verified
 * Correct twin of leak_comm_create: ranks that got a communicator free it; rank 1 gets
 * MPI_COMM_NULL, which needs no freeing.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    MPI_Group world_group, even;
    MPI_Comm evencomm;
    int members[2] = {0, 2};
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 2, members, &even);
    MPI_Comm_create(MPI_COMM_WORLD, even, &evencomm);
    if (evencomm != MPI_COMM_NULL) {
        MPI_Barrier(evencomm);
        MPI_Comm_free(&evencomm);
    }
    MPI_Group_free(&even);
    MPI_Group_free(&world_group);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
