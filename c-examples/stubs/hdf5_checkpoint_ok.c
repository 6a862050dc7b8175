/* RUN: -n 2
 * EXTRACT: --stub hdf5
 * EXPECT: verified
 * A checkpoint with HDF5's file-writing API: each rank writes its block
 * of the field to its own file (H5Fcreate, H5Screate_simple, H5Dcreate2,
 * H5Dwrite, an attribute with the step), closing every identifier. HDF5
 * has no source here: the bundled stub (--stub hdf5) checks identifiers
 * and reads each buffer whole, as HDF5 does. The step is agreed on with
 * MPI_Allreduce first (MPI 3.1 §5.9.6).
 */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>

#define N 6

int main(int argc, char **argv) {
    int rank, step = 3, last = 0;
    double field[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        field[i] = rank + 0.5 * i;
    MPI_Allreduce(&step, &last, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    char name[64];
    snprintf(name, sizeof name, "checkpoint_%d.h5", rank);
    hid_t file = H5Fcreate(name, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    hsize_t dims[1] = {N};
    hid_t space = H5Screate_simple(1, dims, NULL);
    hid_t group = H5Gcreate2(file, "/state", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t dset = H5Dcreate2(group, "u", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT,
                            H5P_DEFAULT);
    herr_t status = H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, field);
    hsize_t one[1] = {1};
    hid_t scalar = H5Screate_simple(1, one, NULL);
    hid_t attr = H5Acreate2(dset, "step", H5T_NATIVE_INT, scalar, H5P_DEFAULT, H5P_DEFAULT);
    status |= H5Awrite(attr, H5T_NATIVE_INT, &last);
    status |= H5Aclose(attr);
    status |= H5Sclose(scalar);
    status |= H5Dclose(dset);
    status |= H5Gclose(group);
    status |= H5Sclose(space);
    status |= H5Fclose(file);
    if (status < 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
    return 0;
}
