/* hdf5.h: the file-writing subset of HDF5's C API (1.10+) that MPI codes use
 * for checkpoints, for `mpi-extract --stub hdf5` (stubs/hdf5/hdf5_stub.c
 * defines it). Not HDF5: a minimal header with its names and types.
 * Identifiers are small integers; the predefined types and property list
 * classes are constants. Parallel HDF5's MPI-IO file access
 * (H5Pset_fapl_mpio) is accepted, and each process writes on its own: the
 * collective file operations of parallel HDF5 are not modeled. */
#ifndef HDF5_H
#define HDF5_H

#include <mpi.h>
#include <stdint.h>
#include <stddef.h>

typedef int64_t hid_t;
typedef int herr_t;
typedef unsigned long long hsize_t;
typedef long long hssize_t;
typedef unsigned int hbool_t;
typedef int htri_t;

typedef enum H5S_seloper_t { H5S_SELECT_SET = 0, H5S_SELECT_OR = 1 } H5S_seloper_t;
typedef enum H5FD_mpio_xfer_t { H5FD_MPIO_INDEPENDENT = 0, H5FD_MPIO_COLLECTIVE = 1 } H5FD_mpio_xfer_t;

#define H5F_ACC_RDONLY 0x0000u
#define H5F_ACC_RDWR 0x0001u
#define H5F_ACC_TRUNC 0x0002u
#define H5F_ACC_EXCL 0x0004u
#define H5P_DEFAULT ((hid_t)0)
#define H5S_ALL ((hid_t)0)
#define H5S_UNLIMITED ((hsize_t)(-1))

/* Predefined datatypes: the size in the low byte. */
#define H5T_NATIVE_CHAR ((hid_t)0x5000000000000101LL)
#define H5T_NATIVE_SCHAR H5T_NATIVE_CHAR
#define H5T_NATIVE_UCHAR ((hid_t)0x5000000000000201LL)
#define H5T_NATIVE_SHORT ((hid_t)0x5000000000000302LL)
#define H5T_NATIVE_INT ((hid_t)0x5000000000000404LL)
#define H5T_NATIVE_UINT ((hid_t)0x5000000000000504LL)
#define H5T_NATIVE_LONG ((hid_t)0x5000000000000608LL)
#define H5T_NATIVE_LLONG ((hid_t)0x5000000000000708LL)
#define H5T_NATIVE_FLOAT ((hid_t)0x5000000000000804LL)
#define H5T_NATIVE_DOUBLE ((hid_t)0x5000000000000908LL)
#define H5T_STD_I32LE ((hid_t)0x5000000000000a04LL)
#define H5T_STD_I64LE ((hid_t)0x5000000000000b08LL)
#define H5T_IEEE_F32LE ((hid_t)0x5000000000000c04LL)
#define H5T_IEEE_F64LE ((hid_t)0x5000000000000d08LL)

/* Property list classes. */
#define H5P_FILE_CREATE ((hid_t)0x6000000000000001LL)
#define H5P_FILE_ACCESS ((hid_t)0x6000000000000002LL)
#define H5P_DATASET_CREATE ((hid_t)0x6000000000000003LL)
#define H5P_DATASET_XFER ((hid_t)0x6000000000000004LL)
#define H5P_GROUP_CREATE ((hid_t)0x6000000000000005LL)

herr_t H5open(void);
herr_t H5close(void);
hid_t H5Fcreate(const char *filename, unsigned flags, hid_t fcpl_id, hid_t fapl_id);
hid_t H5Fopen(const char *filename, unsigned flags, hid_t fapl_id);
herr_t H5Fflush(hid_t object_id, int scope);
herr_t H5Fclose(hid_t file_id);
hid_t H5Screate_simple(int rank, const hsize_t dims[], const hsize_t maxdims[]);
herr_t H5Sselect_hyperslab(hid_t space_id, H5S_seloper_t op, const hsize_t start[],
                           const hsize_t stride[], const hsize_t count[], const hsize_t block[]);
hssize_t H5Sget_simple_extent_npoints(hid_t space_id);
herr_t H5Sclose(hid_t space_id);
hid_t H5Pcreate(hid_t cls_id);
herr_t H5Pset_chunk(hid_t plist_id, int ndims, const hsize_t dim[]);
herr_t H5Pclose(hid_t plist_id);
hid_t H5Dcreate2(hid_t loc_id, const char *name, hid_t type_id, hid_t space_id, hid_t lcpl_id,
                 hid_t dcpl_id, hid_t dapl_id);
herr_t H5Dwrite(hid_t dset_id, hid_t mem_type_id, hid_t mem_space_id, hid_t file_space_id,
                hid_t dxpl_id, const void *buf);
hid_t H5Dget_space(hid_t dset_id);
herr_t H5Dclose(hid_t dset_id);
hid_t H5Gcreate2(hid_t loc_id, const char *name, hid_t lcpl_id, hid_t gcpl_id, hid_t gapl_id);
herr_t H5Gclose(hid_t group_id);
hid_t H5Acreate2(hid_t loc_id, const char *attr_name, hid_t type_id, hid_t space_id,
                 hid_t acpl_id, hid_t aapl_id);
herr_t H5Awrite(hid_t attr_id, hid_t type_id, const void *buf);
herr_t H5Aclose(hid_t attr_id);

#define H5Dcreate H5Dcreate2
#define H5Gcreate H5Gcreate2
#define H5Acreate H5Acreate2

herr_t H5Pset_fapl_mpio(hid_t fapl_id, MPI_Comm comm, MPI_Info info);
herr_t H5Pset_dxpl_mpio(hid_t dxpl_id, H5FD_mpio_xfer_t xfer_mode);

#endif
