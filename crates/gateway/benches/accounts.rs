//! `just bench`: sign-in and token-validation throughput through HTTP against the real `desen`
//! binary (release build, SQLite, in-process stores), each next to a reference measured in the same
//! run: sign-in against the bare Argon2id verification rate of this machine, token validation
//! against the health route (HTTP + one database round trip).
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use common::{Client, Server, TempDir};
use std::process::Stdio;
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18181";
const PASSWORD: &str = "Bench-pass1";

/// The folder and database of the run, and the server on them (stopped first).
fn start() -> (TempDir, Server) {
    let dir = TempDir::new("bench");
    let url = format!("sqlite://{}/bench.db", dir.0.display());
    for i in 0..8 {
        let status = common::desen(&dir.0, &url, ADDRESS)
            .args([
                "create-user",
                "--email",
                &format!("bench{i}@example.com"),
                "--password",
                PASSWORD,
            ])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    let server = common::serve(common::desen(&dir.0, &url, ADDRESS), ADDRESS);
    (dir, server)
}

struct Figures {
    per_second: f64,
    p50: Duration,
    p99: Duration,
}

/// Runs `work` on `threads` clients for `seconds`; every call must answer 200.
fn measure(
    threads: usize,
    seconds: u64,
    work: impl Fn(&mut Client, usize) -> u16 + Sync,
) -> Figures {
    let end = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let work = &work;
                scope.spawn(move || {
                    let mut client = Client::new(ADDRESS);
                    let mut seen = Vec::new();
                    while Instant::now() < end {
                        let call = Instant::now();
                        assert_eq!(work(&mut client, t), 200);
                        seen.push(call.elapsed());
                    }
                    seen
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Figures {
        per_second: latencies.len() as f64 / elapsed,
        p50: at(0.5),
        p99: at(0.99),
    }
}

fn row(name: &str, ours: &Figures, reference_name: &str, reference: f64) {
    println!(
        "{name:<28} {:>9.1}/s  p50 {:>7.2} ms  p99 {:>7.2} ms   | {reference_name:<34} {reference:>9.1}/s   ratio {:.2}",
        ours.per_second,
        ours.p50.as_secs_f64() * 1e3,
        ours.p99.as_secs_f64() * 1e3,
        ours.per_second / reference
    );
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    println!("Argon2id parameters: m=19456 KiB, t=2, p=1 (OWASP); {cores} cores");

    // Reference 1: how many Argon2id verifications per second this machine does on every core.
    let hash = accounts::credentials::hash_password(PASSWORD).unwrap();
    let rounds = 20;
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                for _ in 0..rounds {
                    assert!(accounts::credentials::verify_password(PASSWORD, &hash));
                }
            });
        }
    });
    let argon_rate = (rounds * cores) as f64 / started.elapsed().as_secs_f64();

    let (_dir, _server) = start();
    let login = |client: &mut Client, t: usize| {
        let body = format!(
            "mailAddress=bench{}%40example.com&password={PASSWORD}&remember=false",
            t % 8
        );
        client
            .call("POST", "/service/account/login_collection", None, &body)
            .0
    };
    let logins = measure(cores * 2, 5, login);

    let token = Client::new(ADDRESS).sign_in("bench0@example.com", PASSWORD);
    let health = measure(8, 5, |client, _| {
        client.call("GET", "/service/health", None, "").0
    });
    let validations = measure(8, 5, |client, _| {
        client
            .call("POST", "/service/account/validate-token", Some(&token), "")
            .0
    });

    println!();
    row(
        "sign-in (login_collection)",
        &logins,
        "reference: bare Argon2id verify",
        argon_rate,
    );
    row(
        "validate-token",
        &validations,
        "reference: GET /service/health",
        health.per_second,
    );
}
