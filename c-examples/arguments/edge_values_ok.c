/* RUN: -n 3
 * EXPECT: verified
 * Near misses of invalid-argument errors, all legal (MPI 3.1 §3.2.2, §3.2.3, §3.11, §8.1.2):
 * MPI_PROC_NULL as destination and source, a receive with MPI_ANY_TAG, a zero-count message with a
 * NULL buffer, the largest tag (the MPI_TAG_UB attribute's value), root = size - 1.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, flag = 0, v = 0, *tag_ub = NULL;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    assert(flag && *tag_ub >= 32767);

    int right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, *tag_ub, &v, 1, MPI_INT, left, MPI_ANY_TAG,
                 MPI_COMM_WORLD, &st);
    if (left != MPI_PROC_NULL)
        assert(v == left && st.MPI_TAG == *tag_ub);
    else
        assert(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG);

    if (rank == 0)
        MPI_Send(NULL, 0, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(NULL, 0, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    int total = 0;
    MPI_Reduce(&rank, &total, 1, MPI_INT, MPI_SUM, size - 1, MPI_COMM_WORLD);
    if (rank == size - 1)
        assert(total == size * (size - 1) / 2);
    MPI_Finalize();
    return 0;
}
