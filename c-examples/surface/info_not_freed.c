/* RUN: -n 1
 * EXPECT: error resource-leak
 * The info object made by MPI_Info_dup is never freed (MPI 3.1 §9: objects a
 * process makes are its to free with MPI_Info_free); the original is.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Info info, copy;
    MPI_Info_create(&info);
    MPI_Info_set(info, "key", "value");
    MPI_Info_dup(info, &copy);
    MPI_Info_free(&info);
    MPI_Finalize();
    return 0;
}
