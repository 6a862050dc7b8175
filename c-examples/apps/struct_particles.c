/* RUN: -n 3
 * EXPECT: verified
 * Particles as an array of structs sent with a datatype built by MPI_Type_create_struct
 * from offsetof and resized to sizeof(struct particle); rank 0 builds them (names with
 * snprintf, strcpy and strcat), broadcasts, and every rank checks the fields, finds its
 * particle with strchr/memcmp on the name, and reduces a kinetic energy.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define NP 4

struct particle {
    int id;
    double pos[3];
    char name[16];
    float mass;
};

static MPI_Datatype make_particle_type(void) {
    int blocklens[4] = {1, 3, 16, 1};
    MPI_Aint displs[4] = {offsetof(struct particle, id), offsetof(struct particle, pos),
                          offsetof(struct particle, name), offsetof(struct particle, mass)};
    MPI_Datatype types[4] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_FLOAT};
    MPI_Datatype tmp, t;
    MPI_Type_create_struct(4, blocklens, displs, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct particle), &t);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&t);
    return t;
}

static double kinetic(const struct particle *p) {
    double v2 = 0.0;
    for (int d = 0; d < 3; d++)
        v2 += pow(p->pos[d], 2.0);
    return 0.5 * p->mass * v2;
}

int main(int argc, char **argv) {
    int rank, size;
    struct particle ps[NP];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype ptype = make_particle_type();

    memset(ps, 0, sizeof ps);
    if (rank == 0) {
        for (int i = 0; i < NP; i++) {
            ps[i].id = i;
            for (int d = 0; d < 3; d++)
                ps[i].pos[d] = cos(i + d) * 2.0;
            snprintf(ps[i].name, sizeof ps[i].name, "p%d", i);
            strcat(ps[i].name, "-");
            strncat(ps[i].name, "xyzw" + i, 1);
            ps[i].mass = 1.5f * (i + 1);
        }
    }
    MPI_Bcast(ps, NP, ptype, 0, MPI_COMM_WORLD);

    double e = 0.0;
    for (int i = 0; i < NP; i++) {
        assert(ps[i].id == i);
        assert(fabs(ps[i].pos[1] - cos(i + 1) * 2.0) < 1e-12);
        char expect[16];
        sprintf(expect, "p%d-%c", i, "xyzw"[i]);
        assert(strcmp(ps[i].name, expect) == 0);
        assert(strchr(ps[i].name, '-') == ps[i].name + 2);
        if (i % size == rank)
            e += kinetic(&ps[i]);
    }
    char mine[16];
    strcpy(mine, ps[rank].name);
    assert(memcmp(mine, ps[rank].name, strlen(mine) + 1) == 0);

    double total;
    MPI_Allreduce(&e, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total kinetic energy %.6f\n", total);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
