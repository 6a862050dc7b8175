/* RUN: -n 2
 * EXPECT: verified
 * MPI_Type_create_hindexed_block (MPI 3.1 §4.1.2): blocks of 2 doubles at byte
 * displacements 0, 32 and 64 of a 10-double array. Rank 0 sends one element of the type;
 * rank 1 receives the 6 doubles contiguously, then receives them back into the same
 * layout with MPI_Type_create_hindexed (the general form), leaving the gaps untouched.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Aint displs[3] = {0, 4 * sizeof(double), 8 * sizeof(double)};
    MPI_Datatype picks, general;
    MPI_Type_create_hindexed_block(3, 2, displs, MPI_DOUBLE, &picks);
    MPI_Type_commit(&picks);
    int lens[3] = {2, 2, 2};
    MPI_Type_create_hindexed(3, lens, displs, MPI_DOUBLE, &general);
    MPI_Type_commit(&general);
    int size;
    MPI_Type_size(picks, &size);
    assert(size == 6 * sizeof(double));
    MPI_Aint lb, extent;
    MPI_Type_get_extent(picks, &lb, &extent);
    assert(lb == 0 && extent == 10 * sizeof(double));

    double a[10];
    if (rank == 0) {
        for (int i = 0; i < 10; i++)
            a[i] = i;
        MPI_Send(a, 1, picks, 1, 0, MPI_COMM_WORLD);
        MPI_Send(a, 6, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    } else {
        double flat[6];
        MPI_Recv(flat, 6, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(flat[0] == 0 && flat[1] == 1 && flat[2] == 4 && flat[3] == 5);
        assert(flat[4] == 8 && flat[5] == 9);
        for (int i = 0; i < 10; i++)
            a[i] = -1;
        MPI_Recv(a, 1, general, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(a[0] == 0 && a[1] == 1 && a[2] == -1 && a[4] == 2 && a[5] == 3);
        assert(a[7] == -1 && a[8] == 4 && a[9] == 5);
    }
    MPI_Type_free(&general);
    MPI_Type_free(&picks);
    MPI_Finalize();
    return 0;
}
