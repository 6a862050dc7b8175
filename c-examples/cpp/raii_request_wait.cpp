/* RUN: -n 2
 * EXPECT: verified
 * A request owned by an object: PendingRecv posts MPI_Irecv in its constructor and waits
 * in its destructor if nobody waited before (MPI 3.1 §3.7.3: MPI_Wait on
 * MPI_REQUEST_NULL returns at once), so the request cannot leak and the buffer, a member
 * of the same object, outlives the operation. The value is read only after wait().
 */
#include <mpi.h>
#include <cassert>

class PendingRecv {
public:
    PendingRecv(int source, int tag, MPI_Comm comm) {
        MPI_Irecv(&value_, 1, MPI_INT, source, tag, comm, &req_);
    }
    ~PendingRecv() { MPI_Wait(&req_, MPI_STATUS_IGNORE); }
    int wait() {
        MPI_Wait(&req_, MPI_STATUS_IGNORE);
        return value_;
    }

private:
    int value_ = 0;
    MPI_Request req_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    {
        PendingRecv from_left((rank + size - 1) % size, 0, MPI_COMM_WORLD);
        PendingRecv unused((rank + 1) % size, 1, MPI_COMM_WORLD);
        int mine = rank + 1;
        MPI_Send(&mine, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
        MPI_Send(&mine, 1, MPI_INT, (rank + size - 1) % size, 1, MPI_COMM_WORLD);
        assert(from_left.wait() == (rank + size - 1) % size + 1);
    }
    MPI_Finalize();
    return 0;
}
