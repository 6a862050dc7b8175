//! `--assume-no-effect PATTERN`: the calls to functions without source
//! (`InstKind::Foreign`) the user assumes write no memory the program sees
//! and return. Both binaries mark them: `mpi-extract` when it is given the
//! patterns, `mpi-check` on a model extracted without them.

use crate::model::{InstKind, LocId, Model};

/// What one pattern covers: the functions it matched and the locations of
/// their calls in the model, in the model's order, each once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Covered {
    pub pattern: String,
    pub calls: Vec<(String, LocId)>,
}

/// Marks every foreign call of `model` whose callee matches one of
/// `patterns` (globs: `*` any run of characters, `?` one) as assumed to
/// have no effect, and says what each pattern covers (also the calls a
/// model already had marked, under the first pattern that matches them).
pub fn no_effect(model: &mut Model, patterns: &[String]) -> Vec<Covered> {
    let mut covered: Vec<Covered> = patterns
        .iter()
        .map(|p| Covered {
            pattern: p.clone(),
            calls: Vec::new(),
        })
        .collect();
    for inst in model
        .functions
        .iter_mut()
        .flat_map(|f| &mut f.blocks)
        .flat_map(|b| &mut b.insts)
    {
        let InstKind::Foreign {
            callee, no_effect, ..
        } = &mut inst.kind
        else {
            continue;
        };
        let Some(c) = covered
            .iter_mut()
            .find(|c| glob_matches(&c.pattern, callee))
        else {
            continue;
        };
        *no_effect = true;
        let call = (callee.clone(), inst.loc);
        if !c.calls.contains(&call) {
            c.calls.push(call);
        }
    }
    covered
}

/// Whether `name` matches the glob `pattern` (`*`: any run, `?`: one
/// character, anything else itself).
pub fn glob_matches(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // matched[j]: the pattern so far matches the first j characters.
    let mut matched = vec![false; n.len() + 1];
    matched[0] = true;
    for &pc in &p {
        let mut next = vec![false; n.len() + 1];
        for j in 0..=n.len() {
            next[j] = match pc {
                '*' => matched[j] || (j > 0 && next[j - 1]),
                '?' => j > 0 && matched[j - 1],
                c => j > 0 && matched[j - 1] && n[j - 1] == c,
            };
        }
        matched = next;
    }
    matched[n.len()]
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn globs_match_whole_names() {
        assert!(glob_matches("png_write_row", "png_write_row"));
        assert!(!glob_matches("png_write_row", "png_write_rows"));
        assert!(glob_matches("png_*", "png_write_row"));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("H5?close", "H5Fclose"));
        assert!(!glob_matches("H5?close", "H5close"));
        assert!(glob_matches("*_write_*", "png_write_end"));
        assert!(!glob_matches("x*", "png"));
    }
}
