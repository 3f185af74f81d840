//! What ships with the repository: licenses, and scripts that never write
//! over the committed fixtures.
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .expect("the workspace root")
}

/// Cargo.toml says "MIT OR Apache-2.0": both texts are in the root.
#[test]
fn both_licenses_are_there() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    assert!(manifest.contains(r#"license = "MIT OR Apache-2.0""#));
    let mit = std::fs::read_to_string(root().join("LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("MIT License"));
    let apache = std::fs::read_to_string(root().join("LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    assert!(apache.len() > 10_000, "the whole text, not a pointer to it");
}

/// The exporter run in its own folder refuses to replace the committed
/// fixtures; run for another folder it writes the same bytes there.
#[test]
fn strategy_exporter_leaves_the_fixtures_alone() {
    let folder = root().join("fixtures/hog-strategies");
    let before: Vec<Vec<u8>> = ["student_final.json", "student_final.csv"]
        .iter()
        .map(|f| std::fs::read(folder.join(f)).unwrap())
        .collect();
    let out = Command::new("python3")
        .arg("export_final_strategy.py")
        .current_dir(&folder)
        .output()
        .expect("python3 runs");
    assert!(!out.status.success(), "it must refuse its own folder");
    assert!(String::from_utf8_lossy(&out.stderr).contains("committed fixtures"));
    let scratch = tempfile::tempdir().unwrap();
    let out = Command::new("python3")
        .arg(folder.join("export_final_strategy.py"))
        .arg(scratch.path())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (f, committed) in ["student_final.json", "student_final.csv"]
        .iter()
        .zip(&before)
    {
        assert_eq!(
            &std::fs::read(folder.join(f)).unwrap(),
            committed,
            "{f} changed"
        );
        assert_eq!(
            &std::fs::read(scratch.path().join(f)).unwrap(),
            committed,
            "{f}"
        );
    }
}
