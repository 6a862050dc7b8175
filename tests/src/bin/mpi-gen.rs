//! `mpi-gen SEED`: prints the random MPI C program of that seed (see
//! `end_to_end::gen`); `mpi-gen --np SEED` prints the process count to run
//! it with. Used by `scripts/mpich-crosscheck`. `mpi-gen --inputs SEED`
//! prints the two-rank input program of `--test inputs`
//! (`end_to_end::gen_inputs`), run with `--any-input -- 0 0`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inputs = args.first().is_some_and(|a| a == "--inputs");
    let args = if inputs { &args[1..] } else { &args[..] };
    let (np_only, seed) = match args {
        [flag, s] if flag == "--np" => (true, s),
        [s] => (false, s),
        _ => {
            eprintln!("usage: mpi-gen [--np | --inputs] SEED");
            std::process::exit(3);
        }
    };
    let Ok(seed) = seed.parse::<u64>() else {
        eprintln!("mpi-gen: SEED must be a non-negative integer, got `{seed}`");
        std::process::exit(3);
    };
    if inputs {
        print!("{}", end_to_end::gen_inputs::generate(seed).source);
        return;
    }
    let p = end_to_end::gen::generate(seed);
    if np_only {
        println!("{}", p.np);
    } else {
        print!("{}", p.source);
    }
}
