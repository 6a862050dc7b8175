use clap::Parser;

fn main() {
    let args = mpi_check::cli::Args::parse();
    std::process::exit(mpi_check::cli::run(args));
}
