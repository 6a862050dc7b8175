/* RUN: -n 3
 * EXPECT: verified
 * The split forms of the ordered accesses (MPI 3.1 §13.4.5 on §13.4.4):
 * MPI_File_write_ordered_begin starts a collective write whose parts go in rank order
 * at the shared file pointer; MPI_File_write_ordered_end finishes it and gives the
 * status. Between the two each rank does independent work (it must not touch the
 * buffer), and rank 0 even waits for a message rank 2 sends only after its own begin:
 * a begin does not wait for the other members. The read back with
 * MPI_File_read_ordered_begin/_end gets each rank's own part, in every order of the
 * ranks' calls.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mine[3], back[3] = {-1, -1, -1}, count, token = 0;
    MPI_File fh;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "surface4_ordered_split.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    for (int i = 0; i <= rank; i++)
        mine[i] = 10 * rank + i;
    MPI_File_write_ordered_begin(fh, mine, rank + 1, MPI_INT);
    if (rank == 2)
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Recv(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_File_write_ordered_end(fh, mine, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == rank + 1);
    assert(rank != 0 || token == 2);

    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered_begin(fh, back, rank + 1, MPI_INT);
    MPI_File_read_ordered_end(fh, back, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == rank + 1);
    for (int i = 0; i <= rank; i++)
        assert(back[i] == 10 * rank + i);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
