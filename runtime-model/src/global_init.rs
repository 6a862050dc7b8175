//! How a global's initial bytes are written in the model file: as the runs
//! that are not zero (a `static double u[1024][1024]` is all zeros and costs
//! nothing), each either literal bytes in hex or one byte repeated. A file
//! stays about the size of the data it describes, and reading it allocates
//! the global once, zero-filled, then writes the runs.

use serde::{Deserialize, Serialize};

/// Largest global a model may describe (the extractor refuses larger ones;
/// a corrupt file claiming more is rejected before anything is allocated).
pub const MAX_GLOBAL_SIZE: u64 = 1 << 32;

/// Repeated bytes shorter than this are written as hex.
const MIN_FILL: usize = 16;

/// A run of non-zero initial bytes at offset `at`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum Segment {
    Hex { at: u64, hex: String },
    Fill { at: u64, fill: u8, len: u64 },
}

/// The segments describing `bytes` (zeros are left out).
pub fn encode(bytes: &[u8]) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut literal: Option<(usize, String)> = None;
    let flush = |lit: &mut Option<(usize, String)>, out: &mut Vec<Segment>| {
        if let Some((at, hex)) = lit.take() {
            out.push(Segment::Hex { at: at as u64, hex });
        }
    };
    while i < bytes.len() {
        let b = bytes[i];
        let run = bytes[i..].iter().take_while(|&&x| x == b).count();
        if b == 0 && (run >= 8 || i + run == bytes.len()) {
            flush(&mut literal, &mut out);
        } else if b != 0 && run >= MIN_FILL {
            flush(&mut literal, &mut out);
            out.push(Segment::Fill {
                at: i as u64,
                fill: b,
                len: run as u64,
            });
        } else {
            let (_, hex) = literal.get_or_insert_with(|| (i, String::new()));
            for _ in 0..run {
                hex.push_str(&format!("{b:02x}"));
            }
        }
        i += run;
    }
    flush(&mut literal, &mut out);
    out
}

/// The `size` bytes `segments` describe, or why they cannot be a global's.
pub fn decode(size: u64, segments: &[Segment]) -> Result<Vec<u8>, String> {
    if size > MAX_GLOBAL_SIZE {
        return Err(format!("a global of {size} bytes"));
    }
    let mut bytes = vec![0u8; size as usize];
    for s in segments {
        match s {
            Segment::Hex { at, hex } => {
                if hex.len() % 2 != 0 {
                    return Err("a global's hex bytes have an odd length".into());
                }
                let n = hex.len() as u64 / 2;
                let dst = range(*at, n, size)?;
                for (k, d) in bytes[dst].iter_mut().enumerate() {
                    *d = u8::from_str_radix(&hex[2 * k..2 * k + 2], 16)
                        .map_err(|_| "a global's bytes are not hex".to_string())?;
                }
            }
            Segment::Fill { at, fill, len } => {
                let dst = range(*at, *len, size)?;
                bytes[dst].fill(*fill);
            }
        }
    }
    Ok(bytes)
}

fn range(at: u64, len: u64, size: u64) -> Result<std::ops::Range<usize>, String> {
    match at.checked_add(len) {
        Some(end) if end <= size => Ok(at as usize..end as usize),
        _ => Err(format!(
            "initial bytes at {at}..{at}+{len} outside a global of {size} bytes"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(bytes: &[u8]) -> Vec<Segment> {
        let segs = encode(bytes);
        assert_eq!(decode(bytes.len() as u64, &segs).unwrap(), bytes);
        segs
    }

    #[test]
    fn zeros_cost_nothing_and_data_round_trips() {
        assert!(round_trip(&vec![0u8; 1 << 20]).is_empty());
        let mut b = vec![0u8; 100];
        b[3] = 1;
        b[4] = 2;
        b[50..90].fill(0xAB);
        b[99] = 7;
        let segs = round_trip(&b);
        assert_eq!(segs.len(), 3, "{segs:?}");
        assert!(matches!(
            segs[1],
            Segment::Fill {
                at: 50,
                fill: 0xAB,
                len: 40
            }
        ));
        // Short zero gaps stay inside a literal run.
        round_trip(&[1, 0, 0, 2, 0, 3]);
        round_trip(&[]);
    }

    #[test]
    fn corrupt_segments_are_errors_not_panics() {
        let bad = |s: Segment| decode(8, &[s]).is_err();
        assert!(bad(Segment::Hex {
            at: 7,
            hex: "0102".into()
        }));
        assert!(bad(Segment::Hex {
            at: 0,
            hex: "0".into()
        }));
        assert!(bad(Segment::Hex {
            at: 0,
            hex: "zz".into()
        }));
        assert!(bad(Segment::Fill {
            at: u64::MAX,
            fill: 1,
            len: 2
        }));
        assert!(decode(u64::MAX, &[]).is_err());
    }
}
