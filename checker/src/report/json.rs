//! `--format json`: the one object of the README's JSON contract, pretty-printed.
//!
//! The output is produced through private mirror types rather than the
//! derives on [`Report`] so that the field order and presence are exactly
//! those of the contract: `reason` appears only when there is one, every
//! location carries `call` (`null` when the position is not an MPI call), and
//! internal statistics never leak into the object. The additions to the
//! contract are `inlined_at` on a location, present only when the position was
//! inlined into a caller (innermost call site first, as `file:line`), and,
//! with `--any-input` only, `input` on an error (`[{symbol, value, min,
//! max}]`) and `input_cells` in `stats`; `help` on an error when the checker
//! has advice for its situation.

use serde::Serialize;

use super::{ErrorReport, Report, SourceLoc, Stats, TraceStep, Verdict};

/// Renders `report` as the pretty-printed JSON object of the README's
/// contract, followed by a newline.
pub fn render(report: &Report) -> String {
    render_runs(report, &[])
}

/// Renders a check of several process counts: the object of the run that
/// decides the verdict (`deciding`), extended with `runs`, one object of
/// the same shape per process count in the order checked.
pub fn render_runs(deciding: &Report, runs: &[Report]) -> String {
    let report = deciding;
    let mut out = JsonReport::from(report);
    out.runs = runs.iter().map(JsonReport::from).collect();
    match serde_json::to_string_pretty(&out) {
        Ok(mut text) => {
            text.push('\n');
            text
        }
        // Serializing these plain types cannot fail; should it ever, still
        // print one object that a reader recognizes as inconclusive.
        Err(err) => format!(
            "{{\n  \"verdict\": \"inconclusive\",\n  \"np\": {},\n  \"reason\": {},\n  \"errors\": [],\n  \"stats\": {{\n    \"executions\": 0,\n    \"transitions\": 0,\n    \"states\": 0,\n    \"seconds\": 0.0\n  }}\n}}\n",
            report.np,
            serde_json::Value::String(format!("cannot render report as JSON: {err}")),
        ),
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    verdict: Verdict,
    np: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    errors: Vec<JsonError<'a>>,
    stats: JsonStats,
    /// Extension (`-n 2..4`, `-n 2,4`): one report per process count.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    runs: Vec<JsonReport<'a>>,
    /// Extension (`--assume-no-effect`): what the verdict assumes of
    /// functions without source, one object per option, with the calls
    /// it covers (`[]`: never used).
    #[serde(skip_serializing_if = "<[super::Assumption]>::is_empty")]
    assumptions: &'a [super::Assumption],
    /// Extension: constructs the language standard leaves to the
    /// implementation that shape an MPI call's arguments (the verdict
    /// holds for this compiler's choice).
    #[serde(skip_serializing_if = "<[super::PortabilityNote]>::is_empty")]
    portability: &'a [super::PortabilityNote],
}

#[derive(Serialize)]
struct JsonError<'a> {
    kind: &'static str,
    message: &'a str,
    locations: Vec<JsonLocation<'a>>,
    trace: Vec<JsonStep<'a>>,
    /// The schedule that reproduces the error with `mpi-check --replay`.
    replay: &'a str,
    /// The whole command that reproduces it.
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<&'a str>,
    /// Extension (`--any-input`): the input values that lead to the error.
    #[serde(skip_serializing_if = "<[super::InputValue]>::is_empty")]
    input: &'a [super::InputValue],
    /// Extension: what to change in this situation (markdown), when the
    /// checker knows more than the kind's general advice.
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonLocation<'a> {
    rank: usize,
    file: &'a str,
    line: u32,
    column: u32,
    call: Option<&'a str>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    inlined_at: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    called_from: &'a [String],
}

#[derive(Serialize)]
struct JsonStep<'a> {
    step: usize,
    rank: usize,
    file: &'a str,
    line: u32,
    event: &'a str,
    /// Extension: the thread (or task) of the rank's OpenMP team that made
    /// the step, in a team of more than one thread (`thread 2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    thread: Option<&'a str>,
    /// Extension (`--replay`): where every process is at this step.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    ranks: &'a [String],
}

#[derive(Serialize)]
struct JsonStats {
    executions: u64,
    transitions: u64,
    states: u64,
    /// Always a JSON number: a non-finite time is written as 0.
    seconds: f64,
    /// Extension (`--any-input`): input cells verified.
    #[serde(skip_serializing_if = "is_zero")]
    input_cells: u64,
    /// Extension (`--input NAME=LO..HI`): the ranges the inputs were
    /// bounded to, which a verdict holds for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    input_bounds: Vec<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl<'a> From<&'a Report> for JsonReport<'a> {
    fn from(report: &'a Report) -> Self {
        JsonReport {
            verdict: report.verdict,
            np: report.np,
            reason: report.reason.as_deref(),
            errors: report.errors.iter().map(JsonError::from).collect(),
            stats: JsonStats::from(&report.stats),
            runs: Vec::new(),
            assumptions: &report.assumptions,
            portability: &report.portability,
        }
    }
}

impl<'a> From<&'a ErrorReport> for JsonError<'a> {
    fn from(error: &'a ErrorReport) -> Self {
        JsonError {
            kind: error.kind.id(),
            message: &error.message,
            locations: error.locations.iter().map(JsonLocation::from).collect(),
            trace: error.trace.iter().map(JsonStep::from).collect(),
            replay: &error.replay,
            command: error.command.as_deref(),
            input: &error.input,
            help: error.help.as_deref(),
        }
    }
}

impl<'a> From<&'a SourceLoc> for JsonLocation<'a> {
    fn from(loc: &'a SourceLoc) -> Self {
        JsonLocation {
            rank: loc.rank,
            file: &loc.file,
            line: loc.line,
            column: loc.column,
            call: loc.call.as_deref(),
            inlined_at: &loc.inlined_at,
            called_from: &loc.called_from,
        }
    }
}

impl<'a> From<&'a TraceStep> for JsonStep<'a> {
    fn from(step: &'a TraceStep) -> Self {
        JsonStep {
            step: step.step,
            rank: step.rank,
            file: &step.file,
            line: step.line,
            event: &step.event,
            thread: step.thread.as_deref(),
            ranks: &step.ranks,
        }
    }
}

impl From<&Stats> for JsonStats {
    fn from(stats: &Stats) -> Self {
        JsonStats {
            executions: stats.executions,
            transitions: stats.transitions,
            states: stats.states,
            seconds: if stats.seconds.is_finite() {
                stats.seconds
            } else {
                0.0
            },
            input_cells: stats.input_cells,
            input_bounds: stats.input_bounds.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::ErrorKind;
    use serde_json::Value;

    fn sample(verdict: Verdict) -> Report {
        Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict,
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
                    SourceLoc {
                        rank: 0,
                        file: "prog.c".to_string(),
                        line: 15,
                        column: 5,
                        call: Some("MPI_Recv".to_string()),
                        inlined_at: vec![],
                        called_from: Vec::new(),
                    },
                    SourceLoc {
                        rank: 1,
                        file: "prog.c".to_string(),
                        line: 22,
                        column: 5,
                        call: None,
                        inlined_at: vec!["prog.c:40".to_string()],
                        called_from: Vec::new(),
                    },
                ],
                trace: vec![TraceStep {
                    step: 1,
                    rank: 0,
                    file: "prog.c".to_string(),
                    line: 14,
                    event: "MPI_Irecv(source=ANY, tag=0, comm=WORLD) -> request 1".to_string(),
                    thread: None,
                    ranks: Vec::new(),
                }],
            }],
            stats: Stats {
                executions: 2,
                transitions: 143,
                states: 0,
                seconds: 0.004,
                instructions: 999,
                pruned: 7,
                merged: 0,
                key_seconds: 0.0,
                peak_rss_bytes: Some(1 << 20),
                input_cells: 0,
                input_bounds: Vec::new(),
            },
        }
    }

    fn parse(report: &Report) -> Value {
        let text = render(report);
        assert!(text.ends_with("}\n"), "one object and a newline: {text}");
        serde_json::from_str(&text).expect("output parses as JSON")
    }

    fn keys(value: &Value) -> Vec<&str> {
        value
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect()
    }

    #[test]
    fn situation_help_only_when_known() {
        let mut r = sample(Verdict::Error);
        assert!(parse(&r)["errors"][0].get("help").is_none());
        r.errors[0].help = Some("Make the tags agree: ...".into());
        assert_eq!(parse(&r)["errors"][0]["help"], "Make the tags agree: ...");
    }

    #[test]
    fn every_contract_field_has_its_type() {
        let v = parse(&sample(Verdict::Error));
        assert_eq!(v["verdict"], "error");
        assert!(v["np"].is_u64());
        assert_eq!(v["np"], 3);
        assert!(v.get("reason").is_none(), "reason only when present");

        let errors = v["errors"].as_array().expect("errors is an array");
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        assert_eq!(e["kind"], "deadlock");
        assert!(e["message"].is_string());

        let locs = e["locations"].as_array().expect("locations is an array");
        assert_eq!(locs.len(), 2);
        for loc in locs {
            assert!(loc["rank"].is_u64());
            assert!(loc["file"].is_string());
            assert!(loc["line"].is_u64());
            assert!(loc["column"].is_u64());
            assert!(loc["call"].is_string() || loc["call"].is_null());
        }
        assert_eq!(locs[0]["call"], "MPI_Recv");
        assert_eq!(locs[0]["line"], 15);
        assert_eq!(locs[0]["column"], 5);
        assert!(locs[0].get("inlined_at").is_none());
        assert!(locs[1]["call"].is_null());
        assert_eq!(locs[1]["inlined_at"][0], "prog.c:40");

        let trace = e["trace"].as_array().expect("trace is an array");
        let t = &trace[0];
        assert!(t["step"].is_u64());
        assert!(t["rank"].is_u64());
        assert!(t["file"].is_string());
        assert!(t["line"].is_u64());
        assert!(t["event"].is_string());
        assert_eq!(t["step"], 1);
        assert_eq!(t["line"], 14);

        let stats = &v["stats"];
        assert!(stats["executions"].is_u64());
        assert!(stats["transitions"].is_u64());
        assert!(stats["states"].is_u64());
        assert!(stats["seconds"].is_number());
        assert_eq!(stats["executions"], 2);
        assert_eq!(stats["transitions"], 143);
        assert_eq!(stats["seconds"], 0.004);
    }

    #[test]
    fn no_fields_beyond_the_contract() {
        let mut report = sample(Verdict::Inconclusive);
        report.reason = Some("timeout after 10 s".to_string());
        let v = parse(&report);
        let mut top = keys(&v);
        top.sort_unstable();
        assert_eq!(top, ["errors", "np", "reason", "stats", "verdict"]);
        let mut stats = keys(&v["stats"]);
        stats.sort_unstable();
        assert_eq!(stats, ["executions", "seconds", "states", "transitions"]);
        let mut err = keys(&v["errors"][0]);
        err.sort_unstable();
        // The contract's fields and the replay schedule (README); `command`
        // only once the command line is known.
        assert_eq!(err, ["kind", "locations", "message", "replay", "trace"]);
        let mut loc = keys(&v["errors"][0]["locations"][0]);
        loc.sort_unstable();
        assert_eq!(loc, ["call", "column", "file", "line", "rank"]);
        let mut step = keys(&v["errors"][0]["trace"][0]);
        step.sort_unstable();
        assert_eq!(step, ["event", "file", "line", "rank", "step"]);
    }

    #[test]
    fn fields_appear_in_contract_order() {
        let mut report = sample(Verdict::Inconclusive);
        report.reason = Some("unsupported MPI_Comm_spawn at prog.c:9".to_string());
        let text = render(&report);
        let pos = |needle: &str| text.find(needle).expect(needle);
        assert!(pos("\"verdict\"") < pos("\"np\""));
        assert!(pos("\"np\"") < pos("\"reason\""));
        assert!(pos("\"reason\"") < pos("\"errors\""));
        assert!(pos("\"errors\"") < pos("\"stats\""));
        assert!(pos("\"kind\"") < pos("\"message\""));
        assert!(pos("\"message\"") < pos("\"locations\""));
        assert!(pos("\"locations\"") < pos("\"trace\""));
        assert!(pos("\"executions\"") < pos("\"transitions\""));
        assert!(pos("\"transitions\"") < pos("\"states\""));
        assert!(pos("\"states\"") < pos("\"seconds\""));
    }

    #[test]
    fn verdicts_and_reason() {
        let mut report = sample(Verdict::Verified);
        report.errors.clear();
        let v = parse(&report);
        assert_eq!(v["verdict"], "verified");
        assert_eq!(v["errors"], Value::Array(vec![]));

        report.verdict = Verdict::Inconclusive;
        report.reason = Some("state limit reached".to_string());
        let v = parse(&report);
        assert_eq!(v["verdict"], "inconclusive");
        assert_eq!(v["reason"], "state limit reached");
    }

    #[test]
    fn every_error_kind_serializes_as_its_id() {
        let kinds = ErrorKind::ALL;
        let mut report = sample(Verdict::Error);
        let template = report.errors[0].clone();
        report.errors = kinds
            .iter()
            .map(|&kind| ErrorReport {
                replay: String::new(),
                command: None,
                input: Vec::new(),
                help: None,
                kind,
                ..template.clone()
            })
            .collect();
        let v = parse(&report);
        for (i, kind) in kinds.iter().enumerate() {
            assert_eq!(v["errors"][i]["kind"], kind.id());
        }
    }

    #[test]
    fn non_finite_seconds_stay_a_number() {
        let mut report = sample(Verdict::Error);
        report.stats.seconds = f64::NAN;
        let v = parse(&report);
        assert!(v["stats"]["seconds"].is_number());
    }

    #[test]
    fn strings_are_escaped() {
        let mut report = sample(Verdict::Error);
        report.errors[0].message = "quote \" backslash \\ newline \n tab \t".to_string();
        let v = parse(&report);
        assert_eq!(
            v["errors"][0]["message"],
            "quote \" backslash \\ newline \n tab \t"
        );
    }
}
