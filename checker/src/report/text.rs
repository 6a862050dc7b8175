//! Human-readable report (`--format text`, the default).
//!
//! The layout is stable: golden files compare it byte for byte. It holds no
//! timings and no paths beyond the file names the report carries.
//!
//! ```text
//! mpi-check: error (np = 3)
//!
//! error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
//!    --> prog.c:15:5
//!    |
//! 15 |     MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
//!    |     ^^^^^^^^ rank 0, MPI_Recv
//!    .
//! 22 |     MPI_Ssend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
//!    |     --------- rank 1, MPI_Ssend (inlined at prog.c:40)
//!    |
//!    = trace:
//!         1  rank 0  prog.c:14  MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
//!         2  rank 1  prog.c:20  MPI_Send(dest=0, tag=0, comm=WORLD)
//!    = replay: --replay 0.1
//!    = help: Break the wait-for cycle the message names: ...
//!
//! explored 2 executions, 143 transitions
//! ```
//!
//! - The header is `mpi-check: <verdict> (np = N)`, with `: <reason>` after it
//!   when the verdict is inconclusive (a reason under another verdict is shown
//!   as a `note:` line below the header). Then one `assumption:` line per
//!   `--assume-no-effect` pattern, and per portability note a `portability:`
//!   line with its `= note:` (the standard's rule) and `= help:` lines.
//! - Each error is a diagnostic rendered by `codespan-reporting` in ASCII, as
//!   rustc lays them out: `error[<kind>]: <message>`, then the source lines of
//!   its locations with the identifier at each location underlined, `^` for
//!   the first (where the error is) and `-` for the others, each labeled
//!   with its rank, MPI call and inlining chain. A location whose file cannot
//!   be read, or has no such line, is an `= at file:line:column (...)` note.
//!   Then notes: `input:` lines (with `--any-input`), the trace (one step per
//!   line: step number, rank and `file:line`, each column padded to its
//!   widest entry, then the event), the `replay:` schedule, and at the first
//!   error of each kind a `help:` (what to change, wrapped) and a `more:`
//!   line naming `mpi-check --explain <kind>`.
//! - With input tracking (`--any-input`), an error lists one
//!   `input: NAME = VALUE (any value in MIN..=MAX)` note per input that
//!   matters before its trace, its replay carries `+NAME=VALUE` for values
//!   the run chose, and the statistics line ends with `over N input cells`.
//! - Blocks are separated by one empty line; the last line is the
//!   deterministic statistics line. Lines carry no trailing whitespace and the
//!   text ends with a newline. With color (`--color`), the verdict, the error
//!   headers and the labels carry ANSI escapes; the text is otherwise the same.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Chars, Config};

use super::{ErrorReport, InputValue, Report, SourceLoc, Stats, TraceStep, Verdict};

/// Renders `report` for people. `source` gives the text of a source file by
/// the name used in the report (`None` if it cannot be read); it is asked at
/// most once per file name.
pub fn render(report: &Report, source: &dyn Fn(&str) -> Option<String>) -> String {
    render_styled(report, source, false)
}

/// [`render`], with ANSI colors when `color` (a terminal, `--color`).
pub fn render_styled(
    report: &Report,
    source: &dyn Fn(&str) -> Option<String>,
    color: bool,
) -> String {
    let mut sources = SourceCache::new(source);
    let mut out = String::new();

    push_line(&mut out, &header_styled(report, color));
    if report.verdict != Verdict::Inconclusive {
        if let Some(reason) = &report.reason {
            push_line(&mut out, &format!("note: {reason}"));
        }
    }
    for a in &report.assumptions {
        push_line(&mut out, &format!("assumption: {}", assumption_line(a)));
    }
    for n in &report.portability {
        push_line(&mut out, &format!("portability: {}", portability_line(n)));
        push_line(&mut out, &format!("  = note: {}", n.rule));
        push_line(&mut out, &format!("  = help: {}", n.help));
    }

    let mut helped = Vec::new();
    for error in &report.errors {
        out.push('\n');
        // The advice of a kind is given once, at its first error.
        let help = !helped.contains(&error.kind);
        helped.push(error.kind);
        render_error(&mut out, error, &mut sources, help, color);
    }

    out.push('\n');
    push_line(&mut out, &stats_line(&report.stats));
    out
}

/// The verdict line: `mpi-check: error (np = 3)`, with the reason when
/// inconclusive (also what `-q` prints).
pub fn header(report: &Report) -> String {
    header_styled(report, false)
}

/// [`header`], with the verdict word colored when `color`.
pub fn header_styled(report: &Report, color: bool) -> String {
    let mut line = format!(
        "mpi-check: {} (np = {})",
        verdict_word(report.verdict, color),
        report.np
    );
    if report.verdict == Verdict::Inconclusive {
        if let Some(reason) = &report.reason {
            line.push_str(": ");
            line.push_str(reason);
        }
    }
    // A verification under assumptions says so where it is read first.
    if report.verdict == Verdict::Verified {
        if let Some(summary) = super::assumed_summary(&report.assumptions) {
            line.push_str(", assuming: ");
            line.push_str(&summary);
        }
    }
    line
}

/// One assumption in words: what it assumes of which function and where
/// the calls are (`png_write_row has no effect (--assume-no-effect
/// png_*): called at prog.c:30, prog.c:41`), or that it was never used.
pub fn assumption_line(a: &super::Assumption) -> String {
    if a.assumed == super::MEMORY_MODEL {
        return format!(
            "windows have the separate memory model ({}; MPI 3.1 §11.4): what is correct under it is correct under the unified one too",
            a.option
        );
    }
    if a.assumed == super::ASSUMED_TO_RETURN {
        let calls: Vec<String> = a
            .calls
            .iter()
            .map(|c| format!("{} at {}:{}", c.function, c.file, c.line))
            .collect();
        return format!("assumed to return: {} ({})", calls.join(", "), a.option);
    }
    let functions = a.functions();
    let Some((last, rest)) = functions.split_last() else {
        return format!(
            "{} was never used (no call to a function without source matches it)",
            a.option
        );
    };
    let subject = if rest.is_empty() {
        format!("{last} has")
    } else {
        format!("{} and {last} have", rest.join(", "))
    };
    let sites: Vec<String> = a
        .calls
        .iter()
        .map(|c| format!("{}:{}", c.file, c.line))
        .collect();
    format!(
        "{subject} {} ({}): called at {}",
        a.assumed,
        a.option,
        sites.join(", ")
    )
}

/// One portability note in words: the construct, where, and the MPI calls
/// it shapes (`offsetof on the non-standard-layout class 'P' at p.cpp:9
/// (and 2 more lines) shapes MPI_Type_create_struct at line 14`).
pub fn portability_line(n: &super::PortabilityNote) -> String {
    let more = match n.more_lines {
        0 => String::new(),
        1 => " (and 1 more line)".to_string(),
        k => format!(" (and {k} more lines)"),
    };
    // A call in the construct's own file is named by its line alone.
    let feeds: Vec<String> = n
        .feeds
        .iter()
        .map(|c| match c.file == n.file {
            true => format!("{} at line {}", c.function, c.line),
            false => format!("{} at {}:{}", c.function, c.file, c.line),
        })
        .collect();
    // A note the search raised at an MPI call shapes nothing else.
    if feeds.is_empty() {
        return format!("{} at {}:{}{more}", n.construct, n.file, n.line);
    }
    format!(
        "{} at {}:{}{more} shapes {}",
        n.construct,
        n.file,
        n.line,
        feeds.join(", ")
    )
}

/// `verified` in green, `error` in red, `inconclusive` in yellow (bold),
/// or plain.
pub fn verdict_word(verdict: Verdict, color: bool) -> String {
    use std::io::Write as _;
    use termcolor::{Color, ColorSpec, WriteColor};
    if !color {
        return verdict.word().to_string();
    }
    let hue = match verdict {
        Verdict::Verified => Color::Green,
        Verdict::Error => Color::Red,
        Verdict::Inconclusive => Color::Yellow,
    };
    let mut buffer = termcolor::Buffer::ansi();
    // Writing to memory cannot fail.
    let _ = buffer.set_color(ColorSpec::new().set_fg(Some(hue)).set_bold(true));
    let _ = buffer.write_all(verdict.word().as_bytes());
    let _ = buffer.reset();
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
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
    if !stats.input_bounds.is_empty() {
        line.push_str(&format!(" ({})", stats.input_bounds.join(", ")));
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

/// One error as a diagnostic: its locations as labeled spans on the source
/// lines (the first one primary), then notes: the inputs that matter, the
/// trace, the replay schedule and, at the first error of its kind, what to
/// change. Rendered by `codespan-reporting` in ASCII, as rustc does.
fn render_error(
    out: &mut String,
    error: &ErrorReport,
    sources: &mut SourceCache<'_>,
    help: bool,
    color: bool,
) {
    // `error[kind]: ` before the headline counts toward its length.
    let max = HEADLINE_MAX.saturating_sub(error.kind.id().len() + 9);
    let (headline, details) = headline_within(&error.message, max);
    let mut labels = Vec::new();
    let mut notes = details;
    for (i, loc) in error.locations.iter().enumerate() {
        let what = location_label(loc);
        match sources.span(&loc.file, loc.line, loc.column) {
            Some((file, span)) => {
                let label = if i == 0 {
                    Label::primary(file, span)
                } else {
                    Label::secondary(file, span)
                };
                labels.push(label.with_message(what));
            }
            None => notes.push(format!(
                "at {}:{}:{} ({what})",
                loc.file, loc.line, loc.column
            )),
        }
    }
    for v in &error.input {
        notes.push(input_note(v));
    }
    if let Some(trace) = trace_note(&error.trace, &error.locations) {
        notes.push(trace);
    }
    if !error.replay.is_empty() {
        notes.push(format!("replay: --replay {}", error.replay));
    }
    // Advice for this situation is always shown; the kind's general advice
    // at its first error.
    let advice = match &error.help {
        Some(h) => Some(h.as_str()),
        None => help.then(|| error.kind.help()),
    };
    if let Some(advice) = advice {
        notes.push(format!("help: {}", wrap(&advice.replace('`', ""), 76)));
    }
    // The kind's page in the user guide, once per kind (as rustc --explain).
    if help {
        notes.push(format!("more: mpi-check --explain {}", error.kind.id()));
    }
    let diagnostic = Diagnostic::error()
        .with_code(error.kind.id())
        .with_message(headline)
        .with_labels(labels)
        .with_notes(notes);
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    let text = if color {
        let mut buffer = termcolor::Buffer::ansi();
        match term::emit_to_write_style(&mut buffer, &config, &sources.files, &diagnostic) {
            Ok(()) => String::from_utf8_lossy(buffer.as_slice()).into_owned(),
            Err(e) => format!("error[{}]: {} ({e})\n", error.kind.id(), error.message),
        }
    } else {
        term::emit_into_string(&config, &sources.files, &diagnostic)
            .unwrap_or_else(|e| format!("error[{}]: {} ({e})\n", error.kind.id(), error.message))
    };
    push_line(out, text.trim_end_matches('\n'));
}

/// What a location's label says: `rank 1, MPI_Ssend (inlined at prog.c:40)`.
pub(crate) fn location_label(loc: &SourceLoc) -> String {
    let mut what = match &loc.call {
        Some(call) => format!("rank {}, {call}", loc.rank),
        None => format!("rank {}", loc.rank),
    };
    if !loc.inlined_at.is_empty() {
        what.push_str(&format!(" (inlined at {})", loc.inlined_at.join(", at ")));
    }
    if !loc.called_from.is_empty() {
        what.push_str(&format!(
            " (called from {})",
            loc.called_from.join(", from ")
        ));
    }
    what
}

/// `input: NAME = VALUE (any value in MIN..=MAX)`.
pub(crate) fn input_note(v: &InputValue) -> String {
    let range = if v.min == v.max {
        "this value".to_string()
    } else {
        format!("any value in {}..={}", v.min, v.max)
    };
    format!("input: {} = {} ({range})", v.symbol, v.value)
}

/// The first clause of an error's message, for the headline, and the rest
/// as notes: the clauses after it (`; `-separated outside parentheses), one
/// per line, and a `(message race: ...)` ending, one race per line. The
/// JSON and SARIF reports keep the whole message.
#[cfg(test)]
pub(crate) fn headline_and_details(message: &str) -> (&str, Vec<String>) {
    headline_within(message, usize::MAX)
}

/// The longest printed headline line, `error[kind]: ...` included: one line
/// a person reads.
pub(crate) const HEADLINE_MAX: usize = 160;

/// [`headline_and_details`], with a headline longer than `max` characters
/// cut at its last `: ` (else `, `) outside parentheses that keeps it
/// within `max`: what follows the cut is the first note.
pub(crate) fn headline_within(message: &str, max: usize) -> (&str, Vec<String>) {
    let (message, races) = match message.split_once(" (message race: ") {
        Some((m, r)) if r.ends_with(')') => (m, Some(&r[..r.len() - 1])),
        _ => (message, None),
    };
    let clauses = top_level_clauses(message);
    let (mut headline, rest) = clauses
        .split_first()
        .map_or((message, &[][..]), |(h, r)| (*h, r));
    let mut details: Vec<&str> = Vec::new();
    if headline.chars().count() > max {
        if let Some((head, tail)) =
            cut_within(headline, ": ", max).or_else(|| cut_within(headline, ", ", max))
        {
            headline = head;
            details.push(tail);
        }
    }
    details.extend(rest.iter().copied());
    let mut notes = Vec::new();
    if !details.is_empty() {
        notes.push(format!("note: {}", details.join("\n")));
    }
    if let Some(races) = races {
        notes.push(format!(
            "message race: {}",
            top_level_clauses(races).join("\n")
        ));
    }
    (headline, notes)
}

/// `text` cut at the last `sep` outside parentheses whose head has at most
/// `max` characters.
fn cut_within<'a>(text: &'a str, sep: &str, max: usize) -> Option<(&'a str, &'a str)> {
    let mut depth = 0i32;
    let mut best = None;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 && text[i..].starts_with(sep) => {
                if text[..i].chars().count() > max {
                    break;
                }
                best = Some(i);
            }
            _ => {}
        }
    }
    let i = best.filter(|&i| i > 0)?;
    Some((&text[..i], &text[i + sep.len()..]))
}

/// `text` split at each `; ` outside parentheses.
fn top_level_clauses(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b';' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => {
                out.push(&text[start..i]);
                start = i + 2;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// Steps of a long trace shown from its start and from its end.
const TRACE_HEAD: usize = 20;
const TRACE_TAIL: usize = 40;

/// Which steps of a trace the text shows: all of a short trace (or of a
/// `--replay`, which asked for every step); of a long one the first and the
/// last steps, and the first step at each place the error names (the call
/// that posted a receive never completed, the first send of a cycle), so
/// that a run of a million steps does not print a million lines. JSON and
/// SARIF carry every step.
pub(crate) fn shown_steps(trace: &[TraceStep], locations: &[SourceLoc]) -> Vec<bool> {
    let n = trace.len();
    if n <= TRACE_HEAD + TRACE_TAIL + 20 || trace.iter().any(|t| !t.ranks.is_empty()) {
        return vec![true; n];
    }
    let mut shown: Vec<bool> = (0..n)
        .map(|i| i < TRACE_HEAD || i >= n - TRACE_TAIL)
        .collect();
    for loc in locations {
        if let Some(i) = trace
            .iter()
            .position(|t| t.rank == loc.rank && t.line == loc.line && t.file == loc.file)
        {
            shown[i] = true;
        }
    }
    shown
}

/// The trace as one note: one step per line, the step number, rank and
/// `file:line` each padded to its widest entry, then the event; a gap of
/// steps not shown (`shown_steps`) as one line saying how many.
fn trace_note(all: &[TraceStep], locations: &[SourceLoc]) -> Option<String> {
    if all.is_empty() {
        return None;
    }
    let shown = shown_steps(all, locations);
    let trace: Vec<&TraceStep> = all
        .iter()
        .zip(&shown)
        .filter(|(_, s)| **s)
        .map(|(t, _)| t)
        .collect();
    let step_width = trace
        .iter()
        .map(|t| digits(t.step as u64))
        .max()
        .unwrap_or(1)
        .max(4);
    let whos: Vec<String> = trace.iter().map(|t| t.who()).collect();
    let who_width = whos.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    let places: Vec<String> = trace
        .iter()
        .map(|t| format!("{}:{}", t.file, t.line))
        .collect();
    let place_width = places.iter().map(|p| p.chars().count()).max().unwrap_or(0);
    let mut note = String::from("trace:");
    let mut next = 1;
    for ((t, place), who) in trace.iter().zip(&places).zip(&whos) {
        if t.step > next {
            let gap = t.step - next;
            note.push('\n');
            note.push_str(&format!(
                "{:>step_width$}  ({gap} {} not shown: --format json lists every step)",
                "...",
                if gap == 1 { "step" } else { "steps" }
            ));
        }
        next = t.step + 1;
        let mut line = String::new();
        // Writing to a String cannot fail.
        let _ = write!(
            line,
            "{:>step_width$}  {who:<who_width$}  {}",
            t.step, place
        );
        if !t.event.is_empty() {
            let fill = place_width.saturating_sub(place.chars().count());
            line.push_str(&" ".repeat(fill + 2));
            line.push_str(&t.event);
        }
        note.push('\n');
        note.push_str(line.trim_end());
        // `--replay`: where every process is after the step, under it.
        if !t.ranks.is_empty() {
            note.push('\n');
            note.push_str(&" ".repeat(step_width + 2));
            note.push_str(&format!("ranks {}", t.ranks_line()));
        }
    }
    Some(note)
}

/// `text` broken at spaces into lines of at most `width` characters (a
/// longer word stays whole).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if len > 0 && len + 1 + n > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += n;
    }
    out
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

/// Source files by name, each asked for once, held for the renderers.
pub(crate) struct SourceCache<'a> {
    source: &'a dyn Fn(&str) -> Option<String>,
    ids: BTreeMap<String, Option<usize>>,
    files: SimpleFiles<String, String>,
}

impl<'a> SourceCache<'a> {
    pub(crate) fn new(source: &'a dyn Fn(&str) -> Option<String>) -> Self {
        SourceCache {
            source,
            ids: BTreeMap::new(),
            files: SimpleFiles::new(),
        }
    }

    /// The file id and byte range to underline at `line` (1-based) and
    /// `column` (1-based; 0 when unknown) of `file`: the identifier that
    /// starts there (the called function, `assert`...), else one character;
    /// `None` when the file cannot be read or has no such line.
    fn span(&mut self, file: &str, line: u32, column: u32) -> Option<(usize, Range<usize>)> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let id = self.id(file)?;
        let text = self.files.get(id).ok()?.source().as_str();
        let mut start = 0;
        let mut lines = text.split_inclusive('\n');
        for _ in 0..index {
            start += lines.next()?.len();
        }
        let code = lines.next()?;
        let code = code.strip_suffix('\n').unwrap_or(code);
        let code = code.strip_suffix('\r').unwrap_or(code);
        let mut col = match column {
            0 => code.len() - code.trim_start().len(),
            c => (c as usize - 1).min(code.len()),
        };
        while !code.is_char_boundary(col) {
            col -= 1;
        }
        let rest = &code[col..];
        let word = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let len = match word {
            0 => rest.chars().next().map_or(0, char::len_utf8),
            n => n,
        };
        Some((id, start + col..start + col + len))
    }

    /// The id of `file` among `files`, read at the first call; `None` when
    /// it cannot be read.
    fn id(&mut self, file: &str) -> Option<usize> {
        if !self.ids.contains_key(file) {
            let id = (self.source)(file).map(|text| self.files.add(file.to_string(), text));
            self.ids.insert(file.to_string(), id);
        }
        *self.ids.get(file)?
    }

    /// The text of `file`, `None` when it cannot be read.
    pub(crate) fn text(&mut self, file: &str) -> Option<&str> {
        let id = self.id(file)?;
        Some(self.files.get(id).ok()?.source().as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::ErrorKind;
    use crate::report::SourceLoc;
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
            called_from: Vec::new(),
        }
    }

    fn step(step: usize, rank: usize, line: u32, event: &str) -> TraceStep {
        TraceStep {
            step,
            rank,
            file: "prog.c".to_string(),
            line,
            event: event.to_string(),
            thread: None,
            ranks: Vec::new(),
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
            merged: 0,
            key_seconds: 0.0,
            peak_rss_bytes: Some(4096),
            input_cells: 0,
            input_bounds: Vec::new(),
        }
    }

    fn error_report() -> Report {
        Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Error,
            np: 3,
            reason: None,
            errors: vec![ErrorReport {
                replay: String::new(),
                command: None,
                input: Vec::new(),
                help: None,
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

    const DEADLOCK_HELP: &str = "\
= help: Break the wait-for cycle the message names: reorder the calls so that one
     side receives while the other sends (e.g. even ranks send first, odd ranks
     receive first), post the receives as nonblocking calls (MPI_Irecv, then
     MPI_Waitall), or exchange with MPI_Sendrecv. Where a process finished
     without sending, add the missing send or fix the receive's source, tag or
     communicator.
";

    #[test]
    fn error_with_source() {
        let text = render(&error_report(), &prog);
        // Line 13 starts with a tab: column 5 is inside `MPI_Ssend`, and the
        // underline follows the tab's display width.
        let expected = format!(
            "\
mpi-check: error (np = 3)

error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
   --> prog.c:9:5
   |
 9 |     MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
   |     ^^^^^^^^ rank 0, MPI_Recv
   .
13 |     MPI_Ssend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
   |        ------ rank 1, MPI_Ssend (inlined at prog.c:40)
14 |   }}
15 |   MPI_Finalize();
   |     ---------- rank 2
   |
   = trace:
        1  rank 0  prog.c:8   MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
        2  rank 1  prog.c:12  MPI_Send(dest=0, tag=0, comm=WORLD)
        3  rank 0  prog.c:8   request 1 matched send from rank 1
   {DEADLOCK_HELP}   = more: mpi-check --explain deadlock

explored 2 executions, 143 transitions
"
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn error_without_source() {
        let text = render(&error_report(), &unreadable);
        let expected = format!(
            "\
mpi-check: error (np = 3)

error[deadlock]: rank 0 waits in MPI_Recv for a message from rank 2 that is never sent
 = at prog.c:9:5 (rank 0, MPI_Recv)
 = at prog.c:13:5 (rank 1, MPI_Ssend (inlined at prog.c:40))
 = at prog.c:15:5 (rank 2)
 = trace:
      1  rank 0  prog.c:8   MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1
      2  rank 1  prog.c:12  MPI_Send(dest=0, tag=0, comm=WORLD)
      3  rank 0  prog.c:8   request 1 matched send from rank 1
 {} = more: mpi-check --explain deadlock

explored 2 executions, 143 transitions
",
            DEADLOCK_HELP.replace("\n     ", "\n   ")
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn lines_past_the_end_have_no_snippet() {
        let mut report = error_report();
        report.errors[0].locations = vec![loc(0, 18, None, &[]), loc(0, 0, None, &[])];
        report.errors[0].trace.clear();
        let text = render(&report, &prog);
        assert!(
            text.contains(" = at prog.c:18:5 (rank 0)\n = at prog.c:0:5 (rank 0)\n"),
            "{text}"
        );
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
     --> prog.c:7:5
     |
   7 | line 7
     |     ^ rank 0
     .
1100 | line 1100
     |     - rank 1 (inlined at a.c:3)
     |
";
        assert!(text.contains(expected), "{text}");
    }

    #[test]
    fn the_underline_covers_the_identifier_at_the_column() {
        let source = |_: &str| Some("  x = f(1);\n  assert(x > 0);\n".to_string());
        let mut report = error_report();
        report.errors[0].locations = vec![loc(0, 2, None, &[])];
        report.errors[0].locations[0].column = 3;
        report.errors[0].trace.clear();
        let text = render(&report, &source);
        assert!(
            text.contains("2 |   assert(x > 0);\n  |   ^^^^^^ rank 0\n"),
            "{text}"
        );
        // An unknown column (0) underlines the first word of the line.
        report.errors[0].locations[0].column = 0;
        assert_eq!(render(&report, &source), text);
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
            assumptions: Vec::new(),
            portability: Vec::new(),
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
            assumptions: Vec::new(),
            portability: Vec::new(),
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
    fn several_errors_are_separated_by_blank_lines_and_help_is_given_once_per_kind() {
        let mut report = error_report();
        let mut second = report.errors[0].clone();
        second.kind = ErrorKind::RequestLeak;
        second.message = "request 1 of rank 0 is never completed".to_string();
        second.locations = vec![loc(0, 8, Some("MPI_Irecv"), &[])];
        second.trace.clear();
        report.errors.push(second);
        report.errors.push(report.errors[0].clone());
        let text = render(&report, &unreadable);
        assert!(
            text.contains(
                "   communicator.\n \
             = more: mpi-check --explain deadlock\n\
             \n\
             error[request-leak]: request 1 of rank 0 is never completed\n \
             = at prog.c:8:5 (rank 0, MPI_Irecv)\n \
             = help: Complete each request"
            ),
            "{text}"
        );
        assert_eq!(text.matches("= help: Break the wait-for cycle").count(), 1);
        assert_eq!(text.matches("error[deadlock]").count(), 2);
        assert!(text.ends_with("\n\nexplored 2 executions, 143 transitions\n"));
    }

    #[test]
    fn long_messages_keep_their_first_clause_as_headline() {
        let (head, notes) = headline_and_details(
            "rank 0 waits for rank 1 in MPI_Recv at line 9; rank 1 finished (MPI_Finalize at \
             line 12; early) without sending (message race: rank 0's wildcard MPI_Recv at line 8 \
             took rank 1's MPI_Send (line 11) but could also take rank 2's MPI_Send (line 11); \
             and 1 more wildcard match)",
        );
        assert_eq!(head, "rank 0 waits for rank 1 in MPI_Recv at line 9");
        assert_eq!(
            notes,
            [
                "note: rank 1 finished (MPI_Finalize at line 12; early) without sending",
                "message race: rank 0's wildcard MPI_Recv at line 8 took rank 1's MPI_Send \
                 (line 11) but could also take rank 2's MPI_Send (line 11)\nand 1 more wildcard match",
            ]
        );
        let (head, notes) = headline_and_details("assertion `x == 1` failed");
        assert_eq!((head, notes.len()), ("assertion `x == 1` failed", 0));
    }

    #[test]
    fn an_overlong_headline_is_cut_at_its_last_colon_that_fits() {
        let message = "rank 0 (line 19) calls MPI_Barrier on comm#1 (duplicate of WORLD: a dup) \
                       while rank 1 calls MPI_Barrier on WORLD: collectives on different \
                       communicators never match (MPI 3.1 §5.13); rank 2 exited";
        let (head, notes) = headline_within(message, 130);
        assert_eq!(
            head,
            "rank 0 (line 19) calls MPI_Barrier on comm#1 (duplicate of WORLD: a dup) while rank 1 \
             calls MPI_Barrier on WORLD"
        );
        assert_eq!(
            notes,
            ["note: collectives on different communicators never match (MPI 3.1 §5.13)\nrank 2 exited"]
        );
        // Nothing to cut at within the bound: the headline stays whole.
        let (head, _) = headline_within("a very long clause without any separator", 10);
        assert_eq!(head, "a very long clause without any separator");
    }

    #[test]
    fn a_replay_shows_every_rank_under_each_step() {
        let mut report = error_report();
        report.errors[0].trace[1].ranks = vec![
            "MPI_Irecv at line 8".into(),
            "running".into(),
            "exited (0)".into(),
        ];
        let text = render(&report, &unreadable);
        assert!(
            text.contains(
                "      2  rank 1  prog.c:12  MPI_Send(dest=0, tag=0, comm=WORLD)\n         \
                 ranks 0: MPI_Irecv at line 8 | 1: running | 2: exited (0)\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn color_only_when_asked() {
        let plain = render(&error_report(), &prog);
        assert!(!plain.contains('\x1b'));
        let colored = render_styled(&error_report(), &prog, true);
        assert!(colored.contains("\x1b["), "{colored}");
        assert_eq!(verdict_word(Verdict::Verified, false), "verified");
        assert!(verdict_word(Verdict::Error, true).contains("error\x1b[0m"));
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
