//! `just bench`: sign-in and token-validation throughput through HTTP against the real `desen`
//! binary (release build, SQLite, in-process stores), each next to a reference measured in the same
//! run: sign-in against the bare Argon2id verification rate of this machine, token validation
//! against the health route (HTTP + one database round trip).
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18181";
const PASSWORD: &str = "Bench-pass1";

struct Server(Child, std::path::PathBuf);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn desen(dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_desen"));
    command
        .env(
            "DESEN_CONFIG",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/default.toml"),
        )
        .env("DESEN_DATA_DIR", dir)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/bench.db", dir.display()),
        )
        .env("DESEN_LISTEN", ADDRESS)
        .env("DESEN_STATIC_DIR", dir)
        .env("DESEN_LOG", "warn")
        .env(
            "DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_EMAIL__MAX",
            "100000000",
        )
        .env(
            "DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_IP__MAX",
            "100000000",
        )
        .env_remove("REDIS_URL");
    command
}

fn start() -> Server {
    let dir = std::env::temp_dir().join(format!("desen-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..8 {
        let status = desen(&dir)
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
    let child = desen(&dir)
        .arg("serve")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server(child, dir);
    for _ in 0..100 {
        if TcpStream::connect(ADDRESS).is_ok() {
            return server;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("desen did not start");
}

/// A keep-alive HTTP/1.1 client: enough for form posts with JSON answers.
struct Client {
    writer: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Client {
    fn new() -> Client {
        let stream = TcpStream::connect(ADDRESS).unwrap();
        stream.set_nodelay(true).unwrap();
        Client {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
        }
    }

    fn call(&mut self, method: &str, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let token = token
            .map(|t| format!("Access-Token: {t}\r\n"))
            .unwrap_or_default();
        write!(
            self.writer,
            "{method} {path} HTTP/1.1\r\nHost: bench\r\n{token}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).unwrap();
        (status, String::from_utf8(body).unwrap())
    }
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
                    let mut client = Client::new();
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

    let _server = start();
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

    let mut setup = Client::new();
    let (_, answer) = setup.call(
        "POST",
        "/service/account/login_collection",
        None,
        &format!("mailAddress=bench0%40example.com&password={PASSWORD}"),
    );
    let token = answer
        .split("\"accessToken\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_owned();
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
