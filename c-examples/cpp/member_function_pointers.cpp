/* RUN: -n 2
 * EXPECT: verified
 * Member function pointers as a dispatch table: a Solver picks its communication step
 * from a table of pointers to member functions (C++17 [expr.mptr.oper]) indexed by a mode
 * every rank computes the same way; both steps make the same collective calls in the
 * same order on every rank (MPI 3.1 §5.1).
 */
#include <mpi.h>
#include <cassert>

class Solver {
public:
    explicit Solver(MPI_Comm comm) : comm_(comm) { MPI_Comm_rank(comm, &rank_); }
    int run(int mode) {
        static int (Solver::*const steps[])() = {&Solver::sum_step, &Solver::max_step};
        return (this->*steps[mode])();
    }

private:
    int sum_step() {
        int v = rank_ + 1, out = 0;
        MPI_Allreduce(&v, &out, 1, MPI_INT, MPI_SUM, comm_);
        return out;
    }
    int max_step() {
        int v = rank_ * 10, out = 0;
        MPI_Allreduce(&v, &out, 1, MPI_INT, MPI_MAX, comm_);
        return out;
    }
    MPI_Comm comm_;
    int rank_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    Solver s(MPI_COMM_WORLD);
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(s.run(0) == size * (size + 1) / 2);
    assert(s.run(1) == (size - 1) * 10);
    MPI_Finalize();
    return 0;
}
