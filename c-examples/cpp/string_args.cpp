/* RUN: -n 2 --arg 16 --arg jacobi
 * EXPECT: verified
 * Command-line handling in C++: the arguments become std::string, a std::istringstream
 * parses the size, std::stoi cross-checks it, and rank 0 broadcasts the parsed settings
 * (MPI 3.1 §5.4); a std::map from method names to iteration counts chooses the loop count.
 */
#include <mpi.h>
#include <cassert>
#include <map>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int settings[2] = {0, 0};
    if (rank == 0) {
        std::string size_text = argc > 1 ? argv[1] : "8";
        std::string method = argc > 2 ? argv[2] : "sor";
        std::istringstream in(size_text);
        int n = 0;
        in >> n;
        assert(!in.fail() && n == std::stoi(size_text));
        std::map<std::string, int> iterations{{"jacobi", 3}, {"sor", 2}, {"cg", 1}};
        settings[0] = n;
        settings[1] = iterations.count(method) ? iterations[method] : 1;
    }
    MPI_Bcast(settings, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int acc = 0;
    for (int it = 0; it < settings[1]; ++it) {
        int mine = settings[0] + rank, sum = 0;
        MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        acc += sum;
    }
    assert(acc == 3 * 33);
    MPI_Finalize();
    return 0;
}
