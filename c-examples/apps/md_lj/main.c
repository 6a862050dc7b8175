/* RUN: -n 2..4 -- -o md_lj.xyz
 * EXPECT: verified
 * SOURCES: setup.c comm.c neighbor.c force.c integrate.c thermo.c analysis.c io.c
 * A molecular-dynamics mini-app at a real size: 2,048 Lennard-Jones atoms
 * (an fcc lattice of 8^3 cells at rho* 0.8442, T* 1.44, cutoff 2.5: the
 * classic liquid-argon benchmark), 100 velocity-Verlet steps of dt 0.005,
 * spread over the ranks by a 3-D spatial decomposition. The modules are
 * those of such codes: setup.c (MPI_Dims_create + a periodic
 * MPI_Cart_create, MPI 3.1 §7.5; the lattice each rank builds its part of;
 * velocities by atom id, zero momentum and the temperature by
 * MPI_Allreduce), comm.c (atom migration and ghost-atom exchange along x,
 * y, z in turn with the MPI_Cart_shift neighbours, counts then data by
 * MPI_Sendrecv, §3.10, with the periodic image shift; between two builds
 * only the ghosts' positions travel), neighbor.c (cell lists over the
 * subdomain and its ghost shell, Verlet lists with a skin rebuilt every 20
 * steps), force.c (the shifted LJ potential, Newton's third law for owned
 * pairs), integrate.c (velocity Verlet, an optional Berendsen thermostat),
 * thermo.c (energy, temperature, pressure and momentum in one
 * MPI_Allreduce, §5.9.6), analysis.c (g(r) summed by MPI_Reduce) and io.c
 * (getopt options, the log, the final configuration gathered by
 * MPI_Gatherv, §5.5, and written as XYZ). Every thermo step checks that no
 * atom was lost or duplicated, that the total momentum stays zero and the
 * energy is conserved; g(r) must show the liquid's first shell; the dump
 * checks that every atom id arrives exactly once. The program is
 * deterministic: one execution at np 2, 3 and 4 (2x1x1, 3x1x1, 2x2x1 ranks;
 * with one rank along a dimension a rank is its own neighbour, with two
 * both neighbours are the same rank and the tags keep the directions
 * apart); the check finds no deadlock, no message of the wrong size, no
 * leaked communicator and the assertions hold.
 *
 * usage: mpiexec -n P ./md_lj [-n atoms] [-s steps] [-t thermo_every]
 *        [-d dt] [-r density] [-T temperature] [-c cutoff] [-k skin]
 *        [-N reneigh_every] [-S seed] [-B tau] [-o dump.xyz] [-g rdf.dat]
 *        [-q]
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "md.h"

/* The ghost exchange reaches one neighbor along each dimension: every
 * subdomain must be at least cutoff + skin wide. */
static int check_decomposition(const Domain *d, const Params *p) {
    for (int dim = 0; dim < 3; dim++)
        if (d->hi[dim] - d->lo[dim] < p->cutoff + p->skin)
            return 0;
    return 1;
}

/* Every reneigh_every steps: migration, new ghosts, cell lists and neighbor
 * lists; in between only the ghosts' positions are refreshed. */
static void prepare_forces(int step, Atoms *a, const Domain *d, CommBuffers *cb, Cells *cells,
                           Neighbors *nb, const Params *p) {
    if (step % p->reneigh_every == 0) {
        double range = p->cutoff + p->skin;
        migrate_atoms(a, d, cb);
        build_ghosts(a, d, cb, range);
        bin_atoms(cells, a);
        build_neighbors(nb, a, cells, range);
    } else {
        update_ghosts(a, d, cb);
    }
}

int main(int argc, char **argv) {
    int world_rank, bad = 0;
    Params p;
    Domain d;
    Atoms atoms;
    CommBuffers cb;
    Cells cells;
    Neighbors nb;
    Rdf rdf;
    Thermo t;
    double pe, virial;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);

    /* Rank 0 parses the options; the parameters travel as bytes (the ranks
     * run the same binary, so the layout is the same, MPI 3.1 §4.1.11). */
    if (world_rank == 0) {
        bad = parse_params(argc, argv, &p);
        if (bad)
            print_usage(argv[0]);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (bad) {
        MPI_Finalize();
        return 1;
    }
    MPI_Bcast(&p, (int)sizeof p, MPI_BYTE, 0, MPI_COMM_WORLD);

    setup_domain(&d, &p);
    if (!check_decomposition(&d, &p)) {
        if (d.rank == 0)
            fprintf(stderr, "md: %d atoms are too few for %d ranks at cutoff %.2f\n", d.natoms,
                    d.nranks, p.cutoff);
        free_domain(&d);
        MPI_Finalize();
        return 1;
    }
    print_header(&p, &d);

    atoms_init(&atoms, 2 * d.natoms / d.nranks + 64);
    comm_init(&cb, &d);
    cells_init(&cells, &d, p.cutoff + p.skin);
    neighbors_init(&nb);
    rdf_init(&rdf, p.cutoff, 100);
    create_lattice(&atoms, &d);
    create_velocities(&atoms, &d, &p);

    prepare_forces(0, &atoms, &d, &cb, &cells, &nb, &p);
    compute_forces(&atoms, &nb, p.cutoff, &pe, &virial);
    compute_thermo(&atoms, &d, pe, virial, &t);
    double e0 = t.etotal;
    check_conservation(&t, &d, e0, p.tau_t == 0.0);
    if (!p.quiet && d.rank == 0)
        print_thermo(0, &t);

    MPI_Barrier(d.cart);
    double t_start = MPI_Wtime();
    for (int step = 1; step <= p.nsteps; step++) {
        initial_integrate(&atoms, p.dt);
        prepare_forces(step, &atoms, &d, &cb, &cells, &nb, &p);
        compute_forces(&atoms, &nb, p.cutoff, &pe, &virial);
        final_integrate(&atoms, p.dt);
        if (p.tau_t > 0.0)
            scale_velocities(&atoms, berendsen_scale(&atoms, &d, &p));

        if (step % p.thermo_every == 0 || step == p.nsteps) {
            compute_thermo(&atoms, &d, pe, virial, &t);
            check_conservation(&t, &d, e0, p.tau_t == 0.0);
            /* One hop per build must suffice for migration. */
            assert(max_displacement(&atoms, p.dt) * p.reneigh_every < p.cutoff);
            if (!p.quiet && d.rank == 0)
                print_thermo(step, &t);
            rdf_sample(&rdf, &atoms, &nb);
        }
    }
    double seconds = MPI_Wtime() - t_start;
    print_summary(&p, &d, &cb, &nb, seconds, e0, t.etotal);

    int status = rdf_finish(&rdf, &d, p.rdf ? p.rdf_file : NULL);
    if (p.dump)
        status |= dump_configuration(&p, &d, &atoms); /* owned atoms only */
    /* Rank 0 wrote the files: everyone exits with its status. */
    MPI_Bcast(&status, 1, MPI_INT, 0, d.cart);

    rdf_free(&rdf);
    neighbors_free(&nb);
    cells_free(&cells);
    comm_free(&cb);
    atoms_free(&atoms);
    free_domain(&d);
    MPI_Finalize();
    return status;
}
