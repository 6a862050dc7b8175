/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * store_barrier_get.c under the separate memory model: rank 1's store is in its private
 * copy, and nothing publishes it to the public copy the Get reads before the barrier
 * (MPI 3.1 §11.7, rules 2 and 5: MPI_Win_sync, fence, post or unlock by the owner).
 */
#include "store_barrier_get.c"
