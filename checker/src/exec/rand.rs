//! glibc's `rand()`: the TYPE_3 additive feedback generator of `random_r`
//! (degree 31, separation 3), so a modeled run draws the numbers a real run
//! linked against glibc draws for the same seed (C11 7.22.2 leaves the
//! generator to the library; MPI programs are almost always run on glibc).

/// Degree of the TYPE_3 trinomial x**31 + x**3 + 1.
const DEG: usize = 31;
/// Separation between the front and rear pointers.
const SEP: usize = 3;

/// One process's generator state (each process of an MPI job is its own
/// program with its own C library).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rand {
    table: [i32; DEG],
    front: usize,
    rear: usize,
}

impl Rand {
    /// The state after `srand(seed)` (glibc's `srandom_r`; seed 0 acts as 1).
    pub fn seeded(seed: u32) -> Rand {
        let mut table = [0i32; DEG];
        let mut word: i32 = if seed == 0 { 1 } else { seed as i32 };
        table[0] = word;
        for slot in table.iter_mut().skip(1) {
            // 16807 * word % 2147483647 without overflow (Schrage's method),
            // exactly as glibc computes it.
            let hi = word / 127_773;
            let lo = word % 127_773;
            word = 16_807i32
                .wrapping_mul(lo)
                .wrapping_sub(2_836i32.wrapping_mul(hi));
            if word < 0 {
                word = word.wrapping_add(2_147_483_647);
            }
            *slot = word;
        }
        let mut r = Rand {
            table,
            front: SEP,
            rear: 0,
        };
        // glibc discards the first 310 outputs.
        for _ in 0..DEG * 10 {
            r.draw();
        }
        r
    }

    /// The next `rand()` value, in `0..=RAND_MAX` (2147483647).
    pub fn draw(&mut self) -> i32 {
        let sum = (self.table[self.front] as u32).wrapping_add(self.table[self.rear] as u32);
        self.table[self.front] = sum as i32;
        let result = (sum >> 1) as i32;
        self.front += 1;
        if self.front >= DEG {
            self.front = 0;
            self.rear += 1;
        } else {
            self.rear += 1;
            if self.rear >= DEG {
                self.rear = 0;
            }
        }
        result
    }
}

impl Default for Rand {
    /// A program that never calls `srand` gets seed 1 (C11 7.22.2.2).
    fn default() -> Rand {
        Rand::seeded(1)
    }
}

#[cfg(test)]
mod tests {
    use super::Rand;

    #[test]
    fn matches_glibc() {
        // Values printed by a C program linked against glibc 2.36.
        let mut r = Rand::default();
        let got: Vec<i32> = (0..5).map(|_| r.draw()).collect();
        assert_eq!(
            got,
            [1804289383, 846930886, 1681692777, 1714636915, 1957747793]
        );
        assert_eq!(Rand::seeded(42).draw(), 71876166);
        assert_eq!(Rand::seeded(7).draw(), 1045618677);
        assert_eq!(Rand::seeded(0), Rand::seeded(1));
    }
}
