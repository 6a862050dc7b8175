//! `--assume-no-effect`: marks the model's calls to functions without
//! source that the patterns match and describes, for every report, what
//! each pattern covers; and the calls the slicer removed on its own,
//! assuming they return (`Model::assumed_to_return`).

use runtime_model::model::Model;

use crate::report::{AssumedCall, Assumption, ASSUMED_TO_RETURN};

/// Marks `model`'s foreign calls matched by `patterns` as assumed to have
/// no effect; one [`Assumption`] per pattern, with the calls it covers
/// (each source position once: inlined copies share one).
pub fn no_effect(model: &mut Model, patterns: &[String]) -> Vec<Assumption> {
    let mut covered = runtime_model::assume::no_effect(model, patterns);
    // A call the slicer removed on its own is still the user's to assume
    // (a model extracted before the patterns were given): it counts under
    // the first pattern that matches it, and not as the slicer's.
    for r in &model.assumed_to_return {
        if let Some(c) = covered
            .iter_mut()
            .find(|c| runtime_model::assume::glob_matches(&c.pattern, &r.callee))
        {
            c.calls.push((r.callee.clone(), r.loc));
        }
    }
    covered
        .into_iter()
        .map(|c| {
            let mut calls: Vec<AssumedCall> = Vec::new();
            for (function, loc) in c.calls {
                let at = super::report::source_loc(model, 0, loc, None);
                let call = AssumedCall {
                    function,
                    file: at.file,
                    line: at.line,
                };
                if !calls.contains(&call) {
                    calls.push(call);
                }
            }
            calls.sort_by(|a, b| {
                (&a.file, a.line, &a.function).cmp(&(&b.file, b.line, &b.function))
            });
            Assumption {
                option: format!("--assume-no-effect {}", c.pattern),
                assumed: "no effect",
                calls,
            }
        })
        .collect()
}

/// The calls to functions without source the slicer removed because
/// nothing they could return or write reaches an MPI call, an assertion, a
/// crash or the exit status: the verdict assumes each returns (a call that
/// never returned, or ended the process, would make another program).
/// `None` when there is none.
/// Calls a `--assume-no-effect` pattern matches are the user's (see
/// [`no_effect`]).
pub fn automatic(model: &Model, patterns: &[String]) -> Option<Assumption> {
    let mut calls: Vec<AssumedCall> = Vec::new();
    for r in &model.assumed_to_return {
        if patterns
            .iter()
            .any(|p| runtime_model::assume::glob_matches(p, &r.callee))
        {
            continue;
        }
        let at = super::report::source_loc(model, 0, r.loc, None);
        let call = AssumedCall {
            function: r.callee.clone(),
            file: at.file,
            line: at.line,
        };
        if !calls.contains(&call) {
            calls.push(call);
        }
    }
    if calls.is_empty() {
        return None;
    }
    calls.sort_by(|a, b| (&a.file, a.line, &a.function).cmp(&(&b.file, b.line, &b.function)));
    Some(Assumption {
        option: "removed by the slicer: nothing they return or write reaches an MPI call, \
                 an assertion, a crash or the exit status"
            .into(),
        assumed: ASSUMED_TO_RETURN,
        calls,
    })
}
