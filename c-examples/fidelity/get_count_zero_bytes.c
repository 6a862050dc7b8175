/* RUN: -n 2
 * EXPECT: verified
 * MPI_Get_count of a message of zero bytes is 0 (MPI 3.1 §3.2.5: the count is
 * MPI_UNDEFINED only when the bytes received are not a multiple of the datatype's size,
 * and 0 is a multiple of every size). That includes a zero-size datatype (an
 * MPI_Type_contiguous of 0 ints, §4.1.2), for which MPI 4.0 §3.2.5 and MPICH say "a count
 * of zero"; MPI_Get_elements counts no basic elements (§4.1.11).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, count, elements;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype empty;
    MPI_Type_contiguous(0, MPI_INT, &empty);
    MPI_Type_commit(&empty);
    int x[4] = {0, 0, 0, 0};
    if (rank == 0) {
        MPI_Send(x, 0, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(x, 3, empty, 1, 1, MPI_COMM_WORLD);
        MPI_Send(x, 0, MPI_DOUBLE_INT, 1, 2, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        MPI_Request req;
        MPI_Recv(x, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(count == 0);
        MPI_Recv(x, 4, empty, 0, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, empty, &count);
        MPI_Get_elements(&st, empty, &elements);
        assert(count == 0 && elements == 0);
        MPI_Irecv(x, 1, MPI_DOUBLE_INT, 0, 2, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        MPI_Get_count(&st, MPI_DOUBLE_INT, &count);
        MPI_Get_elements(&st, MPI_DOUBLE_INT, &elements);
        assert(count == 0 && elements == 0);
    }
    MPI_Type_free(&empty);
    MPI_Finalize();
    return 0;
}
