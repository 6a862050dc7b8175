/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * poll_volatile_flag.c under the separate memory model: the Put reaches the window's
 * public copy, and rank 1's volatile loads read the private copy, which takes the
 * update only at an MPI_Win_sync (or lock, fence, wait) of rank 1 after the Put
 * completes (MPI 3.1 §11.7, rule 6). Without one in the loop the loop may never see
 * the flag (Hoefler et al. 2015, Fig. 8): the loads and the Put are reported.
 */
#include "poll_volatile_flag.c"
