//! The S3-compatible store against the shared behaviour checks (tests/common), on a moto server
//! (`target/moto-venv`, installed by scripts/setup.sh). Without it the test says so loudly and
//! passes, unless `DESEN_S3_REQUIRED=1` (scripts/test.sh), where it fails.

mod common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use storage::{S3Settings, Storage};

/// A moto server on a free port, stopped when dropped (a failed check included).
struct Moto {
    child: Child,
    endpoint: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn target_dir() -> PathBuf {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let workspace = crate_dir
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| crate_dir.join("../.."));
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => workspace.join(dir), // an absolute one replaces the workspace
        None => workspace.join("target"),
    }
}

fn moto() -> Option<Moto> {
    let server = target_dir().join("moto-venv/bin/moto_server");
    if !server.exists() {
        let note = format!(
            "{} is missing: run scripts/setup.sh (it installs moto[server] into a venv)",
            server.display()
        );
        if std::env::var("DESEN_S3_REQUIRED").as_deref() == Ok("1") {
            panic!("DESEN_S3_REQUIRED=1 but {note}");
        }
        // Straight to stderr: the test harness captures `eprintln!` of a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "\n!!!!!!!! SKIPPED: the S3 store was NOT tested: {note} !!!!!!!!\n"
        );
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(&server)
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(match std::env::var_os("DESEN_MOTO_LOG") {
            // Every request moto answered, for a look at what the store sent.
            Some(log) => Stdio::from(std::fs::File::create(log).expect("moto log")),
            None => Stdio::null(),
        })
        .spawn()
        .expect("starting moto_server");
    let moto = Moto {
        child,
        endpoint: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "moto_server did not listen");
        std::thread::sleep(Duration::from_millis(100));
    }
    Some(moto)
}

/// Makes a bucket (moto takes an unsigned request; object_store does not make buckets).
fn create_bucket(endpoint: &str, bucket: &str) {
    let host = endpoint.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).expect("connect");
    write!(
        stream,
        "PUT /{bucket} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    assert!(
        answer.starts_with("HTTP/1.1 200"),
        "create bucket: {answer}"
    );
}

fn settings(endpoint: &str, url: &str) -> S3Settings {
    let mut settings = S3Settings::parse(&format!("{url}?endpoint={endpoint}&region=eu-west-1"))
        .expect("storage URL");
    settings.access_key_id = Some("desen-test".into());
    settings.secret_access_key = Some("desen-test-secret".into());
    settings
}

#[test]
fn the_s3_store_keeps_the_store_behaviour() {
    let Some(moto) = moto() else { return };
    let started = Instant::now();
    create_bucket(&moto.endpoint, "desen-test");
    let scratch = tempfile::tempdir().expect("temp dir");
    // Each check in a folder of the bucket of its own (`s3://bucket/folder`).
    common::run_all(
        |name| {
            Storage::s3(&settings(
                &moto.endpoint,
                &format!("s3://desen-test/{name}"),
            ))
            .expect("store")
        },
        scratch.path(),
    );
    let whole = Storage::s3(&settings(&moto.endpoint, "s3://desen-test")).expect("store");
    let first = whole.list("check0").expect("list");
    assert_eq!(
        first,
        ["check0/empty"],
        "a store on a folder keeps its keys under it"
    );
    println!("s3 checks: {} ms", started.elapsed().as_millis());
}

#[test]
fn a_missing_bucket_is_told_at_start() {
    let Some(moto) = moto() else { return };
    let error =
        Storage::s3(&settings(&moto.endpoint, "s3://no-such-bucket")).expect_err("no such bucket");
    let told = error.to_string();
    assert!(
        told.contains("s3://no-such-bucket") && !told.contains("desen-test-secret"),
        "{told}"
    );
}
