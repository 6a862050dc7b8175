/* RUN: -n 3
 * EXPECT: verified
 * <algorithm> and <numeric> around MPI_Gatherv: each rank has rank + 2 keys, sorts them
 * with std::sort, the root gathers the counts, computes the displacements with
 * std::partial_sum (displs[i] = sum of the counts before i, MPI 3.1 §5.5), gathers the
 * keys with MPI_Gatherv and merges the sorted runs with std::inplace_merge; the result is
 * sorted (std::is_sorted) and has every key.
 */
#include <mpi.h>
#include <algorithm>
#include <cassert>
#include <numeric>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<int> keys(rank + 2);
    for (int i = 0; i < (int)keys.size(); i++)
        keys[i] = (7 * (i + 3 * rank) + 5) % 23;
    std::sort(keys.begin(), keys.end());
    int n = (int)keys.size();
    std::vector<int> counts(size), displs(size, 0);
    MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> all;
    if (rank == 0) {
        std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
        all.resize(displs[size - 1] + counts[size - 1]);
    }
    MPI_Gatherv(keys.data(), n, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, 0,
                MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 1; r < size; r++)
            std::inplace_merge(all.begin(), all.begin() + displs[r],
                               all.begin() + displs[r] + counts[r]);
        assert(std::is_sorted(all.begin(), all.end()));
        assert((int)all.size() == size * (size + 3) / 2);
    }
    MPI_Finalize();
    return 0;
}
