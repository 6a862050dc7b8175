/* RUN: -n 2
 * EXPECT: error memory-error
 * Two owners of one block: a raw pointer copied out of an object is deleted by the object's
 * destructor and again by the caller (C++17 [basic.stc.dynamic.deallocation]p4: the pointer
 * is invalid after the first delete). Reported at the second delete.
 */
#include <mpi.h>

class Buffer {
public:
    explicit Buffer(int n) : data_(new double[n]), n_(n) {}
    ~Buffer() { delete[] data_; }
    double *data() { return data_; }
    int size() const { return n_; }

private:
    double *data_;
    int n_;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    double *raw;
    {
        Buffer b(4);
        b.data()[0] = 1.0;
        MPI_Allreduce(MPI_IN_PLACE, b.data(), b.size(), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        raw = b.data();
    }
    delete[] raw;
    MPI_Finalize();
    return 0;
}
