/* RUN: -n 4
 * EXPECT: verified
 * A 2-D heat equation in C++: a Field class owns a std::vector<double> with a halo and a
 * Cartesian communicator (MPI 3.1 §7.5.1) whose neighbours it finds with MPI_Cart_shift;
 * each step exchanges the four halos with MPI_Sendrecv (rows contiguous, columns through a
 * vector datatype, §4.1.2), updates the interior and reduces the residual with
 * MPI_Allreduce. The communicator and the datatype are freed in the destructor (RAII).
 */
#include <mpi.h>
#include <cassert>
#include <cmath>
#include <iostream>
#include <vector>

class Field {
public:
    Field(MPI_Comm world, int nx, int ny) : nx_(nx), ny_(ny), u_((nx + 2) * (ny + 2), 0.0) {
        int dims[2] = {0, 0}, periods[2] = {0, 0}, size;
        MPI_Comm_size(world, &size);
        MPI_Dims_create(size, 2, dims);
        MPI_Cart_create(world, 2, dims, periods, 1, &cart_);
        MPI_Comm_rank(cart_, &rank_);
        MPI_Cart_shift(cart_, 0, 1, &up_, &down_);
        MPI_Cart_shift(cart_, 1, 1, &left_, &right_);
        MPI_Type_vector(ny_, 1, nx_ + 2, MPI_DOUBLE, &column_);
        MPI_Type_commit(&column_);
        for (int j = 1; j <= ny_; ++j)
            for (int i = 1; i <= nx_; ++i)
                at(i, j) = rank_ + 1.0;
    }
    ~Field() {
        MPI_Type_free(&column_);
        MPI_Comm_free(&cart_);
    }
    Field(const Field &) = delete;
    Field &operator=(const Field &) = delete;

    double &at(int i, int j) { return u_[j * (nx_ + 2) + i]; }

    void exchange() {
        // Rows: first and last interior rows to the neighbours above and below.
        MPI_Sendrecv(&at(1, 1), nx_, MPI_DOUBLE, up_, 0, &at(1, ny_ + 1), nx_, MPI_DOUBLE, down_,
                     0, cart_, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&at(1, ny_), nx_, MPI_DOUBLE, down_, 1, &at(1, 0), nx_, MPI_DOUBLE, up_, 1,
                     cart_, MPI_STATUS_IGNORE);
        // Columns through the strided datatype.
        MPI_Sendrecv(&at(1, 1), 1, column_, left_, 2, &at(nx_ + 1, 1), 1, column_, right_, 2,
                     cart_, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&at(nx_, 1), 1, column_, right_, 3, &at(0, 1), 1, column_, left_, 3, cart_,
                     MPI_STATUS_IGNORE);
    }

    double step() {
        exchange();
        std::vector<double> next(u_);
        double local = 0;
        for (int j = 1; j <= ny_; ++j)
            for (int i = 1; i <= nx_; ++i) {
                double v = 0.25 * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1));
                local += std::fabs(v - at(i, j));
                next[j * (nx_ + 2) + i] = v;
            }
        u_.swap(next);
        double global = 0;
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, cart_);
        return global;
    }

    int rank() const { return rank_; }

private:
    int nx_, ny_;
    std::vector<double> u_;
    MPI_Comm cart_;
    MPI_Datatype column_;
    int rank_ = 0, up_, down_, left_, right_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    {
        Field field(MPI_COMM_WORLD, 4, 3);
        double residual = 0;
        for (int it = 0; it < 3; ++it)
            residual = field.step();
        assert(residual >= 0);
        if (field.rank() == 0)
            std::cout << "residual after 3 steps: " << residual << std::endl;
    }
    MPI_Finalize();
    return 0;
}
