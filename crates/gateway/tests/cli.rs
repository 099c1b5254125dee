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

    swatch_index_is_rebuilt_by_migrate(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Start-up (here `desen migrate`) rebuilds a swatch index that is missing, as for designs stored
/// before it existed, and leaves a current one alone.
fn swatch_index_is_rebuilt_by_migrate(dir: &std::path::Path) {
    use db::schema::{swatch_colors, swatch_designs};
    use diesel::prelude::*;
    let url = format!("sqlite://{}", dir.join("archive.db").display());
    let index = |conn: &mut db::DbConnection| -> Vec<(i32, String, f64, f64)> {
        swatch_designs::table
            .order((swatch_designs::swatch, swatch_designs::design_guid))
            .load(conn)
            .unwrap()
    };
    let mut conn = db::connect(&url).unwrap();
    let filed = index(&mut conn);
    diesel::delete(swatch_designs::table)
        .execute(&mut conn)
        .unwrap();
    diesel::delete(swatch_colors::table)
        .execute(&mut conn)
        .unwrap();
    let migrate = Command::new(env!("CARGO_BIN_EXE_desen"))
        .arg("migrate")
        .env("DATABASE_URL", &url)
        .env("DESEN_DATA_DIR", dir)
        .env_remove("REDIS_URL")
        .output()
        .unwrap();
    assert!(
        migrate.status.success(),
        "{}",
        String::from_utf8_lossy(&migrate.stderr)
    );
    assert_eq!(index(&mut conn), filed);
    let swatches: i64 = swatch_colors::table.count().get_result(&mut conn).unwrap();
    assert_eq!(swatches, catalog::swatch_index::SWATCHES.len() as i64);
}

/// `desen rotate-secret-key`: the key file gets a new first key and keeps the old ones after it;
/// with a configured key it only prints a new key and the steps. The configured list of replaced
/// keys is read from the environment, comma-separated.
#[test]
fn desen_rotate_secret_key_keeps_the_replaced_keys() {
    let dir = std::env::temp_dir().join(format!("desen-cli-{}", uuid::Uuid::new_v4().simple()));
    let desen = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_desen"));
        command
            .args(args)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.join("archive.db").display()),
            )
            .env("DESEN_DATA_DIR", &dir)
            .env_remove("REDIS_URL")
            .env_remove("DESEN_ACCOUNTS__SECRET_KEY");
        for (key, value) in env {
            command.env(key, value);
        }
        let run = command.output().unwrap();
        let out = String::from_utf8_lossy(&run.stdout).into_owned();
        let err = String::from_utf8_lossy(&run.stderr).into_owned();
        (run.status.success(), out, err)
    };
    let keys = || -> Vec<String> {
        std::fs::read_to_string(dir.join("secret.key"))
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let (made, out, err) = desen(
        &["create-user", "--email", "admin@example.com", "--admin"],
        &[],
    );
    assert!(made, "{out}\n{err}");
    let first = keys();
    assert_eq!(first.len(), 1);

    let (rotated, out, err) = desen(&["rotate-secret-key"], &[]);
    assert!(rotated, "{out}\n{err}");
    assert!(out.contains("Restart desen"), "{out}");
    desen(&["rotate-secret-key"], &[]);
    let now = keys();
    assert_eq!(now.len(), 3);
    assert_eq!(now[2], first[0], "the first key is kept last");
    assert!(!now[..2].contains(&first[0]));
    assert!(
        !out.contains(&now[0]) && !err.contains(&now[0]),
        "a key file's key is never printed"
    );

    // Configured: the file is left alone; a new key to paste and the steps.
    let configured = accounts::secrets::SecretKey::generate().to_base64();
    let listed = format!(
        "{},{}",
        accounts::secrets::SecretKey::generate().to_base64(),
        accounts::secrets::SecretKey::generate().to_base64()
    );
    let env = [
        ("DESEN_ACCOUNTS__SECRET_KEY", configured.as_str()),
        ("DESEN_ACCOUNTS__PREVIOUS_SECRET_KEYS", listed.as_str()),
    ];
    let (ok, out, err) = desen(&["rotate-secret-key"], &env);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("previous_secret_keys"), "{out}");
    let printed = out.lines().last().unwrap();
    assert!(
        accounts::secrets::SecretKey::parse(printed).is_ok(),
        "{out}"
    );
    assert_eq!(keys(), now);
    // A broken key in the list stops the start, naming the setting, never the text.
    let broken = [
        ("DESEN_ACCOUNTS__SECRET_KEY", configured.as_str()),
        ("DESEN_ACCOUNTS__PREVIOUS_SECRET_KEYS", "not-a-key-at-all"),
    ];
    let (ok, out, err) = desen(&["migrate"], &broken);
    assert!(!ok, "{out}");
    assert!(!err.contains("not-a-key-at-all"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
