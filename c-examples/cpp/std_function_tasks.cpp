/* RUN: -n 2
 * EXPECT: verified
 * A list of tasks as std::function<void()> holding lambdas that capture by reference
 * (C++17 [expr.prim.lambda]); each task makes one MPI call and every rank runs the same
 * list in the same order, so the collectives match (MPI 3.1 §5.1) and the point-to-point
 * exchange pairs rank 0's send with rank 1's receive.
 */
#include <mpi.h>
#include <cassert>
#include <functional>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, value = 0, total = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<std::function<void()>> tasks;
    tasks.push_back([&] { value = rank + 5; });
    tasks.push_back([&] {
        if (rank == 0)
            MPI_Send(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    });
    tasks.push_back([&] { MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); });
    for (auto &task : tasks)
        task();
    assert(rank > 1 || value == 5);
    MPI_Finalize();
    return 0;
}
