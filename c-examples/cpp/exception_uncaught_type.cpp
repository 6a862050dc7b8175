/* RUN: -n 2
 * EXPECT: error assertion
 * A handler for the wrong type: main catches std::runtime_error, but read_config() throws
 * std::invalid_argument, a std::logic_error, which that handler does not take (C++17
 * [except.handle]p3). No handler matches, so std::terminate ends rank 0 at the throw
 * ([except.handle]p9); libstdc++ searches before it unwinds, so the Comm destructor (a
 * collective MPI_Comm_free) never runs. Reported at the throw line, as abort() is.
 */
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

class Comm {
public:
    explicit Comm(MPI_Comm parent) { MPI_Comm_dup(parent, &comm_); }
    ~Comm() { MPI_Comm_free(&comm_); }
    MPI_Comm get() const { return comm_; }

private:
    MPI_Comm comm_;
};

static int read_config(int rank) {
    if (rank == 0)
        throw std::invalid_argument("missing key 'nx'");
    return 16;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, nx = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    try {
        Comm comm(MPI_COMM_WORLD);
        nx = read_config(rank);
        MPI_Bcast(&nx, 1, MPI_INT, 0, comm.get());
    } catch (const std::runtime_error &e) {
        std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    }
    MPI_Finalize();
    return 0;
}
