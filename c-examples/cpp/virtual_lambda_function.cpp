/* RUN: -n 2
 * EXPECT: verified
 * The C++ a solver is written in: virtual calls through a base pointer owned by
 * std::unique_ptr, a member function pointer, a lambda capturing by reference stored in a
 * std::function, a function template instantiated for two types, and references. The values
 * they compute are reduced over MPI_COMM_WORLD (MPI 3.1 §5.9.6) and checked.
 */
#include <mpi.h>
#include <cassert>
#include <functional>
#include <memory>

struct Kernel {
    virtual ~Kernel() = default;
    virtual double apply(double x) const = 0;
};

struct Scale : Kernel {
    double factor;
    explicit Scale(double f) : factor(f) {}
    double apply(double x) const override { return factor * x; }
};

struct Shift : Kernel {
    double by;
    explicit Shift(double b) : by(b) {}
    double apply(double x) const override { return x + by; }
};

template <typename T> T square(T x) { return x * x; }

static void accumulate(double &total, const Kernel &k, double x) { total += k.apply(x); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::unique_ptr<Kernel> k;
    if (rank == 0)
        k = std::make_unique<Scale>(2.0);
    else
        k.reset(new Shift(1.0));
    double total = 0;
    accumulate(total, *k, 3.0);
    double (Kernel::*method)(double) const = &Kernel::apply;
    total += ((*k).*method)(0.0);
    int calls = 0;
    std::function<double(double)> twice = [&](double x) {
        ++calls;
        return 2 * x;
    };
    total = twice(total) + square(1) + square(0.5);
    double sum = 0;
    MPI_Allreduce(&total, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(calls == 1);
    assert(sum == 2 * (6.0 + 0.0) + 2 * (4.0 + 1.0) + 2 * 1.25);
    MPI_Finalize();
    return 0;
}
