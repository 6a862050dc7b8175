//! Type signatures and how they match (MPI 3.1 §3.3.1, §4.1.11): what a
//! send's data may be received as.

use super::*;

/// A type signature in compact form: the runs of `unit` (basic handle,
/// number of consecutive elements of it) repeated `repeat` times.
/// Normalized: no empty runs, no two neighbouring runs of the same type,
/// and a one-run unit is folded into `repeat == 1`. Equality is structural;
/// use [`match_signatures`] to compare sequences.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    unit: Vec<(i32, u64)>,
    /// Element size of each run of `unit`.
    sizes: Vec<u64>,
    repeat: u64,
    unit_len: u64,
    unit_bytes: u64,
}

impl Signature {
    /// The signature `unit` repeated `repeat` times. Fails for handles that
    /// are not basic types and when the totals do not fit in `i64`.
    pub fn new(unit: &[(i32, u64)], repeat: u64) -> Result<Signature, DatatypeError> {
        let mut runs: Vec<(i32, u64)> = Vec::new();
        let mut sizes = Vec::new();
        let (mut unit_len, mut unit_bytes) = (0u64, 0u64);
        for &(dt, n) in unit {
            let size = basic_size(dt)?;
            if n == 0 {
                continue;
            }
            unit_len = count_ok(ck(unit_len.checked_add(n))?)?;
            unit_bytes = count_ok(ck(n
                .checked_mul(size)
                .and_then(|b| b.checked_add(unit_bytes)))?)?;
            match runs.last_mut() {
                Some(last) if last.0 == dt => last.1 += n,
                _ => {
                    runs.push((dt, n));
                    sizes.push(size);
                }
            }
        }
        if runs.is_empty() || repeat == 0 {
            return Ok(Signature {
                unit: Vec::new(),
                sizes: Vec::new(),
                repeat: 0,
                unit_len: 0,
                unit_bytes: 0,
            });
        }
        count_ok(ck(unit_len.checked_mul(repeat))?)?;
        count_ok(ck(unit_bytes.checked_mul(repeat))?)?;
        let (mut repeat, mut unit_len, mut unit_bytes) = (repeat, unit_len, unit_bytes);
        // A unit that is itself a repetition of a shorter block of runs is
        // folded into `repeat`, so the same sequence of basic types built
        // as `2 × MPI_DOUBLE_INT` or `1 × contiguous(2, MPI_DOUBLE_INT)` has
        // one representation. (Neighbouring runs differ, so a block never
        // merges with the next copy.)
        if let Some(d) = (1..runs.len())
            .filter(|&d| runs.len().is_multiple_of(d))
            .find(|&d| (d..runs.len()).all(|i| runs[i] == runs[i % d]))
        {
            let k = (runs.len() / d) as u64;
            runs.truncate(d);
            sizes.truncate(d);
            unit_len /= k;
            unit_bytes /= k;
            repeat *= k;
        }
        if let [(_, n)] = &mut runs[..] {
            *n *= repeat;
            unit_len *= repeat;
            unit_bytes *= repeat;
            repeat = 1;
        }
        Ok(Signature {
            unit: runs,
            sizes,
            repeat,
            unit_len,
            unit_bytes,
        })
    }

    /// `count` items of one predefined type (a pair type is two basic
    /// elements per item).
    pub fn basic(dt: i32, count: u64) -> Result<Signature, DatatypeError> {
        match TypeMap::predefined(dt) {
            Some(t) => t.signature(count),
            None => Err(DatatypeError::UnknownBase(dt)),
        }
    }

    pub fn unit(&self) -> &[(i32, u64)] {
        &self.unit
    }

    pub fn repeat(&self) -> u64 {
        self.repeat
    }

    /// Number of basic elements.
    pub fn len(&self) -> u64 {
        self.unit_len * self.repeat
    }

    pub fn is_empty(&self) -> bool {
        self.repeat == 0
    }

    /// Number of bytes of data.
    pub fn bytes(&self) -> u64 {
        self.unit_bytes * self.repeat
    }

    /// Whether the signature is non-empty and made only of `MPI_BYTE` and
    /// `MPI_PACKED`: untyped storage that matches any data byte-wise.
    pub fn is_untyped(&self) -> bool {
        !self.unit.is_empty() && self.unit.iter().all(|&(dt, _)| is_untyped_basic(dt))
    }

    /// The basic type of element `index`.
    pub fn element(&self, index: u64) -> Option<i32> {
        if index >= self.len() {
            return None;
        }
        let mut rest = index % self.unit_len;
        for &(dt, n) in &self.unit {
            if rest < n {
                return Some(dt);
            }
            rest -= n;
        }
        None
    }

    /// The element containing data byte `byte`: (element index, type, byte
    /// offset within the element).
    fn locate_byte(&self, byte: u64) -> Option<(u64, i32, u64)> {
        if byte >= self.bytes() {
            return None;
        }
        let mut index = (byte / self.unit_bytes) * self.unit_len;
        let mut rest = byte % self.unit_bytes;
        for (&(dt, n), &size) in self.unit.iter().zip(&self.sizes) {
            let run_bytes = n * size;
            if rest < run_bytes {
                return Some((index + rest / size, dt, rest % size));
            }
            rest -= run_bytes;
            index += n;
        }
        None
    }
}

/// Where a message stops matching its receive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureMismatch {
    /// Index of the basic element of the send signature at which matching
    /// fails; the number of sent elements when the message ends inside a
    /// receive element.
    pub index: u64,
    /// The sent element's type; `None` when the message ends inside a
    /// receive element.
    pub sent: Option<i32>,
    /// The receive's type at that point; `None` when the receive has no
    /// room left (truncation, `MPI_ERR_TRUNCATE`, §3.2.4).
    pub expected: Option<i32>,
    /// Byte-wise matches only: for truncation, the bytes of the sent
    /// element that still fit; for a message ending inside a receive
    /// element, the bytes of that element received. Otherwise 0.
    pub byte_offset: u64,
}

impl SignatureMismatch {
    /// The message is longer than the receive.
    pub fn is_truncation(&self) -> bool {
        self.expected.is_none()
    }
}

impl fmt::Display for SignatureMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index;
        match (self.sent, self.expected) {
            (Some(s), Some(e)) => write!(
                f,
                "type mismatch at element {i}: sent {}, the receive expects {}",
                type_name(s),
                type_name(e)
            ),
            (Some(s), None) => {
                write!(
                    f,
                    "message truncated: sent element {i} ({}) does not fit the receive",
                    type_name(s)
                )?;
                if self.byte_offset > 0 {
                    write!(f, " (only {} of its bytes do)", self.byte_offset)?;
                }
                Ok(())
            }
            (None, Some(e)) => write!(
                f,
                "the message ends {} bytes into a {} of the receive, after {i} elements",
                self.byte_offset,
                type_name(e)
            ),
            (None, None) => write!(f, "signature mismatch at element {i}"),
        }
    }
}

impl std::error::Error for SignatureMismatch {}

/// A position in the expansion of a signature.
struct Cursor<'a> {
    sig: &'a Signature,
    copy: u64,
    run: usize,
    used: u64,
}

impl Cursor<'_> {
    /// Current type and elements left in the current run.
    pub(super) fn current(&self) -> Option<(i32, u64)> {
        if self.copy >= self.sig.repeat {
            return None;
        }
        let &(dt, n) = self.sig.unit.get(self.run)?;
        Some((dt, n - self.used))
    }

    /// Advances by `k` elements, at most to the end of the current run.
    fn advance(&mut self, k: u64) {
        self.used += k;
        if self
            .sig
            .unit
            .get(self.run)
            .is_some_and(|r| self.used >= r.1)
        {
            self.used = 0;
            self.run += 1;
            if self.run == self.sig.unit.len() {
                self.run = 0;
                self.copy += 1;
            }
        }
    }
}

/// Whether a message with send signature `sent` can be received by a
/// receive with signature `recv` (§3.3.1): the send signature must be a
/// prefix of the receive signature. Returns the number of receive
/// signature elements filled (a pair type's item is two, as for
/// [`TypeMap::get_elements`]).
///
/// A signature made only of `MPI_BYTE` / `MPI_PACKED` is untyped storage
/// and matches any data byte-wise (§3.3.1, §4.2). Each of its bytes is one
/// element. Data sent as untyped bytes must end on an element boundary of a
/// typed receive. Any other signature matches element by element, with
/// exact handles.
///
/// This is a lenient reading of MPI_BYTE. Strictly, §3.3.1 (Example 3.2)
/// lets only `MPI_PACKED` match other types. A signature that mixes
/// `MPI_BYTE` with typed elements is also matched element by element.
///
/// Never expands repeated signatures: the cost is proportional to the runs
/// of the two units.
pub fn match_signatures(sent: &Signature, recv: &Signature) -> Result<u64, SignatureMismatch> {
    if sent.is_empty() {
        return Ok(0);
    }
    if recv.is_untyped() {
        if sent.bytes() <= recv.bytes() {
            return Ok(sent.bytes());
        }
        let (index, dt, off) = sent.locate_byte(recv.bytes()).unwrap_or((0, MPI_BYTE, 0));
        return Err(SignatureMismatch {
            index,
            sent: Some(dt),
            expected: None,
            byte_offset: off,
        });
    }
    if sent.is_untyped() {
        if sent.bytes() > recv.bytes() {
            let (index, dt, _) = sent.locate_byte(recv.bytes()).unwrap_or((0, MPI_BYTE, 0));
            return Err(SignatureMismatch {
                index,
                sent: Some(dt),
                expected: None,
                byte_offset: 0,
            });
        }
        return match recv.locate_byte(sent.bytes()) {
            None => Ok(recv.len()),
            Some((index, _, 0)) => Ok(index),
            Some((_, dt, off)) => Err(SignatureMismatch {
                index: sent.len(),
                sent: None,
                expected: Some(dt),
                byte_offset: off,
            }),
        };
    }
    match_typed(sent, recv)
}

/// Element-wise prefix test of two repeated signatures.
///
/// If the two agree on their first `|P| + |Q|` elements (`P`, `Q` the units),
/// that common prefix has periods `|P|` and `|Q|`. By the Fine–Wilf theorem
/// it then has period `gcd(|P|, |Q|)`, so both units are powers of one word,
/// and only the lengths decide. Before that point every step ends a run on
/// one side, so the loop is linear in the runs of the units.
fn match_typed(sent: &Signature, recv: &Signature) -> Result<u64, SignatureMismatch> {
    let limit = u128::from(sent.unit_len) + u128::from(recv.unit_len);
    let truncated = |index: u64| SignatureMismatch {
        index,
        sent: sent.element(index),
        expected: None,
        byte_offset: 0,
    };
    let mut s = Cursor {
        sig: sent,
        copy: 0,
        run: 0,
        used: 0,
    };
    let mut r = Cursor {
        sig: recv,
        copy: 0,
        run: 0,
        used: 0,
    };
    let mut matched: u64 = 0;
    loop {
        let Some((ts, ns)) = s.current() else {
            return Ok(matched);
        };
        let Some((tr, nr)) = r.current() else {
            return Err(truncated(matched));
        };
        if u128::from(matched) >= limit {
            return if sent.len() <= recv.len() {
                Ok(sent.len())
            } else {
                Err(truncated(recv.len()))
            };
        }
        if ts != tr {
            return Err(SignatureMismatch {
                index: matched,
                sent: Some(ts),
                expected: Some(tr),
                byte_offset: 0,
            });
        }
        let step = ns.min(nr);
        s.advance(step);
        r.advance(step);
        matched += step;
    }
}
