/* RUN: -n 2 -- 12 -v x3
 * EXPECT: verified
 * Command-line handling the way small MPI codes do it: rank 0 scans argv with a helper
 * that checks every character with isdigit/isspace/isalpha, upper-cases option names
 * with toupper, counts the flags, and broadcasts a small settings struct; a bad size
 * would be a clean MPI_Abort with a message on stderr.
 */
#include <assert.h>
#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct settings {
    int n;
    int verbose;
    char tag[8];
};

static int all_digits(const char *s) {
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

static void upcase(char *dst, const char *src, size_t cap) {
    size_t i = 0;
    for (; src[i] && i + 1 < cap; i++)
        dst[i] = (char)toupper((unsigned char)src[i]);
    dst[i] = '\0';
}

int main(int argc, char **argv) {
    int rank;
    struct settings st = {0, 0, ""};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 1; i < argc; i++) {
            const char *a = argv[i];
            if (all_digits(a)) {
                st.n = atoi(a);
            } else if (a[0] == '-' && isalpha((unsigned char)a[1])) {
                st.verbose += a[1] == 'v';
            } else if (isalpha((unsigned char)a[0]) && !isspace((unsigned char)a[0])) {
                upcase(st.tag, a, sizeof st.tag);
            }
        }
        if (st.n <= 0 || st.n > 1000) {
            fprintf(stderr, "usage: %s N [-v] [tag]\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Bcast(&st, sizeof st, MPI_BYTE, 0, MPI_COMM_WORLD);
    assert(st.n == 12 && st.verbose == 1);
    assert(strcmp(st.tag, "X3") == 0 && tolower(st.tag[0]) == 'x');
    if (st.verbose)
        printf("rank %d: n=%d tag=%s\n", rank, st.n, st.tag);
    MPI_Finalize();
    return 0;
}
