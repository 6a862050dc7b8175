//! Self-contained HTML report (`--html FILE`): one page with the verdict,
//! the process counts checked, and each error with its source lines, its
//! trace as swimlanes (a column per rank) and, for a deadlock, the wait-for
//! graph drawn as inline SVG.
//!
//! The page needs nothing else to be read: the style is inline and there is
//! no script, font, image or link to fetch, so it can be kept as a CI
//! artifact or mailed and opened offline. Every piece of text (messages,
//! program output, source lines, file names) is escaped.

mod svg;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::text::{self, SourceCache};
use super::{ErrorReport, Report, SourceLoc, TraceStep, Verdict};
use crate::diag::waitfor::WaitGraph;

/// Lines of source shown above and below a line an error names.
const CONTEXT: usize = 2;

/// The page for the reports of one command (one per process count, in the
/// order checked). `name` says what was checked (the model or the sources);
/// `graphs[i][j]` is the wait-for graph of error `j` of `reports[i]`, if it
/// has one; `source` gives the text of a source file by the name the report
/// uses (`None` if it cannot be read), asked at most once per file.
pub fn render(
    name: &str,
    reports: &[Report],
    graphs: &[Vec<Option<WaitGraph>>],
    source: &dyn Fn(&str) -> Option<String>,
) -> String {
    let mut sources = SourceCache::new(source);
    let verdict = super::deciding(reports).map_or(Verdict::Inconclusive, |r| r.verdict);
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    // Writing to a String cannot fail, here and below.
    let _ = writeln!(
        out,
        "<title>mpi-check: {} ({})</title>\n<style>\n{STYLE}</style>\n</head>\n<body>",
        verdict.word(),
        escape(name)
    );
    header(&mut out, name, reports);
    for (i, report) in reports.iter().enumerate() {
        for (j, error) in report.errors.iter().enumerate() {
            let graph = graphs
                .get(i)
                .and_then(|g| g.get(j))
                .and_then(Option::as_ref);
            error_section(&mut out, report.np, j, error, graph, &mut sources);
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `text` safe inside HTML elements and quoted attributes. Control
/// characters other than tab and newline (a program's output may hold
/// any byte) become U+FFFD, which HTML does not allow raw.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// What was checked, the command's verdict in its color with what it
/// means, and a row per process count: its verdict, errors (linked to
/// their sections), statistics and the reason or note of the search.
fn header(out: &mut String, name: &str, reports: &[Report]) {
    let deciding = super::deciding(reports);
    let verdict = deciding.map_or(Verdict::Inconclusive, |r| r.verdict);
    let nps: Vec<String> = reports.iter().map(|r| r.np.to_string()).collect();
    let errors: usize = reports.iter().map(|r| r.errors.len()).sum();
    let assumed = deciding.and_then(|r| super::assumed_summary(&r.assumptions));
    let summary = match verdict {
        Verdict::Verified => format!(
            "every behavior at np {} explored, no error{}",
            nps.join(", "),
            assumed.map_or(String::new(), |a| format!(", assuming: {a}"))
        ),
        Verdict::Error => format!(
            "{errors} {} found",
            if errors == 1 { "error" } else { "errors" }
        ),
        Verdict::Inconclusive => deciding
            .and_then(|r| r.reason.clone())
            .unwrap_or_else(|| "not every behavior was explored".into()),
    };
    let _ = writeln!(
        out,
        "<header>\n<h1>mpi-check report: <span class=\"name\">{}</span></h1>\n\
         <p class=\"verdict {w}\"><span class=\"word\">{w}</span> {}</p>",
        escape(name),
        escape(&summary),
        w = verdict.word(),
    );
    out.push_str(
        "<table class=\"runs\">\n<tr><th>np</th><th>verdict</th><th>errors</th>\
         <th>executions</th><th>transitions</th><th>seconds</th><th>note</th></tr>\n",
    );
    for r in reports {
        let links: Vec<String> = r
            .errors
            .iter()
            .enumerate()
            .map(|(j, e)| format!("<a href=\"#{}\">{}</a>", anchor(r.np, j), e.kind.id()))
            .collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"{w}\">{w}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{:.2}</td><td>{}</td></tr>",
            r.np,
            links.join(", "),
            r.stats.executions,
            r.stats.transitions,
            r.stats.seconds,
            escape(r.reason.as_deref().unwrap_or("")),
            w = r.verdict.word(),
        );
    }
    out.push_str("</table>\n");
    // The assumptions are the same at every process count (the model's).
    if let Some(r) = reports.first().filter(|r| !r.assumptions.is_empty()) {
        out.push_str("<ul class=\"assumptions\">\n");
        for a in &r.assumptions {
            let _ = writeln!(
                out,
                "<li>assumption: {}</li>",
                escape(&super::text::assumption_line(a))
            );
        }
        out.push_str("</ul>\n");
    }
    if let Some(r) = reports.first().filter(|r| !r.portability.is_empty()) {
        out.push_str("<ul class=\"portability\">\n");
        for n in &r.portability {
            let _ = writeln!(
                out,
                "<li>portability: {} ({}; help: {})</li>",
                escape(&super::text::portability_line(n)),
                escape(&n.rule),
                escape(&n.help)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</header>\n");
}

/// The id of the section of error `index` at process count `np`.
fn anchor(np: usize, index: usize) -> String {
    format!("np{np}-error{}", index + 1)
}

/// One error: its kind and headline, the rest of its message, the source
/// lines it names, the wait-for graph, the trace, how to reproduce it and
/// what to change.
fn error_section(
    out: &mut String,
    np: usize,
    index: usize,
    error: &ErrorReport,
    graph: Option<&WaitGraph>,
    sources: &mut SourceCache<'_>,
) {
    let max = text::HEADLINE_MAX.saturating_sub(error.kind.id().len() + 9);
    let (headline, details) = text::headline_within(&error.message, max);
    let _ = writeln!(
        out,
        "<section class=\"error\" id=\"{}\">\n<h2><span class=\"kind\">error[{}]</span> {} \
         <span class=\"np\">np = {np}</span></h2>",
        anchor(np, index),
        error.kind.id(),
        escape(headline),
    );
    detail_list(out, &details, error);
    snippets(out, &error.locations, sources);
    if let Some(graph) = graph {
        out.push_str("<h3>Who waits for whom</h3>\n");
        out.push_str(&svg::render(graph));
        out.push_str(
            "<p class=\"legend\">An arrow goes from a process to the one it waits for, \
             labeled with what it needs; dashed: any one of them would do.</p>\n",
        );
    }
    swimlanes(out, np, &error.trace, &error.locations);
    match (&error.command, error.replay.is_empty()) {
        (Some(command), _) => {
            let _ = writeln!(
                out,
                "<p class=\"replay\">Reproduce: <code>{}</code></p>",
                escape(command)
            );
        }
        (None, false) => {
            let _ = writeln!(
                out,
                "<p class=\"replay\">Reproduce: <code>--replay {}</code></p>",
                escape(&error.replay)
            );
        }
        (None, true) => {}
    }
    let _ = writeln!(
        out,
        "<p class=\"help\"><b>help:</b> {}</p>\n</section>",
        code_spans(error.help.as_deref().unwrap_or(error.kind.help()))
    );
}

/// The clauses of the message after its headline and the input values
/// that lead to the error, as a list (a multi-line note keeps its lines).
fn detail_list(out: &mut String, details: &[String], error: &ErrorReport) {
    let mut items: Vec<String> = details
        .iter()
        .map(|d| {
            let d = d.strip_prefix("note: ").unwrap_or(d);
            d.lines().map(escape).collect::<Vec<_>>().join("<br>")
        })
        .collect();
    items.extend(error.input.iter().map(|v| escape(&text::input_note(v))));
    if items.is_empty() {
        return;
    }
    out.push_str("<ul class=\"details\">\n");
    for item in items {
        let _ = writeln!(out, "<li>{item}</li>");
    }
    out.push_str("</ul>\n");
}

/// The labels of the lines one file shows: line number (1-based) to the
/// labels there, each with whether it is the error's first location.
type Hits = BTreeMap<usize, Vec<(bool, String)>>;

/// The source lines of the error's locations, file by file in the order
/// first named: `CONTEXT` lines around each named line (windows that meet
/// are joined), the named lines highlighted and labeled with rank and
/// call. A location whose line cannot be read is listed as
/// `file:line:column` instead.
fn snippets(out: &mut String, locations: &[SourceLoc], sources: &mut SourceCache<'_>) {
    let mut files: Vec<(&str, Hits)> = Vec::new();
    let mut unshown: Vec<String> = Vec::new();
    for (i, loc) in locations.iter().enumerate() {
        let label = text::location_label(loc);
        let line = loc.line as usize;
        let readable = sources
            .text(&loc.file)
            .is_some_and(|t| line >= 1 && t.lines().nth(line - 1).is_some());
        if !readable {
            unshown.push(format!(
                "at {}:{}:{} ({label})",
                loc.file, loc.line, loc.column
            ));
            continue;
        }
        let at = match files.iter().position(|(f, _)| *f == loc.file) {
            Some(at) => at,
            None => {
                files.push((&loc.file, Hits::new()));
                files.len() - 1
            }
        };
        files[at].1.entry(line).or_default().push((i == 0, label));
    }
    for (file, hits) in &files {
        if let Some(code) = sources.text(file) {
            snippet(out, file, code, hits);
        }
    }
    for what in unshown {
        let _ = writeln!(out, "<p class=\"loc\">{}</p>", escape(&what));
    }
}

/// One file's lines around `hits`, as a table of numbered lines.
fn snippet(out: &mut String, file: &str, code: &str, hits: &Hits) {
    let lines: Vec<&str> = code.lines().collect();
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for &line in hits.keys() {
        let (low, high) = (
            line.saturating_sub(CONTEXT).max(1),
            (line + CONTEXT).min(lines.len()),
        );
        match windows.last_mut() {
            Some(w) if low <= w.1 + 1 => w.1 = w.1.max(high),
            _ => windows.push((low, high)),
        }
    }
    let _ = writeln!(
        out,
        "<div class=\"snippet\"><div class=\"file\">{}</div><table class=\"src\">",
        escape(file)
    );
    for (k, &(low, high)) in windows.iter().enumerate() {
        if k > 0 {
            out.push_str("<tr class=\"skip\"><td class=\"ln\">&#8942;</td><td></td></tr>\n");
        }
        for n in low..=high {
            let code = escape(lines[n - 1]);
            let Some(labels) = hits.get(&n) else {
                let _ = writeln!(out, "<tr><td class=\"ln\">{n}</td><td>{code}</td></tr>");
                continue;
            };
            let class = if labels.iter().any(|(first, _)| *first) {
                "hit primary"
            } else {
                "hit"
            };
            let _ = writeln!(
                out,
                "<tr class=\"{class}\"><td class=\"ln\">{n}</td><td>{code}</td></tr>"
            );
            for (_, label) in labels {
                let _ = writeln!(
                    out,
                    "<tr class=\"label\"><td></td><td>&#8593; {}</td></tr>",
                    escape(label)
                );
            }
        }
    }
    out.push_str("</table></div>\n");
}

/// The trace as swimlanes: a column per rank, a row per step with the
/// step's event and `file:line` in the column of the rank that acts (the
/// steps at the error's locations marked `at-error`). Of a long trace, the
/// steps the text report shows (`shown_steps`); each gap is one row
/// saying how many steps it leaves out.
fn swimlanes(out: &mut String, np: usize, trace: &[TraceStep], locations: &[SourceLoc]) {
    if trace.is_empty() {
        return;
    }
    // A step of a rank past np would be a bug elsewhere; it still gets a lane.
    let ranks = trace.iter().map(|t| t.rank + 1).max().unwrap_or(0).max(np);
    out.push_str("<h3>Trace</h3>\n<div class=\"lanes\"><table class=\"trace\">\n<tr><th>step</th>");
    for r in 0..ranks {
        let _ = write!(out, "<th>rank {r}</th>");
    }
    out.push_str("</tr>\n");
    let shown = text::shown_steps(trace, locations);
    let mut next = 1;
    for (t, _) in trace.iter().zip(&shown).filter(|(_, s)| **s) {
        if t.step > next {
            let gap = t.step - next;
            let _ = writeln!(
                out,
                "<tr class=\"gap\"><td colspan=\"{}\">&#8942; {gap} {} not shown \
                 (--format json lists every step)</td></tr>",
                ranks + 1,
                if gap == 1 { "step" } else { "steps" }
            );
        }
        next = t.step + 1;
        step_row(out, ranks, t, locations);
    }
    out.push_str(
        "</table></div>\n<p class=\"legend\">A column per rank, a row per step; red: the \
         steps at the lines the error names.</p>\n",
    );
}

/// One step of the swimlanes: its number, then a cell per rank, filled in
/// the acting rank's; under `--replay`, where every rank is as a tooltip.
fn step_row(out: &mut String, ranks: usize, t: &TraceStep, locations: &[SourceLoc]) {
    let at_error = locations
        .iter()
        .any(|l| l.rank == t.rank && l.line == t.line && l.file == t.file);
    let _ = write!(out, "<tr><td class=\"step\">{}</td>", t.step);
    for r in 0..ranks {
        if r != t.rank {
            out.push_str("<td></td>");
            continue;
        }
        let class = if at_error { "act at-error" } else { "act" };
        let _ = write!(out, "<td class=\"{class}\"");
        if !t.ranks.is_empty() {
            let _ = write!(out, " title=\"{}\"", escape(&t.ranks_line()));
        }
        out.push('>');
        if !t.event.is_empty() {
            // The step's thread, in a team of more than one.
            let event = match &t.thread {
                Some(who) => format!("{who}: {}", t.event),
                None => t.event.clone(),
            };
            let _ = write!(out, "<div class=\"event\">{}</div>", escape(&event));
        }
        let _ = write!(
            out,
            "<div class=\"place\">{}:{}</div></td>",
            escape(&t.file),
            t.line
        );
    }
    out.push_str("</tr>\n");
}

/// `text` escaped, with its `code` spans (between backquotes) as `<code>`.
fn code_spans(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{}</code>", escape(part))
            } else {
                escape(part)
            }
        })
        .collect()
}

/// The page's style: light, the verdict and errors in red, amber or green.
const STYLE: &str = r#"body { font: 15px/1.45 system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: #1f2328; background: #fff; max-width: 1200px; margin: 0 auto; padding: 1.5em; }
code, .name, .kind, .src td, .event, .place {
  font-family: ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
h1 { font-size: 1.5em; margin: 0 0 .4em; }
h2 { font-size: 1.15em; margin: 0 0 .5em; }
h3 { font-size: .85em; margin: 1.4em 0 .4em; color: #57606a; text-transform: uppercase;
  letter-spacing: .05em; }
table { border-collapse: collapse; }
a { color: #0969da; }
.verdict { display: inline-block; font-size: 1.1em; padding: .3em .9em; border-radius: 6px;
  margin: .2em 0 1em; }
.verdict .word { font-weight: 700; text-transform: uppercase; margin-right: .4em; }
.verdict.verified { background: #dafbe1; color: #116329; }
.verdict.error { background: #ffebe9; color: #a40e26; }
.verdict.inconclusive { background: #fff8c5; color: #7d4e00; }
td.verified { color: #116329; font-weight: 600; }
td.error { color: #a40e26; font-weight: 600; }
td.inconclusive { color: #7d4e00; font-weight: 600; }
.runs th, .runs td { border: 1px solid #d0d7de; padding: .25em .7em; text-align: left; }
.runs th, .trace th { background: #f6f8fa; }
section.error { border: 1px solid #d0d7de; border-left: 5px solid #cf222e; border-radius: 6px;
  padding: 1em 1.2em; margin: 1.5em 0; }
.kind { color: #cf222e; }
.np { font-size: .75em; font-weight: 400; color: #57606a; border: 1px solid #d0d7de;
  border-radius: 1em; padding: .05em .6em; margin-left: .4em; white-space: nowrap; }
.details { margin: .3em 0 .8em; padding-left: 1.3em; }
.snippet { border: 1px solid #d0d7de; border-radius: 6px; margin: .6em 0; overflow-x: auto; }
.snippet .file { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: .15em .7em;
  font-size: .85em; color: #57606a; }
.src { width: 100%; }
.src td { white-space: pre; tab-size: 4; font-size: 13px; padding: 0 .7em; }
.src td.ln { width: 1%; text-align: right; color: #8c959f; }
.src tr.hit { background: #fff1c2; }
.src tr.hit.primary { background: #ffd8d3; }
.src tr.label td { color: #a40e26; font-weight: 600; font-family: inherit; }
.loc { font-family: monospace; color: #57606a; }
svg.waitfor { display: block; max-width: 100%; height: auto; margin: .4em 0; }
.legend { font-size: .85em; color: #57606a; margin-top: 0; }
.lanes { overflow-x: auto; }
.trace th, .trace td { border: 1px solid #d0d7de; padding: .2em .6em; vertical-align: top; }
.trace th { position: sticky; top: 0; }
.trace td.step { color: #57606a; text-align: right; }
.trace td.act { background: #ddf4ff; }
.trace td.at-error { background: #ffd8d3; box-shadow: inset 3px 0 0 #cf222e; }
.event { font-size: 13px; }
.place { font-size: 12px; color: #57606a; }
.trace tr.gap td { text-align: center; font-style: italic; color: #57606a; background: #f6f8fa; }
.replay code { background: #f6f8fa; padding: .1em .4em; border-radius: 4px; }
.help { color: #57606a; font-size: .9em; }
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::waitfor::{NodeKind, WaitEdge, WaitNode};
    use crate::diag::ErrorKind;
    use crate::report::Stats;

    fn deadlock(message: &str) -> Report {
        let loc = |rank| SourceLoc {
            rank,
            file: "prog.c".into(),
            line: 3,
            column: 5,
            call: Some("MPI_Recv".into()),
            inlined_at: Vec::new(),
            called_from: Vec::new(),
        };
        let step = |step, rank, line| TraceStep {
            step,
            rank,
            file: "prog.c".into(),
            line,
            event: format!("MPI_Recv(source={})", 1 - rank),
            thread: None,
            ranks: Vec::new(),
        };
        Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Error,
            np: 2,
            reason: None,
            errors: vec![ErrorReport {
                kind: ErrorKind::Deadlock,
                message: message.into(),
                locations: vec![loc(0), loc(1)],
                trace: vec![step(1, 0, 2), step(2, 0, 3), step(3, 1, 3)],
                replay: "0".into(),
                command: None,
                input: Vec::new(),
                help: None,
            }],
            stats: Stats::default(),
        }
    }

    fn two_rank_cycle() -> WaitGraph {
        let node = |r| WaitNode {
            kind: NodeKind::Blocked,
            lines: vec![format!("rank {r}"), "MPI_Recv at prog.c:3".into()],
        };
        let edge = |from, to| WaitEdge {
            from,
            to,
            label: "a message".into(),
            any: false,
        };
        WaitGraph {
            nodes: vec![node(0), node(1)],
            edges: vec![edge(0, 1), edge(1, 0)],
        }
    }

    const PROG: &str = "int a;\nif (a < 1 && a > -1) {\n  MPI_Recv(&a);\n}\n";

    fn page(report: &Report, graph: Option<WaitGraph>) -> String {
        render(
            "prog.c",
            std::slice::from_ref(report),
            &[vec![graph]],
            &|f: &str| (f == "prog.c").then(|| PROG.to_string()),
        )
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{0}\t"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\u{FFFD}\t"
        );
        let html = page(
            &deadlock("rank 0 waits for \"x < y & z\"; <script>alert(1)</script>"),
            None,
        );
        assert!(html.contains("rank 0 waits for &quot;x &lt; y &amp; z&quot;"));
        assert!(html.contains("<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>"));
        assert!(!html.contains("<script"));
        // Source lines are escaped too.
        assert!(
            html.contains("if (a &lt; 1 &amp;&amp; a &gt; -1) {"),
            "{html}"
        );
        assert!(html.contains("MPI_Recv(&amp;a);"));
    }

    #[test]
    fn the_trace_is_one_lane_per_rank_with_the_error_steps_marked() {
        let html = page(&deadlock("rank 0 waits"), None);
        assert!(html.contains("<tr><th>step</th><th>rank 0</th><th>rank 1</th></tr>"));
        // Step 1 (line 2) is not at a location; steps 2 and 3 are.
        assert!(
            html.contains("<tr><td class=\"step\">1</td><td class=\"act\"><div class=\"event\">")
        );
        assert!(html.contains("<tr><td class=\"step\">3</td><td></td><td class=\"act at-error\">"));
        assert_eq!(html.matches("at-error\"").count(), 2);
        // Both locations are on line 3: one highlighted line, two labels.
        assert_eq!(html.matches("<tr class=\"hit primary\">").count(), 1);
        assert!(html.contains("&#8593; rank 0, MPI_Recv</td>"));
        assert!(html.contains("&#8593; rank 1, MPI_Recv</td>"));
    }

    #[test]
    fn a_long_trace_shows_its_ends_and_says_how_many_steps_are_left_out() {
        let mut report = deadlock("rank 0 waits");
        let first = report.errors[0].trace[0].clone();
        report.errors[0].trace = (1..=200)
            .map(|step| TraceStep {
                step,
                line: 1,
                ..first.clone()
            })
            .collect();
        let html = page(&report, None);
        assert!(html.contains("&#8942; 140 steps not shown"), "{html}");
        assert_eq!(html.matches("<td class=\"step\">").count(), 60);
    }

    #[test]
    fn a_two_rank_cycle_is_two_nodes_and_two_arrows() {
        let svg = svg::render(&two_rank_cycle());
        assert!(svg.starts_with("<svg "));
        assert_eq!(svg.matches("<g class=\"node\">").count(), 2);
        assert_eq!(svg.matches("<g class=\"edge\">").count(), 2);
        assert_eq!(svg.matches("<rect ").count(), 2);
        assert_eq!(svg.matches(">a message</text>").count(), 2);
        assert!(svg.contains(">rank 0</text>") && svg.contains(">rank 1</text>"));
        assert!(!svg.contains("stroke-dasharray"));
        // The same graph draws the same.
        assert_eq!(svg, svg::render(&two_rank_cycle()));
        // Waiting for any one of several: dashed.
        let mut any = two_rank_cycle();
        any.edges[0].any = true;
        assert_eq!(svg::render(&any).matches("stroke-dasharray").count(), 1);
        let html = page(&deadlock("rank 0 waits"), Some(two_rank_cycle()));
        assert!(html.contains(&svg));
    }

    #[test]
    fn a_verified_page_says_so() {
        let mut report = deadlock("");
        report.verdict = Verdict::Verified;
        report.errors.clear();
        let html = page(&report, None);
        assert!(html.contains(
            "<p class=\"verdict verified\"><span class=\"word\">verified</span> \
             every behavior at np 2 explored, no error</p>"
        ));
        assert!(!html.contains("<section"));
    }
}
