/* RUN: -n 2
 * EXPECT: verified
 * Files opened for update (C11 7.21.5.3): "w+" creates a scratch file that is written,
 * rewound and parsed back; a word is patched in place after a read (a positioning call
 * between reading and writing, as C requires); "a+" reads from the start but always
 * writes at the end; "r+" of a missing file fails, and of an existing one overwrites in
 * place. Each rank works on its own file of the check's file system (nothing is written
 * to disk) and removes it at the end. Runs the same under MPICH.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char name[32];
    snprintf(name, sizeof name, "upd%d.tmp", rank);
    assert(fopen(name, "r+") == NULL);
    FILE *f = fopen(name, "w+");
    fprintf(f, "alpha beta gamma\n");
    rewind(f);
    char w[16];
    assert(fscanf(f, "%15s", w) == 1 && strcmp(w, "alpha") == 0);
    long at = ftell(f);
    assert(at == 5);
    fseek(f, 0, SEEK_CUR);
    fputs(" BETA", f);
    assert(ftell(f) == 10);
    fseek(f, 0, SEEK_SET);
    char line[64];
    assert(fgets(line, sizeof line, f) && strcmp(line, "alpha BETA gamma\n") == 0);
    fclose(f);
    f = fopen(name, "a+");
    char c = fgetc(f);
    assert(c == 'a');
    fputs("delta\n", f);
    fseek(f, -6, SEEK_END);
    assert(fgets(line, sizeof line, f) && strcmp(line, "delta\n") == 0);
    fclose(f);
    f = fopen(name, "r+");
    fseek(f, 6, SEEK_SET);
    fputs("beta", f);
    fflush(f);
    rewind(f);
    assert(fgets(line, sizeof line, f) && strcmp(line, "alpha beta gamma\n") == 0);
    fclose(f);
    remove(name);
    MPI_Finalize();
    return 0;
}
