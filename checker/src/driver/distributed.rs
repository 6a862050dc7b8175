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
//! The processes share what they learn of the states (seed 001 §4): with
//! each report a process sends the summaries of the subtrees it explored
//! (`explore::memo`), and with each part rank 0 sends it those the others
//! sent since its last part. A summary is exact wherever it was computed,
//! so whichever a process has when it meets a state, the counts and the
//! errors are those of the whole search; only the work done depends on
//! what arrived in time. Every process holds every summary it was sent
//! (the table is replicated, not partitioned: a state is looked up where
//! it is met, without waiting for another process).

use mpi::traits::*;

/// Message tags of the protocol.
const TAG_REPORT: i32 = 1;
const TAG_PART: i32 = 2;
/// Encoded summaries (`memo::Table::take_fresh`): sent after each report,
/// and after each part.
const TAG_SUMMARIES: i32 = 3;
/// "No part left" in a TAG_PART message.
const DONE: i64 = -1;

/// Runs the parts of a search, `parts_for(processes)` of them. Part `p` is
/// `work(p, parts, summaries)`, given the summaries other processes sent
/// (encoded), and returns its JSON report and the summaries it computed.
/// On rank 0, returns every part's report in part order; on the other
/// ranks `None`.
pub fn run(
    parts_for: impl Fn(usize) -> usize,
    mut work: impl FnMut(usize, usize, &[u8]) -> (String, Vec<u8>),
) -> Result<Option<Vec<String>>, String> {
    let universe = mpi::initialize().ok_or("MPI is already initialized")?;
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    let parts = parts_for(size.max(1) as usize);
    let mut work = |p: usize, incoming: &[u8]| work(p, parts, incoming);
    if size == 1 {
        return Ok(Some((0..parts).map(|p| work(p, &[]).0).collect()));
    }
    if rank != 0 {
        let root = world.process_at_rank(0);
        root.send_with_tag(&[][..] as &[u8], TAG_REPORT);
        root.send_with_tag(&[][..] as &[u8], TAG_SUMMARIES);
        loop {
            let (part, _) = root.receive_with_tag::<i64>(TAG_PART);
            if part == DONE {
                return Ok(None);
            }
            let (incoming, _) = root.receive_vec_with_tag::<u8>(TAG_SUMMARIES);
            let (report, fresh) = work(part as usize, &incoming);
            // The report first: rank 0 looks for reports only, and a long
            // message is not sent before its receive is posted.
            root.send_with_tag(report.as_bytes(), TAG_REPORT);
            root.send_with_tag(&fresh[..], TAG_SUMMARIES);
        }
    }
    // Rank 0: each request carries the report of the part its sender was
    // last given (none on its first request), then the summaries it
    // computed for it.
    let mut given: Vec<Option<usize>> = vec![None; size as usize];
    let mut reports: Vec<Option<String>> = vec![None; parts];
    // Every process's summaries in arrival order, and how far each process
    // was sent them.
    let mut learned: Vec<(i32, Vec<u8>)> = Vec::new();
    let mut sent: Vec<usize> = vec![0; size as usize];
    let mut next = 0usize;
    let mut working = size as usize - 1;
    while working > 0 {
        // Rank 0 only waits: it looks for a request every millisecond
        // instead of blocking in a receive, which MPI libraries implement
        // by spinning (the core is then the explorers').
        let Some(probed) = world
            .any_process()
            .immediate_matched_probe_with_tag(TAG_REPORT)
        else {
            std::thread::sleep(std::time::Duration::from_millis(1));
            continue;
        };
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        let from = status.source_rank();
        let to = world.process_at_rank(from);
        // The process sends its summaries right after its report.
        let (fresh, _) = to.receive_vec_with_tag::<u8>(TAG_SUMMARIES);
        if !fresh.is_empty() {
            learned.push((from, fresh));
        }
        if let Some(p) = given[from as usize].take() {
            reports[p] = Some(String::from_utf8_lossy(&bytes).into_owned());
        }
        if next < parts {
            given[from as usize] = Some(next);
            to.send_with_tag(&(next as i64), TAG_PART);
            let mut news = Vec::new();
            for (origin, s) in &learned[sent[from as usize]..] {
                if *origin != from {
                    news.extend_from_slice(s);
                }
            }
            sent[from as usize] = learned.len();
            to.send_with_tag(&news[..], TAG_SUMMARIES);
            next += 1;
        } else {
            to.send_with_tag(&DONE, TAG_PART);
            working -= 1;
        }
    }
    reports
        .into_iter()
        .enumerate()
        .map(|(p, r)| r.ok_or_else(|| format!("part {} of {parts} was not reported", p + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}
