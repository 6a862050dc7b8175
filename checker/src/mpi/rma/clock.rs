//! Happens-before for one-sided communication (Hoefler et al. 2015, §3.1: program
//! order, synchronization order and their transitive closure). Vector
//! clocks, one per process, kept only once a program creates a window: a
//! window's creation synchronizes its members, so what happened before it
//! is ordered before every access to the window anyway.
//!
//! Every MPI call is an event; its snapshot is the clock after the call was
//! issued, and the process's own entry then ticks, so that what the process
//! does after a call is never taken for something it did before. A
//! dependency the execution log records as required under every
//! implementation (a receive needs its send, a collective member its data's
//! senders, `crate::log::events::DepKind::Always`) joins the snapshots of the
//! calls it names into the waiter's clock: exactly the synchronization
//! point-to-point and collective communication provide. RMA synchronization
//! adds its own joins (fence and free are collectives on the window's
//! hidden communicator; a lock grant joins the previous holder's unlock).

use std::sync::Arc;

pub type Clock = Arc<[u32]>;

/// Snapshots of one process's calls, in chunks shared copy-on-write: a
/// state is cloned at every branching point, and copying every snapshot of
/// a long execution each time made the exhaustive search quadratic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Snapshots {
    chunks: Vec<Arc<Vec<Clock>>>,
    len: usize,
}

const CHUNK: usize = 64;

impl Snapshots {
    fn push(&mut self, c: Clock) {
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Arc::new(Vec::with_capacity(CHUNK)));
        }
        if let Some(last) = self.chunks.last_mut() {
            Arc::make_mut(last).push(c);
        }
        self.len += 1;
    }

    fn get(&self, i: usize) -> Option<&Clock> {
        self.chunks.get(i / CHUNK)?.get(i % CHUNK)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The current clock of each process.
    now: Vec<Clock>,
    /// Per process, the snapshot of each of its calls from `first[p]` on.
    at: Vec<Snapshots>,
    first: Vec<usize>,
    /// Per process, a digest of its snapshots (what a state hash needs of
    /// them, in constant time).
    digest: Vec<u64>,
}

impl std::hash::Hash for Clocks {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.now.hash(h);
        self.first.hash(h);
        self.digest.hash(h);
    }
}

impl Clocks {
    /// Clocks that start now; `calls[p]` is the index of process `p`'s next
    /// call.
    pub fn new(calls: &[usize]) -> Clocks {
        let np = calls.len();
        Clocks {
            now: (0..np)
                .map(|p| {
                    let mut v = vec![0u32; np];
                    v[p] = 1;
                    Arc::from(v)
                })
                .collect(),
            at: vec![Snapshots::default(); np],
            first: calls.to_vec(),
            digest: vec![0; np],
        }
    }

    /// The clock of process `p` now.
    pub fn now(&self, p: usize) -> &Clock {
        &self.now[p]
    }

    /// Process `p`'s own entry now: the stamp of what it does until its
    /// next call.
    pub fn stamp(&self, p: usize) -> u32 {
        self.now[p][p]
    }

    /// Process `p` issues its call number `index`: its snapshot, then the tick.
    pub fn call(&mut self, p: usize, index: usize) {
        let base = self.first[p];
        if index < base {
            return;
        }
        // Calls are numbered consecutively; one made before the clocks
        // started has no snapshot (it is ordered by the window's creation).
        while base + self.at[p].len <= index {
            let c = self.now[p].clone();
            let mut h = std::collections::hash_map::DefaultHasher::new();
            std::hash::Hash::hash(&(self.digest[p], &c), &mut h);
            self.digest[p] = std::hash::Hasher::finish(&h);
            self.at[p].push(c);
        }
        Arc::make_mut(&mut self.now[p])[p] += 1;
    }

    /// The stamp process `p` had at its call `index` (what a join on that
    /// call makes known of `p`); 0 for calls before the clocks started.
    pub fn stamp_at(&self, p: usize, index: usize) -> u32 {
        self.snapshot(p, index).map_or(0, |c| c[p])
    }

    fn snapshot(&self, p: usize, index: usize) -> Option<&Clock> {
        let base = self.first[p];
        index.checked_sub(base).and_then(|i| self.at[p].get(i))
    }

    /// The snapshot of process `p`'s call `index`.
    pub fn snapshot_of(&self, p: usize, index: usize) -> Option<Clock> {
        self.snapshot(p, index).cloned()
    }

    /// Process `p` learns everything call `index` of process `q` knew.
    pub fn join_call(&mut self, p: usize, q: usize, index: usize) {
        if let Some(c) = self.snapshot(q, index).cloned() {
            self.join(p, &c);
        }
    }

    /// Process `p` learns everything `c` knows.
    pub fn join(&mut self, p: usize, c: &Clock) {
        if self.now[p].iter().zip(c.iter()).all(|(a, b)| a >= b) {
            return;
        }
        let now = Arc::make_mut(&mut self.now[p]);
        for (a, b) in now.iter_mut().zip(c.iter()) {
            *a = (*a).max(*b);
        }
    }

    /// Whether what process `q` did at stamp `stamp` happened before what
    /// `p` does now.
    pub fn knows(&self, p: usize, q: usize, stamp: u32) -> bool {
        self.now[p][q] >= stamp
    }

    /// The least stamp of `q` every process knows: anything `q` did up to
    /// it happened before whatever any process does from now on.
    pub fn known_to_all(&self, q: usize) -> u32 {
        self.now.iter().map(|c| c[q]).min().unwrap_or(0)
    }
}

/// The entry-wise maximum of two clocks.
pub fn max(a: &Clock, b: &Clock) -> Clock {
    a.iter().zip(b.iter()).map(|(x, y)| (*x).max(*y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_orders_what_came_before_the_call_and_not_after() {
        let mut c = Clocks::new(&[0, 0]);
        let before = c.stamp(0);
        c.call(0, 0); // rank 0 sends
        let after = c.stamp(0);
        assert!(after > before);
        assert!(!c.knows(1, 0, before));
        c.call(1, 0); // rank 1 receives it
        c.join_call(1, 0, 0);
        assert!(c.knows(1, 0, before));
        assert!(!c.knows(1, 0, after));
    }

    #[test]
    fn calls_before_the_clocks_started_have_no_snapshot() {
        let mut c = Clocks::new(&[3, 0]);
        c.call(0, 3);
        assert_eq!(c.stamp_at(0, 2), 0);
        assert_eq!(c.stamp_at(0, 3), 1);
        c.call(1, 0);
        c.join_call(1, 0, 3);
        assert!(c.knows(1, 0, 1));
        assert_eq!(c.known_to_all(0), 1);
    }
}
