/* RUN: -n 3
 * EXPECT: verified
 * A user-defined reduction from a lambda: a lambda without captures converts to a plain
 * function pointer (C++17 [expr.prim.lambda.closure]p7) of MPI_User_function's type, which
 * MPI_Op_create takes (MPI 3.1 §5.9.5). The operation keeps the element of largest
 * magnitude; it is commutative, freed with MPI_Op_free after use.
 */
#include <mpi.h>
#include <cassert>
#include <cstdlib>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Op absmax;
    MPI_Op_create(
        [](void *in, void *inout, int *len, MPI_Datatype *) {
            int *a = static_cast<int *>(in), *b = static_cast<int *>(inout);
            for (int i = 0; i < *len; i++)
                if (std::abs(a[i]) > std::abs(b[i]))
                    b[i] = a[i];
        },
        1, &absmax);
    int mine[2] = {rank % 2 ? -rank * 3 : rank, rank}, out[2];
    MPI_Allreduce(mine, out, 2, MPI_INT, absmax, MPI_COMM_WORLD);
    MPI_Op_free(&absmax);
    assert(out[0] == -3);
    MPI_Finalize();
    return 0;
}
