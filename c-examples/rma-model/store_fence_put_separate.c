/* RUN: -n 2 --memory-model separate
 * EXPECT: verified
 * store_fence_put.c under the separate memory model: the fences publish rank 1's store
 * and reconcile the Put into the private copy (MPI 3.1 §11.7, rules 5 and 6).
 */
#include "store_fence_put.c"
