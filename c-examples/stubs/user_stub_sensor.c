/* RUN: -n 2 --any-input
 * EXTRACT: --stub user_stub_sensor_lib.c
 * EXPECT: error deadlock
 * A program reads a value from a device library whose source the check
 * does not have (sensor_read). The user's stub (--stub
 * user_stub_sensor_lib.c) defines it with mpi_verify_any_int() from
 * mpi_verify.h, so the value is an input: --any-input checks every value.
 * For a negative reading rank 0 skips its send while rank 1 still waits
 * in MPI_Recv (MPI 3.1 §3.4): a deadlock for the inputs the report names.
 */
#include <mpi.h>

int sensor_read(int channel);

int main(int argc, char **argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = sensor_read(3);
        if (value >= 0)
            MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
