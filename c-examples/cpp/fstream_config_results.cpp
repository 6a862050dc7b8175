/* RUN: -n 3
 * EXPECT: verified
 * File streams: rank 0 reads "key value" lines of solver.conf with std::ifstream and
 * operator>> (the file beside this example, read from the working directory as a real
 * run started there would), broadcasts the parameters with MPI_Bcast (MPI 3.1 §5.4),
 * every rank computes its share, MPI_Reduce sums the shares at rank 0, which writes the
 * result with std::ofstream. A missing file leaves the stream closed (checked).
 */
#include <mpi.h>
#include <cassert>
#include <fstream>
#include <string>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int params[2] = {0, 0};
    double dt = 0.0;
    if (rank == 0) {
        std::ifstream conf("solver.conf");
        assert(conf.is_open());
        std::string key;
        while (conf >> key) {
            if (key == "nx")
                conf >> params[0];
            else if (key == "steps")
                conf >> params[1];
            else if (key == "dt")
                conf >> dt;
        }
        std::ifstream missing("no_such_file.conf");
        assert(!missing.is_open());
    }
    MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&dt, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    assert(params[0] == 16 && params[1] == 3 && dt == 0.25);
    double share = params[0] / size * params[1] * dt, total = 0.0;
    MPI_Reduce(&share, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        std::ofstream out("fstream_config_results.out");
        out << "total " << total << std::endl;
        assert(out.good());
    }
    MPI_Finalize();
    return 0;
}
