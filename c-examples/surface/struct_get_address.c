/* RUN: -n 2
 * EXPECT: verified
 * The textbook struct datatype: displacements from MPI_Get_address of each
 * member minus that of the first (MPI 3.1 §4.1.5, Example 4.17; by
 * subtraction or MPI_Aint_diff, checked back with MPI_Aint_add), resized to
 * the C struct's size, sending two particles; rank 1 checks every field.
 */
#include <assert.h>
#include <mpi.h>

struct particle {
    char kind;
    double pos[3];
    int id;
};

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct particle p[2];
    MPI_Aint base, disp[3];
    MPI_Get_address(&p[0].kind, &base);
    MPI_Get_address(&p[0].pos[0], &disp[1]);
    MPI_Get_address(&p[0].id, &disp[2]);
    disp[0] = 0;
    disp[1] -= base;
    disp[2] = MPI_Aint_diff(disp[2], base);
    MPI_Aint pos;
    MPI_Get_address(&p[0].pos[0], &pos);
    assert(MPI_Aint_add(base, disp[1]) == pos);
    int lens[3] = {1, 3, 1};
    MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT};
    MPI_Datatype tmp, ptype;
    MPI_Type_create_struct(3, lens, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct particle), &ptype);
    MPI_Type_commit(&ptype);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(ptype, &lb, &extent);
    assert(lb == 0 && extent == sizeof(struct particle));
    MPI_Count size;
    MPI_Type_size_x(ptype, &size);
    assert(size == 1 + 3 * 8 + 4);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            p[i].kind = 'a' + i;
            p[i].pos[0] = i;
            p[i].pos[1] = 2.5 * i;
            p[i].pos[2] = -i;
            p[i].id = 100 + i;
        }
        MPI_Send(p, 2, ptype, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        MPI_Recv(p, 2, ptype, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Count n;
        MPI_Get_elements_x(&st, ptype, &n);
        assert(n == 10);
        for (int i = 0; i < 2; i++) {
            assert(p[i].kind == 'a' + i);
            assert(p[i].pos[1] == 2.5 * i && p[i].pos[2] == -i);
            assert(p[i].id == 100 + i);
        }
    }
    MPI_Type_free(&tmp);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
