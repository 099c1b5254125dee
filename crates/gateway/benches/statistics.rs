//! `just bench`: the admins' statistics over generated records, on SQLite and PostgreSQL
//! (skipped when no server answers): `DESEN_BENCH_EVENTS` colorway views (10,000,000 by default;
//! a tenth as many sign-ins and CAD downloads, a twentieth as many favorites, a two-hundredth as
//! many orders) over a year, 2,000 users of 200 companies, 20,000 designs with 2 labels each.
//! Each statistic (a page of 25 with its summary, the chart, the funnel, the designs never
//! viewed) is timed without filters, for the whole studio's last 30 days, and for a company's
//! last 30 days: p50 and p99 of a few runs each, next to the target p99 of 200 ms.
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use chrono::NaiveDate;
use common::archive::Database;
use db::{Backend, DbConnection};
use desen_core::PageRequest;
use diesel::connection::SimpleConnection;
use statistics::chart;
use statistics::dto::ChartKind;
use statistics::entries::{self, EntryFilter};
use statistics::funnel::{self, FunnelBy};
use std::time::{Duration, Instant};

const TARGET_P99_MS: f64 = 200.0;
const USERS: u64 = 2_000;
const COMPANIES: u64 = 200;
const DESIGNS: u64 = 20_000;
const RUNS: usize = 7;
/// The bench's today: the records span the year before it.
const TODAY: (i32, u32, u32) = (2026, 12, 31);

fn events() -> u64 {
    std::env::var("DESEN_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000)
}

/// `n` rows of `select` (over `i` from 0) inserted into `table`.
fn fill(conn: &mut DbConnection, backend: Backend, table: &str, n: u64, select: &str) {
    let sql = match backend {
        Backend::Sqlite => format!(
            "INSERT INTO {table} WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s \
             WHERE i < {last}) SELECT {select} FROM s",
            last = n - 1
        ),
        Backend::Postgres => format!(
            "INSERT INTO {table} SELECT {select} FROM generate_series(0, {last}::bigint) AS s(i)",
            last = n - 1
        ),
    };
    conn.batch_execute(&sql).unwrap();
}

/// A time in the year before [`TODAY`], spread by `i`.
fn at(backend: Backend, i: &str) -> String {
    match backend {
        Backend::Sqlite => {
            format!("datetime('2026-01-01', '+' || (({i}) * 7919 % 31536000) || ' seconds')")
        }
        Backend::Postgres => {
            format!("TIMESTAMP '2026-01-01' + (({i}) * 7919 % 31536000) * INTERVAL '1 second'")
        }
    }
}

fn concat(backend: Backend, prefix: &str, i: &str) -> String {
    match backend {
        Backend::Sqlite => format!("'{prefix}' || ({i})"),
        Backend::Postgres => format!("'{prefix}' || ({i})::text"),
    }
}

fn generate(conn: &mut DbConnection, backend: Backend, views: u64) {
    let c = |p: &str, i: &str| concat(backend, p, i);
    conn.batch_execute(
        "INSERT INTO archives (id, code, name_tr, name_en, name_ru, next_number, created_at) \
         VALUES (90, '90', 'Bench', 'Bench', 'Bench', 1, '2026-01-01 00:00:00')",
    )
    .unwrap();
    fill(
        conn,
        backend,
        "customers (guid, name, name_sef, address, code, visible, created_at)",
        COMPANIES,
        &format!(
            "{0}, {1}, {0}, '', '', TRUE, '2026-01-01 00:00:00'",
            c("c", "i"),
            c("Company ", "i")
        ),
    );
    fill(
        conn,
        backend,
        "users (guid, name, email, customer_guid, language, status, login_condition, \
         allowed_ips, shop_access, archive_access, is_admin, is_in_house, created_at, login_count)",
        USERS,
        &format!(
            "{}, {}, {}, {}, 'en', 'active', 'none', '', TRUE, TRUE, FALSE, FALSE, '2026-01-01 00:00:00', 0",
            c("u", "i"),
            c("User ", "i"),
            c("user", "i"),
            c("c", &format!("i % {COMPANIES}"))
        ),
    );
    fill(
        conn,
        backend,
        "labels (group_id, is_group_header, name_tr, name_en, name_ru, created_at)",
        40,
        &format!(
            "NULL, FALSE, {0}, {0}, {0}, '2026-01-01 00:00:00'",
            c("Label ", "i")
        ),
    );
    fill(
        conn,
        backend,
        "designs (guid, number, archive_id, design_type, screen_status, channel_count, \
         layer_count, is_confined, studio, notes, original_name, owned_extra, width_px, height_px, dpi, \
         color_mode, bit_depth, repeat_direction, repeat_offset, closed_countries, uploaded_at, edited_at)",
        DESIGNS,
        &format!(
            "{}, {}, 90, 'digital', 'none', 0, 1, FALSE, '', '', '', FALSE, 100, 100, 100.0, 'rgb', 8, \
         'none', 'none', '', '2026-01-01 00:00:00', '2026-01-01 00:00:00'",
            c("d", "i"),
            c("90-", "i")
        ),
    );
    for k in 0..2 {
        fill(
            conn,
            backend,
            "design_labels (design_guid, label_id)",
            DESIGNS,
            &format!("{}, 1 + (i * 7 + {k} * 13) % 40", c("d", "i")),
        );
    }
    fill(
        conn,
        backend,
        "colorway_views (id, user_guid, customer_guid, design_guid, colorway_guid, viewed_at)",
        views,
        &format!(
            "{}, {}, {}, {}, {}, {}",
            c("v", "i"),
            c("u", &format!("i % {USERS}")),
            c("c", &format!("i % {USERS} % {COMPANIES}")),
            c("d", &format!("i * 31 % {DESIGNS}")),
            c("w", &format!("i * 31 % {DESIGNS}")),
            at(backend, "i")
        ),
    );
    fill(
        conn,
        backend,
        "sign_ins (id, user_guid, email, customer_guid, ip, outcome, at)",
        views / 10,
        &format!(
            "{}, {}, 'someone@example.com', {}, '203.0.113.9', 'success', {}",
            c("s", "i"),
            c("u", &format!("i % {USERS}")),
            c("c", &format!("i % {USERS} % {COMPANIES}")),
            at(backend, "i * 11")
        ),
    );
    fill(
        conn,
        backend,
        "cad_downloads (id, user_guid, user_email, customer_guid, design_guid, design_number, \
         colorway_guid, colorway_name, format, kind, bytes, created_at)",
        views / 10,
        &format!(
            "{}, {}, 'someone@example.com', {}, {}, '90-1', {}, 'VR-1', 'production', 'download', 1000, {}",
            c("k", "i"),
            c("u", &format!("i % {USERS}")),
            c("c", &format!("i % {USERS} % {COMPANIES}")),
            c("d", &format!("i * 17 % {DESIGNS}")),
            c("w", &format!("i * 17 % {DESIGNS}")),
            at(backend, "i * 13")
        ),
    );
    fill(
        conn,
        backend,
        "favorite_adds (id, user_guid, customer_guid, design_guid, colorway_guid, added_at)",
        views / 20,
        &format!(
            "{}, {}, {}, {}, {}, {}",
            c("f", "i"),
            c("u", &format!("i % {USERS}")),
            c("c", &format!("i % {USERS} % {COMPANIES}")),
            c("d", &format!("i * 37 % {DESIGNS}")),
            c("w", &format!("i * 37 % {DESIGNS}")),
            at(backend, "i * 17")
        ),
    );
    fill(
        conn,
        backend,
        "design_orders (id, design_guid, customer_guid, amount, order_type, ordered_at)",
        views / 200,
        &format!(
            "{}, {}, {}, 100.0, 'sample', {}",
            c("o", "i"),
            c("d", &format!("i * 41 % {DESIGNS}")),
            c("c", &format!("i % {COMPANIES}")),
            at(backend, "i * 19")
        ),
    );
}

fn percentile(sorted: &[Duration], q: f64) -> f64 {
    common::percentile(sorted, q)
}

fn time(mut run: impl FnMut()) -> (f64, f64) {
    run();
    let mut took: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .collect();
    took.sort();
    (percentile(&took, 0.5), percentile(&took, 0.99))
}

fn bench(db: &Database, views: u64) {
    let mut conn = db.connect();
    db::run_migrations(&mut conn).unwrap();
    let started = Instant::now();
    generate(&mut conn, db.backend, views);
    let counted = Instant::now();
    // The records went in by bulk SQL, around the writer: count them as it would have.
    usage::rebuild(&mut conn).unwrap();
    if db.backend == Backend::Postgres {
        conn.batch_execute("ANALYZE").unwrap();
    }
    let counting = counted.elapsed().as_secs_f64();
    println!(
        "{:?}: {views} views, {} sign-ins, {} CAD downloads generated in {:.0} s, counted \
         (usage::rebuild) in {counting:.0} s (load {})",
        db.backend,
        views / 10,
        views / 10,
        started.elapsed().as_secs_f64() - counting,
        common::load()
    );
    let today = NaiveDate::from_ymd_opt(TODAY.0, TODAY.1, TODAY.2).unwrap();
    let (from, until) = EntryFilter::span(Some(10), None, None, today).unwrap();
    let filtered = EntryFilter {
        company: Some("c7".into()),
        from,
        until,
        ..EntryFilter::default()
    };
    let studio_month = EntryFilter {
        from,
        until,
        ..EntryFilter::default()
    };
    let page = PageRequest::new(0, 25);
    println!(
        "{:<22} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}  target p99 {TARGET_P99_MS} ms",
        "statistic", "p50 all", "p99 all", "p50 30d", "p99 30d", "p50 co", "p99 co"
    );
    let mut worst: f64 = 0.0;
    let mut row =
        |name: &str, conn: &mut DbConnection, read: &dyn Fn(&mut DbConnection, &EntryFilter)| {
            let all = time(|| read(conn, &EntryFilter::default()));
            let month = time(|| read(conn, &studio_month));
            let some = time(|| read(conn, &filtered));
            worst = worst.max(all.1).max(month.1).max(some.1);
            println!(
                "{name:<22} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.1}",
                all.0, all.1, month.0, month.1, some.0, some.1
            );
        };
    row("cad-entries", &mut conn, &|c, f| {
        entries::cad_entries(c, f, Some(page)).unwrap();
    });
    row("login-entries", &mut conn, &|c, f| {
        entries::login_entries(c, f, Some(page)).unwrap();
    });
    row("colorway-entries", &mut conn, &|c, f| {
        entries::colorway_entries(c, f, Some(page)).unwrap();
    });
    row("label-entries", &mut conn, &|c, f| {
        entries::label_entries(c, f, Some(page)).unwrap();
    });
    for kind in [
        ChartKind::Cad,
        ChartKind::Login,
        ChartKind::Colorway,
        ChartKind::Label,
    ] {
        row(&format!("chart {kind:?}"), &mut conn, &|c, f| {
            chart::chart(c, kind, f, today).unwrap();
        });
    }
    row("funnel by design", &mut conn, &|c, f| {
        funnel::funnel(c, FunnelBy::Design, f, page).unwrap();
    });
    row("funnel by company", &mut conn, &|c, f| {
        funnel::funnel(c, FunnelBy::Company, f, page).unwrap();
    });
    row("unviewed designs", &mut conn, &|c, f| {
        funnel::unviewed(c, f, page).unwrap();
    });
    println!(
        "{:?}: worst p99 {worst:.0} ms: {}",
        db.backend,
        if worst <= TARGET_P99_MS {
            "PASS"
        } else {
            "FAIL"
        }
    );
}

fn main() {
    let views = events();
    bench(&Database::sqlite("statistics"), views);
    match Database::postgres("statistics") {
        Some(db) => bench(&db, views),
        None => println!("PostgreSQL: no server answers, skipped"),
    }
}
