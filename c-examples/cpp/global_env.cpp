/* RUN: -n 2
 * EXPECT: verified
 * The "environment object" idiom: a global whose constructor calls MPI_Init before main and
 * whose destructor calls MPI_Finalize after main returns (C++17 [basic.start.static],
 * [basic.start.term]). A second global constructed after it (declaration order within the
 * file, [basic.start.dynamic]p3) reads the rank; a static local is initialized once, on the
 * first call. Between them main communicates.
 */
#include <mpi.h>
#include <cassert>

struct Environment {
    Environment() { MPI_Init(nullptr, nullptr); }
    ~Environment() { MPI_Finalize(); }
};

struct World {
    int rank = -1, size = 0;
    World() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    }
};

static Environment environment;
static World world;

static int calls() {
    static int first = world.rank * 10;
    return first++;
}

int main() {
    int a = calls();
    int b = calls();
    assert(b == a + 1);
    int sum = 0;
    MPI_Allreduce(&world.rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == world.size * (world.size - 1) / 2);
    return 0;
}
