//! Command line of `mpi-check` (stable contract, README).

use crate::diag::waitfor::WaitGraph;
use crate::driver::{self, Config, Reduction};
use crate::explore;
use crate::report::{self, Report, Verdict};
use crate::system::Buffering;
use clap::{Parser, ValueEnum};
use runtime_model::model::Model;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Largest process count accepted: above it a model check is not meaningful
/// on one machine and the state would not fit in memory.
pub const MAX_NP: usize = 16384;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum BufferingArg {
    Any,
    Zero,
    Infinite,
}

/// The RMA memory model windows are checked under (MPI 3.1 §11.4).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq)]
pub enum MemoryModelArg {
    Unified,
    Separate,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq)]
pub enum Format {
    Text,
    Json,
    Sarif,
}

/// When text output is colored.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq)]
pub enum ColorArg {
    /// When standard output is a terminal and `NO_COLOR` is not set.
    Auto,
    Always,
    Never,
}

pub use runtime_model::generate::{generate, Generate};

/// Exit statuses, for `--help` and the man page (README, "Exit status").
const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  verified: every behavior at every process count was explored, no error
  1  error: a counterexample was found (deadlock, assertion, MPI misuse...)
  2  inconclusive: a limit or an unsupported construct was reached
  3  could not run: bad flag or value, missing or corrupt input, C errors";

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ReductionArg {
    /// Partial-order reduction (POE): branch only on real nondeterminism.
    Poe,
    /// Every interleaving of MPI events (the test oracle; small programs only).
    None,
}

/// Explores every behavior the MPI standard allows for a model extracted by
/// mpi-extract, and reports deadlocks, assertion failures and MPI misuse.
/// Given C sources instead of a model, runs mpi-extract on them first.
#[derive(Parser, Debug)]
// A repeated option takes its last value (`-n 2..4 ... -n 3` reruns one count).
#[command(
    name = "mpi-check",
    version,
    args_override_self = true,
    override_usage = "mpi-check [OPTIONS] [MODEL] [-- <PROGRAM_ARGS>...]\n       \
                      mpi-check [OPTIONS] <SOURCE>... [-- <CLANG_ARGS>...]",
    after_help = EXIT_STATUS_HELP
)]
pub struct Args {
    /// The model file written by mpi-extract, or the C sources of one
    /// program: one file ending in `.c`, or several files, are sources,
    /// which mpi-check extracts first (running mpi-extract) and then checks.
    #[arg(value_name = "MODEL | SOURCE", default_value = "mpi-model.json")]
    pub inputs: Vec<PathBuf>,
    /// Number of processes: `4`, a range `2..6`, or a list `2,4,8` (each
    /// is checked; the verdict is the worst).
    #[arg(
        short = 'n',
        long = "np",
        default_value = "2",
        allow_negative_numbers = true
    )]
    pub np: String,
    /// Whether standard-mode sends buffer: `any` explores both.
    #[arg(long, value_enum, default_value_t = BufferingArg::Any)]
    pub buffering: BufferingArg,
    /// The memory model of every window (MPI 3.1 §11.4): `separate` checks
    /// the stricter rules of §11.7 (public and private copies reconciled
    /// only by synchronization calls); a program correct under it is
    /// correct under both.
    #[arg(long, value_enum, default_value_t = MemoryModelArg::Unified)]
    pub memory_model: MemoryModelArg,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Color the text report (verdict, error headers, source labels).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Stop after this many seconds and report `inconclusive`.
    #[arg(long)]
    pub timeout: Option<f64>,
    #[arg(long, value_enum, default_value_t = ReductionArg::Poe)]
    pub reduction: ReductionArg,
    /// Instructions one process may execute in one execution before the
    /// check is declared inconclusive (default: no bound; a local loop
    /// that comes back to a state it was in is reported as
    /// `non-termination`, and `--timeout` bounds the rest).
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// Stop after this many executions (inconclusive when reached).
    #[arg(long)]
    pub max_executions: Option<u64>,
    /// MPI calls one process may make in one execution before the check is
    /// declared inconclusive (catches endless loops of MPI calls).
    #[arg(long, default_value_t = 1_000_000)]
    pub max_calls: usize,
    /// "Not yet" answers one MPI_Test/MPI_Iprobe poll may get in a row while
    /// no other process does anything; past it the check is inconclusive
    /// (a polling loop whose state changes on every pass).
    #[arg(long, default_value_t = 1_000)]
    pub max_polls: u32,
    /// MPI calls an execution makes before the past that no check reads any
    /// more is forgotten, and between two such compactions (a test knob:
    /// a small value makes every execution exercise it).
    #[arg(long, default_value_t = crate::system::compact::FIRST, hide = true)]
    pub compact_from: usize,
    /// States a process of `--distributed` holds before it stops keeping
    /// copies of summaries other processes own (a test knob: by default
    /// half of its memory bound; 0 keeps only its own share).
    #[arg(long, value_name = "STATES", hide = true)]
    pub memo_cache: Option<u64>,
    /// Keep exploring after the first error and report every distinct one.
    #[arg(long)]
    pub all_errors: bool,
    /// A file rank 0 reads as its standard input (scanf, getchar, fgets on
    /// stdin), as `mpiexec` forwards standard input to rank 0; the other
    /// ranks read end of file. Files the program opens for reading are read
    /// from the working directory.
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,
    /// Threads that explore (default: every core). The outcome — first
    /// error, counts, the list of errors — does not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Memory the search may hold, in MB (default: three quarters of the
    /// machine's RAM); past it the check stops as inconclusive instead of
    /// being killed.
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Explore a branching state's subtree again even when an identical
    /// state was explored before (by default its executions are counted
    /// from the first one; the verdict, errors and counts are the same).
    #[arg(long)]
    pub stateless: bool,
    /// Do not merge states that differ only in which of interchangeable
    /// processes (same code, ranks used only to address messages and in
    /// equality tests) is which: by default the stateful search explores
    /// one of them (symmetry reduction; the verdict and errors are the
    /// same, fewer states are stored).
    #[arg(long)]
    pub no_symmetry: bool,
    /// Explore only part I of K of the search (a job of a job array; I from
    /// 1 to K). A part reports `inconclusive` unless it finds an error:
    /// merge the parts' JSON reports with --merge for the verdict.
    #[arg(long, value_name = "I/K")]
    pub subtree: Option<String>,
    /// Merge the JSON reports of the parts of a check run with --subtree
    /// (given as the files) into one verdict: verified only if every part
    /// is there and complete and none found an error.
    #[arg(long)]
    pub merge: bool,
    /// Run as an MPI job (`mpiexec -n K mpi-check --distributed ...`): rank 0
    /// hands parts of the search to the processes that ask and prints the
    /// merged report (needs the `distributed` feature).
    #[arg(long)]
    pub distributed: bool,
    /// Follow a schedule printed with an error (`replay:` line) to reproduce it
    /// (with `+NAME=VALUE` parts: the input values of that run).
    #[arg(long, value_name = "SCHEDULE", allow_hyphen_values = true)]
    pub replay: Option<String>,
    /// Verify for every value of the program's inputs (integer conversions
    /// of the argv and getenv strings, rand, time, clock; argc and the shape
    /// of argv stay as given, after `--` or with `--arg`); an error
    /// names the input that leads to it.
    #[arg(long)]
    pub any_input: bool,
    /// Verification runs `--any-input` may make, one per input cell.
    #[arg(long, default_value_t = 256)]
    pub max_inputs: usize,
    /// Fix an input to a value (`argv[1]=6`, `rank0.rand#1=5`): the names of
    /// the `input:` lines and of the `+NAME=VALUE` parts of a `replay:` line;
    /// with --any-input, `NAME=LO..HI` checks every value of that range only.
    #[arg(long, value_name = "NAME=VALUE")]
    pub input: Vec<String>,
    /// Print performance figures to stderr: executions, instructions per second, peak memory, the
    /// stateful search's settled states and the share of the run spent computing state keys.
    #[arg(long)]
    pub stats: bool,
    /// Print only the verdict line (text format; JSON and SARIF are whole
    /// documents). The exit status says the same: 0 verified, 1 error,
    /// 2 inconclusive, 3 could not run.
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Write the wait-for graph of the first deadlock found (processes,
    /// the calls they wait in, edges labeled with what they need) to FILE
    /// as Graphviz DOT; a graph with only a comment when there is none.
    #[arg(long, value_name = "FILE")]
    pub wait_for_graph: Option<PathBuf>,
    /// Write a self-contained HTML report to FILE, whatever the verdict:
    /// the verdict and statistics, and each error with its source lines,
    /// its trace as swimlanes (a column per rank) and the wait-for graph
    /// of a deadlock drawn as SVG. Standard output stays the same.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// List the MPI functions the checker models and exit.
    #[arg(long)]
    pub list_mpi: bool,
    /// Print what an error kind means (`deadlock`, `local-race`, ...): the
    /// MPI rule, a minimal example and how to fix it, as the user guide
    /// has it (docs/guide/errors.md), and exit.
    #[arg(long, value_name = "KIND")]
    pub explain: Option<String>,
    /// Settings file to use instead of the `mpi-verify.toml` found in the
    /// working directory or its parents (options on the command line win).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Use no settings file.
    #[arg(long)]
    pub no_config: bool,
    /// Write a man page or a shell completion script to standard output
    /// and exit (`mpi-check --generate bash > /etc/bash_completion.d/mpi-check`).
    #[arg(long, value_enum, value_name = "WHAT")]
    pub generate: Option<Generate>,
    /// One argument for the program's main, in order (argv[1], argv[2], ...;
    /// repeatable). The way to give program arguments with C sources; with a
    /// model, `-- ARGS` works too, but not both.
    #[arg(long = "arg", value_name = "VALUE", allow_hyphen_values = true)]
    pub arg: Vec<String>,
    /// C sources only: compile each with the `-D`, `-U`, `-I`, `-isystem`,
    /// `-iquote`, `-include` and `-std=` flags of its entry in
    /// DIR/compile_commands.json (a JSON compilation database, as clang-tidy
    /// reads; DIR may also name the file).
    #[arg(short = 'p', long, value_name = "DIR")]
    pub compile_commands: Option<PathBuf>,
    /// C sources only: extract with `mpi-extract --no-slice` (keep every
    /// instruction, so every memory access is checked).
    #[arg(long)]
    pub no_slice: bool,
    /// C sources only: extract with `mpi-extract --strict-c` (old C that gcc
    /// accepts with a warning is an error).
    #[arg(long)]
    pub strict_c: bool,
    /// C sources only: definitions of library functions the program calls
    /// without their source, compiled and linked with it: a C file, or a
    /// bundled stub by name (`png`, `hdf5`, `x11`, `blas`, `timers`).
    /// Repeatable (`mpi-extract --stub`).
    #[arg(long = "stub", value_name = "FILE.c|NAME")]
    pub stub: Vec<String>,
    /// Assume that calls to the functions without source whose names match
    /// PATTERN (a glob: `png_write_*`) write no memory the program sees and
    /// return: an integer or floating result is 0, a pointer result an
    /// opaque object. Every report lists the assumptions. Repeatable.
    #[arg(long = "assume-no-effect", value_name = "PATTERN")]
    pub assume_no_effect: Vec<String>,
    /// After `--`: with a model, the arguments of the program's main
    /// (argv[1..]); with C sources, arguments for clang (`-- -DN=8 -Iinclude`).
    #[arg(last = true, value_name = "ARGS")]
    pub rest: Vec<String>,
}

/// Exit status when the command could not run: a bad flag or value, a
/// missing, unreadable, corrupt or incompatible model (README, "Exit
/// status"). 2 stays "inconclusive": a limit or an unsupported construct.
pub const EXIT_CANNOT_RUN: i32 = 3;

/// Longest `--timeout` accepted, in seconds (about 30 years): past it the
/// value is a mistake, and a `Duration` could not hold it.
pub const MAX_TIMEOUT_SECONDS: f64 = 1e9;

/// Reports that the command could not run: `message` on stderr and, with
/// `--format json|sarif`, a document saying so on stdout (verdict
/// `inconclusive`, the message as its reason), so tools reading the
/// document always get one. Returns the exit status.
pub fn cannot_run(format: Format, message: &str) -> i32 {
    eprintln!("mpi-check: error: {message}");
    cannot_run_quiet(format, message)
}

/// The document part of [`cannot_run`], for a message already printed.
pub fn cannot_run_quiet(format: Format, message: &str) -> i32 {
    if format != Format::Text {
        let report = Report {
            assumptions: Vec::new(),
            portability: Vec::new(),
            verdict: Verdict::Inconclusive,
            np: 0,
            reason: Some(format!("the check could not run: {message}")),
            errors: Vec::new(),
            stats: Default::default(),
        };
        out(&render(&report, format, false));
    }
    EXIT_CANNOT_RUN
}

/// The `--format` a command line asks for, read without the parser (for a
/// command line the parser rejects).
pub fn format_in(raw: &[String]) -> Format {
    let mut it = raw.iter();
    while let Some(a) = it.next() {
        let value = match a.strip_prefix("--format=") {
            Some(v) => Some(v.to_string()),
            None if a == "--format" => it.next().cloned(),
            None => None,
        };
        match value.as_deref() {
            Some("json") => return Format::Json,
            Some("sarif") => return Format::Sarif,
            Some(_) => return Format::Text,
            None => {}
        }
        if a == "--" {
            break;
        }
    }
    Format::Text
}

/// The command line `raw` (program name first) parsed once more with the
/// settings of the configuration file that applies placed before its own
/// options (`crate::config`); `args` as parsed without them.
pub fn with_config(raw: &[String], args: Args) -> Result<Args, String> {
    use clap::Parser;
    if args.no_config || args.generate.is_some() || args.list_mpi || args.explain.is_some() {
        return Ok(args);
    }
    let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
    let Some(file) = crate::config::locate(args.config.as_deref(), &cwd) else {
        return Ok(args);
    };
    let settings = crate::config::load(
        &file,
        &args.inputs,
        &cwd,
        &<Args as clap::CommandFactory>::command(),
    )?;
    if settings.words.is_empty() && settings.clang_args.is_empty() {
        return Ok(args);
    }
    let mut words: Vec<String> = raw.iter().take(1).cloned().collect();
    words.extend(settings.words.iter().cloned());
    words.extend(raw.iter().skip(1).cloned());
    let mut merged = Args::try_parse_from(&words).map_err(|e| {
        let text = e.to_string();
        format!(
            "{}: {}",
            file.display(),
            text.lines()
                .next()
                .unwrap_or("bad setting")
                .trim_start_matches("error: ")
        )
    })?;
    if crate::source::are_sources(&merged.inputs) && !settings.clang_args.is_empty() {
        let mut clang = settings.clang_args.clone();
        clang.append(&mut merged.rest);
        merged.rest = clang;
    }
    Ok(merged)
}

/// Writes to standard output. A reader that stopped reading (`mpi-check
/// --explain deadlock | head`) is not an error of the check: the rest is
/// dropped and the exit status stays the verdict's, where `print!` would
/// panic on the closed pipe.
fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// Runs the command; returns the exit status.
pub fn run(args: Args) -> i32 {
    let format = args.format;
    let fail = |m: &str| cannot_run(format, m);
    if let Some(what) = args.generate {
        use clap::CommandFactory;
        return match generate(what, Args::command()) {
            Ok(()) => 0,
            Err(e) => fail(&format!("cannot write to standard output: {e}")),
        };
    }
    if let Some(kind) = &args.explain {
        return match crate::report::explain::section(kind) {
            Some(text) => {
                out(&format!("{text}\n"));
                0
            }
            None => fail(&format!(
                "--explain: `{kind}` is not an error kind; the kinds are {}",
                crate::report::explain::kinds().join(", ")
            )),
        };
    }
    if args.list_mpi {
        let names: String = runtime_model::mpi_api::MpiFunc::ALL
            .iter()
            .filter(|f| crate::mpi::calls::is_modeled(**f))
            .map(|f| format!("{}\n", f.name()))
            .collect();
        out(&names);
        return 0;
    }
    if args.merge {
        if format == Format::Sarif {
            return fail("--merge writes text or JSON (--format text|json)");
        }
        return match crate::driver::merge::merge_files(&args.inputs) {
            Ok(m) => {
                out(if format == Format::Json {
                    &m.json
                } else {
                    &m.text
                });
                m.status
            }
            Err(e) => fail(&e),
        };
    }
    let nps = match parse_np(&args.np) {
        Ok(nps) => nps,
        Err(e) => return fail(&e),
    };
    let subtree = match args.subtree.as_deref().map(parse_subtree) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => return fail(&e),
    };
    if (subtree.is_some() || args.distributed)
        && (nps.len() > 1 || args.replay.is_some() || matches!(args.reduction, ReductionArg::None))
    {
        return fail("--subtree and --distributed cut one reduced search: give one process count, no --replay, no --reduction none");
    }
    if args.distributed && subtree.is_some() {
        return fail("--distributed makes its own parts: drop --subtree");
    }
    if args.memo_cache.is_some() && !args.distributed {
        return fail("--memo-cache bounds what a process of --distributed keeps of the others' summaries: add --distributed");
    }
    if args.distributed && !cfg!(feature = "distributed") {
        return fail("this mpi-check was built without distributed search: build it with `--features distributed` (needs an MPI library, e.g. apt-get install mpich libmpich-dev)");
    }
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0 && t <= MAX_TIMEOUT_SECONDS) {
            return fail(&format!(
                "--timeout must be a positive number of seconds, at most {MAX_TIMEOUT_SECONDS:e} (got {t})"
            ));
        }
    }
    if args.max_memory.is_some_and(|mb| mb == 0 || mb > 1 << 30) {
        return fail("--max-memory takes a number of megabytes from 1 to 2^30");
    }
    if args.jobs == Some(0) || args.jobs.is_some_and(|j| j > 1024) {
        return fail("-j/--jobs takes a number of threads from 1 to 1024");
    }
    if args.max_steps == Some(0)
        || args.max_calls == 0
        || args.max_polls == 0
        || args.compact_from == 0
    {
        return fail("--max-steps, --max-calls and --max-polls must be at least 1");
    }
    // A replay line may carry the input of its run: `0.2+argv[1]=6`.
    let (schedule, replay_inputs) = match args.replay.as_deref().map(crate::input::split_replay) {
        None => (None, Some(Vec::new())),
        Some((s, i)) => (Some(s), i),
    };
    let replay = match schedule.map(explore::parse_schedule) {
        None => None,
        Some(Some(s)) if replay_inputs.is_some() => Some(s),
        Some(_) => {
            return fail("--replay takes a schedule like 0.2.1 (as printed with an error)");
        }
    };
    if replay.is_some() && nps.len() > 1 {
        return fail("--replay reproduces one execution: give one process count with -n");
    }
    if replay.is_some() && matches!(args.reduction, ReductionArg::None) {
        return fail("--replay follows the reduced search; drop --reduction none");
    }
    if args.max_inputs == 0 {
        return fail("--max-inputs must be at least 1");
    }
    let mut pinned = replay_inputs.unwrap_or_default();
    for text in &args.input {
        match crate::input::parse_assignment(text) {
            Some(p) => pinned.push(p),
            None => {
                return fail(&format!("--input takes NAME=VALUE or NAME=LO..HI within the input's range (e.g. argv[1]=6, argv[1]=1..16, rank0.rand#1=5), got `{text}`"));
            }
        }
    }
    if !args.any_input && pinned.iter().any(|(_, (lo, hi))| lo < hi) {
        return fail("--input NAME=LO..HI bounds the inputs --any-input checks: add --any-input");
    }
    let stdin: Option<std::sync::Arc<[u8]>> = match &args.stdin {
        Some(path) => match std::fs::read(path) {
            Ok(data) => Some(data.into()),
            Err(e) => return fail(&format!("cannot read --stdin {}: {e}", path.display())),
        },
        None => None,
    };
    let sources = crate::source::are_sources(&args.inputs);
    let program_args = match program_args(&args, sources) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    // Removed when the check ends.
    let extracted;
    let model_path: &Path = if sources {
        let request = crate::source::Request {
            sources: &args.inputs,
            clang_args: &args.rest,
            no_slice: args.no_slice,
            strict_c: args.strict_c,
            compile_commands: args.compile_commands.as_deref(),
            stubs: &args.stub,
            assume_no_effect: &args.assume_no_effect,
        };
        extracted = match crate::source::extract(&request) {
            Ok(e) => e,
            Err(e) => return fail(&e),
        };
        &extracted.model
    } else {
        args.inputs
            .first()
            .map_or(Path::new("mpi-model.json"), PathBuf::as_path)
    };
    let mut model = match Model::read(model_path) {
        Ok(m) => m,
        Err(e) => {
            return fail(&crate::source::not_a_model(model_path).unwrap_or_else(|| e.to_string()))
        }
    };
    // A model extracted before (or without) the patterns gets them here.
    let mut assumptions = crate::driver::assume::no_effect(&mut model, &args.assume_no_effect);
    assumptions.extend(crate::driver::assume::automatic(
        &model,
        &args.assume_no_effect,
    ));
    if args.memory_model == MemoryModelArg::Separate {
        assumptions.push(crate::report::Assumption {
            option: "--memory-model separate".into(),
            assumed: crate::report::MEMORY_MODEL,
            calls: Vec::new(),
        });
    }
    let model = model;
    // A replay follows the one input its schedule names.
    let any_input = args.any_input && replay.is_none();
    let deadline = args
        .timeout
        .map(|t| std::time::Instant::now() + Duration::from_secs_f64(t));
    let max_memory = args
        .max_memory
        .map(|mb| mb << 20)
        .or_else(default_max_memory);
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut reports = Vec::new();
    let mut graph: Option<String> = None;
    // With --html: per process count, per error, its wait-for graph.
    let mut drawings: Vec<Vec<Option<WaitGraph>>> = Vec::new();
    // Where a wait happens, for the graphs: `file:line`.
    let site = |loc| {
        let s = crate::driver::report::source_loc(&model, 0, loc, None);
        format!("{}:{}", s.file, s.line)
    };
    // With --subtree: whether the part was explored to its end.
    let mut complete = false;
    let mut units = Vec::new();
    for &np in &nps {
        let config = Config {
            np,
            buffering: match args.buffering {
                BufferingArg::Any => Buffering::Any,
                BufferingArg::Zero => Buffering::Zero,
                BufferingArg::Infinite => Buffering::Infinite,
            },
            reduction: match args.reduction {
                ReductionArg::Poe => Reduction::Poe,
                ReductionArg::None => Reduction::None,
            },
            // One deadline for the whole command, whatever the number of
            // process counts: a CI job's time limit.
            timeout: deadline.map(|d| d.saturating_duration_since(std::time::Instant::now())),
            budget: args.max_steps.unwrap_or(u64::MAX),
            max_executions: args.max_executions,
            all_errors: args.all_errors,
            max_calls: args.max_calls,
            max_polls: args.max_polls,
            separate_memory: args.memory_model == MemoryModelArg::Separate,
            compact_from: args.compact_from,
            program_args: program_args.clone(),
            stdin: stdin.clone(),
            replay: replay.clone(),
            any_input,
            max_inputs: args.max_inputs,
            pinned: pinned.clone(),
            inputs: None,
            jobs,
            max_memory,
            stateless: args.stateless,
            symmetry: !args.no_symmetry,
            subtree,
            memo: None,
            started: None,
            cut: None,
        };
        #[cfg(feature = "distributed")]
        if args.distributed {
            return run_distributed(&args, &model, &config, sources, &program_args);
        }
        let outcome = {
            // Not with --quiet: a gate asked for one line.
            let _progress = crate::progress_line::ProgressLine::start(np, !args.quiet);
            driver::explore(&model, &config)
        };
        if graph.is_none() {
            graph = outcome.errors.iter().find_map(|e| {
                let wf = e.finding.wait_for.as_ref()?;
                Some(format!(
                    "// mpi-check -n {np}: {}: {}\n{}",
                    e.finding.kind.id(),
                    e.finding.message.replace('\n', " "),
                    wf.to_dot(&site)
                ))
            });
        }
        if args.html.is_some() {
            // In the order of the report's errors, which `build` keeps.
            drawings.push(
                outcome
                    .errors
                    .iter()
                    .map(|e| e.finding.wait_for.as_ref().map(|wf| wf.drawing(&site)))
                    .collect(),
            );
        }
        let mut report = crate::driver::report::build(&model, np, &outcome);
        report.assumptions = assumptions.clone();
        for e in &mut report.errors {
            e.command = Some(reproduce_command(
                &args,
                sources,
                &program_args,
                np,
                &e.replay,
            ));
        }
        if args.stats {
            print_stats(&report);
        }
        if let Some((part, parts)) = subtree {
            complete = as_part(&mut report, part, parts);
            units = outcome.units.clone();
        }
        reports.push(report);
    }
    if let Some(path) = &args.wait_for_graph {
        let text = graph.unwrap_or_else(|| {
            "// mpi-check: no deadlock found, no wait-for graph\ndigraph {\n}\n".into()
        });
        if let Err(e) = std::fs::write(path, text) {
            return fail(&format!("cannot write {}: {e}", path.display()));
        }
    }
    if let Some(path) = &args.html {
        let name: Vec<String> = args
            .inputs
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let page = report::html::render(&name.join(" "), &reports, &drawings, &|file: &str| {
            std::fs::read_to_string(file).ok()
        });
        if let Err(e) = std::fs::write(path, page) {
            return fail(&format!("cannot write {}: {e}", path.display()));
        }
    }
    let color = use_color(args.color);
    let (mut out, verdict) = render_all(&reports, args.format, args.quiet, color);
    if let (Some((part, parts)), Format::Json) = (subtree, args.format) {
        out = part_json(&out, part, parts, complete, args.all_errors, &units);
    }
    self::out(&out);
    verdict.exit_code()
}

/// Makes `report` the report of part `part` (0-based) of `parts`, and
/// says whether the part was explored to its end. One part is never a
/// verification of the program: without an error it is inconclusive.
fn as_part(report: &mut Report, part: usize, parts: usize) -> bool {
    let complete = report.verdict == Verdict::Verified;
    if complete {
        report.verdict = Verdict::Inconclusive;
        report.reason = Some(format!(
            "part {}/{parts} of the search explored, no error in it: merge the reports of all {parts} parts (mpi-check --merge) for the verdict",
            part + 1
        ));
    }
    complete
}

/// A part's JSON report with the `subtree` object `--merge` reads (an
/// extension of the JSON contract), first: the part, whether its share
/// is complete, whether it looked for every error, and what each piece it
/// explored counted (`explore::split::Unit`: `start` is a `--replay`
/// schedule).
fn part_json(
    json: &str,
    part: usize,
    parts: usize,
    complete: bool,
    all_errors: bool,
    units: &[crate::explore::split::Unit],
) -> String {
    let rest = json.strip_prefix("{\n").unwrap_or(json);
    let units: Vec<String> = units
        .iter()
        .map(|u| {
            format!(
                "\n      {{ \"start\": \"{}\", \"executions\": {}, \"transitions\": {} }}",
                crate::explore::schedule_string(&u.start),
                u.executions,
                u.transitions
            )
        })
        .collect();
    format!(
        "{{\n  \"subtree\": {{\n    \"part\": {},\n    \"parts\": {parts},\n    \"complete\": {complete},\n    \"all_errors\": {all_errors},\n    \"units\": [{}\n    ]\n  }},\n{rest}",
        part + 1,
        units.join(",")
    )
}

/// `--distributed`: the parts of the search over the processes of an MPI
/// job, merged on rank 0, which prints the report; the exit status is the
/// verdict's on rank 0 and 0 elsewhere (mpiexec returns the highest).
#[cfg(feature = "distributed")]
fn run_distributed(
    args: &Args,
    model: &Model,
    config: &driver::Config,
    sources: bool,
    program_args: &[String],
) -> i32 {
    // The parts this process explores share what it learned of the states
    // (and what the other processes send), and one expansion of the top of
    // the search.
    let memo = std::sync::Arc::new(crate::explore::memo::Table::default());
    let cut = std::sync::Arc::new(std::sync::OnceLock::new());
    // The default memory bound is the node's: the processes on one node
    // share it. Half of a process's bound may hold copies of summaries
    // other processes own; past it only its own share of the table grows.
    let max_memory = std::cell::Cell::new(config.max_memory);
    let on_node = |processes: usize| {
        if args.max_memory.is_none() {
            max_memory.set(config.max_memory.map(|m| m / processes as u64));
        }
        let copies = max_memory
            .get()
            .map(|m| m / 2 / crate::explore::memo::STATE_BYTES);
        memo.set_cache_limit(args.memo_cache.or(copies).unwrap_or(u64::MAX));
    };
    // --timeout bounds the whole job: every part counts from its start.
    let started = std::time::Instant::now();
    let work = |part: usize, parts: usize| {
        let config = driver::Config {
            max_memory: max_memory.get(),
            started: Some(started),
            subtree: Some((part, parts)),
            memo: Some(memo.clone()),
            cut: Some(cut.clone()),
            ..config.clone()
        };
        let outcome = driver::explore(model, &config);
        let mut report = crate::driver::report::build(model, config.np, &outcome);
        for e in &mut report.errors {
            e.command = Some(reproduce_command(
                args,
                sources,
                program_args,
                config.np,
                &e.replay,
            ));
        }
        let complete = as_part(&mut report, part, parts);
        let json = report::json::render(&report);
        part_json(
            &json,
            part,
            parts,
            complete,
            args.all_errors,
            &outcome.units,
        )
    };
    // Parts enough to keep every process busy to the end.
    let parts_for = |processes| processes * 16;
    let reports = match crate::driver::distributed::run(memo.clone(), parts_for, on_node, work) {
        Ok(Some(r)) => r,
        Ok(None) => return 0,
        Err(e) => return cannot_run(args.format, &e),
    };
    let mut docs = Vec::new();
    for (i, text) in reports.iter().enumerate() {
        match serde_json::from_str(text) {
            Ok(v) => docs.push((format!("part {}", i + 1), v)),
            Err(e) => return cannot_run(args.format, &format!("part {}: {e}", i + 1)),
        }
    }
    match crate::driver::merge::merge(&docs) {
        Ok(m) => {
            out(if args.format == Format::Json {
                &m.json
            } else {
                &m.text
            });
            m.status
        }
        Err(e) => cannot_run(args.format, &e),
    }
}

/// `I/K` of `--subtree` as (I - 1, K).
fn parse_subtree(spec: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--subtree takes I/K with 1 <= I <= K <= 100000, like 3/8 (got `{spec}`)");
    let (i, k) = spec.split_once('/').ok_or_else(bad)?;
    let (i, k): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        k.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > k || k > 100_000 {
        return Err(bad());
    }
    Ok((i - 1, k))
}

/// The program's arguments (argv[1..]): `--arg` values; with a model, the
/// words after `--` instead (the two-step command line), but not both. The
/// extraction flags need C sources.
fn program_args(args: &Args, sources: bool) -> Result<Vec<String>, String> {
    if sources {
        return Ok(args.arg.clone());
    }
    if args.compile_commands.is_some() || args.no_slice || args.strict_c || !args.stub.is_empty() {
        return Err(format!(
            "-p/--compile-commands, --no-slice, --strict-c and --stub apply to C sources, and {} is a model (sources end in .c)",
            args.inputs.first().map_or("mpi-model.json".into(), |p| p.display().to_string())
        ));
    }
    if !args.arg.is_empty() && !args.rest.is_empty() {
        return Err(
            "the program's arguments go either in --arg options or after --, not both".into(),
        );
    }
    Ok(if args.arg.is_empty() {
        args.rest.clone()
    } else {
        args.arg.clone()
    })
}

/// Parses `-n`: a process count, an inclusive range `A..B`, or a
/// comma-separated list of either; in the order given, without repeats.
pub fn parse_np(spec: &str) -> Result<Vec<usize>, String> {
    let bad = || {
        format!("-n takes a process count, a range like 2..6 or a list like 2,4,8 (got `{spec}`)")
    };
    let count = |text: &str| -> Result<usize, String> {
        let text = text.trim();
        let n: i64 = text.parse().map_err(|_| bad())?;
        if n < 1 || n as usize > MAX_NP {
            return Err(format!("-n must be between 1 and {MAX_NP} (got {n})"));
        }
        Ok(n as usize)
    };
    let mut nps = Vec::new();
    for part in spec.split(',') {
        let (first, last) = match part.split_once("..") {
            Some((a, b)) => (count(a)?, count(b)?),
            None => {
                let n = count(part)?;
                (n, n)
            }
        };
        if first > last {
            return Err(format!("-n range {part} is empty: write it low..high"));
        }
        for n in first..=last {
            if !nps.contains(&n) {
                nps.push(n);
            }
        }
    }
    Ok(nps)
}

/// The command that reproduces an error: the model (or the sources and
/// the extraction flags), the process count, the options that change what
/// is explored, the schedule and the program's arguments, each quoted for
/// a POSIX shell where needed.
fn reproduce_command(
    args: &Args,
    sources: bool,
    program_args: &[String],
    np: usize,
    replay: &str,
) -> String {
    let mut words = vec!["mpi-check".to_string()];
    words.extend(args.inputs.iter().map(|p| p.display().to_string()));
    words.extend(["-n".into(), np.to_string()]);
    let buffering = match args.buffering {
        BufferingArg::Any => None,
        BufferingArg::Zero => Some("zero"),
        BufferingArg::Infinite => Some("infinite"),
    };
    if let Some(b) = buffering {
        words.extend(["--buffering".into(), b.into()]);
    }
    if args.memory_model == MemoryModelArg::Separate {
        words.extend(["--memory-model".into(), "separate".into()]);
    }
    let defaults = Args::parse_from(["mpi-check"]);
    if let Some(n) = args
        .max_steps
        .filter(|_| args.max_steps != defaults.max_steps)
    {
        words.extend(["--max-steps".into(), n.to_string()]);
    }
    if args.max_calls != defaults.max_calls {
        words.extend(["--max-calls".into(), args.max_calls.to_string()]);
    }
    if args.max_polls != defaults.max_polls {
        words.extend(["--max-polls".into(), args.max_polls.to_string()]);
    }
    if args.compact_from != defaults.compact_from {
        words.extend(["--compact-from".into(), args.compact_from.to_string()]);
    }
    if let Some(p) = &args.stdin {
        words.extend(["--stdin".into(), p.display().to_string()]);
    }
    for pattern in &args.assume_no_effect {
        words.extend(["--assume-no-effect".into(), pattern.clone()]);
    }
    words.extend(["--replay".into(), replay.to_string()]);
    if sources {
        if let Some(p) = &args.compile_commands {
            words.extend(["-p".into(), p.display().to_string()]);
        }
        if args.no_slice {
            words.push("--no-slice".into());
        }
        if args.strict_c {
            words.push("--strict-c".into());
        }
        for s in &args.stub {
            words.extend(["--stub".into(), s.clone()]);
        }
        for a in program_args {
            words.extend(["--arg".into(), a.clone()]);
        }
        if !args.rest.is_empty() {
            words.push("--".into());
            words.extend(args.rest.iter().cloned());
        }
    } else if !program_args.is_empty() {
        words.push("--".into());
        words.extend(program_args.iter().cloned());
    }
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/=+-,:@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Renders the reports of every process count checked; returns the text
/// and the overall verdict (an error at any count, else inconclusive at
/// any, else verified). One count renders exactly as it always has.
fn render_all(reports: &[Report], format: Format, quiet: bool, color: bool) -> (String, Verdict) {
    let Some(deciding) = report::deciding(reports) else {
        return (String::new(), Verdict::Inconclusive);
    };
    let verdict = deciding.verdict;
    let quiet = quiet && format == Format::Text;
    if reports.len() == 1 {
        if quiet {
            return (
                format!("{}\n", report::text::header_styled(deciding, color)),
                verdict,
            );
        }
        return (render(deciding, format, color), verdict);
    }
    let out = match format {
        Format::Json => report::json::render_runs(deciding, reports),
        Format::Sarif => report::sarif::render_runs(reports, env!("CARGO_PKG_VERSION")),
        Format::Text => {
            let mut out = String::new();
            for r in reports.iter().filter(|_| !quiet) {
                out.push_str(&render(r, format, color));
                out.push('\n');
            }
            // One word per count, unless they all agree.
            let per_np: Vec<String> = if reports.iter().all(|r| r.verdict == verdict) {
                let nps: Vec<String> = reports.iter().map(|r| r.np.to_string()).collect();
                vec![format!("np {}", nps.join(", "))]
            } else {
                reports
                    .iter()
                    .map(|r| {
                        format!(
                            "np {}: {}",
                            r.np,
                            report::text::verdict_word(r.verdict, color)
                        )
                    })
                    .collect()
            };
            out.push_str(&format!(
                "mpi-check: {} ({})\n",
                report::text::verdict_word(verdict, color),
                per_np.join(", ")
            ));
            out
        }
    };
    (out, verdict)
}

fn render(report: &Report, format: Format, color: bool) -> String {
    match format {
        Format::Text => report::text::render_styled(
            report,
            &|file: &str| std::fs::read_to_string(file).ok(),
            color,
        ),
        Format::Json => report::json::render(report),
        Format::Sarif => report::sarif::render(report, env!("CARGO_PKG_VERSION")),
    }
}

/// Whether the text report is colored: `--color always`, or `auto` on a
/// terminal unless `NO_COLOR` is set (no-color.org) or `TERM` is `dumb`.
fn use_color(when: ColorArg) -> bool {
    use std::io::IsTerminal;
    match when {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
        }
    }
}

fn print_stats(report: &Report) {
    let s = &report.stats;
    let secs = s.seconds.max(1e-9);
    eprintln!(
        "stats: executions={} transitions={} instructions={} seconds={:.3} transitions_per_s={:.0} instructions_per_s={:.0} peak_rss_mb={:.1} pruned={} states={} merged={} key_seconds={:.3} key_share={:.2} verdict={:?}",
        s.executions,
        s.transitions,
        s.instructions,
        s.seconds,
        s.transitions as f64 / secs,
        s.instructions as f64 / secs,
        s.peak_rss_bytes.unwrap_or(0) as f64 / (1024.0 * 1024.0),
        s.pruned,
        s.states,
        s.merged,
        s.key_seconds,
        s.key_seconds / secs,
        report.verdict == Verdict::Verified,
    );
}

/// Three quarters of the machine's memory (Linux: `MemTotal` of
/// /proc/meminfo), so that a search that outgrows the machine stops with a
/// reason instead of being killed; `None` where it cannot be read.
fn default_max_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024 / 4 * 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_the_long_options_with_their_kinds() {
        use crate::config::{option_kind, Kind::*, NOT_SETTINGS};
        use clap::CommandFactory;
        let command = Args::command();
        for (key, kind) in [
            ("np", Text),
            ("buffering", Text),
            ("memory-model", Text),
            ("format", Text),
            ("color", Text),
            ("timeout", Number),
            ("reduction", Text),
            ("max-steps", Number),
            ("max-executions", Number),
            ("max-calls", Number),
            ("max-polls", Number),
            ("all-errors", Flag),
            ("stdin", Path),
            ("jobs", Number),
            ("max-memory", Number),
            ("stateless", Flag),
            ("no-symmetry", Flag),
            ("any-input", Flag),
            ("max-inputs", Number),
            ("input", List),
            ("quiet", Flag),
            ("compile-commands", Path),
            ("no-slice", Flag),
            ("strict-c", Flag),
            ("wait-for-graph", Path),
            ("html", Path),
        ] {
            assert_eq!(option_kind(&command, key), Some(kind), "{key}");
        }
        // The options that are not settings are options (the list cannot
        // keep a name the command line dropped).
        for key in NOT_SETTINGS {
            assert!(
                command.get_arguments().any(|a| a.get_long() == Some(*key))
                    || ["help", "version"].contains(key),
                "{key} is not an option of mpi-check"
            );
            assert_eq!(option_kind(&command, key), None, "{key}");
        }
        assert_eq!(option_kind(&command, "no-such-option"), None);
    }

    fn parse(words: &[&str]) -> Args {
        Args::try_parse_from(std::iter::once("mpi-check").chain(words.iter().copied()))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn sources_take_clang_arguments_after_dashes_and_program_arguments_with_arg() {
        let args = parse(&[
            "a.c", "b.c", "-n", "3", "--arg", "x", "--arg", "-y", "--", "-DN=3",
        ]);
        assert_eq!(args.inputs, [PathBuf::from("a.c"), PathBuf::from("b.c")]);
        assert_eq!(args.arg, ["x", "-y"]);
        assert_eq!(args.rest, ["-DN=3"]);
        assert_eq!(program_args(&args, true), Ok(vec!["x".into(), "-y".into()]));
        let words = reproduce_command(&args, true, &args.arg, 3, "0.1");
        assert_eq!(
            words,
            "mpi-check a.c b.c -n 3 --replay 0.1 --arg x --arg -y -- -DN=3"
        );
    }

    #[test]
    fn a_model_takes_program_arguments_one_way_or_the_other() {
        let args = parse(&[]);
        assert_eq!(args.inputs, [PathBuf::from("mpi-model.json")]);
        let args = parse(&["m.json", "--", "6"]);
        assert_eq!(program_args(&args, false), Ok(vec!["6".into()]));
        assert_eq!(
            reproduce_command(&args, false, &["6".into()], 2, "0"),
            "mpi-check m.json -n 2 --replay 0 -- 6"
        );
        let args = parse(&["m.json", "--arg", "6"]);
        assert_eq!(program_args(&args, false), Ok(vec!["6".into()]));
        assert!(program_args(&parse(&["--arg", "6", "--", "6"]), false).is_err());
        assert!(program_args(&parse(&["--no-slice"]), false).is_err());
        assert!(program_args(&parse(&["-p", "build"]), false).is_err());
    }
}
