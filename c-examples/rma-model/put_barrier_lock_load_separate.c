/* RUN: -n 2 --memory-model separate
 * EXPECT: verified
 * put_barrier_lock_load.c under the separate memory model: the owner's MPI_Win_lock
 * after the barrier reconciles the copies (MPI 3.1 §11.7, rule 6), so the load sees the
 * Put under both models.
 */
#include "put_barrier_lock_load.c"
