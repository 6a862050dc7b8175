/* RUN: -n 2
 * EXPECT: verified
 * A user error handler on a file (MPI_File_create_errhandler, MPI_File_set_errhandler, MPI
 * 3.1 §8.3.3, §13.7) runs when a call on the file fails: here a write to a file opened
 * read-only (an error of class MPI_ERR_READ_ONLY; the handler gets the code the call
 * returns), and MPI_File_call_errhandler. The handler gets pointers to the handle and the code and counts
 * the calls; MPI_File_get_errhandler returns it (a new reference the program frees).
 */
#include <assert.h>
#include <mpi.h>

static int calls = 0, last_code = -1;

static void on_error(MPI_File *fh, int *code, ...) {
    (void)fh;
    calls++;
    last_code = *code;
}

int main(int argc, char **argv) {
    int rank, x = 1, rc, cls;
    MPI_File fh;
    MPI_Errhandler eh, got;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_errh.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_errh_ro.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_errh_ro.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_create_errhandler(on_error, &eh);
    MPI_File_set_errhandler(fh, eh);
    MPI_File_get_errhandler(fh, &got);
    assert(got == eh);
    MPI_Errhandler_free(&got);
    rc = MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    assert(rc != MPI_SUCCESS);
    assert(calls == 1 && last_code == rc);
    MPI_Error_class(rc, &cls);
    assert(cls == MPI_ERR_READ_ONLY);
    MPI_File_call_errhandler(fh, MPI_ERR_OTHER);
    assert(calls == 2 && last_code == MPI_ERR_OTHER);
    MPI_File_close(&fh);
    MPI_Errhandler_free(&eh);
    MPI_Finalize();
    return 0;
}
