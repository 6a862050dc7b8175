//! The README and the user guide are checked against the tools: the list of
//! modeled MPI functions and the option references are generated from them
//! (`scripts/update-guide`) and must be current; every link between the
//! pages must lead to a page and a heading that exist; every option a page
//! shows on an `mpi-check` or `mpi-extract` command line must be a real one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use end_to_end::*;

fn run(tool: &str, arg: &str) -> String {
    let out = std::process::Command::new(bin(tool))
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("run {tool} {arg}: {e}"));
    assert!(out.status.success(), "{tool} {arg} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text between `<!-- marker:start -->` and `<!-- marker:end -->`,
/// without the code fence lines.
fn generated_block(page: &str, marker: &str) -> String {
    let start = page
        .find(&format!("<!-- {marker}:start -->"))
        .unwrap_or_else(|| panic!("no {marker} start marker"));
    let end = page
        .find(&format!("<!-- {marker}:end -->"))
        .unwrap_or_else(|| panic!("no {marker} end marker"));
    page[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// README.md and every Markdown page under docs/.
fn pages() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn guide_lists_exactly_the_modeled_functions() {
    let modeled: Vec<String> = run("mpi-check", "--list-mpi")
        .lines()
        .map(|l| l.trim_start_matches("MPI_").to_string())
        .collect();
    assert!(modeled.iter().any(|f| f == "Send"));
    let page = read(&root().join("docs/guide/mpi.md"));
    let listed: Vec<String> = generated_block(&page, "modeled-functions")
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(
        listed, modeled,
        "docs/guide/mpi.md is stale: run scripts/update-guide"
    );
}

#[test]
fn option_references_are_the_tools_own_help() {
    let page = read(&root().join("docs/guide/command-line.md"));
    for (tool, marker) in [
        ("mpi-check", "mpi-check-help"),
        ("mpi-extract", "mpi-extract-help"),
    ] {
        assert_eq!(
            generated_block(&page, marker).trim_end(),
            run(tool, "--help").trim_end(),
            "docs/guide/command-line.md: the {tool} reference is stale: run scripts/update-guide"
        );
    }
}

/// GitHub's anchor of a heading: lower case, punctuation but `-` and `_`
/// dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(page: &str) -> BTreeSet<String> {
    let mut in_code = false;
    let mut out = BTreeSet::new();
    for line in page.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the Markdown links `[text](target)` of a page, outside
/// code.
fn links(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code is shown, not followed.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        let mut rest = prose.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(j) = after.find(')') else { break };
            out.push(after[..j].to_string());
            rest = &after[j..];
        }
    }
    out
}

#[test]
fn every_link_between_pages_leads_somewhere() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = read(&page);
        for target in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let dest = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("a page's directory").join(file)
            };
            if !dest.exists() {
                broken.push(format!("{}: {target} (no such file)", page.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                if dest.extension().is_some_and(|e| e == "md")
                    && !anchors(&read(&dest)).contains(fragment)
                {
                    broken.push(format!("{}: {target} (no such heading)", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The long options a tool's `--help` lists.
fn options(tool: &str) -> BTreeSet<String> {
    run(tool, "--help")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| {
            w.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '-'))
                .to_string()
        })
        .collect()
}

/// Command lines of `tool` a page shows: the commands of inline code spans
/// and of lines (after a `$ ` prompt) that start with it, a line cut into
/// commands at `&&`, `|` and `;`.
fn command_lines<'a>(page: &'a str, tool: &str) -> Vec<&'a str> {
    let commands = |text: &'a str| -> Vec<&'a str> {
        text.split(['|', ';'])
            .flat_map(|part| part.split("&&"))
            .map(|c| c.trim().trim_start_matches("$ "))
            .filter(|c| c.starts_with(tool))
            .collect()
    };
    let mut out = Vec::new();
    for line in page.lines() {
        out.extend(commands(line));
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 {
                out.extend(commands(span));
            }
        }
    }
    out
}

#[test]
fn every_option_the_pages_show_is_real() {
    let mut unknown = Vec::new();
    for tool in ["mpi-check", "mpi-extract"] {
        let known = options(tool);
        assert!(known.contains("--help"), "{tool} --help lists no options");
        for page in pages() {
            let text = read(&page);
            for line in command_lines(&text, tool) {
                // After a bare `--`, words belong to clang or the program.
                for word in line.split_whitespace().take_while(|w| *w != "--") {
                    let word = word.split('=').next().unwrap_or(word);
                    let word = word.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '-'));
                    if word.starts_with("--") && word.len() > 2 && !known.contains(word) {
                        unknown.push(format!("{}: {tool} {word}", page.display()));
                    }
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "options that do not exist:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn readme_stays_short() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: what a first-time user needs only (the rest in docs/guide/)"
    );
}
