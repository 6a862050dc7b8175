/* RUN: -n 2
 * EXPECT: error resource-leak
 * An RAII wrapper frees its duplicated communicator in its destructor, so the scoped
 * object's communicator counts as freed; the one made with new is never deleted, its
 * destructor never runs, and its communicator is still allocated at MPI_Finalize (MPI 3.1
 * §6.4.3: MPI_Comm_free marks it for deallocation).
 */
#include <mpi.h>

class Communicator {
public:
    explicit Communicator(MPI_Comm parent) { MPI_Comm_dup(parent, &comm_); }
    ~Communicator() { MPI_Comm_free(&comm_); }
    Communicator(const Communicator &) = delete;
    Communicator &operator=(const Communicator &) = delete;
    MPI_Comm get() const { return comm_; }

private:
    MPI_Comm comm_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    {
        Communicator scoped(MPI_COMM_WORLD);
        MPI_Barrier(scoped.get());
    }
    Communicator *leaked = new Communicator(MPI_COMM_WORLD);
    MPI_Barrier(leaked->get());
    MPI_Finalize();
    return 0;
}
