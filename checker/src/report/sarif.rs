//! `--format sarif`: a SARIF 2.1.0 log with one run.
//!
//! - `tool.driver`: name `mpi-check`, the version given, and one rule per
//!   error kind that occurs (sorted by kind), id = the kind's stable id.
//! - One `result` per error: `ruleId`/`ruleIndex`, level `error`, the message,
//!   `locations` = the first location, `relatedLocations` = the others (each
//!   with the message `rank N: MPI_X`), and one `codeFlow` with one
//!   `threadFlow` holding the trace (`rank N: event` per step).
//! - `invocations[0].executionSuccessful` is false only when the verdict is
//!   inconclusive, with the reason as a tool execution notification.
//! - `properties` of the run carry the verdict, np and the deterministic
//!   statistics (no timings).

use std::collections::BTreeSet;

use serde::Serialize;

use super::{ErrorKind, ErrorReport, Report, SourceLoc, TraceStep, Verdict};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const VERSION: &str = "2.1.0";

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
    let rules = kinds
        .iter()
        .map(|&kind| Rule {
            id: kind.id(),
            short_description: Text::from(short_description(kind)),
        })
        .collect();
    let results = report
        .errors
        .iter()
        .map(|e| result(e, kinds.binary_search(&e.kind).unwrap_or(0)))
        .collect();

    let inconclusive = report.verdict == Verdict::Inconclusive;
    let notifications = if inconclusive {
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
        },
    }
}

fn result(error: &ErrorReport, rule_index: usize) -> SarifResult {
    let mut locations = error.locations.iter();
    let primary: Vec<Location> = locations
        .next()
        .map(|loc| source_location(loc, None))
        .into_iter()
        .collect();
    let related = locations
        .enumerate()
        .map(|(i, loc)| source_location(loc, Some(i + 1)))
        .collect();
    let code_flows = if error.trace.is_empty() {
        Vec::new()
    } else {
        vec![CodeFlow {
            thread_flows: vec![ThreadFlow {
                locations: error.trace.iter().map(flow_location).collect(),
            }],
        }]
    };
    SarifResult {
        rule_id: error.kind.id(),
        rule_index,
        level: "error",
        message: Text {
            text: error.message.clone(),
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
                text: format!("rank {}: {}", step.rank, step.event),
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
    properties: RunProperties,
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
    short_description: Text,
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
    locations: Vec<ThreadFlowLocation>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThreadFlowLocation {
    location: Location,
    execution_order: usize,
}

#[derive(Serialize)]
struct RunProperties {
    verdict: Verdict,
    np: usize,
    executions: u64,
    transitions: u64,
    states: u64,
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
        }
    }

    fn sample() -> Report {
        let mut inlined = loc(1, "prog.c", 22, Some("MPI_Ssend"));
        inlined.inlined_at = vec!["prog.c:40".to_string()];
        Report {
            verdict: Verdict::Error,
            np: 3,
            reason: None,
            errors: vec![
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
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
                        },
                        TraceStep {
                            step: 2,
                            rank: 1,
                            file: "prog.c".to_string(),
                            line: 20,
                            event: "MPI_Send(dest=0, tag=0, comm=WORLD)".to_string(),
                        },
                    ],
                },
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
                    kind: ErrorKind::Assertion,
                    message: "assertion `x == 1` failed".to_string(),
                    locations: vec![loc(2, "my dir/prog.c", 30, None)],
                    trace: Vec::new(),
                },
                ErrorReport {
                    replay: String::new(),
                    command: None,
                    input: Vec::new(),
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
            "rank 0 waits in MPI_Recv for a message from rank 2 that is never sent"
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
        assert_eq!(tfs.len(), 1);
        let steps = tfs[0]["locations"]
            .as_array()
            .expect("thread flow locations");
        assert_eq!(steps.len(), 2);
        assert_eq!(
            steps[0]["location"]["message"]["text"],
            "rank 0: MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1"
        );
        assert_eq!(steps[1]["executionOrder"], 2);
        let region = &steps[1]["location"]["physicalLocation"]["region"];
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
}
