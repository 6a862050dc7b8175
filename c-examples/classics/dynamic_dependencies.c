/* RUN: -n 6
 * EXPECT: verified
 * Palmer et al. 2007, §2, Figure 4 (dependencies known only at run time). Ranks 0 and 3 post two
 * wildcard Irecvs, Test the first and Wait the second; ranks 1,2 Issend to 3 and ranks 4,5
 * to 0 (destinations computed from the rank). The Test may or may not report completion;
 * the first request is completed afterwards if needed, and the received pair is checked.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Request h, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank % 3 == 0) {
        int x = -1, y = -1, flag = 0, expected = 0;
        MPI_Irecv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &h);
        MPI_Irecv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &i);
        MPI_Test(&h, &flag, MPI_STATUS_IGNORE);
        MPI_Wait(&i, MPI_STATUS_IGNORE);
        if (!flag)
            MPI_Wait(&h, MPI_STATUS_IGNORE);
        for (int s = 0; s < size; s++) {
            int dest = (s + 2) % 3 == 0 ? (s + 2) % size : (s + 1) % size;
            if (s % 3 != 0 && dest == rank)
                expected += s;
        }
        assert(x != y && x + y == expected);
    } else {
        int x = rank;
        int dest = (rank + 2) % 3 == 0 ? (rank + 2) % size : (rank + 1) % size;
        MPI_Issend(&x, 1, MPI_INT, dest, 0, MPI_COMM_WORLD, &h);
        MPI_Wait(&h, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
