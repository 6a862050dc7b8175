/* RUN: -n 3
 * EXPECT: verified
 * Every nonblocking collective of MPI 3.1 §5.12 started back to back on MPI_COMM_WORLD and
 * completed by one MPI_Waitall; each result is checked after the wait. They follow the same
 * per-communicator order on every rank, so each matches its partners. Deterministic: one
 * execution.
 */
#include <assert.h>
#include <mpi.h>

#define N 17

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Request r[N];
    int b = rank == 1 ? 77 : 0, red = -1, all = -1, gat[8], gatv[8], sca = -1, scav = -1;
    int ag[8], agv[8], a2a[8], a2av[8], a2aw[8], rs = -1, rsb = -1, scan = -1, exscan = -1;
    int src[8], counts[8], displs[8], bytes[8], types[8], ones[8];
    for (int i = 0; i < size; i++) {
        src[i] = 10 * rank + i;
        counts[i] = 1;
        displs[i] = i;
        bytes[i] = i * (int)sizeof(int);
        types[i] = MPI_INT;
        ones[i] = rank + 1;
    }
    MPI_Ibarrier(MPI_COMM_WORLD, &r[0]);
    MPI_Ibcast(&b, 1, MPI_INT, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Ireduce(&rank, &red, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD, &r[2]);
    MPI_Iallreduce(&rank, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &r[3]);
    MPI_Igather(&rank, 1, MPI_INT, gat, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[4]);
    MPI_Igatherv(&rank, 1, MPI_INT, gatv, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &r[5]);
    MPI_Iscatter(src, 1, MPI_INT, &sca, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[6]);
    MPI_Iscatterv(src, counts, displs, MPI_INT, &scav, 1, MPI_INT, 1, MPI_COMM_WORLD, &r[7]);
    MPI_Iallgather(&rank, 1, MPI_INT, ag, 1, MPI_INT, MPI_COMM_WORLD, &r[8]);
    MPI_Iallgatherv(&rank, 1, MPI_INT, agv, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[9]);
    MPI_Ialltoall(src, 1, MPI_INT, a2a, 1, MPI_INT, MPI_COMM_WORLD, &r[10]);
    MPI_Ialltoallv(src, counts, displs, MPI_INT, a2av, counts, displs, MPI_INT, MPI_COMM_WORLD,
                   &r[11]);
    MPI_Ialltoallw(src, counts, bytes, types, a2aw, counts, bytes, types, MPI_COMM_WORLD,
                   &r[12]);
    MPI_Ireduce_scatter(ones, &rs, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[13]);
    MPI_Ireduce_scatter_block(src, &rsb, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[14]);
    MPI_Iscan(&rank, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[15]);
    MPI_Iexscan(&rank, &exscan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[16]);
    MPI_Waitall(N, r, MPI_STATUSES_IGNORE);

    int sum = size * (size - 1) / 2;
    assert(b == 77);
    if (rank == 1)
        assert(red == sum);
    assert(all == size - 1);
    if (rank == 0)
        for (int i = 0; i < size; i++)
            assert(gat[i] == i && gatv[i] == i);
    assert(sca == rank);            /* root 0's src[rank] = rank */
    assert(scav == 10 + rank);      /* root 1's src[rank] */
    for (int i = 0; i < size; i++) {
        assert(ag[i] == i && agv[i] == i);
        assert(a2a[i] == 10 * i + rank && a2av[i] == a2a[i] && a2aw[i] == a2a[i]);
    }
    assert(rs == size * (size + 1) / 2);
    assert(rsb == 10 * sum + size * rank);
    assert(scan == rank * (rank + 1) / 2);
    if (rank > 0)
        assert(exscan == rank * (rank - 1) / 2);
    MPI_Finalize();
    return 0;
}
