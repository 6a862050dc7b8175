/* mpi_verify.h: what a stub (mpi-extract --stub FILE.c) calls to return a
 * value the check treats as an input.
 *
 * mpi_verify_any_int() returns an int the search treats as the program's
 * input: 0 in a plain check; under `mpi-check --any-input`, every value
 * (the input `rankR.any#K`, the K-th call of process R), as it treats
 * what rand() or atoi(argv[i]) return. */
#ifndef MPI_VERIFY_H
#define MPI_VERIFY_H

int mpi_verify_any_int(void);

#endif
