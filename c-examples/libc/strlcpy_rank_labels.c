/* RUN: -n 2
 * EXPECT: verified
 * Each rank builds the label of its output files in a fixed 16-byte field with strlcpy and
 * strlcat, the BSD functions (glibc has them since 2.38; older headers do not declare
 * them, so the code does) that always terminate what they write and return the length
 * they tried to make: a result >= sizeof the field means the text was cut. A case name
 * too long for the field is detected that way and replaced by a short one; the labels
 * are gathered on rank 0, which checks them.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t strlcpy(char *dst, const char *src, size_t size);
size_t strlcat(char *dst, const char *src, size_t size);

#define FIELD 16

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    char label[FIELD];
    const char *name = "turbulent_channel_flow";
    if (strlcpy(label, name, sizeof label) >= sizeof label) {
        assert(strlen(label) == FIELD - 1); /* cut, but terminated */
        strlcpy(label, "tcf", sizeof label);
    }
    char suffix[8];
    snprintf(suffix, sizeof suffix, "-r%d", rank);
    size_t want = strlcat(label, suffix, sizeof label);
    assert(want < sizeof label && want == strlen(label));

    char *all = rank == 0 ? malloc((size_t)size * FIELD) : NULL;
    MPI_Gather(label, FIELD, MPI_CHAR, all, FIELD, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++) {
            char want_label[FIELD];
            snprintf(want_label, sizeof want_label, "tcf-r%d", r);
            assert(strcmp(all + r * FIELD, want_label) == 0);
            printf("rank %d writes %s.dat\n", r, all + r * FIELD);
        }
        free(all);
    }
    MPI_Finalize();
    return 0;
}
