/* RUN: -n 2
 * EXPECT: verified
 * The standard containers and utilities real MPI codes keep their bookkeeping in:
 * std::list (sort, splice), std::deque, std::set, std::unordered_map, std::tuple,
 * std::optional, std::to_string and std::stoi/std::stod. Each rank derives a value from
 * them and MPI_Allreduce sums the values (MPI 3.1 §5.9.6); the asserts pin every
 * intermediate result, so the checked program computes what the compiled one does.
 */
#include <mpi.h>
#include <cassert>
#include <deque>
#include <list>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::list<int> pending = {5, 1, 4};
    pending.sort();
    std::list<int> more = {9, 7};
    pending.splice(pending.end(), more);
    assert(pending.front() == 1 && pending.back() == 7 && pending.size() == 5 && more.empty());
    std::deque<int> queue;
    queue.push_back(rank);
    queue.push_front(-1);
    assert(queue.front() == -1 && queue.back() == rank);
    std::set<int> neighbours = {(rank + 1) % size, (rank + size - 1) % size};
    std::unordered_map<std::string, int> counters;
    counters["sent"] += 2;
    counters["received"] += rank;
    std::tuple<int, double> step{rank, 0.5};
    std::optional<int> root;
    if (rank == 0)
        root = 0;
    std::string label = "rank" + std::to_string(rank);
    assert(label.size() == 5);
    assert(std::stoi("12") == 12 && std::stod("2.5") == 2.5);
    int local = (int)neighbours.size() + counters["sent"] + counters["received"] +
                std::get<0>(step) + root.value_or(10) + (int)pending.size();
    int total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    // size 2: rank 0 has 1 + 2 + 0 + 0 + 0 + 5 = 8, rank 1 has 1 + 2 + 1 + 1 + 10 + 5 = 20.
    assert(size != 2 || total == 28);
    MPI_Finalize();
    return 0;
}
