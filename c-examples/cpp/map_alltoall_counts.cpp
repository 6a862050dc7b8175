/* RUN: -n 3
 * EXPECT: verified
 * Counting with std::map before an all-to-all: each rank assigns its items to owner ranks
 * (key -> owner by key % size), counts them per owner in a std::map<int, int>, copies the
 * counts into a vector indexed by rank and exchanges them with MPI_Alltoall (MPI 3.1
 * §5.8). Each rank then knows how many items it will receive; the total over all ranks
 * is checked with MPI_Allreduce.
 */
#include <mpi.h>
#include <cassert>
#include <map>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::map<int, int> per_owner;
    for (int key = rank; key < rank + 5; key++)
        per_owner[key % size]++;
    std::vector<int> send(size, 0), recv(size, 0);
    for (const auto &entry : per_owner)
        send[entry.first] = entry.second;
    MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, MPI_COMM_WORLD);
    int incoming = 0;
    for (int c : recv)
        incoming += c;
    int total = 0;
    MPI_Allreduce(&incoming, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 5 * size);
    MPI_Finalize();
    return 0;
}
