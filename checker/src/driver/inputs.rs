//! `--any-input`: one verification per cell of the input space, the
//! partition refined with the cuts each verification finds (`crate::input`),
//! until every cell is covered, an error is found or a bound is reached.

use super::{explore_once, Config, Outcome};
use crate::input::solver::{solve, Solution};
use crate::input::{describe, uncovered_parts, Cell, Plan, Region};
use runtime_model::model::{LocId, Model};
use std::time::Instant;

/// `--any-input`: verifies every cell of the input space, refining the
/// partition with the cuts each run finds; or (`--input` alone) one run with
/// the given values.
pub fn explore(model: &Model, config: &Config) -> Outcome {
    let start = Instant::now();
    let mut total = Outcome::default();
    let pinned: Cell = config.pinned.iter().cloned().collect();
    total.input_bounds = config
        .pinned
        .iter()
        .filter(|(_, (lo, hi))| lo < hi)
        .map(|(s, (lo, hi))| format!("{} in {lo}..={hi}", s.name()))
        .collect();
    let mut work = vec![Region {
        cell: pinned,
        ..Region::default()
    }];
    let mut uncovered: Option<(LocId, String, Option<LocId>)> = None;
    while let Some(region) = work.pop() {
        if total.input_cells >= config.max_inputs as u64 {
            total.incomplete = Some(format!(
                "--any-input: {} input cells checked (--max-inputs), at least {} more remain",
                total.input_cells,
                work.len() + 1
            ));
            break;
        }
        let mut cfg = config.clone();
        if let Some(t) = config.timeout {
            let left = t.saturating_sub(start.elapsed());
            if left.is_zero() {
                total.incomplete = Some(crate::explore::timeout_message(t, total.executions));
                break;
            }
            cfg.timeout = Some(left);
        }
        if let Some(m) = config.max_executions {
            let left = m.saturating_sub(total.executions);
            if left == 0 {
                total.incomplete = Some(crate::explore::execution_limit_message(m));
                break;
            }
            cfg.max_executions = Some(left);
        }
        // A region with a path condition is run on an input the solver
        // finds for it; one without an input is empty.
        let seed = if region.path.is_empty() {
            Default::default()
        } else {
            match solve(&region.cell, &region.path, &region.near) {
                Solution::Inputs(v) => v,
                Solution::Infeasible => continue,
                // An input dependence no run could cover is the better
                // reason to give, if there is one.
                Solution::Unknown(_) if uncovered.is_some() => break,
                Solution::Unknown(why) => {
                    total.incomplete = Some(format!(
                        "--any-input: the SMT solver could not decide a path condition ({why}); checked for {} input {}, not for every input",
                        total.input_cells,
                        if total.input_cells == 1 { "cell" } else { "cells" }
                    ));
                    break;
                }
            }
        };
        let cell = &region.cell;
        let plan = Plan::new(cell.clone(), seed);
        cfg.inputs = Some(plan.clone());
        let out = explore_once(model, &cfg);
        let log = plan.snapshot();
        total.input_cells += 1;
        total.executions += out.executions;
        total.transitions += out.transitions;
        total.states += out.states;
        total.instructions += out.instructions;
        total.pruned += out.pruned;
        total.merged += out.merged;
        total.key_nanos += out.key_nanos;
        let input = describe(cell, &log);
        for n in out.portability {
            if !total.portability.contains(&n) {
                total.portability.push(n);
            }
        }
        for mut e in out.errors {
            let dup = total
                .errors
                .iter()
                .any(|x| x.finding.same_error(&e.finding));
            if !dup {
                e.input = input.clone();
                total.errors.push(e);
            }
        }
        if uncovered.is_none() {
            uncovered = log.uncovered.clone();
        }
        if out.incomplete.is_some() {
            total.incomplete = out.incomplete;
            break;
        }
        if !config.any_input || (!total.errors.is_empty() && !config.all_errors) {
            break;
        }
        // Last pushed is run next: the cells nearest the given input first.
        let mut rest = uncovered_parts(&region, &log);
        rest.reverse();
        work.extend(rest);
    }
    if config.any_input && total.incomplete.is_none() {
        if let Some((loc, what, origin)) = uncovered {
            let at = super::report::source_loc(model, 0, loc, None);
            let origin = origin
                .map(|o| super::report::source_loc(model, 0, o, None))
                .filter(|o| o.line != at.line || o.file != at.file)
                .map_or(String::new(), |o| {
                    format!(" (computed from input at {}:{})", o.file, o.line)
                });
            total.incomplete = Some(format!(
                "--any-input: {what} at {}:{}{origin}; checked for {} input {}, not for every input",
                at.file,
                at.line,
                total.input_cells,
                if total.input_cells == 1 {
                    "cell"
                } else {
                    "cells"
                }
            ));
        }
    }
    total.elapsed = start.elapsed();
    total
}
