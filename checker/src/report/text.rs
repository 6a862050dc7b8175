//! Human-readable report (`--format text`, the default).
//!
//! The layout is stable: golden files compare it byte for byte. It holds no
//! timings and no paths beyond the file names the report carries.
//!
//! ```text
//! mpi-check: error (np = 3)
//!
//! error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
//!   --> prog.c:15:5 (rank 0, MPI_Recv)
//!    |
//! 15 |     MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
//!    |
//!   --> prog.c:22:5 (rank 1, MPI_Ssend)
//!       inlined at prog.c:40
//!    |
//! 22 |     MPI_Ssend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
//!    |
//!   trace:
//!      1  rank 0  prog.c:14  MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
//!      2  rank 1  prog.c:20  MPI_Send(dest=0, tag=0, comm=WORLD)
//!
//! explored 2 executions, 143 transitions
//! ```
//!
//! - The header is `mpi-check: <verdict> (np = N)`, with `: <reason>` after it
//!   when the verdict is inconclusive (a reason under another verdict is shown
//!   as a `note:` line below the header).
//! - Each error is a block: `error[<kind>]: <message>`, then each location
//!   with its inlining chain and, when the source file is readable and has
//!   the line, the source line between two empty gutter lines. The gutter is
//!   as wide as the largest line number shown in the block (at least 2).
//! - The trace lists one step per line: step number, rank and `file:line`,
//!   each column padded to its widest entry in that trace, then the event.
//! - With input tracking (`--any-input`), an error lists one
//!   `input: NAME = VALUE (any value in MIN..=MAX)` line per input that
//!   matters before its trace, its replay carries `+NAME=VALUE` for values
//!   the run chose, and the statistics line ends with `over N input cells`.
//! - Blocks are separated by one empty line; the last line is the
//!   deterministic statistics line. Lines carry no trailing whitespace and the
//!   text ends with a newline.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{ErrorReport, Report, SourceLoc, Stats, TraceStep, Verdict};

/// Renders `report` for people. `source` gives the text of a source file by
/// the name used in the report (`None` if it cannot be read); it is asked at
/// most once per file name.
pub fn render(report: &Report, source: &dyn Fn(&str) -> Option<String>) -> String {
    let mut sources = SourceCache::new(source);
    let mut out = String::new();

    push_line(&mut out, &header(report));
    if report.verdict != Verdict::Inconclusive {
        if let Some(reason) = &report.reason {
            push_line(&mut out, &format!("note: {reason}"));
        }
    }

    for error in &report.errors {
        out.push('\n');
        render_error(&mut out, error, &mut sources);
    }

    out.push('\n');
    push_line(&mut out, &stats_line(&report.stats));
    out
}

/// The verdict line: `mpi-check: error (np = 3)`, with the reason when
/// inconclusive (also what `-q` prints).
pub fn header(report: &Report) -> String {
    let mut line = format!("mpi-check: {} (np = {})", report.verdict.word(), report.np);
    if report.verdict == Verdict::Inconclusive {
        if let Some(reason) = &report.reason {
            line.push_str(": ");
            line.push_str(reason);
        }
    }
    line
}

/// `explored N executions, M transitions`, pluralized, with no timings.
fn stats_line(stats: &Stats) -> String {
    let mut line = format!(
        "explored {}, {}",
        counted(stats.executions, "execution", "executions"),
        counted(stats.transitions, "transition", "transitions"),
    );
    if stats.input_cells > 0 {
        line.push_str(&format!(
            " over {}",
            counted(stats.input_cells, "input cell", "input cells")
        ));
    }
    line
}

fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn render_error(out: &mut String, error: &ErrorReport, sources: &mut SourceCache<'_>) {
    push_line(
        out,
        &format!("error[{}]: {}", error.kind.id(), error.message),
    );

    // Fetch every snippet first so the gutter width is known for the block.
    let snippets: Vec<Option<String>> = error
        .locations
        .iter()
        .map(|loc| sources.line(&loc.file, loc.line))
        .collect();
    let width = error
        .locations
        .iter()
        .zip(&snippets)
        .filter(|(_, snippet)| snippet.is_some())
        .map(|(loc, _)| digits(u64::from(loc.line)))
        .max()
        .unwrap_or(0)
        .max(2);

    for (loc, snippet) in error.locations.iter().zip(&snippets) {
        render_location(out, loc, snippet.as_deref(), width);
    }

    for v in &error.input {
        let range = if v.min == v.max {
            "this value".to_string()
        } else {
            format!("any value in {}..={}", v.min, v.max)
        };
        push_line(
            out,
            &format!("  input: {} = {} ({range})", v.symbol, v.value),
        );
    }
    render_trace(out, &error.trace);
    if !error.replay.is_empty() {
        push_line(out, &format!("  replay: --replay {}", error.replay));
    }
}

fn render_location(out: &mut String, loc: &SourceLoc, snippet: Option<&str>, width: usize) {
    let pad = " ".repeat(width);
    let what = match &loc.call {
        Some(call) => format!("rank {}, {call}", loc.rank),
        None => format!("rank {}", loc.rank),
    };
    push_line(
        out,
        &format!("{pad}--> {}:{}:{} ({what})", loc.file, loc.line, loc.column),
    );
    for site in &loc.inlined_at {
        push_line(out, &format!("{pad}    inlined at {site}"));
    }
    if let Some(code) = snippet {
        push_line(out, &format!("{pad} |"));
        push_line(out, &format!("{:>width$} | {code}", loc.line));
        push_line(out, &format!("{pad} |"));
    }
}

fn render_trace(out: &mut String, trace: &[TraceStep]) {
    if trace.is_empty() {
        return;
    }
    let step_width = trace
        .iter()
        .map(|t| digits(t.step as u64))
        .max()
        .unwrap_or(1)
        .max(4);
    let rank_width = trace
        .iter()
        .map(|t| digits(t.rank as u64))
        .max()
        .unwrap_or(1);
    let places: Vec<String> = trace
        .iter()
        .map(|t| format!("{}:{}", t.file, t.line))
        .collect();
    let place_width = places.iter().map(|p| p.chars().count()).max().unwrap_or(0);

    push_line(out, "  trace:");
    for (t, place) in trace.iter().zip(&places) {
        let mut line = String::new();
        // Writing to a String cannot fail.
        let _ = write!(
            line,
            "  {:>step_width$}  rank {:<rank_width$}  {}",
            t.step, t.rank, place
        );
        if !t.event.is_empty() {
            let fill = place_width.saturating_sub(place.chars().count());
            line.push_str(&" ".repeat(fill + 2));
            line.push_str(&t.event);
        }
        push_line(out, &line);
    }
}

fn digits(mut n: u64) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// Appends `line` without trailing whitespace, then a newline. A line that
/// holds newlines itself (a multi-line message) has each part trimmed.
fn push_line(out: &mut String, line: &str) {
    for part in line.split('\n') {
        out.push_str(part.trim_end());
        out.push('\n');
    }
}

/// Source files by name, each asked for once.
struct SourceCache<'a> {
    source: &'a dyn Fn(&str) -> Option<String>,
    files: BTreeMap<String, Option<Vec<String>>>,
}

impl<'a> SourceCache<'a> {
    fn new(source: &'a dyn Fn(&str) -> Option<String>) -> Self {
        SourceCache {
            source,
            files: BTreeMap::new(),
        }
    }

    /// Line `line` (1-based) of `file`, without its line ending, if readable.
    fn line(&mut self, file: &str, line: u32) -> Option<String> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        if !self.files.contains_key(file) {
            let lines = (self.source)(file).map(|text| {
                text.split('\n')
                    .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
                    .collect()
            });
            self.files.insert(file.to_string(), lines);
        }
        let lines = self.files.get(file)?.as_ref()?;
        // A file ending in a newline yields an empty last piece that is not a line.
        if index + 1 == lines.len() && lines[index].is_empty() {
            return None;
        }
        lines.get(index).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::ErrorKind;
    use std::cell::RefCell;

    const PROG: &str = "\
#include <mpi.h>
int main(int argc, char **argv) {
  int x = 0, y = 0, rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request r;
    MPI_Irecv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r);
    MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
\tMPI_Ssend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);   \r
  }
  MPI_Finalize();
  return 0;
}
";

    fn loc(rank: usize, line: u32, call: Option<&str>, inlined: &[&str]) -> SourceLoc {
        SourceLoc {
            rank,
            file: "prog.c".to_string(),
            line,
            column: 5,
            call: call.map(str::to_string),
            inlined_at: inlined.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn step(step: usize, rank: usize, line: u32, event: &str) -> TraceStep {
        TraceStep {
            step,
            rank,
            file: "prog.c".to_string(),
            line,
            event: event.to_string(),
        }
    }

    fn stats(executions: u64, transitions: u64) -> Stats {
        Stats {
            executions,
            transitions,
            states: 17,
            seconds: 1.25,
            instructions: 1000,
            pruned: 3,
            peak_rss_bytes: Some(4096),
            input_cells: 0,
        }
    }

    fn error_report() -> Report {
        Report {
            verdict: Verdict::Error,
            np: 3,
            reason: None,
            errors: vec![ErrorReport {
                replay: String::new(),
                command: None,
                input: Vec::new(),
                kind: ErrorKind::Deadlock,
                message: "rank 0 waits in MPI_Recv for a message from rank 2 that is never sent"
                    .to_string(),
                locations: vec![
                    loc(0, 9, Some("MPI_Recv"), &[]),
                    loc(1, 13, Some("MPI_Ssend"), &["prog.c:40"]),
                    loc(2, 15, None, &[]),
                ],
                trace: vec![
                    step(
                        1,
                        0,
                        8,
                        "MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1",
                    ),
                    step(2, 1, 12, "MPI_Send(dest=0, tag=0, comm=WORLD)"),
                    step(3, 0, 8, "request 1 matched send from rank 1"),
                ],
            }],
            stats: stats(2, 143),
        }
    }

    fn prog(name: &str) -> Option<String> {
        (name == "prog.c").then(|| PROG.to_string())
    }

    fn unreadable(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn error_with_source() {
        let text = render(&error_report(), &prog);
        let expected = "\
mpi-check: error (np = 3)

error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
  --> prog.c:9:5 (rank 0, MPI_Recv)
   |
 9 |     MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
   |
  --> prog.c:13:5 (rank 1, MPI_Ssend)
      inlined at prog.c:40
   |
13 | \tMPI_Ssend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
   |
  --> prog.c:15:5 (rank 2)
   |
15 |   MPI_Finalize();
   |
  trace:
     1  rank 0  prog.c:8   MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
     2  rank 1  prog.c:12  MPI_Send(dest=0, tag=0, comm=WORLD)
     3  rank 0  prog.c:8   request 1 matched send from rank 1

explored 2 executions, 143 transitions
";
        assert_eq!(text, expected);
    }

    #[test]
    fn error_without_source() {
        let text = render(&error_report(), &unreadable);
        let expected = "\
mpi-check: error (np = 3)

error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
  --> prog.c:9:5 (rank 0, MPI_Recv)
  --> prog.c:13:5 (rank 1, MPI_Ssend)
      inlined at prog.c:40
  --> prog.c:15:5 (rank 2)
  trace:
     1  rank 0  prog.c:8   MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
     2  rank 1  prog.c:12  MPI_Send(dest=0, tag=0, comm=WORLD)
     3  rank 0  prog.c:8   request 1 matched send from rank 1

explored 2 executions, 143 transitions
";
        assert_eq!(text, expected);
    }

    #[test]
    fn lines_past_the_end_have_no_snippet() {
        let mut report = error_report();
        report.errors[0].locations = vec![loc(0, 18, None, &[]), loc(0, 0, None, &[])];
        report.errors[0].trace.clear();
        let text = render(&report, &prog);
        assert!(text.contains("  --> prog.c:18:5 (rank 0)\n  --> prog.c:0:5 (rank 0)\n\n"));
        assert!(!text.contains(" |"));
        assert!(!text.contains("trace:"));
    }

    #[test]
    fn gutter_widens_for_long_line_numbers() {
        let source = |_: &str| {
            let mut text = String::new();
            for i in 1..=1200 {
                text.push_str(&format!("line {i}\n"));
            }
            Some(text)
        };
        let mut report = error_report();
        report.errors[0].locations = vec![loc(0, 7, None, &[]), loc(1, 1100, None, &["a.c:3"])];
        report.errors[0].trace.clear();
        let text = render(&report, &source);
        let expected = "\
error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
    --> prog.c:7:5 (rank 0)
     |
   7 | line 7
     |
    --> prog.c:1100:5 (rank 1)
        inlined at a.c:3
     |
1100 | line 1100
     |

";
        assert!(text.contains(expected), "{text}");
    }

    #[test]
    fn source_is_read_once_per_file() {
        let calls = RefCell::new(Vec::new());
        let source = |name: &str| {
            calls.borrow_mut().push(name.to_string());
            prog(name)
        };
        let mut report = error_report();
        report.errors.push(report.errors[0].clone());
        let _ = render(&report, &source);
        assert_eq!(*calls.borrow(), ["prog.c"]);
    }

    #[test]
    fn verified() {
        let report = Report {
            verdict: Verdict::Verified,
            np: 4,
            reason: None,
            errors: vec![],
            stats: stats(1, 1),
        };
        assert_eq!(
            render(&report, &prog),
            "mpi-check: verified (np = 4)\n\nexplored 1 execution, 1 transition\n"
        );
    }

    #[test]
    fn inconclusive() {
        let report = Report {
            verdict: Verdict::Inconclusive,
            np: 2,
            reason: Some("unsupported call MPI_Comm_spawn at prog.c:9".to_string()),
            errors: vec![],
            stats: stats(0, 0),
        };
        assert_eq!(
            render(&report, &prog),
            "mpi-check: inconclusive (np = 2): unsupported call MPI_Comm_spawn at prog.c:9\n\
             \n\
             explored 0 executions, 0 transitions\n"
        );
    }

    #[test]
    fn several_errors_are_separated_by_blank_lines() {
        let mut report = error_report();
        let mut second = report.errors[0].clone();
        second.kind = ErrorKind::RequestLeak;
        second.message = "request 1 of rank 0 is never completed".to_string();
        second.locations = vec![loc(0, 8, Some("MPI_Irecv"), &[])];
        second.trace.clear();
        report.errors.push(second);
        let text = render(&report, &unreadable);
        assert!(text.contains(
            "request 1 matched send from rank 1\n\
             \n\
             error[request-leak]: request 1 of rank 0 is never completed\n  \
             --> prog.c:8:5 (rank 0, MPI_Irecv)\n\
             \n\
             explored 2 executions, 143 transitions\n"
        ));
    }

    #[test]
    fn wide_trace_columns_align() {
        let mut report = error_report();
        report.np = 12;
        report.errors[0].locations.clear();
        report.errors[0].trace = (1..=10)
            .map(|i| step(i, i + 1, 100 / i as u32, ""))
            .collect();
        report.errors[0].trace[9].event = "MPI_Barrier(comm=WORLD)".to_string();
        let text = render(&report, &unreadable);
        assert!(text.contains("     1  rank 2   prog.c:100\n"), "{text}");
        assert!(text.contains("     9  rank 10  prog.c:11\n"), "{text}");
        assert!(text.contains("    10  rank 11  prog.c:10   MPI_Barrier(comm=WORLD)\n"));
        assert!(text.lines().all(|l| l == l.trim_end()));
    }

    #[test]
    fn no_timings_in_output() {
        let text = render(&error_report(), &prog);
        assert!(!text.contains("1.25"));
        assert!(!text.contains("second"));
    }
}
