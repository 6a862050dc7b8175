/* thermo.c: the thermodynamic state of the whole system, reduced over the
 * ranks, and the conservation laws a correct run keeps. */
#include <assert.h>
#include <math.h>
#include <stdio.h>

#include "md.h"

/* Potential and kinetic energy, virial and momentum travel in one
 * MPI_Allreduce (MPI 3.1 §5.9.6); the atom count as a long long, exactly. */
void compute_thermo(const Atoms *a, const Domain *d, double pe_local, double virial_local,
                    Thermo *t) {
    double local[6] = {pe_local, 0.0, virial_local, 0.0, 0.0, 0.0}, global[6];
    for (int i = 0; i < a->nlocal; i++) {
        const double *v = &a->v[3 * i];
        local[1] += 0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        local[3] += v[0];
        local[4] += v[1];
        local[5] += v[2];
    }
    MPI_Allreduce(local, global, 6, MPI_DOUBLE, MPI_SUM, d->cart);
    long long n = a->nlocal;
    MPI_Allreduce(&n, &t->natoms, 1, MPI_LONG_LONG, MPI_SUM, d->cart);

    double volume = d->len * d->len * d->len;
    t->pe = global[0] / d->natoms;
    t->ke = global[1] / d->natoms;
    t->virial = global[2];
    t->temp = 2.0 * global[1] / (3.0 * (d->natoms - 1));
    t->press = (d->natoms * t->temp + global[2] / 3.0) / volume;
    t->etotal = t->pe + t->ke;
    for (int c = 0; c < 3; c++)
        t->momentum[c] = global[3 + c];
}

/* Every rank holds the same reduced values, so every rank checks them. */
void check_conservation(const Thermo *t, const Domain *d, double e0, int nve) {
    /* Migration neither loses nor duplicates atoms. */
    assert(t->natoms == d->natoms);
    /* Pair forces are equal and opposite: the total momentum stays zero up
     * to rounding. */
    for (int c = 0; c < 3; c++)
        assert(fabs(t->momentum[c]) < 1e-8 * d->natoms);
    /* Velocity Verlet with the shifted potential conserves the energy per
     * atom to well within a percent over a run at dt = 0.005; a thermostat
     * exchanges energy with its bath. */
    if (nve)
        assert(fabs(t->etotal - e0) < 1e-2 * fabs(e0) + 1e-3);
}
