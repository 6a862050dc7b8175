/* RUN: -n 2
 * EXPECT: verified
 * Tag-driven protocol: rank 0 sends three DATA messages and then a STOP message; rank 1
 * receives with MPI_ANY_TAG and dispatches on status.MPI_TAG. Messages from one sender do
 * not overtake each other, so STOP always arrives last and all data is summed.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_DATA = 1, TAG_STOP = 2 };

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        for (int i = 1; i <= 3; i++)
            MPI_Send(&i, 1, MPI_INT, 1, TAG_DATA, MPI_COMM_WORLD);
        int zero = 0;
        MPI_Send(&zero, 1, MPI_INT, 1, TAG_STOP, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int sum = 0, items = 0;
        for (;;) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_STOP)
                break;
            assert(st.MPI_TAG == TAG_DATA);
            assert(v == items + 1);
            sum += v;
            items++;
        }
        assert(items == 3 && sum == 6);
    }
    MPI_Finalize();
    return 0;
}
