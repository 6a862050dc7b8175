/* RUN: -n 2 --memory-model separate
 * EXPECT: verified
 * model_query_branch.c under the separate memory model: MPI_WIN_MODEL says
 * MPI_WIN_SEPARATE, so rank 1 takes the branch that locks its window, which makes the
 * completed Put visible in its private copy (MPI 3.1 §11.7, rule 6).
 */
#include "model_query_branch.c"
