/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * store_beside_put.c under the separate memory model: rank 1's store to cell 0 and rank
 * 0's Put to cell 1 are not ordered, and under separate a Put or accumulate must not
 * access a window in which a store has started and is not yet published, nor a store
 * start while an update of the window is not yet visible in the private copy, "even if
 * they access disjoint locations in the window" (MPI 3.1 §11.7, rule 3).
 */
#include "store_beside_put.c"
