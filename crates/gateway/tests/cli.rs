//! `desen import` from the shell: the real binary on a fresh SQLite database and data folder.
#![expect(clippy::unwrap_used, reason = "tests")]

use std::process::Command;

#[test]
fn desen_import_takes_a_folder_and_reports_what_it_refused() {
    let dir = std::env::temp_dir().join(format!("desen-cli-{}", uuid::Uuid::new_v4().simple()));
    let files = dir.join("server-share");
    demo::write_sample_files(&files).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_desen"))
        .args(["import", "--archive", "Eski Arşiv"])
        .arg(&files)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("archive.db").display()),
        )
        .env("DESEN_DATA_DIR", &dir)
        .env("DESEN_IMPORT__TILES", "false")
        .env_remove("REDIS_URL")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        run.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines.contains(&"created archive Eski Arşiv (code 01)"),
        "{stdout}"
    );
    let summary = lines
        .iter()
        .position(|l| l.starts_with("imported "))
        .unwrap();
    assert_eq!(
        lines[summary],
        "imported 2 designs, 3 colorways; refused 1 files"
    );
    assert!(
        lines[summary + 1]
            .ends_with("not-really.tif: the file's content is not a TIFF, PSD or PSB image"),
        "{stdout}"
    );
}
