/* RUN: -n 2
 * EXPECT: verified
 * Every form of allocation the C++ runtime offers, each released by its partner (C++17
 * [new.delete]): new/delete, new[]/delete[], the nothrow forms, the aligned forms of an
 * over-aligned type, placement new into a buffer the program owns (destroyed by an explicit
 * destructor call, never deleted), and a sized delete. The buffers carry MPI data.
 */
#include <mpi.h>
#include <cassert>
#include <new>

struct alignas(64) Line {
    double v[8];
};

struct Pair {
    int a, b;
    Pair(int x, int y) : a(x), b(y) {}
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *one = new int(rank);
    double *many = new double[8]();
    int *maybe = new (std::nothrow) int[2];
    assert(maybe != nullptr);
    Line *line = new Line();
    Line *lines = new Line[2];
    alignas(Pair) unsigned char storage[sizeof(Pair)];
    Pair *placed = new (storage) Pair(rank, 2 * rank);

    many[0] = *one + placed->b;
    MPI_Allreduce(MPI_IN_PLACE, many, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    line->v[0] = many[0];
    lines[1].v[7] = line->v[0];
    MPI_Bcast(lines[1].v, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    assert(lines[1].v[7] == 3.0);

    placed->~Pair();
    delete[] lines;
    delete line;
    delete[] maybe;
    delete[] many;
    ::operator delete(one, sizeof(int));
    MPI_Finalize();
    return 0;
}
