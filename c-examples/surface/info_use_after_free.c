/* RUN: -n 1
 * EXPECT: error invalid-argument
 * A copy of an info handle is used after MPI_Info_free freed the object
 * (MPI 3.1 §9: the handle is invalid from then on).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Info info, alias;
    int flag;
    char v[8];
    MPI_Info_create(&info);
    alias = info;
    MPI_Info_free(&info);
    MPI_Info_get(alias, "key", 7, v, &flag);
    MPI_Finalize();
    return 0;
}
