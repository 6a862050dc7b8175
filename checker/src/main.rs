use clap::Parser;

/// mimalloc's allocator for the whole checker (see Cargo.toml: why).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let raw: Vec<String> = std::env::args().collect();
    let args = match mpi_check::cli::Args::try_parse_from(&raw) {
        Ok(args) => args,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                std::process::exit(0);
            }
            // A bad flag or value: the command could not run.
            let raw: Vec<String> = std::env::args().skip(1).collect();
            let format = mpi_check::cli::format_in(&raw);
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("bad command line");
            let line = format!(
                "{} (mpi-check --help lists the options)",
                line.trim_start_matches("error: ")
            );
            std::process::exit(mpi_check::cli::cannot_run(format, &line));
        }
    };
    let format = args.format;
    let args = match mpi_check::cli::with_config(&raw, args) {
        Ok(args) => args,
        Err(e) => std::process::exit(mpi_check::cli::cannot_run(format, &e)),
    };
    std::process::exit(mpi_check::cli::run(args));
}
