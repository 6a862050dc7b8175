/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 deletes a scratch file while both ranks still have it open, then every
 * rank closes it. MPI 3.1 §13.2.3 leaves this to the implementation: the file may
 * be deleted (MPICH does, and returns MPI_SUCCESS) or kept with an error of class
 * MPI_ERR_FILE_IN_USE. The program accepts either answer, so it is correct, and
 * the report adds a portability note naming the call: a program that assumed one
 * of the two answers would behave differently elsewhere. Files return errors
 * (MPI_ERRORS_RETURN is their default handler, §13.7), so the program goes on.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 7, err, cls = MPI_SUCCESS;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_scratch_note.dat", MPI_MODE_RDWR | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_at(fh, (MPI_Offset)rank * sizeof v, &v, 1, MPI_INT, MPI_STATUS_IGNORE);
    if (rank == 0) {
        err = MPI_File_delete("mpiio_scratch_note.dat", MPI_INFO_NULL);
        if (err != MPI_SUCCESS)
            MPI_Error_class(err, &cls);
        assert(cls == MPI_SUCCESS || cls == MPI_ERR_FILE_IN_USE || cls == MPI_ERR_ACCESS);
    }
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && cls != MPI_SUCCESS)
        MPI_File_delete("mpiio_scratch_note.dat", MPI_INFO_NULL);
    MPI_Finalize();
    return 0;
}
