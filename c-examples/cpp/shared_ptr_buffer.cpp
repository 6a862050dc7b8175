/* RUN: -n 2
 * EXPECT: verified
 * A buffer shared by two owners: std::make_shared<std::vector<double>> is held by a
 * Reducer and by main; the vector lives until the last std::shared_ptr to it goes
 * (C++17 [util.smartptr.shared.dest]), after the MPI_Allreduce that writes into it.
 */
#include <mpi.h>
#include <cassert>
#include <memory>
#include <vector>

class Reducer {
public:
    explicit Reducer(std::shared_ptr<std::vector<double>> data) : data_(std::move(data)) {}
    void sum(MPI_Comm comm) {
        MPI_Allreduce(MPI_IN_PLACE, data_->data(), (int)data_->size(), MPI_DOUBLE, MPI_SUM,
                      comm);
    }

private:
    std::shared_ptr<std::vector<double>> data_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    auto data = std::make_shared<std::vector<double>>(3, rank + 1.0);
    {
        Reducer r(data);
        r.sum(MPI_COMM_WORLD);
    }
    assert(data.use_count() == 1);
    assert((*data)[2] == size * (size + 1) / 2.0);
    MPI_Finalize();
    return 0;
}
