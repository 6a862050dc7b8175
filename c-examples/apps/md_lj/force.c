/* force.c: Lennard-Jones forces over the neighbor lists. An owned pair is
 * in the list once and acts on both atoms (Newton's third law); a pair of
 * an owned atom and a ghost is computed on both ranks that own one of them,
 * so it acts on the owned atom only and adds half its energy and virial on
 * either side, and no force has to be sent back. The potential is shifted
 * to zero at the cutoff so that the energy stays continuous when a pair
 * crosses it. */
#include <stddef.h>

#include "md.h"

void compute_forces(Atoms *a, const Neighbors *n, double cutoff, double *pe, double *virial) {
    double rc2 = cutoff * cutoff;
    double sr2c = 1.0 / rc2, sr6c = sr2c * sr2c * sr2c;
    double eshift = 4.0 * sr6c * (sr6c - 1.0);
    double energy = 0.0, vir = 0.0;
    int nlocal = a->nlocal;
    const double *x = a->x;
    double *f = a->f;

    for (int i = 0; i < 3 * nlocal; i++)
        f[i] = 0.0;

    for (int i = 0; i < nlocal; i++) {
        const int *neigh = &n->list[(size_t)i * n->max_per_atom];
        double xi = x[3 * i], yi = x[3 * i + 1], zi = x[3 * i + 2];
        double fx = 0.0, fy = 0.0, fz = 0.0;
        for (int k = 0; k < n->count[i]; k++) {
            int j = neigh[k];
            double rx = xi - x[3 * j];
            double ry = yi - x[3 * j + 1];
            double rz = zi - x[3 * j + 2];
            double r2 = rx * rx + ry * ry + rz * rz;
            if (r2 >= rc2)
                continue;
            double sr2 = 1.0 / r2, sr6 = sr2 * sr2 * sr2;
            /* F(r)/r = 48 (sr12 - sr6/2) / r^2 */
            double fpair = 48.0 * sr6 * (sr6 - 0.5) * sr2;
            double e = 4.0 * sr6 * (sr6 - 1.0) - eshift;
            fx += fpair * rx;
            fy += fpair * ry;
            fz += fpair * rz;
            if (j < nlocal) {
                f[3 * j] -= fpair * rx;
                f[3 * j + 1] -= fpair * ry;
                f[3 * j + 2] -= fpair * rz;
                energy += e;
                vir += fpair * r2;
            } else {
                energy += 0.5 * e;
                vir += 0.5 * fpair * r2;
            }
        }
        f[3 * i] += fx;
        f[3 * i + 1] += fy;
        f[3 * i + 2] += fz;
    }
    *pe = energy;
    *virial = vir;
}
