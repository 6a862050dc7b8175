/* RUN: -n 2
 * EXPECT: verified
 * A receive touches only the bytes of the message that arrives (MPI 3.1 §3.2.4: the
 * message must fit the count elements; only its data is written, §3.2.5 MPI_Get_count
 * says how much). Rank 1 posts receives of up to 64 ints into buffers of 2 ints (blocking,
 * nonblocking, and with a strided derived type) and the 2-int messages fit. Relying on this
 * is at most a portability concern, never an error.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, count;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype every_other;
    MPI_Type_vector(64, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    if (rank == 0) {
        int v[2] = {4, 5};
        for (int tag = 0; tag < 3; tag++)
            MPI_Send(v, 2, MPI_INT, 1, tag, MPI_COMM_WORLD);
    } else {
        int buf[2], wide[3] = {-1, -1, -1};
        MPI_Status st;
        MPI_Request req;
        MPI_Recv(buf, 64, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(count == 2 && buf[0] == 4 && buf[1] == 5);
        buf[0] = buf[1] = 0;
        MPI_Irecv(buf, 64, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        assert(buf[0] == 4 && buf[1] == 5);
        MPI_Recv(wide, 1, every_other, 0, 2, MPI_COMM_WORLD, &st);
        MPI_Get_elements(&st, every_other, &count);
        assert(count == 2 && wide[0] == 4 && wide[1] == -1 && wide[2] == 5);
    }
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return 0;
}
