//! `just bench`: favorite list reads and writes through HTTP against the real `desen` binary
//! (release build, SQLite), for one customer with 200 lists of 500 colorways each (100,000
//! entries over 2,000 designs), written straight into the tables. Each route is timed one
//! request at a time (p50, p99) next to the health route (HTTP + one database round trip),
//! measured in the same run.
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use common::{Client, TempDir};
use diesel::connection::SimpleConnection;
use std::process::Stdio;
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18183";
const EMAIL: &str = "collector@example.com";
const PASSWORD: &str = "Bench-pass1";
const LISTS: usize = 200;
const ENTRIES_PER_LIST: usize = 500;
const DESIGNS: usize = 2_000;
/// Designs no list holds: the add-and-remove pair uses them.
const SPARE: usize = 7;
/// The p99 a screen's read must keep to feel immediate.
const P99_TARGET_MS: f64 = 50.0;

/// A design's id (a UUID, as the routes expect), and its colorway's.
fn design_id(d: usize) -> String {
    format!("00000000-0000-4000-a000-{d:012}")
}

fn colorway_id(d: usize) -> String {
    format!("00000000-0000-4000-b000-{d:012}")
}

/// 2,007 open designs of one colorway each, and the user's lists, each holding 500 of the first 2,000.
fn write_archive(url: &str) -> Vec<String> {
    let mut conn = db::connect(url).unwrap();
    let user: String = accounts::repo::user_by_email(&mut conn, EMAIL)
        .unwrap()
        .unwrap()
        .guid;
    let mut sql = String::from(
        "BEGIN; INSERT INTO archives (id, code, name_tr, name_en, name_ru, next_number, created_at) \
         VALUES (90, '90', 'Bench', 'Bench', 'Bench', 1, '2026-01-01 00:00:00');",
    );
    for d in 0..DESIGNS + SPARE {
        sql.push_str(&format!(
            "INSERT INTO designs (guid, number, archive_id, design_type, screen_status, channel_count, \
             layer_count, is_confined, studio, notes, original_name, owned_extra, width_px, height_px, \
             dpi, color_mode, bit_depth, repeat_direction, repeat_offset, closed_countries, uploaded_at, \
             edited_at) VALUES ('{design}', '90-{d:04}', 90, 'digital', 'none', 0, 1, FALSE, '', '', '', \
             FALSE, 1000, 1000, 100.0, 'rgb', 8, 'none', 'none', '', '2026-01-01 00:00:00', \
             '2026-01-01 00:00:00');\
             INSERT INTO colorways (guid, design_guid, name, position, inks, source_name, renditions_key, \
             preview_width, preview_height, tile_levels, thumbnails, created_at) VALUES ('{colorway}', \
             '{design}', 'VR-1', 0, '[]', '', 'renditions/{d}', 100, 100, 0, '{{}}', '2026-01-01 00:00:00');",
            design = design_id(d),
            colorway = colorway_id(d),
        ));
    }
    let mut lists = Vec::new();
    for l in 0..LISTS {
        // List ids are UUIDs, as the routes expect.
        let list = format!("00000000-0000-4000-8000-{l:012}");
        sql.push_str(&format!(
            "INSERT INTO favorite_lists (guid, user_guid, name, name_key, created_at) VALUES \
             ('{list}', '{user}', 'List {l}', 'list {l}', '2026-02-01 00:00:00');"
        ));
        for e in 0..ENTRIES_PER_LIST {
            let d = (l * 7 + e * 3) % DESIGNS;
            sql.push_str(&format!(
                "INSERT OR IGNORE INTO favorite_entries (list_guid, colorway_guid, design_guid, added_at) \
                 VALUES ('{list}', '{}', '{}', '2026-03-01 00:{:02}:{:02}');",
                colorway_id(d),
                design_id(d),
                e / 60 % 60,
                e % 60
            ));
        }
        lists.push(list);
    }
    sql.push_str("COMMIT;");
    conn.batch_execute(&sql).unwrap();
    lists
}

struct Figures {
    n: usize,
    p50: f64,
    p99: f64,
    bytes: usize,
}

/// `samples` calls after a few warm-up ones; every call must answer 200.
fn time(
    client: &mut Client,
    samples: usize,
    call: impl Fn(&mut Client, usize) -> (u16, String),
) -> Figures {
    for i in 0..3 {
        let (status, body) = call(client, i);
        assert_eq!(status, 200, "{body}");
    }
    let mut latencies: Vec<Duration> = Vec::with_capacity(samples);
    let mut bytes = 0;
    for i in 0..samples {
        let started = Instant::now();
        let (status, body) = call(client, i);
        latencies.push(started.elapsed());
        assert_eq!(status, 200, "{body}");
        bytes = body.len();
    }
    latencies.sort();
    let at = |q: f64| {
        latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)].as_secs_f64()
            * 1e3
    };
    Figures {
        n: samples,
        p50: at(0.5),
        p99: at(0.99),
        bytes,
    }
}

fn row(name: &str, f: &Figures) {
    let verdict = if f.p99 <= P99_TARGET_MS {
        "PASS"
    } else {
        "OVER"
    };
    println!(
        "{name:<44} {:>5} {:>9.2} {:>9.2} {:>11}   {verdict}",
        f.n, f.p50, f.p99, f.bytes
    );
}

fn main() {
    let dir = TempDir::new("bench-favorites");
    let url = format!("sqlite://{}/favorites.db", dir.0.display());
    let status = common::desen(&dir.0, &url, ADDRESS)
        .args(["create-user", "--email", EMAIL, "--password", PASSWORD])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let lists = write_archive(&url);
    println!(
        "favorite lists through HTTP, release build, SQLite: {LISTS} lists x {ENTRIES_PER_LIST} colorways \
         of {DESIGNS} designs for one customer, written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let _server = common::serve(common::desen(&dir.0, &url, ADDRESS), ADDRESS);
    let mut client = Client::new(ADDRESS);
    let (status, body) = client.call(
        "POST",
        "/service/account/login_collection",
        None,
        &format!(
            "mailAddress={}&password={PASSWORD}",
            EMAIL.replace('@', "%40")
        ),
    );
    assert_eq!(status, 200, "{body}");
    let token = body
        .split("\"accessToken\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_owned();
    let token = Some(token.as_str());

    println!(
        "{:<44} {:>5} {:>9} {:>9} {:>11}   p99<={P99_TARGET_MS}",
        "route", "n", "p50 ms", "p99 ms", "bytes"
    );
    row(
        "reference: GET /health",
        &time(&mut client, 200, |c, _| {
            c.call("GET", "/service/health", None, "")
        }),
    );
    row(
        "GET /favorites/lists",
        &time(&mut client, 200, |c, _| {
            c.call("GET", "/service/favorites/lists", token, "")
        }),
    );
    row(
        "GET /favorites/lists?thumbnails=4 (mosaics)",
        &time(&mut client, 200, |c, _| {
            c.call("GET", "/service/favorites/lists?thumbnails=4", token, "")
        }),
    );
    row(
        "GET /favorites/colorways (a page: 50 hearts)",
        &time(&mut client, 200, |c, i| {
            let ids: Vec<String> = (0..50)
                .map(|k| colorway_id((i * 50 + k) % DESIGNS))
                .collect();
            c.call(
                "GET",
                &format!("/service/favorites/colorways?ids={}", ids.join(",")),
                token,
                "",
            )
        }),
    );
    row(
        "GET /favorites/entries/{id}",
        &time(&mut client, 200, |c, i| {
            c.call(
                "GET",
                &format!("/service/favorites/entries/{}", lists[i % LISTS]),
                token,
                "",
            )
        }),
    );
    row(
        "GET /search/favorites/{id}/0/50 (cards)",
        &time(&mut client, 200, |c, i| {
            c.call(
                "GET",
                &format!("/service/search/favorites/{}/0/50", lists[i % LISTS]),
                token,
                "",
            )
        }),
    );
    row(
        "PUT /favorites/add + POST /favorites/remove",
        &time(&mut client, 100, |c, i| {
            // A design no list holds: the pair leaves the lists as they were.
            let d = DESIGNS + i % SPARE;
            let form = format!(
                "listid={}&designGuid={}&colorwayGuid={}",
                lists[i % LISTS],
                design_id(d),
                colorway_id(d)
            );
            let added = c.call("PUT", "/service/favorites/add", token, &form);
            if added.0 != 200 {
                return added;
            }
            c.call("POST", "/service/favorites/remove", token, &form)
        }),
    );
    // The spec's route; the web app no longer reads it.
    row(
        "GET /favorites/lists-entries (all 100,000)",
        &time(&mut client, 20, |c, _| {
            c.call("GET", "/service/favorites/lists-entries", token, "")
        }),
    );
}
