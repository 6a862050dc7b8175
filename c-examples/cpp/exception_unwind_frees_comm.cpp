/* RUN: -n 2
 * EXPECT: verified
 * RAII during unwinding: solve() duplicates MPI_COMM_WORLD into a Comm object whose
 * destructor calls MPI_Comm_free (collective over the duplicate, MPI 3.1 §6.4.3); when the
 * input is bad, every rank throws after the duplicate is made, and the destructor frees it
 * while the exception unwinds solve()'s frame (C++17 [except.ctor]p1). main catches the
 * error, reports it and finishes: no communicator is left allocated at MPI_Finalize.
 */
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

class Comm {
public:
    explicit Comm(MPI_Comm parent) { MPI_Comm_dup(parent, &comm_); }
    ~Comm() { MPI_Comm_free(&comm_); }
    Comm(const Comm &) = delete;
    Comm &operator=(const Comm &) = delete;
    MPI_Comm get() const { return comm_; }

private:
    MPI_Comm comm_;
};

static double solve(int n) {
    Comm comm(MPI_COMM_WORLD);
    if (n <= 0)
        throw std::invalid_argument("problem size must be positive");
    double local = 1.0 / n, total = 0.0;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, comm.get());
    return total;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    try {
        solve(argc > 1 ? 4 : 0);
    } catch (const std::invalid_argument &e) {
        std::fprintf(stderr, "bad input: %s\n", e.what());
    }
    MPI_Finalize();
    return 0;
}
