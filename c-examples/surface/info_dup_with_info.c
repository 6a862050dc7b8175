/* RUN: -n 2
 * EXPECT: verified
 * Info objects (MPI 3.1 §9): set, overwrite, query, duplicate, delete and
 * free, and MPI_Comm_dup_with_info (§6.4.2) used for a message.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, flag, n;
    char value[16], key[MPI_MAX_INFO_KEY + 1];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info info, copy;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "false");
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(info, "hint", "a-longer-value");
    MPI_Info_get_nkeys(info, &n);
    assert(n == 2);
    MPI_Info_get(info, "mpi_assert_no_any_tag", sizeof value - 1, value, &flag);
    assert(flag && strcmp(value, "true") == 0);
    MPI_Info_get(info, "hint", 3, value, &flag);
    assert(flag && strcmp(value, "a-l") == 0);
    MPI_Info_get_valuelen(info, "hint", &n, &flag);
    assert(flag && n == 14);
    MPI_Info_get(info, "absent", sizeof value - 1, value, &flag);
    assert(!flag);
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "hint");
    MPI_Info_get_nkeys(copy, &n);
    assert(n == 2);
    MPI_Info_get_nthkey(copy, 1, key);
    assert(strcmp(key, "hint") == 0);

    MPI_Comm c;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &c);
    MPI_Info_free(&info);
    MPI_Info_free(&copy);
    assert(info == MPI_INFO_NULL);
    int x = rank == 0 ? 5 : 0;
    if (rank == 0)
        MPI_Send(&x, 1, MPI_INT, 1, 0, c);
    else {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, c, MPI_STATUS_IGNORE);
        assert(x == 5);
    }
    MPI_Comm_free(&c);
    MPI_Finalize();
    return 0;
}
