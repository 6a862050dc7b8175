//! `mpiexec -n K mpi-check --distributed ...`: one check spread over the
//! processes of an MPI job (feature `distributed`, the `mpi` crate over the
//! MPI library the job runs with).
//!
//! The search is cut into parts as `--subtree` cuts it (`explore::split`),
//! many more parts than processes. Rank 0 hands them out one at a time to
//! whichever process asks (dynamic load balancing by work requests: a
//! process sends the report of the part it finished and gets the next part
//! or "done"), collects the parts' reports and merges them as `--merge`
//! does; the outcome is the one of a single process (the same first error,
//! the same counts). With one process, it explores every part itself.
//!
//! The processes that explore (ranks 1..K) share what they learn of the
//! states (Palmer et al. 2007, §4) in one table partitioned by key (`Exchange`, the
//! `explore::memo::Remote` of this process): a summary computed here is
//! filed here and sent to the owner of its key; a state met here that is
//! neither known nor owned here is asked of its owner while the search
//! goes on exploring it, and cut when the answer comes back known. A
//! summary is exact wherever it was computed, so the counts and the errors
//! are those of the whole search whatever arrives when; only the work done
//! depends on it. No process holds every summary: each holds what it
//! computed, what it owns, and the answers it got.

use crate::explore::memo::{self, Summary, Table};
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Message tags of the protocol with rank 0.
const TAG_REPORT: i32 = 1;
const TAG_PART: i32 = 2;
/// "No part left" in a TAG_PART message.
const DONE: i64 = -1;
/// Messages between the explorers (`Exchange`): keys asked of their owner
/// (16 bytes each), summaries told to their owner, the owner's answers
/// (`memo::encode`).
const TAG_QUESTIONS: i32 = 3;
const TAG_TOLD: i32 = 4;
const TAG_ANSWERS: i32 = 5;
/// How often a search looks for the other explorers' messages: often
/// enough that answers come while their subtrees are explored, seldom
/// enough that looking costs nothing next to the search.
const POLL_EVERY: Duration = Duration::from_micros(100);

/// Runs the parts of a search, `parts_for(processes)` of them, with
/// `table` the summaries of this process. `on_node(n)` is told how many
/// processes of the job share this node (their memory), before any part.
/// Part `p` is `work(p, parts)` and returns its JSON report. On rank 0,
/// returns every part's report in part order; on the other ranks `None`.
pub fn run(
    table: Arc<Table>,
    parts_for: impl Fn(usize) -> usize,
    on_node: impl FnOnce(usize),
    mut work: impl FnMut(usize, usize) -> String,
) -> Result<Option<Vec<String>>, String> {
    let universe = mpi::initialize().ok_or("MPI is already initialized")?;
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    on_node(world.split_shared(0).size().max(1) as usize);
    let parts = parts_for(size.max(1) as usize);
    if size == 1 {
        return Ok(Some((0..parts).map(|p| work(p, parts)).collect()));
    }
    if rank != 0 {
        explore_parts(&world, &table, |p| work(p, parts));
        return Ok(None);
    }
    let reports = hand_out(&world, parts);
    // Rank 0 sent nothing to the explorers' exchange and is sent nothing.
    let size = size as usize;
    let mut counts = vec![0u64; size];
    world.all_to_all_into(&vec![0u64; size][..], &mut counts[..]);
    reports
        .into_iter()
        .enumerate()
        .map(|(p, r)| r.ok_or_else(|| format!("part {} of {parts} was not reported", p + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Rank 0: each request carries the report of the part its sender was
/// last given (none on its first request). A process that asks when no
/// part is left waits until every process has asked: until then it still
/// answers the others' questions.
fn hand_out(world: &SimpleCommunicator, parts: usize) -> Vec<Option<String>> {
    let size = world.size() as usize;
    let mut given: Vec<Option<usize>> = vec![None; size];
    let mut reports: Vec<Option<String>> = vec![None; parts];
    let mut next = 0usize;
    let mut idle: Vec<i32> = Vec::new();
    while idle.len() < size - 1 {
        // Rank 0 only waits: it looks for a request every millisecond
        // instead of blocking in a receive, which MPI libraries implement
        // by spinning (the core is then the explorers').
        let Some(probed) = world
            .any_process()
            .immediate_matched_probe_with_tag(TAG_REPORT)
        else {
            std::thread::sleep(Duration::from_millis(1));
            continue;
        };
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        let from = status.source_rank();
        if let Some(p) = given[from as usize].take() {
            reports[p] = Some(String::from_utf8_lossy(&bytes).into_owned());
        }
        if next < parts {
            given[from as usize] = Some(next);
            world
                .process_at_rank(from)
                .send_with_tag(&(next as i64), TAG_PART);
            next += 1;
        } else {
            idle.push(from);
        }
    }
    for r in idle {
        world.process_at_rank(r).send_with_tag(&DONE, TAG_PART);
    }
    reports
}

/// An explorer: asks rank 0 for parts and explores them, its searches
/// sharing the partitioned table through its `Exchange`, until no part is
/// left; then takes every message the other explorers sent it.
fn explore_parts(world: &SimpleCommunicator, table: &Table, mut work: impl FnMut(usize) -> String) {
    let exchange = Rc::new(RefCell::new(Exchange::new(world.rank(), world.size())));
    memo::attach(Some(Box::new(Shared(exchange.clone()))));
    let root = world.process_at_rank(0);
    root.send_with_tag(&[][..] as &[u8], TAG_REPORT);
    loop {
        // Waiting for a part, the process answers the others' questions.
        let part = loop {
            if let Some((m, _)) = root.immediate_matched_probe_with_tag(TAG_PART) {
                break m.matched_receive::<i64>().0;
            }
            exchange.borrow_mut().serve(table);
            std::thread::sleep(Duration::from_micros(50));
        };
        if part == DONE {
            break;
        }
        let report = work(part as usize);
        root.send_with_tag(report.as_bytes(), TAG_REPORT);
    }
    memo::attach(None);
    exchange.borrow_mut().finish(world);
}

/// This explorer's side of the partitioned table: what it has to send to
/// each other explorer, and its messages under way.
struct Exchange {
    world: SimpleCommunicator,
    rank: i32,
    size: i32,
    /// Per destination rank: keys to ask, summaries to tell, answers.
    questions: Vec<Vec<u8>>,
    told: Vec<Vec<(u128, Summary)>>,
    answers: Vec<Vec<(u128, Summary)>>,
    outbox: Vec<Sending>,
    /// Messages sent to and received from each rank, for `finish`.
    sent: Vec<u64>,
    received: Vec<u64>,
    last: Instant,
}

/// A message under way. MPI reads its bytes until the send completes
/// (MPI 4.0 §3.7.2: the buffer of a nonblocking send may not be touched
/// before it completes), so they are owned here, outside any Rust borrow,
/// and freed once a test says the send completed. Sends are nonblocking:
/// two explorers sending each other a long message at once would
/// otherwise each wait for the other's receive.
struct Sending {
    request: Request<'static, [u8]>,
    bytes: *mut [u8],
}

impl Sending {
    fn start(world: &SimpleCommunicator, to: i32, tag: i32, bytes: Vec<u8>) -> Sending {
        let bytes = Box::into_raw(bytes.into_boxed_slice());
        // SAFETY: `bytes` comes from `Box::into_raw` and is freed only in
        // `done`, after the request that reads it completed; nothing else
        // writes it meanwhile.
        let view: &'static [u8] = unsafe { &*bytes };
        let request = world
            .process_at_rank(to)
            .immediate_send_with_tag(StaticScope, view, tag);
        Sending { request, bytes }
    }

    /// The send still under way, or `None` once it completed (its bytes
    /// freed).
    fn test(self) -> Option<Sending> {
        match self.request.test() {
            Ok(_) => {
                // SAFETY: the send completed, MPI no longer reads the
                // bytes, and the request that borrowed them is gone.
                drop(unsafe { Box::from_raw(self.bytes) });
                None
            }
            Err(request) => Some(Sending {
                request,
                bytes: self.bytes,
            }),
        }
    }

    fn wait(self) {
        self.request.wait();
        // SAFETY: as in `test`.
        drop(unsafe { Box::from_raw(self.bytes) });
    }
}

impl Exchange {
    fn new(rank: i32, size: i32) -> Exchange {
        let n = size as usize;
        Exchange {
            world: SimpleCommunicator::world(),
            rank,
            size,
            questions: vec![Vec::new(); n],
            told: vec![Vec::new(); n],
            answers: vec![Vec::new(); n],
            outbox: Vec::new(),
            sent: vec![0; n],
            received: vec![0; n],
            last: Instant::now(),
        }
    }

    /// The explorer that holds `key`'s summaries: ranks 1..K by the key's
    /// high half (the low half picks a shard of the table).
    fn owner(&self, key: u128) -> usize {
        1 + ((key >> 64) as u64 % (self.size as u64 - 1)) as usize
    }

    fn send(&mut self, to: usize, tag: i32, bytes: Vec<u8>) {
        self.outbox
            .push(Sending::start(&self.world, to as i32, tag, bytes));
        self.sent[to] += 1;
    }

    /// Sends what is waiting, answers the questions that came, files the
    /// summaries told, and returns the answers that came back.
    fn serve(&mut self, table: &Table) -> Vec<(u128, Summary)> {
        self.last = Instant::now();
        let mut back = Vec::new();
        for tag in [TAG_QUESTIONS, TAG_TOLD, TAG_ANSWERS] {
            while let Some(probed) = self
                .world
                .any_process()
                .immediate_matched_probe_with_tag(tag)
            {
                let (bytes, status) = probed.matched_receive_vec::<u8>();
                let from = status.source_rank() as usize;
                self.received[from] += 1;
                match tag {
                    TAG_QUESTIONS => {
                        for k in bytes.chunks_exact(16) {
                            let mut b = [0u8; 16];
                            b.copy_from_slice(k);
                            let key = u128::from_le_bytes(b);
                            if let Some(s) = table.get(key) {
                                self.answers[from].push((key, s));
                            }
                        }
                    }
                    TAG_TOLD => {
                        for (key, s) in memo::decode(&bytes) {
                            table.insert(key, s);
                        }
                    }
                    _ => {
                        for (key, s) in memo::decode(&bytes) {
                            table.cache(key, s);
                            back.push((key, s));
                        }
                    }
                }
            }
        }
        for to in 1..self.size as usize {
            if !self.questions[to].is_empty() {
                let bytes = std::mem::take(&mut self.questions[to]);
                self.send(to, TAG_QUESTIONS, bytes);
            }
            for (tag, entries) in [
                (TAG_TOLD, std::mem::take(&mut self.told[to])),
                (TAG_ANSWERS, std::mem::take(&mut self.answers[to])),
            ] {
                if !entries.is_empty() {
                    let mut bytes = Vec::new();
                    memo::encode(&entries, &mut bytes);
                    self.send(to, tag, bytes);
                }
            }
        }
        self.outbox = std::mem::take(&mut self.outbox)
            .into_iter()
            .filter_map(Sending::test)
            .collect();
        back
    }

    /// No part is left anywhere and this process sends nothing more: every
    /// process tells every other how many messages it sent it (a
    /// collective, rank 0 included), takes the messages still under way to
    /// it, and waits for its own to be taken. MPI requires every
    /// communication to be complete before the library is finalized.
    fn finish(&mut self, world: &SimpleCommunicator) {
        let size = self.size as usize;
        let mut expected = vec![0u64; size];
        world.all_to_all_into(&self.sent[..], &mut expected[..]);
        for (from, &count) in expected.iter().enumerate() {
            while self.received[from] < count {
                let probed = world.process_at_rank(from as i32).matched_probe();
                let _ = probed.matched_receive_vec::<u8>();
                self.received[from] += 1;
            }
        }
        for s in std::mem::take(&mut self.outbox) {
            s.wait();
        }
    }
}

/// The `memo::Remote` the searches of an explorer use: its `Exchange`,
/// shared with the loop that waits for parts.
struct Shared(Rc<RefCell<Exchange>>);

impl memo::Remote for Shared {
    fn owns(&self, key: u128) -> bool {
        let e = self.0.borrow();
        e.owner(key) == e.rank as usize
    }

    fn ask(&mut self, key: u128) {
        let mut e = self.0.borrow_mut();
        let to = e.owner(key);
        e.questions[to].extend_from_slice(&key.to_le_bytes());
    }

    fn tell(&mut self, key: u128, summary: Summary) {
        let mut e = self.0.borrow_mut();
        let to = e.owner(key);
        e.told[to].push((key, summary));
    }

    fn poll(&mut self, table: &Table) -> Vec<(u128, Summary)> {
        let mut e = self.0.borrow_mut();
        if e.last.elapsed() < POLL_EVERY {
            return Vec::new();
        }
        e.serve(table)
    }
}
