//! `--format sarif`: a SARIF 2.1.0 log with one run.
//!
//! - `tool.driver`: name `mpi-check`, the version given, and one rule per
//!   error kind that occurs (sorted by kind), id = the kind's stable id, with
//!   a PascalCase `name`, short and full descriptions, `help` (text and
//!   markdown: what to change), a `helpUri` into the README's error kinds and
//!   `defaultConfiguration.level` (see `level`).
//! - One `result` per error: `ruleId`/`ruleIndex`, the rule's level, the
//!   message, `locations` = the first location, `relatedLocations` = the
//!   others (each with the message `rank N: MPI_X`, and referenced from the
//!   result message by embedded links `[rank N's MPI_X](id)`), and one
//!   `codeFlow` with one `threadFlow` per rank in the trace (id and message
//!   `rank N`), holding that rank's steps (`rank N: event`) in trace order,
//!   each with `executionOrder` = the global step number so that viewers can
//!   interleave the ranks.
//! - `invocations[0].executionSuccessful` is false only when the verdict is
//!   inconclusive, with the reason as a tool execution notification.
//! - `properties` of the run carry the verdict, np and the deterministic
//!   statistics (no timings).
//!
//! The output validates against the OASIS SARIF 2.1.0 schema (errata 01),
//! which `tests/tests/cli.rs` checks on real runs.

use std::collections::BTreeSet;

use serde::Serialize;

use super::{ErrorKind, ErrorReport, Report, SourceLoc, TraceStep, Verdict};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const VERSION: &str = "2.1.0";

/// Where each rule's `helpUri` points: the README's table of error kinds
/// (there is no published site; change this one constant when there is).
pub const HELP_URI: &str =
    "https://github.com/mpi-verify/mpi-verify/blob/main/README.md#error-kinds";

/// Renders `report` as a SARIF 2.1.0 log, pretty-printed, followed by a
/// newline. `tool_version` is the checker's version.
pub fn render(report: &Report, tool_version: &str) -> String {
    render_runs(std::slice::from_ref(report), tool_version)
}

/// Renders the reports of several process counts as one log with a run
/// per process count (each run's `properties.np` says which).
pub fn render_runs(reports: &[Report], tool_version: &str) -> String {
    let log = Log {
        schema: SCHEMA,
        version: VERSION,
        runs: reports.iter().map(|r| build_run(r, tool_version)).collect(),
    };
    match serde_json::to_string_pretty(&log) {
        Ok(mut text) => {
            text.push('\n');
            text
        }
        // Serializing these plain types cannot fail; should it ever, still
        // print a valid log that says the run did not succeed.
        Err(err) => {
            let reason = format!("cannot render report as SARIF: {err}");
            let fallback = Report {
                assumptions: Vec::new(),
                portability: Vec::new(),
                verdict: Verdict::Inconclusive,
                np: reports.first().map_or(0, |r| r.np),
                reason: Some(reason),
                errors: Vec::new(),
                stats: Default::default(),
            };
            let log = Log {
                schema: SCHEMA,
                version: VERSION,
                runs: vec![build_run(&fallback, tool_version)],
            };
            let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
            text.push('\n');
            text
        }
    }
}

fn build_run<'a>(report: &'a Report, tool_version: &'a str) -> Run<'a> {
    let kinds: Vec<ErrorKind> = report
        .errors
        .iter()
        .map(|e| e.kind)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let rules = kinds.iter().map(|&kind| rule(kind)).collect();
    let results = report
        .errors
        .iter()
        .map(|e| result(e, kinds.binary_search(&e.kind).unwrap_or(0)))
        .collect();

    let inconclusive = report.verdict == Verdict::Inconclusive;
    let mut notifications = if inconclusive {
        vec![Notification {
            level: "error",
            message: Text {
                text: report
                    .reason
                    .clone()
                    .unwrap_or_else(|| "exploration was not completed".to_string()),
            },
            descriptor: Descriptor { id: "inconclusive" },
        }]
    } else {
        Vec::new()
    };
    // Each assumption is a note of the run: the verdict holds under it.
    notifications.extend(report.assumptions.iter().map(|a| Notification {
        level: "note",
        message: Text {
            text: super::text::assumption_line(a),
        },
        descriptor: Descriptor { id: "assumption" },
    }));
    // So is each portability note: the verdict holds for the layout or
    // behavior this compiler chose.
    notifications.extend(report.portability.iter().map(|n| Notification {
        level: "warning",
        message: Text {
            text: format!(
                "{}; {}; help: {}",
                super::text::portability_line(n),
                n.rule,
                n.help
            ),
        },
        descriptor: Descriptor { id: "portability" },
    }));

    Run {
        tool: Tool {
            driver: Driver {
                name: "mpi-check",
                version: tool_version,
                rules,
            },
        },
        invocations: vec![Invocation {
            execution_successful: !inconclusive,
            tool_execution_notifications: notifications,
        }],
        results,
        properties: RunProperties {
            verdict: report.verdict,
            np: report.np,
            executions: report.stats.executions,
            transitions: report.stats.transitions,
            states: report.stats.states,
            assumptions: &report.assumptions,
        },
    }
}

fn rule(kind: ErrorKind) -> Rule {
    let help = kind.help();
    Rule {
        id: kind.id(),
        name: rule_name(kind),
        short_description: Text::from(short_description(kind)),
        full_description: Text::from(full_description(kind)),
        help: Help {
            text: help.replace('`', ""),
            markdown: help.to_string(),
        },
        help_uri: HELP_URI,
        default_configuration: Configuration { level: level(kind) },
    }
}

/// The rule name: the kind's id in PascalCase (`collective-mismatch` is
/// `CollectiveMismatch`).
fn rule_name(kind: ErrorKind) -> String {
    kind.id()
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

fn result(error: &ErrorReport, rule_index: usize) -> SarifResult {
    let mut locations = error.locations.iter();
    let primary: Vec<Location> = locations
        .next()
        .map(|loc| source_location(loc, None))
        .into_iter()
        .collect();
    let others: Vec<&SourceLoc> = locations.collect();
    let related = others
        .iter()
        .enumerate()
        .map(|(i, loc)| source_location(loc, Some(i + 1)))
        .collect();
    let code_flows = if error.trace.is_empty() {
        Vec::new()
    } else {
        vec![CodeFlow {
            thread_flows: thread_flows(&error.trace),
        }]
    };
    SarifResult {
        rule_id: error.kind.id(),
        rule_index,
        level: level(error.kind),
        message: Text {
            text: result_message(&error.message, &others),
        },
        locations: primary,
        related_locations: related,
        code_flows,
        properties: ResultProperties {
            replay: error.replay.clone(),
            command: error.command.clone(),
        },
    }
}

/// The result message: the error's message as it is when nothing else is
/// involved; otherwise followed by embedded links to the related locations
/// (`(see also [rank 1's MPI_Ssend](1))`, ids 1, 2, ... as given by
/// `result`). With links, the square brackets of the message itself are
/// escaped (`\[`, `\]`) so that viewers do not read them as links (SARIF
/// 2.1.0 §3.11.6).
fn result_message(message: &str, related: &[&SourceLoc]) -> String {
    if related.is_empty() {
        return message.to_string();
    }
    let links: Vec<String> = related
        .iter()
        .enumerate()
        .map(|(i, loc)| {
            let text = match &loc.call {
                Some(call) => format!("rank {}'s {call}", loc.rank),
                None if loc.line > 0 => format!("rank {} at line {}", loc.rank, loc.line),
                None => format!("rank {}", loc.rank),
            };
            format!("[{}]({})", escape_brackets(&text), i + 1)
        })
        .collect();
    format!(
        "{} (see also {})",
        escape_brackets(message),
        links.join(", ")
    )
}

fn escape_brackets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '[' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One thread flow per rank in the trace, by rank, each with that rank's
/// steps in trace order; `executionOrder` (the global step number) says how
/// the ranks interleave.
fn thread_flows(trace: &[TraceStep]) -> Vec<ThreadFlow> {
    let ranks: BTreeSet<usize> = trace.iter().map(|step| step.rank).collect();
    ranks
        .into_iter()
        .map(|rank| {
            let name = format!("rank {rank}");
            ThreadFlow {
                id: name.clone(),
                message: Text { text: name },
                locations: trace
                    .iter()
                    .filter(|step| step.rank == rank)
                    .map(flow_location)
                    .collect(),
            }
        })
        .collect()
}

fn source_location(loc: &SourceLoc, id: Option<usize>) -> Location {
    let mut text = match &loc.call {
        Some(call) => format!("rank {}: {call}", loc.rank),
        None => format!("rank {}", loc.rank),
    };
    if !loc.inlined_at.is_empty() {
        text.push_str(" (inlined at ");
        text.push_str(&loc.inlined_at.join(", "));
        text.push(')');
    }
    if !loc.called_from.is_empty() {
        text.push_str(" (called from ");
        text.push_str(&loc.called_from.join(", "));
        text.push(')');
    }
    Location {
        id,
        physical_location: physical(&loc.file, loc.line, Some(loc.column)),
        message: Text { text },
    }
}

fn flow_location(step: &TraceStep) -> ThreadFlowLocation {
    ThreadFlowLocation {
        location: Location {
            id: None,
            physical_location: physical(&step.file, step.line, None),
            message: Text {
                text: format!("{}: {}", step.who(), step.event),
            },
        },
        execution_order: step.step,
    }
}

fn physical(file: &str, line: u32, column: Option<u32>) -> PhysicalLocation {
    // SARIF regions are 1-based; an unknown line or column (0) is left out.
    let region = (line > 0).then(|| Region {
        start_line: line,
        start_column: column.filter(|&c| c > 0),
    });
    PhysicalLocation {
        artifact_location: ArtifactLocation {
            uri: file_uri(file),
        },
        region,
    }
}

/// A URI reference for a file name: relative names stay relative, absolute
/// paths become `file://` URIs, and characters a URI cannot hold are
/// percent-encoded.
fn file_uri(file: &str) -> String {
    let path = file.replace('\\', "/");
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len() + 8);
    let mut rest = bytes;
    if bytes.first() == Some(&b'/') {
        out.push_str("file://");
    } else if bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && bytes[2] == b'/'
    {
        // A Windows drive letter keeps its colon.
        out.push_str("file:///");
        out.push(char::from(bytes[0]));
        out.push(':');
        rest = &bytes[2..];
    }
    for &byte in rest {
        // ':' is encoded so that a relative name never reads as a scheme.
        let keep = byte.is_ascii_alphanumeric() || b"-._~/@!$&'()*+,;=".contains(&byte);
        if keep {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn short_description(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Deadlock => "Processes wait for each other forever under every buffering",
        ErrorKind::CollectiveMismatch => {
            "Members of a communicator call different or missing collectives"
        }
        ErrorKind::BufferingHazard => {
            "A deadlock that occurs only when standard-mode sends are not buffered"
        }
        ErrorKind::Assertion => "An assertion in the program fails",
        ErrorKind::MemoryError => "Invalid memory access",
        ErrorKind::TypeMismatch => "Send and receive datatype signatures do not match",
        ErrorKind::CountMismatch => "Message counts do not match",
        ErrorKind::RootMismatch => "Members of a collective disagree on the root",
        ErrorKind::OpMismatch => "Members of a reduction use different operations",
        ErrorKind::CommunicatorMismatch => "Operations use inconsistent communicators",
        ErrorKind::InvalidArgument => "An MPI call gets an invalid argument",
        ErrorKind::ResourceLeak => "An MPI object is never freed",
        ErrorKind::RequestLeak => "A request is never completed or freed",
        ErrorKind::MissingStart => "A persistent request is waited on without being started",
        ErrorKind::LocalRace => {
            "A buffer of a pending nonblocking operation is accessed before completion"
        }
        ErrorKind::RmaRace => "Conflicting one-sided accesses in the same epoch",
        ErrorKind::EpochError => "One-sided operation outside a valid access or exposure epoch",
        ErrorKind::NonTermination => "A process does not terminate",
        ErrorKind::MpiUsage => "MPI is used against the standard",
        ErrorKind::DataRace => "Threads of a process access the same memory unsynchronized",
        ErrorKind::IoRace => "Conflicting file accesses of different processes unsynchronized",
        ErrorKind::MessageRace => {
            "Threads of a process probe and receive the same messages concurrently"
        }
    }
}

/// A rule's default level, by how sure a finding means a failure:
/// - `error`: the job hangs or fails in every run that gets there, or the
///   program is erroneous MPI whose outcome the standard leaves undefined
///   (mismatches, invalid arguments, races, epochs, life-cycle misuse), or a
///   process spins forever (`non-termination`: its event can never happen).
/// - `warning`: the program may well run, but relies on what MPI does not
///   promise or wastes resources: `buffering-hazard` (works wherever the
///   library buffers standard sends), `resource-leak` and `request-leak`
///   (objects and requests left at `MPI_Finalize`; the lost messages that
///   matter are reported as errors of their own), `missing-start` (legal MPI
///   that returns an empty status: most likely a forgotten `MPI_Start`).
fn level(kind: ErrorKind) -> &'static str {
    use ErrorKind::*;
    match kind {
        BufferingHazard | ResourceLeak | RequestLeak | MissingStart => "warning",
        Deadlock | CollectiveMismatch | Assertion | MemoryError | TypeMismatch | CountMismatch
        | RootMismatch | OpMismatch | CommunicatorMismatch | InvalidArgument | LocalRace
        | RmaRace | EpochError | NonTermination | MpiUsage | DataRace | IoRace | MessageRace => {
            "error"
        }
    }
}

/// What the kind means, in one or two sentences (README, "Error kinds"),
/// with the MPI 3.1 section where one applies. Plain text.
fn full_description(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Deadlock => {
            "Some processes wait for each other forever, whatever buffering the MPI library \
             chooses: a wait-for cycle, or a wait for a process that finished without sending \
             (MPI 3.1 §3.5). Blocking collectives count as synchronizing (MPI 3.1 §5.13)."
        }
        ErrorKind::CollectiveMismatch => {
            "The members of a communicator call different collectives, call them in a \
             different order, or some member never calls one; MPI 3.1 §5.13 requires every \
             member to call the communicator's collectives in the same order."
        }
        ErrorKind::BufferingHazard => {
            "The program completes only if the MPI library buffers standard-mode sends; \
             where sends are not buffered (large messages, other libraries) it deadlocks. \
             MPI 3.1 §3.5 calls such a program unsafe."
        }
        ErrorKind::Assertion => {
            "A process fails: an assert does not hold, or it calls abort(), MPI_Abort or \
             exit with a non-zero status."
        }
        ErrorKind::MemoryError => {
            "A process accesses memory it must not: a null, out-of-bounds or freed pointer, \
             a double free, or an integer division by zero (or of the most negative value \
             by -1)."
        }
        ErrorKind::TypeMismatch => {
            "Sender and receiver, or the members of a collective, transfer the same amount \
             of data with different type signatures (MPI_INT sent, MPI_FLOAT received); \
             MPI 3.1 §3.3.1 requires the type signatures to match."
        }
        ErrorKind::CountMismatch => {
            "A message is longer than the receive buffer (truncation, MPI 3.1 §3.2.4), or \
             the members of a collective pass differing counts or sizes for the same \
             transfer."
        }
        ErrorKind::RootMismatch => {
            "The members of a rooted collective (MPI_Bcast, MPI_Reduce, MPI_Gather, ...) \
             pass different roots; MPI 3.1 chapter 5 requires the same root on every member \
             (e.g. §5.4)."
        }
        ErrorKind::OpMismatch => {
            "The members of a reduction pass different operations (such as MPI_SUM and \
             MPI_MAX); MPI 3.1 §5.9.1 requires the same operation on every member."
        }
        ErrorKind::CommunicatorMismatch => {
            "A receive waits for a message that was sent with its source and tag but on \
             another communicator, or processes wait in the same collective on different \
             communicators: the communicator is part of the message envelope (MPI 3.1 \
             §3.2.3), and collectives on different communicators never match (§5.13)."
        }
        ErrorKind::InvalidArgument => {
            "An MPI call gets an argument MPI does not allow: a bad communicator, datatype, \
             rank, tag, count, request or operation, a second or predefined free, a start of \
             an active request, a buffered send that does not fit the attached buffer, or \
             the same memory as send and receive buffer (MPI 3.1 §2.3)."
        }
        ErrorKind::ResourceLeak => {
            "At MPI_Finalize a process still holds MPI objects it made and never freed: \
             communicators, groups, derived datatypes, user operations, info objects, \
             persistent requests or an attached buffer."
        }
        ErrorKind::RequestLeak => {
            "At MPI_Finalize a nonblocking operation was never completed or freed, or a \
             persistent request is still active; MPI 3.1 §8.7 requires pending \
             communication to complete before MPI_Finalize."
        }
        ErrorKind::MissingStart => {
            "A completion call (Wait, Test or their all/any/some forms) is made on a \
             persistent request never started since its MPI_*_init; MPI 3.1 §3.7.3 lets it \
             return at once with an empty status, so the forgotten MPI_Start (§3.9) goes \
             unnoticed."
        }
        ErrorKind::LocalRace => {
            "The program touches a buffer that a pending nonblocking operation owns (writes \
             a send buffer, reads or writes a receive buffer, or frees it) before the call \
             that completes the operation, which MPI 3.1 §3.7.2 forbids."
        }
        ErrorKind::MessageRace => {
            "Two threads of one process probe (MPI_Probe, MPI_Iprobe) and receive messages of \
             the same envelope with nothing ordering them: the message one thread's probe \
             reports may be received by the other thread first (MPI 4.0 §3.8.2), so the \
             probing thread's receive takes another message, of another size, or waits."
        }
        ErrorKind::IoRace => {
            "Two processes access the same bytes of a file they opened together, at least \
             one writes, the file is in nonatomic mode, and the accesses are not separated \
             by MPI_File_sync, a barrier and MPI_File_sync (or a close and an open); MPI \
             3.1 §13.6.1 then does not say what is read or written."
        }
        ErrorKind::RmaRace => {
            "Two one-sided accesses to the same window location conflict within one epoch, \
             and at least one of them writes; MPI 3.1 §11.7 leaves the outcome undefined."
        }
        ErrorKind::EpochError => {
            "A one-sided operation or synchronization call is made outside a valid access \
             or exposure epoch, or epochs are opened and closed inconsistently (MPI 3.1 \
             §11.5)."
        }
        ErrorKind::NonTermination => {
            "A process polls (MPI_Test, MPI_Iprobe) in a loop for an event that can never \
             happen, so it never terminates. A loop whose event can happen is fine: MPI \
             guarantees progress (MPI 3.1 §3.7.4)."
        }
        ErrorKind::MpiUsage => {
            "MPI is used against its rules: calls before MPI_Init or after MPI_Finalize, a \
             second MPI_Init, an exit without MPI_Finalize, a message still unreceived when \
             every process has finalized (MPI 3.1 §8.7), or a ready-mode send not ordered \
             after the posting of its receive (MPI 3.1 §3.4), or an MPI call from an \
             OpenMP thread the thread level MPI_Init_thread provided does not allow \
             (MPI 4.0 §11.6)."
        }
        ErrorKind::DataRace => {
            "Two threads of an OpenMP parallel region access the same memory, at least one \
             writing, with no barrier, critical section or atomic construct ordering them: \
             the program's behavior is unspecified (OpenMP 5.2 §1.4.1)."
        }
    }
}

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run<'a>>,
}

#[derive(Serialize)]
struct Run<'a> {
    tool: Tool<'a>,
    invocations: Vec<Invocation>,
    results: Vec<SarifResult>,
    properties: RunProperties<'a>,
}

#[derive(Serialize)]
struct Tool<'a> {
    driver: Driver<'a>,
}

#[derive(Serialize)]
struct Driver<'a> {
    name: &'static str,
    version: &'a str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    name: String,
    short_description: Text,
    full_description: Text,
    help: Help,
    help_uri: &'static str,
    default_configuration: Configuration,
}

/// A rule's `help`: the same advice as plain text and as markdown.
#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Text,
    descriptor: Descriptor,
}

#[derive(Serialize)]
struct Descriptor {
    id: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    code_flows: Vec<CodeFlow>,
    properties: ResultProperties,
}

/// How to reproduce a result: the `--replay` schedule and the command.
#[derive(Serialize)]
struct ResultProperties {
    replay: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    message: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_column: Option<u32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CodeFlow {
    thread_flows: Vec<ThreadFlow>,
}

#[derive(Serialize)]
struct ThreadFlow {
    id: String,
    message: Text,
    locations: Vec<ThreadFlowLocation>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThreadFlowLocation {
    location: Location,
    execution_order: usize,
}

#[derive(Serialize)]
struct RunProperties<'a> {
    verdict: Verdict,
    np: usize,
    executions: u64,
    transitions: u64,
    states: u64,
    /// What the verdict assumes of functions without source
    /// (`--assume-no-effect`), as in the JSON report.
    #[serde(skip_serializing_if = "<[super::Assumption]>::is_empty")]
    assumptions: &'a [super::Assumption],
}

#[derive(Serialize)]
struct Text {
    text: String,
}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text {
            text: text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Stats;
    use serde_json::Value;

    fn loc(rank: usize, file: &str, line: u32, call: Option<&str>) -> SourceLoc {
        SourceLoc {
            rank,
            file: file.to_string(),
            line,
            column: 5,
            call: call.map(str::to_string),
            inlined_at: Vec::new(),
            called_from: Vec::new(),
        }
    }

    fn sample() -> Report {
        let mut inlined = loc(1, "prog.c", 22, Some("MPI_Ssend"));
        inlined.inlined_at = vec!["prog.c:40".to_string()];
        Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Error,
            np: 3,
            reason: None,
            errors: vec![
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
                    help: None,
                    kind: ErrorKind::Deadlock,
                    message:
                        "rank 0 waits in MPI_Recv for a message from rank 2 that is never sent"
                            .to_string(),
                    locations: vec![loc(0, "prog.c", 15, Some("MPI_Recv")), inlined],
                    trace: vec![
                        TraceStep {
                            step: 1,
                            rank: 0,
                            file: "prog.c".to_string(),
                            line: 14,
                            event: "MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1"
                                .to_string(),
                            thread: None,
                            ranks: Vec::new(),
                        },
                        TraceStep {
                            step: 2,
                            rank: 1,
                            file: "prog.c".to_string(),
                            line: 20,
                            event: "MPI_Send(dest=0, tag=0, comm=WORLD)".to_string(),
                            thread: None,
                            ranks: Vec::new(),
                        },
                        TraceStep {
                            step: 3,
                            rank: 0,
                            file: "prog.c".to_string(),
                            line: 15,
                            event: "MPI_Recv(source=2, tag=0, comm=WORLD)".to_string(),
                            thread: None,
                            ranks: Vec::new(),
                        },
                    ],
                },
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
                    help: None,
                    kind: ErrorKind::Assertion,
                    message: "assertion `x == 1` failed".to_string(),
                    locations: vec![loc(2, "my dir/prog.c", 30, None)],
                    trace: Vec::new(),
                },
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
                    help: None,
                    kind: ErrorKind::Deadlock,
                    message: "another deadlock".to_string(),
                    locations: Vec::new(),
                    trace: Vec::new(),
                },
            ],
            stats: Stats {
                executions: 2,
                transitions: 143,
                states: 0,
                seconds: 0.5,
                ..Stats::default()
            },
        }
    }

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).expect("SARIF output parses as JSON")
    }

    #[test]
    fn header_and_tool() {
        let v = parse(&render(&sample(), "0.1.0"));
        assert_eq!(v["version"], "2.1.0");
        assert!(v["$schema"]
            .as_str()
            .is_some_and(|s| s.contains("sarif-2.1.0")));
        let runs = v["runs"].as_array().expect("runs");
        assert_eq!(runs.len(), 1);
        let driver = &runs[0]["tool"]["driver"];
        assert_eq!(driver["name"], "mpi-check");
        assert_eq!(driver["version"], "0.1.0");
        assert!(driver.get("informationUri").is_none());
    }

    #[test]
    fn one_rule_per_kind_used() {
        let v = parse(&render(&sample(), "0.1.0"));
        let rules = v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
        assert_eq!(ids, ["deadlock", "assertion"]);
        for rule in rules {
            assert!(rule["shortDescription"]["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty()));
        }
        let results = v["runs"][0]["results"].as_array().expect("results");
        for r in results {
            let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            assert_eq!(rules[index]["id"], r["ruleId"]);
        }
    }

    #[test]
    fn results_locations_and_flows() {
        let v = parse(&render(&sample(), "0.1.0"));
        let results = v["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), 3);

        let r = &results[0];
        assert_eq!(r["ruleId"], "deadlock");
        assert_eq!(r["level"], "error");
        assert_eq!(
            r["message"]["text"],
            "rank 0 waits in MPI_Recv for a message from rank 2 that is never sent \
             (see also [rank 1's MPI_Ssend](1))"
        );
        let locs = r["locations"].as_array().expect("locations");
        assert_eq!(locs.len(), 1);
        let phys = &locs[0]["physicalLocation"];
        assert_eq!(phys["artifactLocation"]["uri"], "prog.c");
        assert_eq!(phys["region"]["startLine"], 15);
        assert_eq!(phys["region"]["startColumn"], 5);

        let related = r["relatedLocations"].as_array().expect("relatedLocations");
        assert_eq!(related.len(), 1);
        assert_eq!(
            related[0]["message"]["text"],
            "rank 1: MPI_Ssend (inlined at prog.c:40)"
        );
        assert_eq!(related[0]["id"], 1);
        assert_eq!(related[0]["physicalLocation"]["region"]["startLine"], 22);

        let flows = r["codeFlows"].as_array().expect("codeFlows");
        assert_eq!(flows.len(), 1);
        let tfs = flows[0]["threadFlows"].as_array().expect("threadFlows");
        assert_eq!(tfs.len(), 2, "one thread flow per rank");
        let steps = tfs[0]["locations"]
            .as_array()
            .expect("thread flow locations");
        assert_eq!(steps.len(), 2);
        assert_eq!(
            steps[0]["location"]["message"]["text"],
            "rank 0: MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1"
        );
        let steps = tfs[1]["locations"]
            .as_array()
            .expect("thread flow locations");
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0]["executionOrder"], 2);
        let region = &steps[0]["location"]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], 20);
        assert!(region.get("startColumn").is_none());

        let r = &results[1];
        assert_eq!(r["ruleId"], "assertion");
        assert_eq!(
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "my%20dir/prog.c"
        );
        assert_eq!(r["locations"][0]["message"]["text"], "rank 2");
        assert!(r.get("relatedLocations").is_none());
        assert!(r.get("codeFlows").is_none());

        let r = &results[2];
        assert_eq!(r["ruleIndex"], 0);
        assert!(r.get("locations").is_none());
    }

    #[test]
    fn invocation_success_follows_verdict() {
        let v = parse(&render(&sample(), "0.1.0"));
        let inv = &v["runs"][0]["invocations"][0];
        assert_eq!(inv["executionSuccessful"], true);
        assert_eq!(v["runs"][0]["properties"]["verdict"], "error");

        let verified = Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Verified,
            np: 2,
            reason: None,
            errors: Vec::new(),
            stats: Stats::default(),
        };
        let v = parse(&render(&verified, "0.1.0"));
        let run = &v["runs"][0];
        assert_eq!(run["results"], Value::Array(Vec::new()));
        assert_eq!(run["tool"]["driver"]["rules"], Value::Array(Vec::new()));
        assert_eq!(run["invocations"][0]["executionSuccessful"], true);
        assert!(run["invocations"][0]
            .get("toolExecutionNotifications")
            .is_none());

        let inconclusive = Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Inconclusive,
            reason: Some("timeout after 10 s".to_string()),
            ..verified
        };
        let v = parse(&render(&inconclusive, "0.1.0"));
        let inv = &v["runs"][0]["invocations"][0];
        assert_eq!(inv["executionSuccessful"], false);
        let notes = inv["toolExecutionNotifications"]
            .as_array()
            .expect("notifications");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0]["message"]["text"], "timeout after 10 s");
        assert_eq!(notes[0]["level"], "error");
    }

    #[test]
    fn output_is_deterministic() {
        let mut a = sample();
        let b = render(&a, "1.2.3");
        a.stats.seconds = 99.0;
        assert_eq!(render(&a, "1.2.3"), b);
    }

    #[test]
    fn uris() {
        assert_eq!(file_uri("prog.c"), "prog.c");
        assert_eq!(file_uri("src/a b#c.c"), "src/a%20b%23c.c");
        assert_eq!(file_uri("/home/u/prog.c"), "file:///home/u/prog.c");
        assert_eq!(file_uri("C:\\src\\p.c"), "file:///C:/src/p.c");
        assert_eq!(file_uri("é.c"), "%C3%A9.c");
        assert_eq!(file_uri("a:b.c"), "a%3Ab.c");
        assert_eq!(file_uri(""), "");
    }

    #[test]
    fn zero_line_and_column_are_left_out() {
        let mut report = sample();
        report.errors[0].locations[0].line = 0;
        report.errors[1].locations[0].column = 0;
        let v = parse(&render(&report, "0.1.0"));
        let results = &v["runs"][0]["results"];
        assert!(results[0]["locations"][0]["physicalLocation"]
            .get("region")
            .is_none());
        let region = &results[1]["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], 30);
        assert!(region.get("startColumn").is_none());
    }

    fn rule_of<'v>(v: &'v Value, id: &str) -> &'v Value {
        v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no rule {id}"))
    }

    /// A report with one located error of every kind.
    fn every_kind() -> Report {
        Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            errors: ErrorKind::ALL
                .iter()
                .map(|&kind| ErrorReport {
                    kind,
                    message: format!("a {}", kind.id()),
                    locations: vec![loc(0, "p.c", 3, Some("MPI_Send"))],
                    ..sample().errors[1].clone()
                })
                .collect(),
            ..sample()
        }
    }

    #[test]
    fn rules_describe_and_help() {
        let v = parse(&render(&sample(), "0.1.0"));
        let rule = rule_of(&v, "deadlock");
        assert_eq!(rule["name"], "Deadlock");
        assert_eq!(rule["defaultConfiguration"]["level"], "error");
        assert_eq!(rule["helpUri"], HELP_URI);
        assert!(rule["fullDescription"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("MPI 3.1 §3.5")));
        let markdown = rule["help"]["markdown"].as_str().expect("help markdown");
        assert!(markdown.contains("`MPI_Sendrecv`"), "{markdown}");
        let text = rule["help"]["text"].as_str().expect("help text");
        assert!(
            text.contains("MPI_Sendrecv") && !text.contains('`'),
            "{text}"
        );

        let v = parse(&render(&every_kind(), "0.1.0"));
        let rules = v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        assert_eq!(rules.len(), ErrorKind::ALL.len());
        let mut names = BTreeSet::new();
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                let text = rule[key]["text"].as_str().unwrap_or_default();
                assert!(text.len() > 20 && !text.contains("  "), "{key}: {rule:#}");
            }
            let name = rule["name"].as_str().expect("name");
            assert!(
                name.starts_with(|c: char| c.is_ascii_uppercase())
                    && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "{name}"
            );
            assert!(names.insert(name.to_string()), "{name} twice");
        }
        assert_eq!(
            rule_of(&v, "collective-mismatch")["name"],
            "CollectiveMismatch"
        );
        assert_eq!(rule_of(&v, "mpi-usage")["name"], "MpiUsage");
        assert_eq!(rule_of(&v, "rma-race")["name"], "RmaRace");
        // Each result's level is its rule's default level.
        for r in v["runs"][0]["results"].as_array().expect("results") {
            let rule = &rules[r["ruleIndex"].as_u64().expect("ruleIndex") as usize];
            assert_eq!(r["level"], rule["defaultConfiguration"]["level"]);
        }
    }

    #[test]
    fn levels_by_severity() {
        let warnings: Vec<&str> = ErrorKind::ALL
            .iter()
            .filter(|&&k| level(k) == "warning")
            .map(|k| k.id())
            .collect();
        assert_eq!(
            warnings,
            [
                "buffering-hazard",
                "resource-leak",
                "request-leak",
                "missing-start"
            ]
        );
        assert!(ErrorKind::ALL
            .iter()
            .all(|&k| matches!(level(k), "error" | "warning")));
        assert_eq!(level(ErrorKind::NonTermination), "error");
    }

    #[test]
    fn one_thread_flow_per_rank_with_global_order() {
        let step = |step: usize, rank: usize| TraceStep {
            step,
            rank,
            file: "p.c".to_string(),
            line: 10 + step as u32,
            event: format!("event {step}"),
            thread: None,
            ranks: Vec::new(),
        };
        let trace = vec![step(1, 2), step(2, 0), step(3, 2), step(4, 1), step(5, 0)];
        let mut report = sample();
        report.errors[0].trace = trace;
        let v = parse(&render(&report, "0.1.0"));
        let tfs = v["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"]
            .as_array()
            .expect("threadFlows");
        let summary: Vec<(String, String, Vec<u64>)> = tfs
            .iter()
            .map(|tf| {
                (
                    tf["id"].as_str().unwrap_or_default().to_string(),
                    tf["message"]["text"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                    tf["locations"]
                        .as_array()
                        .expect("locations")
                        .iter()
                        .map(|l| l["executionOrder"].as_u64().expect("executionOrder"))
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("rank 0".into(), "rank 0".into(), vec![2, 5]),
                ("rank 1".into(), "rank 1".into(), vec![4]),
                ("rank 2".into(), "rank 2".into(), vec![1, 3]),
            ]
        );
        // The location content is as in the trace.
        let first = &tfs[2]["locations"][1]["location"];
        assert_eq!(first["message"]["text"], "rank 2: event 3");
        assert_eq!(first["physicalLocation"]["region"]["startLine"], 13);
        // Every step appears once.
        let mut orders: Vec<u64> = summary.iter().flat_map(|s| s.2.clone()).collect();
        orders.sort_unstable();
        assert_eq!(orders, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn related_locations_are_linked_from_the_message() {
        let mut report = sample();
        report.errors[0].message = "x[1] differs".to_string();
        report.errors[0].locations.push(loc(2, "prog.c", 31, None));
        let v = parse(&render(&report, "0.1.0"));
        let r = &v["runs"][0]["results"][0];
        assert_eq!(
            r["message"]["text"],
            "x\\[1\\] differs (see also [rank 1's MPI_Ssend](1), [rank 2 at line 31](2))"
        );
        let related = r["relatedLocations"].as_array().expect("relatedLocations");
        let ids: Vec<u64> = related.iter().filter_map(|l| l["id"].as_u64()).collect();
        assert_eq!(ids, [1, 2]);
        assert_eq!(related[1]["message"]["text"], "rank 2");
        // Without related locations the message is the error's, unescaped.
        let mut report = sample();
        report.errors[1].message = "a[0] fails".to_string();
        let v = parse(&render(&report, "0.1.0"));
        assert_eq!(v["runs"][0]["results"][1]["message"]["text"], "a[0] fails");
    }
}
