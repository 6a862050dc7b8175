/* RUN: -n 1
 * EXPECT: error resource-leak
 * MPI_Type_get_contents returns the derived datatypes a type was built from as new
 * handles, which the program must free (MPI 3.1 §4.1.13: "the user is responsible for
 * freeing these datatypes with MPI_TYPE_FREE"). This decoder frees the type it built
 * but not the one MPI_Type_get_contents handed it.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Datatype row, block, old;
    int ints[3], ni, na, nd, combiner;
    MPI_Aint addrs[1];

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(4, MPI_INT, &row);
    MPI_Type_vector(2, 1, 3, row, &block);
    MPI_Type_get_envelope(block, &ni, &na, &nd, &combiner);
    if (combiner == MPI_COMBINER_VECTOR) {
        MPI_Type_get_contents(block, 3, 0, 1, ints, addrs, &old);
        printf("vector of %d blocks of %d, stride %d\n", ints[0], ints[1], ints[2]);
    }
    MPI_Type_free(&block);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
