/* RUN: -n 2
 * EXPECT: error assertion
 * Two constructors with priorities: the lower priority runs first, so `check_table`
 * (101) runs before `fill_table` (102), sees an empty table and fails before main
 * starts (under MPICH every rank aborts before MPI_Init).
 */
#include <assert.h>
#include <mpi.h>

static int table[4];

__attribute__((constructor(102))) static void fill_table(void) {
    for (int i = 0; i < 4; i++)
        table[i] = i + 1;
}

__attribute__((constructor(101))) static void check_table(void) { assert(table[3] == 4); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return table[0] - 1;
}
