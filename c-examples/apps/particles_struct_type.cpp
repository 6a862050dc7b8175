/* RUN: -n 3
 * EXPECT: verified
 * A particle exchange: each rank keeps a std::vector of Particle structs, describes one
 * particle to MPI with MPI_Type_create_struct and offsetof (a standard-layout struct, so
 * offsetof is defined, C++17 [support.types.layout]p1) resized to the struct's extent
 * (MPI 3.1 §4.1.7), sends the particles that left its domain to the right neighbour after
 * telling it how many (MPI_Sendrecv of the counts, then of the particles), and appends
 * what it receives. The total count is conserved.
 */
#include <mpi.h>
#include <cassert>
#include <cstddef>
#include <vector>

struct Particle {
    double x, v;
    int id;
};

static MPI_Datatype particle_type() {
    int lengths[3] = {1, 1, 1};
    MPI_Aint displs[3] = {offsetof(Particle, x), offsetof(Particle, v), offsetof(Particle, id)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT}, raw, resized;
    MPI_Type_create_struct(3, lengths, displs, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(Particle), &resized);
    MPI_Type_commit(&resized);
    MPI_Type_free(&raw);
    return resized;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype ptype = particle_type();
    std::vector<Particle> mine;
    for (int k = 0; k < 3; ++k)
        mine.push_back(Particle{rank + 0.3 * k + 0.1, 0.5 * k, rank * 10 + k});

    // Particles beyond x = rank + 0.5 move to the right neighbour (periodic).
    std::vector<Particle> stay, leave;
    for (const Particle &p : mine)
        (p.x > rank + 0.5 ? leave : stay).push_back(p);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int out = (int)leave.size(), in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, right, 0, &in, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    std::vector<Particle> arrived(in);
    MPI_Sendrecv(leave.data(), out, ptype, right, 1, arrived.data(), in, ptype, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    stay.insert(stay.end(), arrived.begin(), arrived.end());

    int count = (int)stay.size(), total = 0;
    MPI_Allreduce(&count, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 3 * size);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
