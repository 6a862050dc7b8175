/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * rma/lock_poll_plain_load.c under the separate memory model: rank 1 spins on a plain
 * load of its window waiting for rank 0's Put. Under separate the Put reaches the
 * private copy only at an MPI_Win_sync (or wait, fence, lock) of rank 1 after it
 * (MPI 3.1 §11.7, rule 6), so without one in the loop the loop may never see it; the
 * loads are not ordered after the Put under either model, and the race is reported.
 */
#include "../rma/lock_poll_plain_load.c"
