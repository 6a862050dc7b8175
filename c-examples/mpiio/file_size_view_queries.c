/* RUN: -n 2
 * EXPECT: verified
 * The file queries and settings of MPI 3.1 §13.2-§13.3: MPI_MODE_EXCL on an existing file
 * fails with MPI_ERR_FILE_EXISTS, MPI_MODE_APPEND starts the file pointer at the end,
 * MPI_File_set_size truncates and MPI_File_preallocate only grows (both collective),
 * MPI_File_get_group and MPI_File_get_info hand objects the program frees, and
 * MPI_File_get_view returns the view MPI_File_set_view set. A barrier separates each size
 * change from the other ranks' queries before it: the collectives need not synchronize.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, err, class, result, v[4] = {1, 2, 3, 4};
    MPI_File fh;
    MPI_Offset size, pos, disp;
    MPI_Group group, world;
    MPI_Info info;
    MPI_Datatype etype, filetype;
    char datarep[MPI_MAX_DATAREP_STRING];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_queries.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at(fh, 0, v, 4, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);

    err = MPI_File_open(MPI_COMM_WORLD, "mpiio_queries.dat",
                        MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_EXCL, MPI_INFO_NULL, &fh);
    MPI_Error_class(err, &class);
    assert(class == MPI_ERR_FILE_EXISTS);

    MPI_File_open(MPI_COMM_WORLD, "mpiio_queries.dat",
                  MPI_MODE_WRONLY | MPI_MODE_APPEND | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_get_position(fh, &pos);
    assert(pos == 4 * sizeof(int));
    MPI_File_set_size(fh, 2 * sizeof(int));
    MPI_File_get_size(fh, &size);
    assert(size == 2 * sizeof(int));
    /* The next size change must not overtake another rank's query. */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_preallocate(fh, sizeof(int));
    MPI_File_get_size(fh, &size);
    assert(size == 2 * sizeof(int));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_preallocate(fh, 3 * sizeof(int));
    MPI_File_get_size(fh, &size);
    assert(size == 3 * sizeof(int));

    MPI_File_get_group(fh, &group);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_compare(group, world, &result);
    assert(result == MPI_IDENT);
    MPI_Group_free(&group);
    MPI_Group_free(&world);
    MPI_File_get_info(fh, &info);
    MPI_Info_free(&info);

    MPI_File_set_view(fh, 8, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_get_view(fh, &disp, &etype, &filetype, datarep);
    assert(disp == 8 && etype == MPI_INT && filetype == MPI_INT && strcmp(datarep, "native") == 0);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
