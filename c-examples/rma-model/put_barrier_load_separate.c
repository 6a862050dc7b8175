/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * put_barrier_load.c under the separate memory model (MPI 3.1 §11.4): the Put updates
 * the public copy of rank 1's window, and it reaches the private copy rank 1 loads from
 * only at rank 1's next MPI_Win_sync, fence, wait or lock after the completion (§11.7,
 * rule 6). The barrier alone orders the accesses but does not reconcile the copies, so
 * the load is erroneous there (rule 1) though verified under the unified model.
 */
#include "put_barrier_load.c"
