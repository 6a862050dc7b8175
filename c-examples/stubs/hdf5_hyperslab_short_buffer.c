/* RUN: -n 2
 * EXTRACT: --stub hdf5
 * EXPECT: error memory-error
 * Each rank writes its part of a global dataset through a hyperslab of
 * COUNT elements, but its memory dataspace says 2 * COUNT (the global
 * size) while the buffer holds COUNT: H5Dwrite reads as many elements as
 * the memory dataspace selects, past the end of the local array. With the
 * bundled HDF5 stub (--stub hdf5) the read is seen and reported.
 */
#include <hdf5.h>
#include <mpi.h>

#define COUNT 4

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int local[COUNT];
    for (int i = 0; i < COUNT; i++)
        local[i] = rank * COUNT + i;
    hid_t file = H5Fcreate("all.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    hsize_t global[1] = {(hsize_t)COUNT * size};
    hid_t filespace = H5Screate_simple(1, global, NULL);
    hid_t dset = H5Dcreate2(file, "data", H5T_NATIVE_INT, filespace, H5P_DEFAULT, H5P_DEFAULT,
                            H5P_DEFAULT);
    hsize_t start[1] = {(hsize_t)rank * COUNT}, count[1] = {COUNT};
    H5Sselect_hyperslab(filespace, H5S_SELECT_SET, start, NULL, count, NULL);
    hid_t memspace = H5Screate_simple(1, global, NULL); /* should be count */
    H5Dwrite(dset, H5T_NATIVE_INT, memspace, filespace, H5P_DEFAULT, local);
    H5Sclose(memspace);
    H5Dclose(dset);
    H5Sclose(filespace);
    H5Fclose(file);
    MPI_Finalize();
    return 0;
}
