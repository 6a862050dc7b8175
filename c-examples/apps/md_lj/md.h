/* md.h: the data of the Lennard-Jones mini-app and the interfaces of its
 * modules (setup, comm, force, integrate, thermo, io). Units are reduced LJ
 * units: sigma = epsilon = mass = 1. */
#ifndef MD_H
#define MD_H

#include <mpi.h>

#define MD_VERSION "0.9"

/* Run parameters: from the command line on rank 0, broadcast as bytes. */
typedef struct {
    int natoms_req;    /* -n: atoms wanted (rounded to a full fcc lattice) */
    int nsteps;        /* -s: time steps */
    int thermo_every;  /* -t: thermodynamic output interval */
    double dt;         /* -d: time step */
    double density;    /* -r: reduced density rho* */
    double temp;       /* -T: initial temperature T* */
    double cutoff;     /* -c: LJ cutoff r_c */
    double skin;       /* -k: neighbor-list skin */
    int reneigh_every; /* -N: steps between neighbor-list builds */
    unsigned int seed; /* -S: velocity seed */
    int dump;          /* -o given: write the final configuration */
    char dump_file[128];
    int rdf;           /* -g given: write g(r) there */
    char rdf_file[128];
    double tau_t;      /* -B: Berendsen thermostat time constant (0: NVE) */
    int quiet;         /* -q: no thermo lines */
} Params;

/* The global box and this rank's part of it. */
typedef struct {
    MPI_Comm cart;
    int rank, nranks;
    int dims[3], coords[3];
    int nbr_lo[3], nbr_hi[3]; /* neighbor ranks below and above, per dimension */
    int cells;                /* fcc unit cells per box edge */
    int natoms;               /* atoms in the whole box */
    double lattice;           /* fcc lattice constant */
    double len;               /* box edge: cells * lattice */
    double lo[3], hi[3];      /* this rank's subdomain [lo, hi) */
} Domain;

/* Atoms: the owned ones first (nlocal), then the ghosts (up to nall). */
typedef struct {
    int nlocal, nall, cap;
    int *id;   /* global ids; ghosts carry theirs too */
    double *x; /* positions, 3 per atom */
    double *v; /* velocities, owned atoms only */
    double *f; /* forces, owned atoms only */
} Atoms;

/* One ghost swap: the owned or ghost atoms sent to one neighbor, recorded
 * when the ghosts are built so that the steps in between send only the
 * new positions of the same atoms, and where the copies from the opposite
 * neighbor sit in the atom arrays. */
typedef struct {
    int dim;
    int to, from;   /* ranks: send to, receive from */
    int tag;
    double shift;   /* periodic image shift of the coordinates sent */
    int nsend, nrecv;
    int first;      /* index of the first ghost received */
    int *list;      /* indices of the atoms sent */
    int cap;
} Swap;

#define NSWAPS 6 /* two per dimension */

/* The communication state each rank keeps from step to step. */
typedef struct {
    Swap swaps[NSWAPS];
    double *send, *recv;
    int cap_send, cap_recv; /* in doubles */
    long long migrated;     /* atoms sent to a neighbor over the run */
    long long ghosts_max;   /* largest ghost count seen */
} CommBuffers;

/* Neighbor lists: for each owned atom the owned atoms of higher index and
 * the ghosts within cutoff + skin (a half list for owned pairs). */
typedef struct {
    int *count;     /* neighbors of each owned atom */
    int *list;      /* max_per_atom slots per owned atom */
    int max_per_atom;
    int cap_atoms;
    long long builds;
} Neighbors;

/* Cell lists over the subdomain extended by one cutoff on every side. */
typedef struct {
    int nc[3];          /* cells per dimension */
    double origin[3];   /* lower corner of the extended region */
    double width[3];    /* cell edge, >= cutoff */
    int *head, *next;   /* linked lists: first atom of a cell, next atom */
    int ncells, cap_next;
} Cells;

/* The radial distribution function: a histogram of pair distances. */
typedef struct {
    int nbins;
    double rmax, dr;
    double *hist; /* ordered pairs per bin, summed over the samples */
    long long samples;
} Rdf;

/* What the thermodynamic output reduces over all ranks. */
typedef struct {
    double pe, ke, virial;
    double temp, press, etotal;
    double momentum[3];
    long long natoms;
} Thermo;

/* io.c */
int parse_params(int argc, char **argv, Params *p);
void print_usage(const char *prog);
void print_header(const Params *p, const Domain *d);
void print_thermo(int step, const Thermo *t);
void print_summary(const Params *p, const Domain *d, const CommBuffers *cb, const Neighbors *nb,
                   double seconds, double e0, double e1);
int dump_configuration(const Params *p, const Domain *d, const Atoms *a);

/* setup.c */
void setup_domain(Domain *d, const Params *p);
void free_domain(Domain *d);
void atoms_init(Atoms *a, int cap);
void atoms_reserve(Atoms *a, int cap);
void atoms_free(Atoms *a);
void create_lattice(Atoms *a, const Domain *d);
void create_velocities(Atoms *a, const Domain *d, const Params *p);

/* comm.c */
void comm_init(CommBuffers *cb, const Domain *d);
void comm_free(CommBuffers *cb);
void migrate_atoms(Atoms *a, const Domain *d, CommBuffers *cb);
void build_ghosts(Atoms *a, const Domain *d, CommBuffers *cb, double range);
void update_ghosts(Atoms *a, const Domain *d, CommBuffers *cb);

/* neighbor.c */
void cells_init(Cells *c, const Domain *d, double range);
void cells_free(Cells *c);
void bin_atoms(Cells *c, const Atoms *a);
void neighbors_init(Neighbors *n);
void neighbors_free(Neighbors *n);
void build_neighbors(Neighbors *n, const Atoms *a, const Cells *c, double range);

/* force.c */
void compute_forces(Atoms *a, const Neighbors *n, double cutoff, double *pe, double *virial);

/* analysis.c */
void rdf_init(Rdf *g, double rmax, int nbins);
void rdf_free(Rdf *g);
void rdf_sample(Rdf *g, const Atoms *a, const Neighbors *n);
int rdf_finish(const Rdf *g, const Domain *d, const char *file);

/* integrate.c */
void initial_integrate(Atoms *a, double dt);
void final_integrate(Atoms *a, double dt);
double berendsen_scale(const Atoms *a, const Domain *d, const Params *p);
void scale_velocities(Atoms *a, double lambda);
double max_displacement(const Atoms *a, double dt);

/* thermo.c */
void compute_thermo(const Atoms *a, const Domain *d, double pe_local, double virial_local,
                    Thermo *t);
void check_conservation(const Thermo *t, const Domain *d, double e0, int nve);

#endif
