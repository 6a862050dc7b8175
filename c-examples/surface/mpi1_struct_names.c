/* RUN: -n 2
 * EXPECT: verified
 * Old textbook code with the MPI-1 names removed in MPI 3.0 (MPI 3.1 §17.2):
 * MPI_Address, MPI_Type_struct, MPI_Type_hvector, MPI_Type_hindexed,
 * MPI_Type_extent, MPI_Type_lb, MPI_Type_ub and MPI_Errhandler_set/get, with
 * the semantics of their replacements. Rank 1 checks the received values.
 */
#include <assert.h>
#include <mpi.h>

struct rec {
    int a;
    double b[2];
};

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler eh;
    MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
    assert(eh == MPI_ERRORS_RETURN);

    struct rec r;
    MPI_Aint base, addr, disp[2];
    MPI_Address(&r.a, &base);
    MPI_Address(&r.b[0], &addr);
    disp[0] = 0;
    disp[1] = addr - base;
    int lens[2] = {1, 2};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, rt;
    MPI_Type_struct(2, lens, disp, types, &rt);
    MPI_Type_commit(&rt);
    MPI_Aint ext, lb, ub;
    MPI_Type_extent(rt, &ext);
    MPI_Type_lb(rt, &lb);
    MPI_Type_ub(rt, &ub);
    assert(lb == 0 && ub == disp[1] + 16 && ext == ub - lb);

    /* Every other int of 6, then blocks 0 and 3 of a double array. */
    MPI_Datatype every_other, picks;
    MPI_Type_hvector(3, 1, 2 * sizeof(int), MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int blens[2] = {1, 1};
    MPI_Aint bdisp[2] = {0, 3 * sizeof(double)};
    MPI_Type_hindexed(2, blens, bdisp, MPI_DOUBLE, &picks);
    MPI_Type_commit(&picks);

    int v[6];
    double d[4];
    if (rank == 0) {
        r.a = 42;
        r.b[0] = 1.25;
        r.b[1] = -3.0;
        for (int i = 0; i < 6; i++) v[i] = 10 * i;
        for (int i = 0; i < 4; i++) d[i] = i + 0.5;
        MPI_Send(&r, 1, rt, 1, 0, MPI_COMM_WORLD);
        MPI_Send(v, 1, every_other, 1, 1, MPI_COMM_WORLD);
        MPI_Send(d, 1, picks, 1, 2, MPI_COMM_WORLD);
    } else {
        int w[3];
        double e[2];
        MPI_Recv(&r, 1, rt, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(w, 3, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(e, 2, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(r.a == 42 && r.b[0] == 1.25 && r.b[1] == -3.0);
        assert(w[0] == 0 && w[1] == 20 && w[2] == 40);
        assert(e[0] == 0.5 && e[1] == 3.5);
    }
    MPI_Type_free(&rt);
    MPI_Type_free(&every_other);
    MPI_Type_free(&picks);
    MPI_Finalize();
    return 0;
}
