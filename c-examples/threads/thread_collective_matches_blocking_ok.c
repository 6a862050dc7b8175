/* RUN: -n 3
 * EXPECT: verified
 * Under MPI_THREAD_MULTIPLE one thread of rank 0's parallel region calls MPI_Barrier and
 * then MPI_Allreduce, while ranks 1 and 2 make the same calls outside any region. The
 * checker lets a thread's blocking call wait inside MPI while the other threads run by
 * posting it as its nonblocking form; the call still matches as the blocking collective
 * the program made: blocking and nonblocking collectives never match each other (MPI 3.1
 * §5.12), but here every rank calls the blocking ones. The other thread of rank 0 works
 * on its own data meanwhile.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int provided, rank, v, sum = 0, local[2] = {0, 0};
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    v = rank + 1;
    if (rank == 0) {
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            if (t == 0) {
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            } else {
                for (int i = 0; i < 10; i++)
                    local[1] += i;
            }
        }
        assert(local[1] == 45);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    assert(sum == 6);
    MPI_Finalize();
    return 0;
}
