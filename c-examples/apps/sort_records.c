/* RUN: -n 3
 * EXPECT: verified
 * Each rank builds an array of records {id, score, name}, sorts it with qsort and a
 * comparator on the score (ties broken by id), sends its best record to rank 0 as
 * MPI_BYTE, and rank 0 sorts the winners again and checks the ranking.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREC 5

typedef struct {
    int id;
    double score;
    char name[12];
} record_t;

static int by_score_desc(const void *pa, const void *pb) {
    const record_t *a = (const record_t *)pa, *b = (const record_t *)pb;
    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return a->id - b->id;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    record_t *recs = malloc(NREC * sizeof *recs);
    for (int i = 0; i < NREC; i++) {
        recs[i].id = rank * NREC + i;
        recs[i].score = (double)((i * 7 + rank * 3) % 11);
        snprintf(recs[i].name, sizeof recs[i].name, "r%d.%d", rank, i);
    }
    qsort(recs, NREC, sizeof(record_t), by_score_desc);
    for (int i = 1; i < NREC; i++)
        assert(by_score_desc(&recs[i - 1], &recs[i]) <= 0);

    if (rank == 0) {
        record_t *best = malloc(size * sizeof *best);
        best[0] = recs[0];
        for (int r = 1; r < size; r++)
            MPI_Recv(&best[r], sizeof(record_t), MPI_BYTE, r, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        qsort(best, size, sizeof best[0], by_score_desc);
        for (int r = 0; r < size; r++)
            printf("%d. %s (%.1f)\n", r + 1, best[r].name, best[r].score);
        assert(best[0].score >= best[size - 1].score);
        assert(strncmp(best[0].name, "r", 1) == 0);
        free(best);
    } else {
        MPI_Send(&recs[0], sizeof(record_t), MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    free(recs);
    MPI_Finalize();
    return 0;
}
