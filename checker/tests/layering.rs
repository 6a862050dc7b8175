//! The checker's modules form layers, and imports only point down:
//!
//! ```text
//! main → cli → {driver, source, config, progress_line} → system → mpi → exec → input → report → {explore, log, diag}
//! ```
//!
//! `explore` (the search strategies) is generic over the `Explorable` trait
//! and imports nothing of the crate: the MPI machine is made explorable by
//! `system`, which implements the trait, and `driver` picks the strategy.
//! A `crate::` path (in a `use` or inline) in one layer that names a layer
//! at or above it fails this test, with the file and line.

use std::path::Path;

/// The layers, top first; a module may use only those after it.
const LAYERS: &[&[&str]] = &[
    &["main"],
    &["cli"],
    &["driver", "source", "config", "progress_line"],
    &["system"],
    &["mpi"],
    &["exec"],
    &["input"],
    &["report"],
    &["explore", "log", "diag"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn imports_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    all.sort();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for path in &all {
        let rel = path.strip_prefix(&src).expect("under src");
        let first = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a path");
        let module = first.trim_end_matches(".rs");
        if module == "lib" {
            continue;
        }
        let Some(own) = layer_of(module) else {
            panic!(
                "{}: module `{module}` is in no layer of this test",
                rel.display()
            );
        };
        checked += 1;
        let text = std::fs::read_to_string(path).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let mut rest = code;
            while let Some(i) = rest.find("crate::") {
                rest = &rest[i + "crate::".len()..];
                let used: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if used == module {
                    continue;
                }
                match layer_of(&used) {
                    Some(l) if l > own => {}
                    _ => wrong.push(format!(
                        "{}:{}: `{module}` uses `crate::{used}`",
                        rel.display(),
                        n + 1
                    )),
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} files found under {}",
        src.display()
    );
    assert!(
        wrong.is_empty(),
        "imports against the layering:\n{}",
        wrong.join("\n")
    );
}
