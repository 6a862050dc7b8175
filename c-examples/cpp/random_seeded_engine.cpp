/* RUN: -n 3
 * EXPECT: verified
 * <random> with a seeded engine: each rank seeds std::mt19937 with its rank, so its
 * samples are deterministic; it counts samples of std::uniform_int_distribution below a
 * threshold and the counts are summed with MPI_Reduce (MPI 3.1 §5.9). The root checks
 * the sum against the ranks' own counts gathered with MPI_Gather.
 */
#include <mpi.h>
#include <cassert>
#include <random>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::mt19937 engine(1234u + rank);
    std::uniform_int_distribution<int> die(1, 6);
    int hits = 0;
    for (int i = 0; i < 20; i++)
        if (die(engine) <= 2)
            hits++;
    int total = 0;
    MPI_Reduce(&hits, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    std::vector<int> each(size);
    MPI_Gather(&hits, 1, MPI_INT, each.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        int sum = 0;
        for (int h : each)
            sum += h;
        assert(sum == total);
    }
    MPI_Finalize();
    return 0;
}
