//! The README's list of modeled MPI functions is generated from the checker
//! (`scripts/update-readme-functions`); this test keeps it from going stale.

use end_to_end::*;

#[test]
fn readme_lists_exactly_the_modeled_functions() {
    let out = std::process::Command::new(bin("mpi-check"))
        .arg("--list-mpi")
        .output()
        .expect("run mpi-check --list-mpi");
    assert!(out.status.success());
    let modeled: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_start_matches("MPI_").to_string())
        .collect();
    assert!(modeled.iter().any(|f| f == "Send"));
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let start = readme
        .find("<!-- modeled-functions:start -->")
        .expect("start marker");
    let end = readme
        .find("<!-- modeled-functions:end -->")
        .expect("end marker");
    let listed: Vec<String> = readme[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("```"))
        .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect();
    assert_eq!(
        listed, modeled,
        "README is stale: run scripts/update-readme-functions"
    );
}
