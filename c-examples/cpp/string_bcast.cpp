/* RUN: -n 3
 * EXPECT: verified
 * Broadcasting a std::string: the root broadcasts the length, the other ranks resize
 * their string to it, then the characters are broadcast into &s[0] (contiguous since
 * C++11, [string.require]p4). MPI_Bcast needs the same count on every rank (MPI 3.1
 * §5.4), which the first broadcast provides.
 */
#include <mpi.h>
#include <cassert>
#include <string>

static void bcast_string(std::string &s, int root, MPI_Comm comm) {
    int rank;
    MPI_Comm_rank(comm, &rank);
    int n = rank == root ? (int)s.size() : 0;
    MPI_Bcast(&n, 1, MPI_INT, root, comm);
    if (rank != root)
        s.resize(n);
    MPI_Bcast(&s[0], n, MPI_CHAR, root, comm);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::string config;
    if (rank == 0)
        config = "nx=64;ny=32;steps=10";
    bcast_string(config, 0, MPI_COMM_WORLD);
    assert(config == "nx=64;ny=32;steps=10");
    assert(config.find("steps=") == 12);
    MPI_Finalize();
    return 0;
}
