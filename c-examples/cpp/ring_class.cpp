/* RUN: -n 3
 * EXPECT: verified
 * A class around the ring neighbours of MPI_COMM_WORLD exchanges a std::vector<int> with
 * MPI_Sendrecv (MPI 3.1 §3.10): the vectors' data() are ordinary heap buffers, their
 * destructors release them after the call completed.
 */
#include <mpi.h>
#include <cassert>
#include <vector>

class Ring {
public:
    explicit Ring(MPI_Comm comm) : comm_(comm) {
        MPI_Comm_rank(comm_, &rank_);
        MPI_Comm_size(comm_, &size_);
    }
    int left() const { return (rank_ + size_ - 1) % size_; }
    int right() const { return (rank_ + 1) % size_; }
    int rank() const { return rank_; }

    std::vector<int> shift(const std::vector<int> &out) const {
        std::vector<int> in(out.size());
        MPI_Sendrecv(out.data(), (int)out.size(), MPI_INT, right(), 0, in.data(),
                     (int)in.size(), MPI_INT, left(), 0, comm_, MPI_STATUS_IGNORE);
        return in;
    }

private:
    MPI_Comm comm_;
    int rank_ = 0, size_ = 1;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    Ring ring(MPI_COMM_WORLD);
    std::vector<int> mine(4, ring.rank());
    std::vector<int> got = ring.shift(mine);
    assert(got[3] == ring.left());
    MPI_Finalize();
    return 0;
}
