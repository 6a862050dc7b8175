/* RUN: -n 3
 * EXPECT: error mpi-usage
 * task_overlap_ok.c under MPI_THREAD_FUNNELED: the communication task may
 * run on any thread of the team (OpenMP 5.2 §12.5; libomp often gives it
 * to a thread waiting at the barrier that ends `single`), but under
 * FUNNELED only the main thread may call MPI (MPI 4.0 §11.6). Ask for
 * MPI_THREAD_SERIALIZED, or make the call outside the task.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 16
#define PARTS 4

int main(int argc, char **argv) {
    int rank, size, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    double u[N], v[N], halo = -1;
    for (int i = 0; i < N; i++)
        u[i] = rank * N + i;
    #pragma omp parallel shared(u, v, halo)
    #pragma omp single
    {
        #pragma omp task
        MPI_Sendrecv(&u[N - 1], 1, MPI_DOUBLE, right, 0, &halo, 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int p = 0; p < PARTS; p++) {
            #pragma omp task firstprivate(p)
            for (int i = 1 + p * (N - 1) / PARTS; i < 1 + (p + 1) * (N - 1) / PARTS; i++)
                v[i] = u[i] - u[i - 1];
        }
        #pragma omp taskwait
        v[0] = u[0] - halo;
    }
    int prev = rank == 0 ? size - 1 : rank - 1;
    assert(v[0] == rank * N - (prev * N + N - 1));
    for (int i = 1; i < N; i++)
        assert(v[i] == 1);
    MPI_Finalize();
    return 0;
}
