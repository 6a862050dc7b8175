/* RUN: -n 2
 * EXPECT: error resource-leak
 * The twin of static_local_comm without the explicit release: the function-local static
 * Comm is destroyed only after main returns (C++17 [basic.start.term]p1), so MPI_Finalize
 * is reached with the duplicate of MPI_COMM_WORLD still allocated, and the destructor's
 * MPI_Comm_free would come after MPI_Finalize, where no such call is allowed (MPI 3.1
 * §8.7). The check reports the communicator left at MPI_Finalize.
 */
#include <mpi.h>
#include <cassert>

class Comm {
public:
    Comm() { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
    ~Comm() { MPI_Comm_free(&comm_); }
    MPI_Comm get() const { return comm_; }

private:
    MPI_Comm comm_;
};

static Comm &world_copy() {
    static Comm comm;
    return comm;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, sum = 0;
    MPI_Comm_rank(world_copy().get(), &rank);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, world_copy().get());
    assert(sum == 1);
    MPI_Finalize();
    return 0;
}
