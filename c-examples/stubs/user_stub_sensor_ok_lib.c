/* The user's stub of the device library for user_stub_sensor_ok.c: the
 * reading is whatever the device says, an input of the check. */
#include <mpi_verify.h>

int sensor_read(int channel) {
    (void)channel;
    return mpi_verify_any_int();
}
