/* RUN: -n 2 --memory-model separate
 * EXPECT: error rma-race
 * poll_volatile_iprobe.c under the separate memory model: MPI_Iprobe lets the library
 * progress, but it does not reconcile the window's copies; only MPI_Win_sync (or a
 * lock, fence or wait) of rank 1 brings the Put into the private copy rank 1 reads
 * (MPI 3.1 §11.7, rule 6).
 */
#include "poll_volatile_iprobe.c"
