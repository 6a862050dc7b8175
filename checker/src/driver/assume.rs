//! `--assume-no-effect`: marks the model's calls to functions without
//! source that the patterns match and describes, for every report, what
//! each pattern covers.

use runtime_model::model::Model;

use crate::report::{AssumedCall, Assumption};

/// Marks `model`'s foreign calls matched by `patterns` as assumed to have
/// no effect; one [`Assumption`] per pattern, with the calls it covers
/// (each source position once: inlined copies share one).
pub fn no_effect(model: &mut Model, patterns: &[String]) -> Vec<Assumption> {
    let covered = runtime_model::assume::no_effect(model, patterns);
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
