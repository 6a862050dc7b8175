/* RUN: -n 2
 * EXPECT: verified
 * Error classes, codes and strings a program adds (MPI 3.1 §8.5): a new
 * class and a code in it, with strings; MPI_Error_class maps the code to
 * its class, MPI_Error_string returns the string added, and the
 * MPI_LASTUSEDCODE attribute is at least MPI_ERR_LASTCODE. A window's error
 * handler is MPI_ERRORS_ARE_FATAL until set (§8.3); under
 * MPI_ERRORS_RETURN, MPI_Win_call_errhandler returns MPI_SUCCESS.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int cls, code;
    MPI_Add_error_class(&cls);
    MPI_Add_error_code(cls, &code);
    MPI_Add_error_string(cls, "solver class");
    MPI_Add_error_string(code, "solver diverged");
    int got;
    MPI_Error_class(code, &got);
    assert(got == cls);
    char text[MPI_MAX_ERROR_STRING];
    int len;
    MPI_Error_string(code, text, &len);
    assert(strcmp(text, "solver diverged") == 0 && len == 15);
    int *last, flag;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    assert(flag && *last >= MPI_ERR_LASTCODE);

    int buf[2];
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Errhandler eh;
    MPI_Win_get_errhandler(win, &eh);
    assert(eh == MPI_ERRORS_ARE_FATAL);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int rc = MPI_Win_call_errhandler(win, code);
    assert(rc == MPI_SUCCESS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
