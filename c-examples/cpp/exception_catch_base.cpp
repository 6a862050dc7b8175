/* RUN: -n 2
 * EXPECT: verified
 * Exceptions within a process: rank 1 throws a class derived from std::runtime_error and
 * main catches it by a reference to std::exception (a handler of a public base takes it,
 * C++17 [except.handle]p3); the local Guard's destructor runs while the stack unwinds
 * ([except.ctor]p1); std::vector::at's std::out_of_range is caught by its own type; an int
 * is rethrown with `throw;` and caught again by `catch (...)`. Every rank then takes part
 * in the same MPI_Allreduce, and the asserts check each path was taken.
 */
#include <mpi.h>
#include <cassert>
#include <cstdio>
#include <stdexcept>
#include <vector>

struct Guard {
    int *counter;
    explicit Guard(int *c) : counter(c) {}
    ~Guard() { (*counter)++; }
};

struct AppError : std::runtime_error {
    int code;
    AppError(const char *m, int c) : std::runtime_error(m), code(c) {}
};

static int parse(int v, int *cleaned) {
    Guard g(cleaned);
    if (v > 0)
        throw AppError("odd rank", v);
    return v;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, value = 0, cleaned = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    try {
        value = parse(rank, &cleaned);
    } catch (const std::exception &e) {
        value = -1;
        std::printf("rank %d caught: %s\n", rank, e.what());
    }
    try {
        std::vector<int> v(3);
        v.at(rank + 3) = 1;
    } catch (std::out_of_range &) {
        value -= 10;
    }
    try {
        try {
            throw 42;
        } catch (int x) {
            value += x;
            throw;
        }
    } catch (...) {
        value += 100;
    }
    int sum = 0;
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == 263);
    assert(cleaned == 1);
    MPI_Finalize();
    return 0;
}
