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
//! Each part merges the states it meets (`explore::memo`); states are not
//! shared between parts.

use mpi::traits::*;

/// Message tags of the protocol.
const TAG_REPORT: i32 = 1;
const TAG_PART: i32 = 2;
/// "No part left" in a TAG_PART message.
const DONE: i64 = -1;

/// Runs the parts of a search, `parts_for(processes)` of them, part `p`'s
/// JSON report being `work(p, parts)`. On rank 0, returns every part's
/// report in part order; on the other ranks `None`.
pub fn run(
    parts_for: impl Fn(usize) -> usize,
    mut work: impl FnMut(usize, usize) -> String,
) -> Result<Option<Vec<String>>, String> {
    let universe = mpi::initialize().ok_or("MPI is already initialized")?;
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    let parts = parts_for(size.max(1) as usize);
    let mut work = |p: usize| work(p, parts);
    if size == 1 {
        return Ok(Some((0..parts).map(&mut work).collect()));
    }
    if rank != 0 {
        let root = world.process_at_rank(0);
        root.send_with_tag(&[][..] as &[u8], TAG_REPORT);
        loop {
            let (part, _) = root.receive_with_tag::<i64>(TAG_PART);
            if part == DONE {
                return Ok(None);
            }
            let report = work(part as usize);
            root.send_with_tag(report.as_bytes(), TAG_REPORT);
        }
    }
    // Rank 0: each request carries the report of the part its sender was
    // last given (none on its first request).
    let mut given: Vec<Option<usize>> = vec![None; size as usize];
    let mut reports: Vec<Option<String>> = vec![None; parts];
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
        if let Some(p) = given[from as usize].take() {
            reports[p] = Some(String::from_utf8_lossy(&bytes).into_owned());
        }
        let to = world.process_at_rank(from);
        if next < parts {
            given[from as usize] = Some(next);
            to.send_with_tag(&(next as i64), TAG_PART);
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
