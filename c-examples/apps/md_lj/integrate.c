/* integrate.c: velocity Verlet (Swope et al. 1982) in its two halves around
 * the force computation; unit mass. */
#include <math.h>

#include "md.h"

/* v(t + dt/2) = v(t) + dt/2 f(t);  x(t + dt) = x(t) + dt v(t + dt/2) */
void initial_integrate(Atoms *a, double dt) {
    double half = 0.5 * dt;
    for (int i = 0; i < 3 * a->nlocal; i++) {
        a->v[i] += half * a->f[i];
        a->x[i] += dt * a->v[i];
    }
}

/* v(t + dt) = v(t + dt/2) + dt/2 f(t + dt) */
void final_integrate(Atoms *a, double dt) {
    double half = 0.5 * dt;
    for (int i = 0; i < 3 * a->nlocal; i++)
        a->v[i] += half * a->f[i];
}

/* The longest step an owned atom takes with its current velocity: the
 * migration sends an atom one neighbor away only, so this must stay far
 * below a subdomain's width. */
double max_displacement(const Atoms *a, double dt) {
    double vmax2 = 0.0;
    for (int i = 0; i < a->nlocal; i++) {
        const double *v = &a->v[3 * i];
        double v2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        if (v2 > vmax2)
            vmax2 = v2;
    }
    return dt * sqrt(vmax2);
}

/* The Berendsen thermostat (J. Chem. Phys. 81, 3684, 1984): a weak coupling
 * to a heat bath at T0 with time constant tau, lambda^2 = 1 + dt/tau
 * (T0/T - 1). The temperature is a global quantity: one MPI_Allreduce of
 * the kinetic energy per step. */
double berendsen_scale(const Atoms *a, const Domain *d, const Params *p) {
    double ke = 0.0, ke_total = 0.0;
    for (int i = 0; i < 3 * a->nlocal; i++)
        ke += 0.5 * a->v[i] * a->v[i];
    MPI_Allreduce(&ke, &ke_total, 1, MPI_DOUBLE, MPI_SUM, d->cart);
    double temp = 2.0 * ke_total / (3.0 * (d->natoms - 1));
    if (temp <= 0.0)
        return 1.0;
    double lambda2 = 1.0 + p->dt / p->tau_t * (p->temp / temp - 1.0);
    return lambda2 > 0.0 ? sqrt(lambda2) : 1.0;
}

void scale_velocities(Atoms *a, double lambda) {
    for (int i = 0; i < 3 * a->nlocal; i++)
        a->v[i] *= lambda;
}
