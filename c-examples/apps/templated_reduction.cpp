/* RUN: -n 4
 * EXPECT: verified
 * A reduction written once as a template: mpi_type<T>() maps the element type to its MPI
 * datatype (MPI 3.1 §3.2.2), and allreduce<T> combines std::vector<T> over a communicator
 * with MPI_Allreduce; it is instantiated for int, double and long. std::accumulate and
 * std::transform (<numeric>, <algorithm>) prepare the local parts.
 */
#include <mpi.h>
#include <algorithm>
#include <cassert>
#include <numeric>
#include <vector>

template <typename T> MPI_Datatype mpi_type();
template <> MPI_Datatype mpi_type<int>() { return MPI_INT; }
template <> MPI_Datatype mpi_type<double>() { return MPI_DOUBLE; }
template <> MPI_Datatype mpi_type<long>() { return MPI_LONG; }

template <typename T>
std::vector<T> allreduce(const std::vector<T> &local, MPI_Op op, MPI_Comm comm) {
    std::vector<T> result(local.size());
    MPI_Allreduce(local.data(), result.data(), (int)local.size(), mpi_type<T>(), op, comm);
    return result;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    std::vector<int> counts(3);
    std::iota(counts.begin(), counts.end(), rank);
    std::vector<double> weights(counts.size());
    std::transform(counts.begin(), counts.end(), weights.begin(),
                   [](int c) { return 0.5 * c; });
    std::vector<long> sums{std::accumulate(counts.begin(), counts.end(), 0L)};

    auto total = allreduce(counts, MPI_SUM, MPI_COMM_WORLD);
    auto heaviest = allreduce(weights, MPI_MAX, MPI_COMM_WORLD);
    auto all = allreduce(sums, MPI_SUM, MPI_COMM_WORLD);

    assert(total[0] == size * (size - 1) / 2);
    assert(heaviest[2] == 0.5 * (size - 1 + 2));
    assert(all[0] == 3L * size * (size - 1) / 2 + 3L * size);
    MPI_Finalize();
    return 0;
}
