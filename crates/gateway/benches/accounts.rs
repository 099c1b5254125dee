//! `just bench`: sign-in and token-validation throughput through HTTP against the real `desen`
//! binary (release build, SQLite, in-process stores), each next to a reference measured in the same
//! run: sign-in against the bare Argon2id verification rate of this machine, token validation
//! against the health route (HTTP + one database round trip). Then the admin users table over
//! 5,000 users: p50 and p99 of typical list queries, against the 50 ms p99 the admin screens need.
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use common::{Client, Server, TempDir};
use std::process::Stdio;
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18181";
const PASSWORD: &str = "Bench-pass1";
/// Users in the admin table.
const LISTED_USERS: usize = 5_000;
/// The p99 an admin table must keep to feel immediate.
const LIST_P99_TARGET_MS: f64 = 50.0;

/// The folder and database of the run, and the server on them (stopped first).
fn start() -> (TempDir, Server) {
    let dir = TempDir::new("bench");
    let url = format!("sqlite://{}/bench.db", dir.0.display());
    for i in 0..9 {
        let email = format!("bench{i}@example.com");
        let mut args = vec!["create-user", "--email", &email, "--password", PASSWORD];
        if i == 8 {
            args.push("--admin");
        }
        let status = common::desen(&dir.0, &url, ADDRESS)
            .args(&args)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    add_listed_users(&url);
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

/// 5,000 customer users in 50 companies, with varied states, sign-in counts and dates, written
/// straight into the database (an Argon2id hash each would take minutes).
fn add_listed_users(url: &str) {
    use diesel::connection::SimpleConnection;
    let mut conn = db::connect(url).unwrap();
    db::run_migrations(&mut conn).unwrap();
    let mut sql = String::from("BEGIN;");
    for c in 0..50 {
        sql.push_str(&format!(
            "INSERT INTO customers (guid, name, name_sef, address, code, visible, created_at) \
             VALUES ('c{c}', 'Company {c:02}', 'company-{c:02}', '', 'C{c}', TRUE, '2026-01-01 00:00:00');"
        ));
    }
    let states = [
        "active",
        "active",
        "active",
        "stopped",
        "cancelled",
        "expired",
    ];
    for u in 0..LISTED_USERS {
        let last = if u % 7 == 0 {
            "NULL".to_owned()
        } else {
            format!("'2026-{:02}-{:02} 10:00:00'", 1 + u % 11, 1 + u % 28)
        };
        sql.push_str(&format!(
            "INSERT INTO users (guid, name, email, customer_guid, language, status, login_condition, \
             allowed_ips, shop_access, archive_access, is_admin, is_in_house, created_at, \
             last_login_at, login_count) VALUES ('u{u}', 'User {u}', 'user{u}@example.com', \
             'c{}', 'en', '{}', 'unlimited', '', TRUE, TRUE, FALSE, FALSE, \
             '2025-{:02}-{:02} 09:00:00', {last}, {});",
            u % 50,
            states[u % states.len()],
            1 + u % 12,
            1 + u % 28,
            (u * 37) % 500,
        ));
    }
    sql.push_str("COMMIT;");
    conn.batch_execute(&sql).unwrap();
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

    let admin = Client::new(ADDRESS).sign_in_admin("bench8@example.com", PASSWORD);
    let lists = [
        ("users, first page", "page=0&pageSize=25"),
        ("users, page 100", "page=100&pageSize=25"),
        ("users, search \"user4\"", "query=user4"),
        ("users, by last login", "sort=lastLogin&descending=true"),
        ("users, stopped, by company", "status=stopped&sort=company"),
        ("users, inactive 90 days", "inactiveDays=90&sort=created"),
        ("customers, first page", ""),
    ];
    let mut list_figures = Vec::new();
    for (name, body) in lists {
        let path = if name.starts_with("customers") {
            "/service/admin/customers/get-all"
        } else {
            "/service/admin/users/get-all"
        };
        let figures = measure(1, 2, |client, _| {
            client.call("POST", path, Some(&admin), body).0
        });
        list_figures.push((name, figures));
    }

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

    println!(
        "\nadmin tables over {LISTED_USERS} users and 50 customers (one client, 2 s each; p99 target {LIST_P99_TARGET_MS} ms):"
    );
    for (name, f) in list_figures {
        let p99 = f.p99.as_secs_f64() * 1e3;
        println!(
            "{name:<32} {:>9.1}/s  p50 {:>7.2} ms  p99 {p99:>7.2} ms   {}",
            f.per_second,
            f.p50.as_secs_f64() * 1e3,
            if p99 <= LIST_P99_TARGET_MS {
                "PASS"
            } else {
                "MISS"
            }
        );
    }
}
