/* RUN: -n 1
 * EXPECT: verified
 * 400 steps of mixed long double arithmetic (x87 80-bit): division, multiplication,
 * fmodl, floorl/ceill/truncl/roundl, conversions from and to double, float and
 * integers, comparisons, negation, additions of double and float operands. Every
 * intermediate value's 10 bytes (and each conversion's bytes) go into an FNV-1a hash,
 * which must equal the hash a native run on x86-64 computed: the checker's arithmetic
 * agrees with the hardware's bit for bit, rounding (to nearest even at 64 bits) included.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <assert.h>
static unsigned long long h = 1469598103934665603ULL;
static void mix(const void *p, int n) { const unsigned char *b = p; for (int i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ULL; } }
static void mixld(long double x) { mix(&x, 10); }
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  unsigned long long s = 88172645463325252ULL;
  long double acc = 1, prod = 1;
  for (int i = 0; i < 400; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    long double a = (long double)(long long)s / 3.0L;
    long double b = (long double)(unsigned)(s >> 20) * 1e-7L + 1e-30L;
    double d = (double)(s % 1000003) / 7.0;
    float f = (float)(s % 999) / 13.0f;
    switch (i % 9) {
    case 0: acc += a / b; break;
    case 1: acc -= a * b; break;
    case 2: acc = fmodl(acc, b + 1); break;
    case 3: acc += d; acc *= f; break;
    case 4: prod *= (1 + b / 1e9L); break;
    case 5: acc = -acc + (long double)(int)(b * 100); break;
    case 6: acc += (acc > a) ? 1.5L : -0.25L; break;
    case 7: { double t = (double)acc; float u = (float)acc; mix(&t, 8); mix(&u, 4); acc += fabsl(a) / 1e20L; break; }
    case 8: { long long k = (long long)(b * 1000); unsigned long long ku = (unsigned long long)(b * 1e6L); mix(&k, 8); mix(&ku, 8); acc = floorl(acc) + roundl(a / 1e18L) + truncl(b) + ceill(-b); break; }
    }
    mixld(acc); mixld(prod);
  }
  printf("%llx %.21Lg %.21Lg\n", h, acc, prod);
  assert(h == 0x184047544bcb624aULL);
  MPI_Finalize();
  return 0;
}
