//! `just bench`: a download-all of 40 colorways of 12,000 x 12,000 px designs through the real
//! `desen` binary (release build, SQLite): the zip built by the background worker, timed from the
//! request to "ready", and the finished zip fetched over HTTP, each as a throughput next to `cat`
//! of the same files to /dev/null in the same run (the files are in the page cache for both). The
//! server's peak memory while building and serving is read from `/proc` (target <= 64 MiB).
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use common::{Client, TempDir};
use diesel::connection::SimpleConnection;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::Instant;

const ADDRESS: &str = "127.0.0.1:18184";
const EMAIL: &str = "buyer@example.com";
const PASSWORD: &str = "Bench-pass1";
const SIDE: u32 = 12_000;
/// Distinct design files; the 40 colorways take them in turn.
const FILES: usize = 4;
const COLORWAYS: usize = 40;
const PEAK_TARGET_MIB: f64 = 64.0;
const DESIGN: &str = "00000000-0000-4000-a000-000000000001";

/// The archive: one digital design with 40 colorways over the files; the buyer's company code.
fn write_archive(url: &str, keys: &[String]) {
    let mut conn = db::connect(url).unwrap();
    let mut sql = String::from(
        "BEGIN; INSERT INTO archives (id, code, name_tr, name_en, name_ru, next_number, created_at) \
         VALUES (90, '90', 'Bench', 'Bench', 'Bench', 1, '2026-01-01 00:00:00');\
         INSERT INTO customers (guid, name, name_sef, address, code, visible, created_at) VALUES \
         ('bench-customer', 'Bench', 'bench', '', 'BENCH', TRUE, '2026-01-01 00:00:00');",
    );
    sql.push_str(&format!(
        "UPDATE users SET customer_guid = 'bench-customer' WHERE email = '{EMAIL}';\
         INSERT INTO designs (guid, number, archive_id, design_type, screen_status, channel_count, \
         layer_count, is_confined, studio, notes, original_name, owned_extra, width_px, height_px, \
         dpi, color_mode, bit_depth, repeat_direction, repeat_offset, closed_countries, uploaded_at, \
         edited_at) VALUES ('{DESIGN}', '90-0001', 90, 'digital', 'none', 0, 1, FALSE, '', '', '', \
         FALSE, {SIDE}, {SIDE}, 150.0, 'rgb', 8, 'none', 'none', '', '2026-01-01 00:00:00', \
         '2026-01-01 00:00:00');"
    ));
    for c in 0..COLORWAYS {
        sql.push_str(&format!(
            "INSERT INTO colorways (guid, design_guid, name, position, inks, source_key, source_name, \
             renditions_key, preview_width, preview_height, tile_levels, thumbnails, created_at) VALUES \
             ('00000000-0000-4000-b000-{c:012}', '{DESIGN}', 'VR-{}', {c}, '[]', '{}', '', \
             'renditions/{c}', 100, 100, 0, '{{}}', '2026-01-01 00:00:00');",
            c + 1,
            keys[c % FILES],
        ));
    }
    sql.push_str("COMMIT;");
    conn.batch_execute(&sql).unwrap();
}

/// Fetches a file over its own connection and throws the bytes away; answers how many.
fn fetch(path: &str, token: &str) -> u64 {
    let mut stream = TcpStream::connect(ADDRESS).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: bench\r\nAccess-Token: {token}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::with_capacity(1 << 20, stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.contains(" 200 "), "{line}");
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
    }
    std::io::copy(&mut reader, &mut std::io::sink()).unwrap()
}

fn mib_per_s(bytes: u64, seconds: f64) -> f64 {
    bytes as f64 / seconds / 1048576.0
}

fn main() {
    let dir = TempDir::new("bench-cad");
    let url = format!("sqlite://{}/cad.db", dir.0.display());
    let configure = |command: &mut std::process::Command| {
        command
            .env("DESEN_CAD__COMPANY_CODES", "BENCH")
            .env("DESEN_CAD__DOWNLOAD_ALL", "true");
    };
    let mut create = common::desen(&dir.0, &url, ADDRESS);
    configure(&mut create);
    let status = create
        .args(["create-user", "--email", EMAIL, "--password", PASSWORD])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());

    let started = Instant::now();
    let originals = dir.0.join("objects/originals/bench");
    std::fs::create_dir_all(&originals).unwrap();
    let keys: Vec<String> = (0..FILES)
        .map(|i| {
            common::write_rgb_design(&originals.join(format!("{i}.tif")), SIDE, i as u32 * 7);
            format!("originals/bench/{i}.tif")
        })
        .collect();
    let paths: Vec<_> = (0..COLORWAYS)
        .map(|c| originals.join(format!("{}.tif", c % FILES)))
        .collect();
    let total: u64 = paths
        .iter()
        .map(|p| std::fs::metadata(p).unwrap().len())
        .sum();
    write_archive(&url, &keys);
    println!(
        "download-all through HTTP, release build, SQLite: {COLORWAYS} colorways of {SIDE} x {SIDE} px \
         designs ({FILES} files, {:.0} MiB in all), written in {:.1} s",
        total as f64 / 1048576.0,
        started.elapsed().as_secs_f64()
    );

    // The reference: cat of the same 40 files, warm in the page cache.
    let started = Instant::now();
    let cat = std::process::Command::new("cat")
        .args(&paths)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(cat.success());
    let cat_seconds = started.elapsed().as_secs_f64();

    let mut command = common::desen(&dir.0, &url, ADDRESS);
    configure(&mut command);
    let server = common::serve(command, ADDRESS);
    let mut client = Client::new(ADDRESS);
    let token = client.sign_in(EMAIL, PASSWORD);
    let idle = server.peak_rss_mib();
    server.reset_peak();

    let started = Instant::now();
    let (status, answer) = client.call(
        "POST",
        "/service/cad/download-all",
        Some(&token),
        &format!("cadId=&wearGuid=&designGuid={DESIGN}"),
    );
    assert_eq!(status, 202, "{answer}");
    let id = answer
        .split("\"id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_owned();
    loop {
        let (status, answer) = client.call(
            "GET",
            &format!("/service/cad/downloads/{id}"),
            Some(&token),
            "",
        );
        assert_eq!(status, 200, "{answer}");
        if answer.contains("\"state\":\"ready\"") {
            break;
        }
        assert!(!answer.contains("\"state\":\"failed\""), "{answer}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let build_seconds = started.elapsed().as_secs_f64();
    let build_peak = server.peak_rss_mib();

    server.reset_peak();
    let started = Instant::now();
    let zip_bytes = fetch(&format!("/service/cad/downloads/{id}/file"), &token);
    let fetch_seconds = started.elapsed().as_secs_f64();
    let fetch_peak = server.peak_rss_mib();
    assert!(zip_bytes >= total, "the zip holds every file");

    println!(
        "{:<44} {:>9} {:>10} {:>10}",
        "step", "seconds", "MiB/s", "peak MiB"
    );
    println!(
        "{:<44} {:>9.2} {:>10.0} {:>10}",
        "reference: cat of the 40 files > /dev/null",
        cat_seconds,
        mib_per_s(total, cat_seconds),
        "-"
    );
    let verdict = |peak: f64| {
        if peak <= PEAK_TARGET_MIB {
            "PASS"
        } else {
            "OVER"
        }
    };
    println!(
        "{:<44} {:>9.2} {:>10.0} {:>10.1}   {} (idle server {idle:.1} MiB)",
        "download-all: request to ready zip",
        build_seconds,
        mib_per_s(total, build_seconds),
        build_peak,
        verdict(build_peak)
    );
    println!(
        "{:<44} {:>9.2} {:>10.0} {:>10.1}   {}",
        "GET the finished zip",
        fetch_seconds,
        mib_per_s(zip_bytes, fetch_seconds),
        fetch_peak,
        verdict(fetch_peak)
    );
    drop(server);
}
