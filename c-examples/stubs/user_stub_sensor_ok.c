/* RUN: -n 2 --any-input
 * EXTRACT: --stub user_stub_sensor_ok_lib.c
 * EXPECT: verified
 * The corrected user_stub_sensor.c: rank 0 always sends, a flag saying
 * whether the reading is valid, so rank 1's receive is always matched
 * (MPI 3.1 §3.4) whatever the device returns. The user's stub makes the
 * reading an input (mpi_verify_any_int), and --any-input checks every
 * value.
 */
#include <mpi.h>

int sensor_read(int channel);

int main(int argc, char **argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = sensor_read(3);
        int valid = value >= 0 ? value : -1;
        MPI_Send(&valid, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
