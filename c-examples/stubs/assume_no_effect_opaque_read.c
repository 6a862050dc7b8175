/* RUN: -n 2 --assume-no-effect mesh_*
 * EXPECT: inconclusive
 * The program reads a field of the object mesh_load returns. Assumed to
 * have no effect (--assume-no-effect mesh_*), mesh_load returns an opaque
 * object, which says nothing of what it holds: the check stops at the
 * read, naming mesh_load, instead of guessing a value (which could make a
 * wrong verdict). Giving mesh_load's definition with --stub FILE.c goes on.
 */
#include <mpi.h>

struct mesh {
    int cells;
};
struct mesh *mesh_load(const char *path);

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct mesh *m = mesh_load("grid.dat");
    int cells = m->cells, total = 0;
    MPI_Allreduce(&cells, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
