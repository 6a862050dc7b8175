/* RUN: -n 2
 * EXPECT: verified
 * poll_volatile_iprobe.c with a C11-style atomic load (the GCC/Clang builtin
 * __atomic_load_n) instead of a volatile one: an atomic load is also performed on
 * every pass, so under the unified memory model it observes the Put eventually
 * (MPI 3.1 §11.4). The loop calls MPI_Iprobe so that MPICH makes progress.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, flag = 0, one = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else {
        int pending;
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0)
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pending, MPI_STATUS_IGNORE);
        printf("rank 1 saw the flag\n");
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
