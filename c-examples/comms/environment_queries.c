/* RUN: -n 2
 * EXPECT: verified
 * Environment inquiries (MPI 3.1 §8.1): version, processor name, thread
 * level, and the predefined attributes of MPI_COMM_WORLD.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int q, main_thread;
    MPI_Query_thread(&q);
    assert(q == provided);
    MPI_Is_thread_main(&main_thread);
    assert(main_thread);

    int version, subversion;
    MPI_Get_version(&version, &subversion);
    assert(version == MPI_VERSION && subversion == MPI_SUBVERSION);

    char name[MPI_MAX_PROCESSOR_NAME];
    int len;
    MPI_Get_processor_name(name, &len);
    assert(len > 0 && len == (int)strlen(name));

    int *tag_ub, flag;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    assert(flag && *tag_ub >= 32767);
    int *host;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &host, &flag);
    assert(flag && (*host == MPI_PROC_NULL || *host >= 0));
    int *global;
    MPI_Attr_get(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &flag);
    assert(flag && (*global == 0 || *global == 1));
    int *io;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_IO, &io, &flag);
    assert(flag && (*io == MPI_ANY_SOURCE || *io >= 0));

    /* The largest tag is usable. */
    int rank, v = 5;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(&v, 1, MPI_INT, 1, *tag_ub, MPI_COMM_WORLD);
    else
        MPI_Recv(&v, 1, MPI_INT, 0, *tag_ub, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(v == 5);
    MPI_Finalize();
    return 0;
}
