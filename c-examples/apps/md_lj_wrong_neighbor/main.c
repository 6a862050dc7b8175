/* RUN: -n 3
 * EXPECT: error deadlock
 * SOURCES: comm.c
 * The molecular-dynamics mini-app of md_lj/ (its other modules are
 * included below as they are) with one wrong line in comm.c: the swap that
 * sends atoms up to the upper neighbour receives from the upper neighbour
 * too (`hi->from = d->nbr_hi[dim]`, copied from the line above), where the
 * atoms coming up arrive from the lower one. With two ranks along a
 * dimension both neighbours are the same rank and with one a rank is its
 * own neighbour, so the 2x1x1 and 2x2x1 decompositions of np 2 and 4 run
 * correctly; at np 3 (3x1x1) every rank sends to rank + 1 and waits for a
 * message from rank + 1 that rank + 1 sends on to rank + 2: the first
 * migration's MPI_Sendrecv (MPI 3.1 §3.10) never completes on any rank. The
 * check reports the deadlock with each rank's Sendrecv and the message
 * nobody receives; MPICH hangs at np 3.
 *
 * usage: mpiexec -n 3 ./md_lj_wrong_neighbor [md_lj options]
 */
#include "../md_lj/main.c"
#include "../md_lj/setup.c"
#include "../md_lj/neighbor.c"
#include "../md_lj/force.c"
#include "../md_lj/integrate.c"
#include "../md_lj/thermo.c"
#include "../md_lj/analysis.c"
#include "../md_lj/io.c"
