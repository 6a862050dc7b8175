/* RUN: -n 3
 * EXPECT: verified
 * The v-forms on an intercommunicator (MPI 3.1 §5.5, §5.6, §5.7, §5.8 with §5.2.2) between
 * world rank 0 (lower group) and world ranks 1, 2 (upper group): counts and displacements
 * are indexed by rank in the remote group. Rank 0 gathers 1 int from upper rank 0 and 2 ints
 * from upper rank 1, placed in reverse order; then scatters 2 and 1 ints back; then
 * every process exchanges uneven blocks with Allgatherv and Alltoallv.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 1;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 1, 3, &inter);
    int me;
    MPI_Comm_rank(inter, &me);

    /* Gatherv at rank 0: upper rank j sends j + 1 ints; block j lands at displs[j]. */
    int mine[2] = {10 * rank, 10 * rank + 1}, got[3] = {-1, -1, -1};
    int rcounts[2] = {1, 2}, rdispls[2] = {2, 0};
    int root = upper ? 0 : MPI_ROOT;
    MPI_Gatherv(mine, upper ? me + 1 : 0, MPI_INT, got, rcounts, rdispls, MPI_INT, root, inter);
    if (!upper)
        assert(got[2] == 10 && got[0] == 20 && got[1] == 21);

    /* Scatterv from rank 0: upper rank 0 gets {7, 8}, upper rank 1 gets {9}. */
    int parts[3] = {7, 8, 9}, scounts[2] = {2, 1}, sdispls[2] = {0, 2}, part[2] = {-1, -1};
    MPI_Scatterv(parts, scounts, sdispls, MPI_INT, part, upper ? 2 - me : 0, MPI_INT, root,
                 inter);
    if (upper)
        assert(me == 0 ? part[0] == 7 && part[1] == 8 : part[0] == 9 && part[1] == -1);

    /* Allgatherv: the lower group sends 2 ints, each upper process 1. */
    int out[2] = {rank, rank}, all[2] = {-1, -1};
    int acounts[2], adispls[2] = {0, 1};
    acounts[0] = upper ? 2 : 1;
    acounts[1] = 1;
    MPI_Allgatherv(out, upper ? 1 : 2, MPI_INT, all, acounts, adispls, MPI_INT, inter);
    if (upper)
        assert(all[0] == 0 && all[1] == 0);
    else
        assert(all[0] == 1 && all[1] == 2);

    /* Alltoallv: rank 0 sends 1 int to each upper process; each sends 2 ints back. */
    int sendv[2] = {100 * rank + me, 100 * rank + 1}, recvv[4] = {-1, -1, -1, -1};
    int sc[2], sd[2], rc[2], rd[2];
    if (upper) {
        sc[0] = 2, sd[0] = 0, rc[0] = 1, rd[0] = 0;
    } else {
        sc[0] = sc[1] = 1, sd[0] = 0, sd[1] = 1;
        rc[0] = rc[1] = 2, rd[0] = 0, rd[1] = 2;
    }
    MPI_Alltoallv(sendv, sc, sd, MPI_INT, recvv, rc, rd, MPI_INT, inter);
    if (upper)
        assert(recvv[0] == me);
    else
        assert(recvv[0] == 100 && recvv[1] == 101 && recvv[2] == 201 && recvv[3] == 201);

    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
