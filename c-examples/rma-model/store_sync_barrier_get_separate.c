/* RUN: -n 2 --memory-model separate
 * EXPECT: verified
 * store_sync_barrier_get.c under the separate memory model: MPI_Win_sync after the
 * store and before the barrier publishes it (MPI 3.1 §11.7, rule 5).
 */
#include "store_sync_barrier_get.c"
