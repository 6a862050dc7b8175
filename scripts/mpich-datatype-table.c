/* The predefined datatypes of extractor/include/mpi.h as an MPI library
 * sees them: for each, one Rust row of the table in runtime-model's
 * `datatype::tests::predefined_types_match_mpich`:
 *   (handle, size, lb, extent, true_lb, true_extent, elements, count)
 * where elements and count are MPI_Get_elements and MPI_Get_count of a
 * two-item message to self (-1: not asked, see the comments below).
 *
 *   mpicc scripts/mpich-datatype-table.c -o /tmp/dt-table
 *   mpiexec -n 1 /tmp/dt-table
 */
#include <mpi.h>
#include <stdio.h>

#define T(x) { x, #x, 1 }
/* MPI_LB / MPI_UB (removed in MPI 3.0) carry no data: not sent. */
#define M(x) { x, #x, 0 }
/* MPICH 4.0.2 divides by zero in MPI_Get_elements of the MINLOC pair types
 * (it crashes): their element count is not asked. */
#define P(x) { x, #x, 2 }
struct { MPI_Datatype t; const char *name; int comm; } types[] = {
  T(MPI_CHAR), T(MPI_SHORT), T(MPI_INT), T(MPI_LONG), T(MPI_LONG_LONG_INT),
  T(MPI_SIGNED_CHAR), T(MPI_UNSIGNED_CHAR), T(MPI_UNSIGNED_SHORT), T(MPI_UNSIGNED),
  T(MPI_UNSIGNED_LONG), T(MPI_UNSIGNED_LONG_LONG), T(MPI_FLOAT), T(MPI_DOUBLE),
  T(MPI_LONG_DOUBLE), T(MPI_WCHAR), T(MPI_BYTE), T(MPI_PACKED),
  T(MPI_C_BOOL), T(MPI_INT8_T), T(MPI_INT16_T), T(MPI_INT32_T), T(MPI_INT64_T),
  T(MPI_UINT8_T), T(MPI_UINT16_T), T(MPI_UINT32_T), T(MPI_UINT64_T),
  T(MPI_C_FLOAT_COMPLEX), T(MPI_C_DOUBLE_COMPLEX), T(MPI_C_LONG_DOUBLE_COMPLEX),
  T(MPI_AINT), T(MPI_OFFSET), T(MPI_COUNT),
  T(MPI_CXX_BOOL), T(MPI_CXX_FLOAT_COMPLEX), T(MPI_CXX_DOUBLE_COMPLEX), T(MPI_CXX_LONG_DOUBLE_COMPLEX),
  P(MPI_FLOAT_INT), P(MPI_DOUBLE_INT), P(MPI_LONG_INT), P(MPI_SHORT_INT), P(MPI_LONG_DOUBLE_INT), T(MPI_2INT),
  T(MPI_INTEGER), T(MPI_REAL), T(MPI_LOGICAL), T(MPI_COMPLEX), T(MPI_DOUBLE_PRECISION),
  T(MPI_2INTEGER), T(MPI_2REAL), T(MPI_DOUBLE_COMPLEX), T(MPI_2DOUBLE_PRECISION), T(MPI_CHARACTER),
  T(MPI_REAL4), T(MPI_REAL8), T(MPI_REAL16), T(MPI_COMPLEX8), T(MPI_COMPLEX16), T(MPI_COMPLEX32),
  T(MPI_INTEGER1), T(MPI_INTEGER2), T(MPI_INTEGER4), T(MPI_INTEGER8),
  M(MPI_LB), M(MPI_UB),
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static char sbuf[256], rbuf[256];
  for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++) {
    MPI_Datatype t = types[i].t;
    int size; MPI_Aint lb, ext, tlb, text;
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    int elems = -1, count = -1;
    if (types[i].comm) {
      MPI_Status st;
      MPI_Sendrecv(sbuf, 2, t, 0, i, rbuf, 2, t, 0, i, MPI_COMM_SELF, &st);
      if (types[i].comm == 1) MPI_Get_elements(&st, t, &elems);
      MPI_Get_count(&st, t, &count);
    }
    printf("(%s, %d, %ld, %ld, %ld, %ld, %d, %d),\n", types[i].name, size, (long)lb,
           (long)ext, (long)tlb, (long)text, elems, count);
  }
  MPI_Finalize();
  return 0;
}
