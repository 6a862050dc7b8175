/* RUN: -n 2
 * EXPECT: verified
 * Run-time polymorphism around MPI: an abstract Stencil declares the local update as a
 * pure virtual function, Jacobi and Damped override it, and a driver holding a
 * std::unique_ptr<Stencil> calls it through the base class (C++17 [class.virtual]). The
 * halo exchange is the base class's, the same MPI_Sendrecv on every rank (MPI 3.1 §3.10),
 * and the residual is reduced with MPI_Allreduce.
 */
#include <mpi.h>
#include <cassert>
#include <memory>
#include <vector>

class Stencil {
public:
    explicit Stencil(int n) : u_(n + 2, 1.0) {}
    virtual ~Stencil() = default;
    virtual double update(int i) const = 0;
    double step(MPI_Comm comm) {
        int rank, size;
        MPI_Comm_rank(comm, &rank);
        MPI_Comm_size(comm, &size);
        int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
        int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
        int n = (int)u_.size() - 2;
        MPI_Sendrecv(&u_[n], 1, MPI_DOUBLE, right, 0, &u_[0], 1, MPI_DOUBLE, left, 0, comm,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u_[1], 1, MPI_DOUBLE, left, 1, &u_[n + 1], 1, MPI_DOUBLE, right, 1, comm,
                     MPI_STATUS_IGNORE);
        std::vector<double> next(u_);
        double local = 0.0, global = 0.0;
        for (int i = 1; i <= n; i++) {
            next[i] = update(i);
            local += (next[i] - u_[i]) * (next[i] - u_[i]);
        }
        u_.swap(next);
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
        return global;
    }

protected:
    std::vector<double> u_;
};

class Jacobi : public Stencil {
public:
    using Stencil::Stencil;
    double update(int i) const override { return 0.5 * (u_[i - 1] + u_[i + 1]); }
};

class Damped : public Stencil {
public:
    using Stencil::Stencil;
    double update(int i) const override { return 0.5 * u_[i] + 0.25 * (u_[i - 1] + u_[i + 1]); }
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    std::unique_ptr<Stencil> s;
    if (argc > 1)
        s = std::make_unique<Damped>(4);
    else
        s = std::make_unique<Jacobi>(4);
    double r = 0.0;
    for (int it = 0; it < 3; it++)
        r = s->step(MPI_COMM_WORLD);
    assert(r >= 0.0);
    MPI_Finalize();
    return 0;
}
