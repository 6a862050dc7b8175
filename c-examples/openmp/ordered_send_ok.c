/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 computes its values in a `for ordered` loop under a dynamic
 * schedule and sends each to rank 0 from the loop's `ordered` block; rank
 * 0 receives them with MPI_ANY_TAG and checks that the tags come in
 * iteration order. Ordered blocks run one at a time in the order of the
 * iterations, whichever thread runs each (OpenMP 5.2 §15.10.2), so under
 * MPI_THREAD_SERIALIZED the sends are never concurrent and MPI's
 * non-overtaking rule (MPI 4.0 §3.5) delivers them in order. The rest of
 * the body (the computation) runs in parallel. ordered_partial_race.c
 * leaves a shared update outside the ordered block.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        #pragma omp parallel for ordered schedule(dynamic)
        for (int i = 0; i < N; i++) {
            double v = 0;
            for (int k = 0; k <= i; k++)
                v += k;
            #pragma omp ordered
            {
                MPI_Send(&v, 1, MPI_DOUBLE, 0, i, MPI_COMM_WORLD);
                printf("sent %d\n", i);
            }
        }
    } else if (rank == 0) {
        for (int i = 0; i < N; i++) {
            double v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_DOUBLE, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            assert(st.MPI_TAG == i && v == i * (i + 1) / 2);
        }
    }
    MPI_Finalize();
    return 0;
}
