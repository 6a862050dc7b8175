//! The MPI machine under both systems, on models built by hand (the test
//! kit of `runtime_model`, no clang): executions explored, errors found,
//! and the reduced search against the oracle of every interleaving.

use crate::diag::ErrorKind;
use crate::driver::{explore_once, Config, Outcome, Reduction};
use crate::system::Buffering;
use runtime_model::handles as h;
use runtime_model::model::{IntPredicate, Model, Operand, Ty};
use runtime_model::mpi_api::MpiFunc;
use runtime_model::testkit::{c, FnBuilder, ModelBuilder};

fn int(v: i32) -> Operand {
    c(v as u32 as u64)
}

/// `main`: MPI_Init, rank, then `root` (rank 0) or `other` (every other
/// rank), then MPI_Finalize.
fn program(root: impl Fn(&mut FnBuilder, u32), other: impl Fn(&mut FnBuilder, u32)) -> Model {
    let mut m = ModelBuilder::new();
    let mut f = FnBuilder::new("main", &[], Some(Ty::I32));
    let l = m.loc(2, 5, "main");
    f.at(l);
    f.mpi(0, MpiFunc::Init, &[c(0), c(0)]);
    let p = f.alloca(0, 4);
    f.mpi(0, MpiFunc::CommRank, &[int(h::MPI_COMM_WORLD), p]);
    let rank = f.load(0, Ty::I32, p);
    let is_root = f.icmp(0, IntPredicate::Eq, rank, c(0));
    let (b_root, b_other, b_end) = (f.block(), f.block(), f.block());
    f.condbr(0, is_root, b_root, b_other);
    root(&mut f, b_root);
    f.br(b_root, b_end);
    other(&mut f, b_other);
    f.br(b_other, b_end);
    f.mpi(b_end, MpiFunc::Finalize, &[]);
    f.ret(b_end, Some(c(0)));
    let main = m.add(f.finish());
    m.finish(main)
}

fn send(f: &mut FnBuilder, b: u32, func: MpiFunc, dest: i32) {
    let buf = f.alloca(b, 4);
    f.store(b, Ty::I32, c(7), buf);
    let args = [
        buf,
        c(1),
        int(h::MPI_INT),
        int(dest),
        c(0),
        int(h::MPI_COMM_WORLD),
    ];
    f.mpi(b, func, &args);
}

fn recv(f: &mut FnBuilder, b: u32, source: i32) {
    let buf = f.alloca(b, 4);
    let args = [
        buf,
        c(1),
        int(h::MPI_INT),
        int(source),
        c(0),
        int(h::MPI_COMM_WORLD),
        c(h::MPI_STATUS_IGNORE as u64),
    ];
    f.mpi(b, MpiFunc::Recv, &args);
}

fn check(model: &Model, np: usize, reduction: Reduction) -> Outcome {
    let config = Config {
        np,
        reduction,
        ..Config::default()
    };
    explore_once(model, &config)
}

#[test]
fn a_wildcard_fan_in_has_one_execution_per_arrival_order() {
    // Rank 0 receives np-1 messages from MPI_ANY_SOURCE: (np-1)! orders.
    let model = program(
        |f, b| {
            for _ in 0..3 {
                recv(f, b, h::MPI_ANY_SOURCE);
            }
        },
        |f, b| send(f, b, MpiFunc::Send, 0),
    );
    let o = check(&model, 4, Reduction::Poe);
    assert!(o.errors.is_empty() && o.incomplete.is_none(), "{o:?}");
    assert_eq!(o.executions, 6);
    let oracle = check(&model, 4, Reduction::None);
    assert!(oracle.errors.is_empty() && oracle.incomplete.is_none());
}

#[test]
fn named_sources_need_a_single_execution() {
    let model = program(
        |f, b| {
            recv(f, b, 1);
            recv(f, b, 2);
        },
        |f, b| send(f, b, MpiFunc::Send, 0),
    );
    let o = check(&model, 3, Reduction::Poe);
    assert!(o.errors.is_empty() && o.incomplete.is_none(), "{o:?}");
    assert_eq!(o.executions, 1);
}

#[test]
fn synchronous_sends_to_each_other_deadlock() {
    // Both ranks MPI_Ssend to the other first: neither receive is posted.
    let model = program(
        |f, b| {
            send(f, b, MpiFunc::Ssend, 1);
            recv(f, b, 1);
        },
        |f, b| {
            send(f, b, MpiFunc::Ssend, 0);
            recv(f, b, 0);
        },
    );
    for reduction in [Reduction::Poe, Reduction::None] {
        let o = check(&model, 2, reduction);
        let kinds: Vec<ErrorKind> = o.errors.iter().map(|e| e.finding.kind).collect();
        assert_eq!(kinds, vec![ErrorKind::Deadlock], "{reduction:?}");
    }
}

#[test]
fn standard_sends_to_each_other_are_a_buffering_hazard() {
    // With MPI_Send the exchange works only if the library buffers.
    let model = program(
        |f, b| {
            send(f, b, MpiFunc::Send, 1);
            recv(f, b, 1);
        },
        |f, b| {
            send(f, b, MpiFunc::Send, 0);
            recv(f, b, 0);
        },
    );
    let o = check(&model, 2, Reduction::Poe);
    let kinds: Vec<ErrorKind> = o.errors.iter().map(|e| e.finding.kind).collect();
    assert_eq!(kinds, vec![ErrorKind::BufferingHazard]);
    let infinite = explore_once(
        &model,
        &Config {
            np: 2,
            buffering: Buffering::Infinite,
            ..Config::default()
        },
    );
    assert!(infinite.errors.is_empty() && infinite.incomplete.is_none());
}

#[test]
fn the_parallel_search_reports_what_the_sequential_one_does() {
    let model = program(
        |f, b| {
            for _ in 0..4 {
                recv(f, b, h::MPI_ANY_SOURCE);
            }
        },
        |f, b| send(f, b, MpiFunc::Send, 0),
    );
    let seq = check(&model, 5, Reduction::Poe);
    let par = explore_once(
        &model,
        &Config {
            np: 5,
            jobs: 2,
            ..Config::default()
        },
    );
    assert_eq!(
        (seq.executions, seq.transitions),
        (par.executions, par.transitions)
    );
    // States explored are work, not behaviors: two threads may both reach a
    // state before either has summarized it, never fewer than one thread.
    assert!(par.states >= seq.states, "{} < {}", par.states, seq.states);
    assert_eq!(seq.executions, 24);
}
