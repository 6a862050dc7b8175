/* RUN: -n 2
 * EXPECT: verified
 * Each rank writes its checkpoint the safe way: into a temporary file, which it then
 * renames over the previous checkpoint (rename replaces the target, C11 7.21.4.2), so a
 * crash never leaves a half-written checkpoint. The header is written first with a
 * placeholder record count, patched afterwards by seeking back (fseek on a stream open
 * for writing sends what is buffered first); ftell gives the offset of the records.
 * After a barrier each rank reads its neighbor's checkpoint back, checks it with
 * fgetpos/fsetpos and ungetc, and removes its own temporary names (remove of a missing
 * file fails with ENOENT). Files live on the check's file system: nothing is written to
 * disk.
 */
#include <assert.h>
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 5

static void name_of(char *buf, size_t len, const char *what, int rank) {
    snprintf(buf, len, "ckpt_%s_%d.dat", what, rank);
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    char tmp[64], final[64];
    name_of(tmp, sizeof tmp, "tmp", rank);
    name_of(final, sizeof final, "final", rank);

    FILE *f = fopen(tmp, "w");
    assert(f);
    fprintf(f, "count=%03d\n", 0);
    long records = ftell(f);
    assert(records == 10);
    for (int i = 0; i < N; i++)
        fprintf(f, "%d\n", rank * 100 + i);
    assert(fseek(f, 6, SEEK_SET) == 0);
    fprintf(f, "%03d", N);
    fclose(f);
    assert(rename(tmp, final) == 0);
    assert(fopen(tmp, "r") == NULL && errno == ENOENT);

    MPI_Barrier(MPI_COMM_WORLD);

    int peer = (rank + 1) % size;
    char peer_name[64];
    name_of(peer_name, sizeof peer_name, "final", peer);
    FILE *g = fopen(peer_name, "r");
    assert(g);
    int count = -1;
    assert(fscanf(g, "count=%d\n", &count) == 1 && count == N);
    fpos_t first;
    fgetpos(g, &first);
    int value, sum = 0;
    while (fscanf(g, "%d", &value) == 1)
        sum += value;
    assert(sum == N * peer * 100 + N * (N - 1) / 2);
    assert(feof(g) && !ferror(g));
    fsetpos(g, &first);
    int c = fgetc(g);
    ungetc(c, g);
    assert(fscanf(g, "%d", &value) == 1 && value == peer * 100);
    fclose(g);

    MPI_Barrier(MPI_COMM_WORLD);
    assert(remove(final) == 0);
    assert(remove(tmp) == -1 && errno == ENOENT);
    MPI_Finalize();
    return 0;
}
