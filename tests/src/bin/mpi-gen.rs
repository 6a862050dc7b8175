//! `mpi-gen SEED`: prints the random MPI C program of that seed (see
//! `end_to_end::gen`); `mpi-gen --np SEED` prints the process count to run
//! it with. Used by `scripts/mpich-crosscheck`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (np_only, seed) = match args.as_slice() {
        [flag, s] if flag == "--np" => (true, s),
        [s] => (false, s),
        _ => {
            eprintln!("usage: mpi-gen [--np] SEED");
            std::process::exit(3);
        }
    };
    let Ok(seed) = seed.parse::<u64>() else {
        eprintln!("mpi-gen: SEED must be a non-negative integer, got `{seed}`");
        std::process::exit(3);
    };
    let p = end_to_end::gen::generate(seed);
    if np_only {
        println!("{}", p.np);
    } else {
        print!("{}", p.source);
    }
}
