//! `mpi-check --explain KIND`: the user guide's section on one error kind
//! (docs/guide/errors.md, built into the binary), as `rustc --explain`
//! prints an error code's page.

use crate::diag::ErrorKind;

/// The guide's page on error kinds: one `## kind` section each.
const ERROR_KINDS_PAGE: &str = include_str!("../../../docs/guide/errors.md");

/// The section of the kind whose id is `kind` (`deadlock`), heading
/// included; `None` for a word that names no kind.
pub fn section(kind: &str) -> Option<&'static str> {
    let kind = ErrorKind::ALL.iter().find(|k| k.id() == kind.trim())?;
    let heading = format!("\n## {}\n", kind.id());
    let start = ERROR_KINDS_PAGE.find(&heading)? + 1;
    let rest = &ERROR_KINDS_PAGE[start..];
    let end = rest.find("\n## ").map_or(rest.len(), |e| e + 1);
    Some(rest[..end].trim_end())
}

/// The kinds `--explain` knows, for its error message.
pub fn kinds() -> Vec<&'static str> {
    ErrorKind::ALL.iter().map(|k| k.id()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_section_with_its_rule_example_and_fix() {
        for kind in ErrorKind::ALL {
            let text = section(kind.id()).unwrap_or_else(|| panic!("no section for {kind:?}"));
            assert!(text.starts_with(&format!("## {}\n", kind.id())));
            for part in [
                "**The rule.**",
                "**A minimal example.**",
                "**How to fix it.**",
            ] {
                assert!(text.contains(part), "{}: no {part}", kind.id());
            }
            assert!(
                !text.contains("\n## "),
                "{}: runs into the next section",
                kind.id()
            );
        }
    }

    #[test]
    fn a_word_that_names_no_kind_has_no_section() {
        assert_eq!(section("deadlocks"), None);
        assert_eq!(section(""), None);
    }
}
