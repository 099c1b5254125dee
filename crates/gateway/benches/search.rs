//! `just bench`: the archive search (`POST /service/search/design/basic/{page}/{pageSize}`)
//! through HTTP against the real `desen` binary (release build), on SQLite and on PostgreSQL.
//!
//! Each backend gets a fresh database holding a generated archive of 200,000 designs, about
//! 1,000,000 colorways and 5,000,000 palette colours, with labels, customers, confined designs,
//! orders, pins and 20 pools, written straight into the tables in bulk. Then each typical search
//! is timed one request at a time (p50, p99) and by four keep-alive clients at once (searches per
//! second), next to the targets; the query plans of the main searches follow.
//!
//! The first request of each search meets a server that has remembered nothing about it (the
//! search cache keeps totals, page starts and colour rankings per catalog revision): its time is
//! the "first ms" column. The timed requests after it show what repeating or scrolling on costs.
//!
//! The data is generated from a fixed seed, so both backends hold the same archive. Nothing is kept
//! between runs: the SQLite file lives in a temporary folder, the PostgreSQL database is dropped.
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use accounts::service::NewUser;
use catalog::swatch_index::SWATCHES;
use chrono::{Datelike, NaiveDateTime, Utc};
use common::{Client, TempDir};
use db::sql::Sql;
use db::{Backend, DbConnection};
use desen_core::{Language, UserGuid};
use diesel::connection::{Connection, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use pools::Scope;
use pools::criteria::PoolCriteria;
use pools::dto::PoolSave;
use rand::distributions::{Distribution, WeightedIndex};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search::SearchCache;
use search::paging::CountRow;
use search::{SearchFilters, SearchForm};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18182";
const PASSWORD: &str = "Bench-pass1";
const SEED: u64 = 20_261_121;

const DESIGNS: usize = 200_000;
/// Designs per generated chunk (one transaction each).
const CHUNK: usize = 2_000;
/// Rows per `INSERT` statement.
const ROWS_PER_INSERT: usize = 500;
const CUSTOMERS: usize = 300;
const POOLS: usize = 20;
const PINS: usize = 20;
/// Palette base colours the studio keeps using (Zipf popularity), before per-colour variation.
const BASE_COLORS: usize = 200;

/// The colour a common search asks for: navy, the most used base colour.
const COMMON_COLOR: [u8; 3] = [0x1F, 0x2A, 0x44];
/// A colour no base colour is near: neon green.
const RARE_COLOR: [u8; 3] = [0x39, 0xFF, 0x14];

const PAGE_SIZE: u32 = 25;
const DEEP_PAGE: u32 = 4_000;
const WARM_UP: usize = 20;
const SAMPLES: usize = 200;
/// A walk goes on for this many pages, then starts again.
const WALK_PAGES: usize = 2_000;
/// Time caps per search, so a slow search still ends: warm-up, timed samples, throughput.
const WARM_UP_CAP: Duration = Duration::from_secs(10);
const SAMPLES_CAP: Duration = Duration::from_secs(20);
const THROUGHPUT_TIME: Duration = Duration::from_secs(3);
const WORKERS: usize = 4;

// The targets.
const P50_TARGET_MS: f64 = 10.0;
const P99_TARGET_MS: f64 = 50.0;
const DEEP_RATIO_TARGET: f64 = 1.5;
const POOLED_RATE_TARGET: f64 = 500.0;

// ---------------------------------------------------------------------------------------------
// The database of one backend.

struct Database {
    url: String,
    backend: Backend,
    /// The SQLite file's folder, removed at the end.
    _dir: Option<TempDir>,
    /// The PostgreSQL server (admin URL) and the database name, dropped at the end.
    drop: Option<(String, String)>,
}

impl Database {
    fn sqlite() -> Database {
        let dir = TempDir::new("bench-search");
        Database {
            url: format!("sqlite://{}/search.db", dir.0.display()),
            backend: Backend::Sqlite,
            _dir: Some(dir),
            drop: None,
        }
    }

    /// `None` when no PostgreSQL server answers.
    fn postgres() -> Option<Database> {
        let admin = std::env::var("DESEN_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let name = format!("desen_bench_search_{}", std::process::id());
        let mut conn = db::connect(&admin).ok()?;
        conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .unwrap();
        conn.batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
        Some(Database {
            url: format!("{base}/{name}"),
            backend: Backend::Postgres,
            _dir: None,
            drop: Some((admin.clone(), name)),
        })
    }

    fn connect(&self) -> DbConnection {
        db::connect(&self.url).unwrap()
    }
}

/// `DESEN_BENCH_KEEP=1` keeps the generated database for a look afterwards (its URL is printed).
fn keep() -> bool {
    std::env::var("DESEN_BENCH_KEEP").is_ok_and(|v| v == "1")
}

impl Drop for Database {
    fn drop(&mut self) {
        if keep() {
            println!("kept {}", self.url);
            std::mem::forget(self._dir.take());
            return;
        }
        if let Some((admin, name)) = &self.drop
            && let Ok(mut conn) = db::connect(admin)
        {
            let _ = conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The generated archive.

/// What the searches and the pools need to know about the generated archive.
struct Archive {
    designs: Vec<String>,
    customers: Vec<String>,
    /// Label ids by popularity, most used first.
    labels: Vec<i32>,
    /// Archive ids by size, largest first.
    archives: Vec<i32>,
    colorways: usize,
    colors: usize,
}

/// `zipf(n, s)`: index k (0-based) drawn with weight 1 / (k + 1)^s.
fn zipf(n: usize, s: f64) -> WeightedIndex<f64> {
    WeightedIndex::new((1..=n).map(|k| 1.0 / (k as f64).powf(s))).unwrap()
}

/// The generator's "now" (an hour ago, whole seconds), the same for both backends.
fn now() -> NaiveDateTime {
    static NOW: std::sync::OnceLock<NaiveDateTime> = std::sync::OnceLock::new();
    *NOW.get_or_init(|| {
        let now = Utc::now().naive_utc() - chrono::Duration::hours(1);
        now - chrono::Duration::nanoseconds(i64::from(now.and_utc().timestamp_subsec_nanos()))
    })
}

fn uuid(rng: &mut StdRng) -> String {
    let mut bytes = [0u8; 16];
    rng.fill(&mut bytes);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

fn time(t: NaiveDateTime) -> String {
    t.format("'%Y-%m-%d %H:%M:%S'").to_string()
}

fn boolean(b: bool) -> &'static str {
    if b { "TRUE" } else { "FALSE" }
}

/// Multi-row `INSERT`s of `rows` into `head` (`INSERT INTO t (cols) VALUES `), appended to `sql`.
fn inserts(sql: &mut String, head: &str, rows: &mut Vec<String>) {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        sql.push_str(head);
        sql.push_str(&chunk.join(","));
        sql.push_str(";\n");
    }
    rows.clear();
}

const LABEL_GROUPS: [(&str, [&str; 7]); 8] = [
    (
        "Motif",
        [
            "Floral",
            "Paisley",
            "Geometric",
            "Animal",
            "Stripe",
            "Check",
            "Dot",
        ],
    ),
    (
        "Style",
        [
            "Ethnic", "Modern", "Vintage", "Tropical", "Abstract", "Classic", "Folk",
        ],
    ),
    (
        "Technique",
        [
            "Watercolour",
            "Batik",
            "Ikat",
            "Tie-dye",
            "Lineart",
            "Texture",
            "Photo",
        ],
    ),
    (
        "Season",
        [
            "Spring", "Summer", "Autumn", "Winter", "Resort", "Holiday", "Basic",
        ],
    ),
    (
        "Market",
        ["Women", "Men", "Kids", "Home", "Scarf", "Swim", "Sport"],
    ),
    (
        "Theme",
        [
            "Ocean", "Garden", "Jungle", "Desert", "City", "Space", "Fruit",
        ],
    ),
    (
        "Scale",
        [
            "Micro",
            "Small",
            "Medium",
            "Large",
            "Placement",
            "Border",
            "Allover",
        ],
    ),
    (
        "Ground",
        [
            "Light", "Dark", "Pastel", "Neon", "Neutral", "Bright", "Tonal",
        ],
    ),
];

/// Writes archives, customers and labels; answers (customers, labels by popularity, archives).
fn write_reference_data(conn: &mut DbConnection, rng: &mut StdRng, backend: Backend) -> Archive {
    let created = time(now() - chrono::Duration::days(3700));
    let mut sql = String::new();
    let mut rows = Vec::new();
    for (i, (code, name)) in [
        ("01", "Main Archive"),
        ("02", "Rotary Classics"),
        ("03", "Digital"),
        ("04", "Licensed"),
        ("05", "Studio Samples"),
    ]
    .iter()
    .enumerate()
    {
        rows.push(format!(
            "({}, '{code}', '{name}', '{name}', '{name}', 1, {created})",
            i + 1
        ));
    }
    inserts(
        &mut sql,
        "INSERT INTO archives (id, code, name_tr, name_en, name_ru, next_number, created_at) VALUES ",
        &mut rows,
    );
    let mut customers = Vec::new();
    for i in 0..CUSTOMERS {
        let guid = uuid(rng);
        rows.push(format!(
            "('{guid}', 'Customer {i:03} Tekstil', 'customer-{i:03}-tekstil', 'Istanbul', 'C{i:03}', TRUE, {created})"
        ));
        customers.push(guid);
    }
    inserts(
        &mut sql,
        "INSERT INTO customers (guid, name, name_sef, address, code, visible, created_at) VALUES ",
        &mut rows,
    );
    let mut labels = Vec::new();
    let mut id = 0;
    for (group, names) in LABEL_GROUPS {
        id += 1;
        let header = id;
        rows.push(format!(
            "({header}, NULL, TRUE, '{group}', '{group}', '{group}', {created})"
        ));
        for name in names {
            id += 1;
            rows.push(format!(
                "({id}, {header}, FALSE, '{name}', '{name}', '{name}', {created})"
            ));
            labels.push(id);
        }
    }
    inserts(
        &mut sql,
        "INSERT INTO labels (id, group_id, is_group_header, name_tr, name_en, name_ru, created_at) VALUES ",
        &mut rows,
    );
    if backend == Backend::Postgres {
        sql.push_str(
            "SELECT setval(pg_get_serial_sequence('archives', 'id'), 5);\n\
             SELECT setval(pg_get_serial_sequence('labels', 'id'), (SELECT MAX(id) FROM labels));\n",
        );
    }
    conn.transaction(|c| c.batch_execute(&sql)).unwrap();
    // Popularity is not the order of the groups.
    for i in (1..labels.len()).rev() {
        labels.swap(i, rng.gen_range(0..=i));
    }
    Archive {
        designs: Vec::with_capacity(DESIGNS),
        customers,
        labels,
        archives: vec![1, 2, 3, 4, 5],
        colorways: 0,
        colors: 0,
    }
}

/// The draws every design uses.
struct Draws {
    archive: WeightedIndex<f64>,
    customer: WeightedIndex<f64>,
    label: WeightedIndex<f64>,
    label_count: WeightedIndex<f64>,
    screens: WeightedIndex<f64>,
    status: WeightedIndex<f64>,
    base_color: WeightedIndex<f64>,
    fabric: WeightedIndex<f64>,
    bases: Vec<[u8; 3]>,
}

const FABRICS: [&str; 6] = ["cotton", "viscose", "polyester", "silk", "linen", "modal"];
const STATUSES: [&str; 4] = ["engraved", "not_engraved", "faded", "none"];
const STUDIOS: [&str; 6] = [
    "Istanbul", "Bursa", "Denizli", "Milano", "Paris", "In-house",
];

fn draws(rng: &mut StdRng) -> Draws {
    let mut bases = vec![
        COMMON_COLOR,
        [26, 26, 26],
        [242, 234, 216],
        [178, 34, 52],
        [250, 250, 248],
        [0, 80, 60],
        [110, 20, 40],
        [120, 170, 220],
    ];
    while bases.len() < BASE_COLORS {
        let c: [u8; 3] = [rng.r#gen(), rng.r#gen(), rng.r#gen()];
        // Keep the rare colour rare: no base colour near neon green.
        let lab = imaging::color::srgb_to_lab(c);
        let rare = imaging::color::srgb_to_lab(RARE_COLOR);
        let far = desen_core::color::ciede2000(
            [lab.l as f64, lab.a as f64, lab.b as f64],
            [rare.l as f64, rare.a as f64, rare.b as f64],
        ) > 25.0;
        if far {
            bases.push(c);
        }
    }
    Draws {
        archive: WeightedIndex::new([50.0, 20.0, 15.0, 10.0, 5.0]).unwrap(),
        customer: zipf(CUSTOMERS, 1.0),
        label: zipf(LABEL_GROUPS.len() * 7, 1.0),
        // 0..=4 labels; 10% unlabelled.
        label_count: WeightedIndex::new([10.0, 30.0, 30.0, 20.0, 10.0]).unwrap(),
        // 2..=12 screens for rotary designs.
        screens: WeightedIndex::new([3.0, 8.0, 12.0, 15.0, 16.0, 14.0, 11.0, 8.0, 6.0, 4.0, 3.0])
            .unwrap(),
        status: WeightedIndex::new([45.0, 25.0, 20.0, 10.0]).unwrap(),
        base_color: zipf(BASE_COLORS, 0.6),
        fabric: WeightedIndex::new([40.0, 25.0, 15.0, 10.0, 6.0, 4.0]).unwrap(),
        bases,
    }
}

/// Upload times over ten years up to now, more recent ones more frequent (density rising 1 → 3),
/// oldest first.
fn upload_times(rng: &mut StdRng, now: NaiveDateTime) -> Vec<NaiveDateTime> {
    let span = 3650 * 86_400_i64;
    let start = now - chrono::Duration::seconds(span);
    let mut times: Vec<NaiveDateTime> = (0..DESIGNS)
        .map(|_| {
            let u: f64 = rng.r#gen();
            let x = ((1.0 + 8.0 * u).sqrt() - 1.0) / 2.0;
            start + chrono::Duration::seconds((x * span as f64) as i64)
        })
        .collect();
    times.sort();
    times
}

/// A generated value: text (quoted in SQL), a literal (numbers, TRUE/FALSE), or NULL.
enum V {
    T(String),
    L(String),
    Null,
}

fn t(text: impl Into<String>) -> V {
    V::T(text.into())
}

fn l(literal: impl ToString) -> V {
    V::L(literal.to_string())
}

/// The rows of one table in a chunk, written as multi-row `INSERT`s (SQLite) or as `COPY` text
/// (PostgreSQL).
struct TableRows {
    table: &'static str,
    columns: &'static str,
    backend: Backend,
    rows: usize,
    text: String,
}

impl TableRows {
    fn new(table: &'static str, columns: &'static str, backend: Backend) -> TableRows {
        TableRows {
            table,
            columns,
            backend,
            rows: 0,
            text: String::with_capacity(1 << 20),
        }
    }

    fn push(&mut self, row: &[V]) {
        match self.backend {
            Backend::Sqlite => {
                if self.rows.is_multiple_of(ROWS_PER_INSERT) {
                    if self.rows > 0 {
                        self.text.push_str(";\n");
                    }
                    write!(
                        self.text,
                        "INSERT INTO {} ({}) VALUES (",
                        self.table, self.columns
                    )
                    .unwrap();
                } else {
                    self.text.push_str(",(");
                }
                for (i, value) in row.iter().enumerate() {
                    if i > 0 {
                        self.text.push_str(", ");
                    }
                    match value {
                        V::T(text) => write!(self.text, "'{}'", text.replace('\'', "''")).unwrap(),
                        V::L(literal) => self.text.push_str(literal),
                        V::Null => self.text.push_str("NULL"),
                    }
                }
                self.text.push(')');
            }
            Backend::Postgres => {
                for (i, value) in row.iter().enumerate() {
                    if i > 0 {
                        self.text.push('\t');
                    }
                    match value {
                        V::T(text) | V::L(text) => self.text.push_str(text),
                        V::Null => self.text.push_str("\\N"),
                    }
                }
                self.text.push('\n');
            }
        }
        self.rows += 1;
    }

    fn finish(mut self) -> (&'static str, String) {
        if self.backend == Backend::Sqlite && self.rows > 0 {
            self.text.push_str(";\n");
        }
        (self.table, self.text)
    }
}

/// One chunk of designs with everything that hangs off them: (table, rows) in insertion order.
type Chunk = Vec<(&'static str, String)>;

/// Writes a chunk in one transaction: `INSERT`s on SQLite, `COPY` on PostgreSQL.
fn write_chunk(conn: &mut DbConnection, chunk: &Chunk) {
    match conn {
        DbConnection::Sqlite(c) => c
            .transaction(|c| {
                for (_, sql) in chunk {
                    c.batch_execute(sql)?;
                }
                diesel::QueryResult::Ok(())
            })
            .unwrap(),
        DbConnection::Postgresql(c) => c
            .transaction(|c| {
                for (table, data) in chunk {
                    macro_rules! copy {
                        ($table:path) => {
                            diesel::copy_from($table)
                                .from_raw_data($table, |out| {
                                    out.write_all(data.as_bytes()).unwrap();
                                    diesel::QueryResult::Ok(())
                                })
                                .execute(c)?
                        };
                    }
                    use db::schema::*;
                    match *table {
                        "designs" => copy!(designs::table),
                        "design_parameters" => copy!(design_parameters::table),
                        "design_labels" => copy!(design_labels::table),
                        "colorways" => copy!(colorways::table),
                        "colorway_colors" => copy!(colorway_colors::table),
                        "design_orders" => copy!(design_orders::table),
                        other => panic!("no COPY for {other}"),
                    };
                }
                diesel::QueryResult::Ok(())
            })
            .unwrap(),
    }
}

/// Generates one chunk of designs with everything that hangs off them.
#[expect(clippy::too_many_arguments, reason = "the generator's state")]
fn chunk(
    rng: &mut StdRng,
    draws: &Draws,
    archive: &Archive,
    times: &[NaiveDateTime],
    first: usize,
    numbers: &mut [u32; 5],
    now: NaiveDateTime,
    backend: Backend,
    out: &mut Vec<String>,
    counts: &mut (usize, usize),
) -> Chunk {
    // Columns in the schema's order (COPY writes every column).
    let mut designs = TableRows::new(
        "designs",
        "guid, number, archive_id, design_type, screen_status, channel_count, layer_count, is_confined, customer_guid, studio, notes, original_name, owned_extra, width_px, height_px, dpi, color_mode, bit_depth, repeat_direction, repeat_offset, repeat_offset_custom, closed_countries, uploaded_at, edited_at",
        backend,
    );
    let mut parameters = TableRows::new(
        "design_parameters",
        "design_guid, dp0, dp1, dp2, dp3, dp4, dp5, dp6, dp7, dp8, dp9",
        backend,
    );
    let mut labels = TableRows::new("design_labels", "design_guid, label_id", backend);
    let mut colorways = TableRows::new(
        "colorways",
        "guid, design_guid, name, position, inks, source_key, source_name, source_hash, renditions_key, preview_width, preview_height, tile_levels, thumbnails, created_at",
        backend,
    );
    let mut colors = TableRows::new(
        "colorway_colors",
        "colorway_guid, position, l, a, b, rgb, share, design_guid, bin",
        backend,
    );
    let mut orders = TableRows::new(
        "design_orders",
        "id, design_guid, customer_guid, amount, order_type, ordered_at",
        backend,
    );
    let stamp = |t: NaiveDateTime| V::T(t.format("%Y-%m-%d %H:%M:%S").to_string());
    for (offset, uploaded) in times.iter().enumerate() {
        let guid = uuid(rng);
        let archive_index = draws.archive.sample(rng);
        numbers[archive_index] += 1;
        let number = format!("{:02}-{:05}", archive_index + 1, numbers[archive_index]);
        let rotary = rng.gen_bool(0.7);
        let (kind, channels, status) = if rotary {
            (
                "rotary",
                draws.screens.sample(rng) as i32 + 2,
                STATUSES[draws.status.sample(rng)],
            )
        } else {
            ("digital", 0, "none")
        };
        let customer = rng
            .gen_bool(0.55)
            .then(|| &archive.customers[draws.customer.sample(rng)]);
        // 15% of all designs are confined, each to the customer it was made for.
        let confined = customer.is_some() && rng.gen_bool(0.15 / 0.55);
        let edited = if rng.gen_bool(0.3) {
            let room = (now - *uploaded).num_seconds().max(1);
            *uploaded + chrono::Duration::seconds(rng.gen_range(0..room))
        } else {
            *uploaded
        };
        let notes = if rng.gen_bool(0.1) {
            format!("reorder {}", rng.gen_range(1..1000))
        } else {
            String::new()
        };
        let closed = if rng.gen_bool(0.05) { "RU,IR" } else { "" };
        designs.push(&[
            t(&guid),
            t(&number),
            l(archive.archives[archive_index]),
            t(kind),
            t(status),
            l(channels),
            l(if rotary { channels } else { 1 }),
            l(boolean(confined)),
            customer.map_or(V::Null, t),
            t(STUDIOS[rng.gen_range(0..STUDIOS.len())]),
            t(notes),
            t(format!("DSN_{}.tif", first + offset)),
            l(boolean(rng.gen_bool(0.03))),
            l(rng.gen_range(4000..12000)),
            l(rng.gen_range(4000..12000)),
            l([150, 300, 600][rng.gen_range(0..3)]),
            t(if rotary { "multichannel" } else { "rgb" }),
            l(if rng.gen_bool(0.8) { 8 } else { 16 }),
            t(["none", "horizontal", "vertical"][rng.gen_range(0..3)]),
            t(["none", "1/2", "1/3", "1/4"][rng.gen_range(0..4)]),
            V::Null,
            t(closed),
            stamp(*uploaded),
            stamp(edited),
        ]);
        if rng.gen_bool(0.8) {
            let season = if uploaded.month() < 7 { "SS" } else { "FW" };
            let mut row = vec![
                t(&guid),
                t(FABRICS[draws.fabric.sample(rng)]),
                t(format!("{season}{:02}", uploaded.year() % 100)),
            ];
            row.extend((2..10).map(|_| t("")));
            parameters.push(&row);
        }
        let wanted = draws.label_count.sample(rng);
        let mut chosen: Vec<i32> = Vec::new();
        while chosen.len() < wanted {
            let label = archive.labels[draws.label.sample(rng)];
            if !chosen.contains(&label) {
                chosen.push(label);
                labels.push(&[t(&guid), l(label)]);
            }
        }
        // 1..=9 colorways, 5 on average; 3..=7 palette colours each, 5 on average.
        let colorway_count = 1 + (0..8).filter(|_| rng.gen_bool(0.5)).count();
        for position in 0..colorway_count {
            let colorway = uuid(rng);
            let palette_size = 3 + (0..4).filter(|_| rng.gen_bool(0.5)).count();
            let mut weights: Vec<f64> = (0..palette_size)
                .map(|_| rng.gen_range(0.05f64..1.0).powi(2))
                .collect();
            let sum: f64 = weights.iter().sum();
            weights.sort_by(|a, b| b.total_cmp(a));
            let mut inks = Vec::new();
            for (i, weight) in weights.iter().enumerate() {
                // Mostly the studio's colours with a little variation, rarely anything at all.
                let rgb: [u8; 3] = if rng.gen_bool(0.97) {
                    let base = draws.bases[draws.base_color.sample(rng)];
                    base.map(|v| {
                        (i32::from(v) + rng.gen_range(-6..=6) + rng.gen_range(-6..=6)).clamp(0, 255)
                            as u8
                    })
                } else {
                    [rng.r#gen(), rng.r#gen(), rng.r#gen()]
                };
                let lab = imaging::color::srgb_to_lab(rgb);
                let round = |v: f32| (f64::from(v) * 1e4).round() / 1e4;
                let (cl, ca, cb) = (round(lab.l), round(lab.a), round(lab.b));
                let hex = format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
                colors.push(&[
                    t(&colorway),
                    l(i),
                    l(cl),
                    l(ca),
                    l(cb),
                    t(&hex),
                    l(format!("{:.4}", weight / sum)),
                    t(&guid),
                    l(desen_core::color::lab_bin([cl, ca, cb])),
                ]);
                inks.push(format!("\"{hex}\""));
                counts.1 += 1;
            }
            let inks = if rotary {
                format!("[{}]", inks.join(","))
            } else {
                "[]".into()
            };
            colorways.push(&[
                t(&colorway),
                t(&guid),
                t(format!("C{}", position + 1)),
                l(position),
                t(inks),
                V::Null,
                t(format!("DSN_{}_C{}.tif", first + offset, position + 1)),
                V::Null,
                t(format!("renditions/{}", colorway.replace('-', ""))),
                l(2048),
                l(2048),
                l(5),
                t("{\"d/v\":[384,512],\"d/h\":[512,384]}"),
                stamp(*uploaded),
            ]);
            counts.0 += 1;
        }
        if rng.gen_bool(0.2) {
            for _ in 0..rng.gen_range(1..=3) {
                let buyer =
                    customer.unwrap_or_else(|| &archive.customers[draws.customer.sample(rng)]);
                let room = (now - *uploaded).num_seconds().max(1);
                let at = *uploaded + chrono::Duration::seconds(rng.gen_range(0..room));
                orders.push(&[
                    t(uuid(rng)),
                    t(&guid),
                    t(buyer),
                    l(rng.gen_range(100..5000)),
                    t(if rng.gen_bool(0.3) {
                        "sample"
                    } else {
                        "production"
                    }),
                    stamp(at),
                ]);
            }
        }
        out.push(guid);
    }
    vec![
        designs.finish(),
        parameters.finish(),
        labels.finish(),
        colorways.finish(),
        colors.finish(),
        orders.finish(),
    ]
}

/// Generates the archive into the (migrated, empty) database: rows are generated on one thread
/// while the previous chunk is written on this one.
fn generate(conn: &mut DbConnection, backend: Backend) -> Archive {
    let mut rng = StdRng::seed_from_u64(SEED);
    // The data is consistent by construction: no foreign key checks while loading (restored
    // below), and the secondary indexes of the bulk tables are built once at the end.
    match backend {
        Backend::Sqlite => conn
            .batch_execute(
                "PRAGMA cache_size = -524288; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;",
            )
            .unwrap(),
        Backend::Postgres => conn
            .batch_execute(
                "SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; \
                 SET session_replication_role = replica;",
            )
            .unwrap(),
    }
    let indexes = secondary_indexes(conn, backend);
    let mut drop = String::new();
    for (name, _) in &indexes {
        writeln!(drop, "DROP INDEX {name};").unwrap();
    }
    conn.batch_execute(&drop).unwrap();
    let mut archive = write_reference_data(conn, &mut rng, backend);
    let draws = draws(&mut rng);
    let now = now();
    let times = upload_times(&mut rng, now);
    let (sender, receiver) = std::sync::mpsc::sync_channel::<Chunk>(2);
    let generated = std::thread::scope(|scope| {
        let archive = &archive;
        let producer = scope.spawn(move || {
            let mut numbers = [0u32; 5];
            let mut designs = Vec::with_capacity(DESIGNS);
            let mut counts = (0, 0);
            for first in (0..DESIGNS).step_by(CHUNK) {
                let end = (first + CHUNK).min(DESIGNS);
                let rows = chunk(
                    &mut rng,
                    &draws,
                    archive,
                    &times[first..end],
                    first,
                    &mut numbers,
                    now,
                    backend,
                    &mut designs,
                    &mut counts,
                );
                sender.send(rows).unwrap();
            }
            (designs, counts, numbers, rng)
        });
        let (mut writing, mut waiting) = (Duration::ZERO, Duration::ZERO);
        let mut at = Instant::now();
        for rows in receiver {
            waiting += at.elapsed();
            at = Instant::now();
            write_chunk(conn, &rows);
            writing += at.elapsed();
            at = Instant::now();
        }
        println!(
            "bulk load: {:.1} s writing, {:.1} s waiting for the generator",
            writing.as_secs_f64(),
            waiting.as_secs_f64()
        );
        producer.join().unwrap()
    });
    let (designs, (colorways, colors), numbers, mut rng) = generated;
    archive.designs = designs;
    archive.colorways = colorways;
    archive.colors = colors;
    let mut sql = String::new();
    for (i, next) in numbers.iter().enumerate() {
        writeln!(
            sql,
            "UPDATE archives SET next_number = {} WHERE id = {};",
            next + 1,
            i + 1
        )
        .unwrap();
    }
    let mut pinned = Vec::new();
    while pinned.len() < PINS {
        let design = &archive.designs[rng.gen_range(0..DESIGNS)];
        if !pinned.contains(design) {
            pinned.push(design.clone());
        }
    }
    let rows: Vec<String> = pinned
        .iter()
        .enumerate()
        .map(|(i, d)| format!("('{d}', {i})"))
        .collect();
    writeln!(
        sql,
        "INSERT INTO design_pins (design_guid, position) VALUES {};",
        rows.join(",")
    )
    .unwrap();
    conn.transaction(|c| c.batch_execute(&sql)).unwrap();
    let at = Instant::now();
    for (_, create) in &indexes {
        conn.batch_execute(create).unwrap();
    }
    println!(
        "{} secondary indexes built in {:.1} s",
        indexes.len(),
        at.elapsed().as_secs_f64()
    );
    match backend {
        Backend::Sqlite => conn.batch_execute("PRAGMA foreign_keys = ON;").unwrap(),
        Backend::Postgres => conn
            .batch_execute("SET session_replication_role = DEFAULT;")
            .unwrap(),
    }
    archive
}

#[derive(QueryableByName)]
struct IndexRow {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    definition: String,
}

/// The migrations' indexes on the bulk tables that are not keys (name, `CREATE INDEX`).
fn secondary_indexes(conn: &mut DbConnection, backend: Backend) -> Vec<(String, String)> {
    let tables = "('designs', 'design_parameters', 'design_labels', 'colorways', \
                  'colorway_colors', 'design_orders')";
    let query = match backend {
        Backend::Sqlite => format!(
            "SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' \
             AND sql IS NOT NULL AND tbl_name IN {tables} ORDER BY name"
        ),
        Backend::Postgres => format!(
            "SELECT indexname AS name, indexdef AS definition FROM pg_indexes \
             WHERE schemaname = current_schema() AND tablename IN {tables} \
             AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname"
        ),
    };
    diesel::sql_query(query)
        .load::<IndexRow>(conn)
        .unwrap()
        .into_iter()
        .map(|r| (r.name, r.definition))
        .collect()
}

/// 20 pools of 1-3 saved searches and a few explicit designs each, their members computed by the
/// pools service. The first is the bench's pooled user's: the 2nd to 5th most used labels (labelled
/// designs only), the second archive, and 30 explicit designs.
fn write_pools(conn: &mut DbConnection, archive: &Archive) -> Vec<(String, i64)> {
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    let mut pools = Vec::new();
    for p in 0..POOLS {
        let searches: Vec<PoolCriteria> = if p == 0 {
            vec![
                PoolCriteria {
                    allowed_labels: archive.labels[1..5].to_vec(),
                    allow_unlabeled_designs: false,
                    ..PoolCriteria::default()
                },
                PoolCriteria {
                    allowed_archive: Some(archive.archives[1]),
                    ..PoolCriteria::default()
                },
            ]
        } else {
            (0..rng.gen_range(1..=3))
                .map(|_| {
                    let labels =
                        |rng: &mut StdRng, n: std::ops::RangeInclusive<usize>| -> Vec<i32> {
                            let n = rng.gen_range(n);
                            (0..n)
                                .map(|_| archive.labels[rng.gen_range(0..archive.labels.len())])
                                .collect()
                        };
                    let customers =
                        |rng: &mut StdRng, n: std::ops::RangeInclusive<usize>| -> Vec<String> {
                            let n = rng.gen_range(n);
                            (0..n)
                                .map(|_| archive.customers[rng.gen_range(0..CUSTOMERS)].clone())
                                .collect()
                        };
                    let this_year = now().year();
                    match rng.gen_range(0..7) {
                        0 => PoolCriteria {
                            allowed_labels: labels(&mut rng, 2..=5),
                            allow_unlabeled_designs: rng.gen_bool(0.3),
                            ..PoolCriteria::default()
                        },
                        1 => PoolCriteria {
                            allowed_archive: Some(archive.archives[rng.gen_range(0..5)]),
                            forbidden_labels: labels(&mut rng, 2..=2),
                            ..PoolCriteria::default()
                        },
                        2 => PoolCriteria {
                            allowed_years: (0..rng.gen_range(1..=3))
                                .map(|i| this_year - i)
                                .collect(),
                            ..PoolCriteria::default()
                        },
                        3 => PoolCriteria {
                            allowed_customers: customers(&mut rng, 1..=4),
                            allow_confined_designs: true,
                            ..PoolCriteria::default()
                        },
                        4 => PoolCriteria {
                            allowed_screen_status: vec!["engraved".into()],
                            allowed_screen_counts: vec![4, 5, 6],
                            forbidden_customers: customers(&mut rng, 3..=3),
                            ..PoolCriteria::default()
                        },
                        5 => PoolCriteria {
                            dp0: FABRICS[rng.gen_range(0..FABRICS.len())].into(),
                            ..PoolCriteria::default()
                        },
                        _ => PoolCriteria {
                            design_number: format!("0{}-0", rng.gen_range(1..=5)),
                            ..PoolCriteria::default()
                        },
                    }
                })
                .collect()
        };
        let explicit = if p == 0 { 30 } else { rng.gen_range(0..=40) };
        let extra_guids = (0..explicit)
            .map(|_| archive.designs[rng.gen_range(0..DESIGNS)].clone())
            .collect();
        let answer = pools::service::save_pool(
            conn,
            &UserGuid::new(),
            PoolSave {
                uniqueid: None,
                name: format!("Pool {p:02}"),
                description: String::new(),
                dtos: searches,
                extra_guids,
                wear_guids: Vec::new(),
            },
        )
        .unwrap();
        pools.push((answer.uniqueid, answer.member_count));
    }
    pools
}

struct Users {
    staff: String,
    customer: String,
    pooled: String,
    /// The pooled user's pool.
    pool: String,
}

fn write_users(conn: &mut DbConnection, archive: &Archive, pool: &str) -> Users {
    let mut create = |email: &str, in_house: bool, customer: Option<&String>| {
        accounts::service::create_user(
            conn,
            NewUser {
                email: email.into(),
                name: email.into(),
                password: Some(PASSWORD.into()),
                is_admin: false,
                is_in_house: in_house,
                language: Language::En,
                customer_guid: customer.cloned(),
            },
        )
        .unwrap()
        .guid
    };
    create("staff@bench.test", true, None);
    create("customer@bench.test", false, Some(&archive.customers[0]));
    let pooled = create("pooled@bench.test", false, Some(&archive.customers[4]));
    let pooled_id: UserGuid = pooled.parse().unwrap();
    pools::service::assign(conn, &UserGuid::new(), &pooled_id, Some(pool)).unwrap();
    Users {
        staff: "staff@bench.test".into(),
        customer: "customer@bench.test".into(),
        pooled: "pooled@bench.test".into(),
        pool: pool.into(),
    }
}

// ---------------------------------------------------------------------------------------------
// Measuring.

#[derive(Clone, Copy, PartialEq)]
enum Who {
    Staff,
    Customer,
    Pooled,
}

struct Case {
    name: &'static str,
    who: Who,
    page: u32,
    /// Each request asks the next page (as scrolling on does) instead of the same one.
    walk: bool,
    body: String,
}

struct Figures {
    first: f64,
    samples: usize,
    p50: f64,
    p99: f64,
    per_second: f64,
    total: i64,
}

fn search_path(page: u32) -> String {
    format!("/service/search/design/basic/{page}/{PAGE_SIZE}")
}

fn total_count(answer: &str) -> i64 {
    answer
        .split("\"totalCount\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(-1)
}

fn percentile(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1e3
}

/// The page of the `n`th request of a case: the same page, or for a walk each next page.
fn page_of(case: &Case, n: usize) -> u32 {
    case.page
        + if case.walk {
            (n % WALK_PAGES) as u32
        } else {
            0
        }
}

fn measure(case: &Case, token: &str) -> Figures {
    let mut client = Client::new(ADDRESS);
    let mut sent = 0;
    let mut call = |client: &mut Client| {
        let path = search_path(page_of(case, sent));
        sent += 1;
        let (status, answer) = client.call("POST", &path, Some(token), &case.body);
        assert_eq!(status, 200, "{}: {answer}", case.name);
        answer
    };
    // The first request finds the catalog revision new to this search: nothing remembered.
    let at = Instant::now();
    let mut total = total_count(&call(&mut client));
    let first = at.elapsed().as_secs_f64() * 1e3;
    let started = Instant::now();
    for _ in 0..WARM_UP {
        total = total_count(&call(&mut client));
        if started.elapsed() > WARM_UP_CAP {
            break;
        }
    }
    let started = Instant::now();
    let mut latencies = Vec::with_capacity(SAMPLES);
    while latencies.len() < SAMPLES && (latencies.len() < 5 || started.elapsed() < SAMPLES_CAP) {
        let at = Instant::now();
        call(&mut client);
        latencies.push(at.elapsed());
    }
    latencies.sort();
    let end = Instant::now() + THROUGHPUT_TIME;
    let started = Instant::now();
    let done: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                scope.spawn(|| {
                    let mut client = Client::new(ADDRESS);
                    let mut n = 0;
                    while n == 0 || Instant::now() < end {
                        let path = search_path(page_of(case, n));
                        let (status, _) = client.call("POST", &path, Some(token), &case.body);
                        assert_eq!(status, 200);
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    Figures {
        first,
        samples: latencies.len(),
        p50: percentile(&latencies, 0.5),
        p99: percentile(&latencies, 0.99),
        per_second: done as f64 / started.elapsed().as_secs_f64(),
        total,
    }
}

/// The machine's 1-minute load average: other work on the cores skews every figure.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

fn mark(pass: bool) -> &'static str {
    if pass { "PASS" } else { "MISS" }
}

fn hex(rgb: [u8; 3]) -> String {
    format!("%23{:02X}{:02X}{:02X}", rgb[0], rgb[1], rgb[2])
}

/// A picker swatch's colour, as the form sends it.
fn swatch(name: &str) -> String {
    let swatch = SWATCHES.iter().find(|s| s.name == name).unwrap();
    swatch.hex.replace('#', "%23")
}

fn cases(archive: &Archive) -> Vec<Case> {
    let (first, second, third) = (archive.labels[0], archive.labels[1], archive.labels[2]);
    let case = |name, who, page, body: String| Case {
        name,
        who,
        page,
        walk: false,
        body,
    };
    vec![
        case("no filter (staff), page 0", Who::Staff, 0, String::new()),
        case("no filter, page 4000", Who::Staff, DEEP_PAGE, String::new()),
        Case {
            walk: true,
            ..case(
                "no filter, pages 4000 on",
                Who::Staff,
                DEEP_PAGE,
                String::new(),
            )
        },
        case("no filter (customer user)", Who::Customer, 0, String::new()),
        case(
            "2 labels, all",
            Who::Staff,
            0,
            format!("labels={first}%2C{second}&labelSearchMode=all"),
        ),
        case(
            "colour, common (navy)",
            Who::Staff,
            0,
            format!("color={}", hex(COMMON_COLOR)),
        ),
        case(
            "colour, rare (neon green)",
            Who::Staff,
            0,
            format!("color={}", hex(RARE_COLOR)),
        ),
        // The picker's swatches are answered from the swatch index.
        case(
            "swatch, black (common)",
            Who::Staff,
            0,
            format!("color={}", swatch("black")),
        ),
        case(
            "swatch, navy",
            Who::Staff,
            0,
            format!("color={}", swatch("navy")),
        ),
        case(
            "last 365 days + customer",
            Who::Staff,
            0,
            format!("dateRange=11&customer={}", archive.customers[0]),
        ),
        case("pooled user, no filter", Who::Pooled, 0, String::new()),
        case(
            "pooled user, 1 label",
            Who::Pooled,
            0,
            format!("labels={third}"),
        ),
    ]
}

// ---------------------------------------------------------------------------------------------
// Query plans.

#[derive(QueryableByName)]
struct SqlitePlanRow {
    #[diesel(sql_type = Integer)]
    id: i32,
    #[diesel(sql_type = Integer)]
    parent: i32,
    #[diesel(sql_type = Text)]
    detail: String,
}

#[derive(QueryableByName)]
struct PgPlanRow {
    #[diesel(sql_type = Text, column_name = "QUERY PLAN")]
    plan: String,
}

#[derive(QueryableByName)]
struct GuidRow {
    #[diesel(sql_type = Text)]
    guid: String,
}

#[derive(QueryableByName)]
struct UploadKeyRow {
    #[diesel(sql_type = Text)]
    guid: String,
    #[diesel(sql_type = diesel::sql_types::Timestamp)]
    uploaded_at: NaiveDateTime,
}

const LISTED: &str = "SELECT designs.guid AS guid, designs.number AS number, \
    designs.uploaded_at AS uploaded_at, designs.edited_at AS edited_at FROM designs";

/// The statements `search::find_page` runs for a search without colour (sorted by upload
/// date), rebuilt from its building blocks: the count, the pinned designs, the page after them
/// and, for a later page, the same page read on from where the page before it ended.
fn search_statements(
    conn: &mut DbConnection,
    scope: &Scope,
    filters: &SearchFilters,
    page: u32,
) -> Vec<(&'static str, Sql)> {
    let condition = Sql::and(&[scope.sql(), filters.sql()]);
    let unfiltered = filters.sql().text() == "1 = 1";
    let count = match scope {
        Scope::Everything if unfiltered => Sql::new("SELECT COUNT(*) AS n FROM designs"),
        Scope::Pool {
            pool,
            own_customer: None,
        } if unfiltered => {
            let mut sql = Sql::new("SELECT COUNT(*) AS n FROM pool_members WHERE pool_guid = ");
            sql.bind(pool);
            sql
        }
        _ => {
            let mut sql = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE ");
            sql.append(&condition);
            sql
        }
    };
    let total = count.clone().get_result::<CountRow>(conn).unwrap().n;
    let (limit, offset) = (i64::from(PAGE_SIZE), i64::from(page) * i64::from(PAGE_SIZE));
    let all = Sql::new("SELECT COUNT(*) AS n FROM designs")
        .get_result::<CountRow>(conn)
        .unwrap()
        .n;
    let probe = matches!(conn, DbConnection::Sqlite(_))
        && total > 0
        && (offset + limit) * all < total * total;
    let condition = if probe {
        Sql::and(&[scope.probe_sql(), filters.probe_sql()])
    } else {
        condition
    };
    let mut pinned = Sql::new(LISTED);
    pinned
        .push(" JOIN design_pins ON design_pins.design_guid = designs.guid WHERE ")
        .append(&condition)
        .push(" ORDER BY design_pins.position, designs.guid");
    let pins = pinned.clone().load::<GuidRow>(conn).unwrap().len() as i64;
    let shown_pins = (pins - offset).clamp(0, limit);
    let position = (offset - pins).max(0);
    let rest = |extra: &Sql, skip: i64| {
        let mut rows = Sql::new(LISTED);
        rows.push(" WHERE ").append(&condition);
        if pins > 0 {
            rows.push(" AND designs.guid NOT IN (SELECT design_guid FROM design_pins)");
        }
        rows.append(extra)
            .push(" ORDER BY designs.uploaded_at DESC, designs.guid DESC LIMIT ")
            .bind(limit - shown_pins)
            .push(" OFFSET ")
            .bind(skip);
        rows
    };
    let mut statements = vec![
        ("count", count),
        ("pinned", pinned),
        ("page", rest(&Sql::default(), position)),
    ];
    if position > 0 {
        let mut before = Sql::new(
            "SELECT designs.guid AS guid, designs.uploaded_at AS uploaded_at FROM designs WHERE ",
        );
        before.append(&condition);
        if pins > 0 {
            before.push(" AND designs.guid NOT IN (SELECT design_guid FROM design_pins)");
        }
        before
            .push(" ORDER BY designs.uploaded_at DESC, designs.guid DESC LIMIT 1 OFFSET ")
            .bind(position - 1);
        let last = before.get_result::<UploadKeyRow>(conn).unwrap();
        let mut after = Sql::new(" AND (designs.uploaded_at, designs.guid) < (");
        after
            .bind(last.uploaded_at)
            .push(", ")
            .bind(last.guid)
            .push(")");
        statements.push(("page after the page before", rest(&after, 0)));
    }
    statements
}

/// The pooled user's first page and total, as the search answers them, against the plain `IN`
/// form of the pool rule (count, pinned designs, then the rest by upload date).
fn check_pooled(conn: &mut DbConnection, pool: &str) {
    let scope = Scope::Pool {
        pool: pool.into(),
        own_customer: None,
    };
    let (hits, total) = search::find_page(
        conn,
        &SearchCache::new(0),
        &scope,
        &SearchFilters::default(),
        desen_core::PageRequest::new(0, PAGE_SIZE),
    )
    .unwrap();
    let condition = scope.sql();
    let mut count = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE ");
    count.append(&condition);
    let want_total = count.get_result::<CountRow>(conn).unwrap().n;
    let mut pinned = Sql::new(
        "SELECT designs.guid AS guid FROM designs JOIN design_pins ON design_pins.design_guid = designs.guid WHERE ",
    );
    pinned
        .append(&condition)
        .push(" ORDER BY design_pins.position, designs.guid");
    let mut want: Vec<String> = pinned
        .load::<GuidRow>(conn)
        .unwrap()
        .into_iter()
        .map(|r| r.guid)
        .collect();
    let mut rest = Sql::new("SELECT designs.guid AS guid FROM designs WHERE ");
    rest.append(&condition).push(
        " AND designs.guid NOT IN (SELECT design_guid FROM design_pins) ORDER BY designs.uploaded_at DESC, designs.guid DESC LIMIT ",
    );
    rest.bind(i64::from(PAGE_SIZE));
    want.extend(
        rest.load::<GuidRow>(conn)
            .unwrap()
            .into_iter()
            .map(|r| r.guid),
    );
    want.truncate(PAGE_SIZE as usize);
    let got: Vec<String> = hits.into_iter().map(|(g, _)| g).collect();
    assert_eq!(total, want_total, "pooled total");
    assert_eq!(got, want, "pooled first page");
    println!("\n  pooled user's first page and total ({total}) equal the plain IN form's: checked");
}

/// The SQL text of every statement `find_page` runs for these pages in turn, with one fresh
/// cache (SQLite spells placeholders `?`, as `Sql::text` does).
fn statements_run(
    conn: &mut DbConnection,
    scope: &Scope,
    filters: &SearchFilters,
    pages: &[u32],
) -> Vec<String> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            let text = query.to_string();
            let sql = text
                .split(" -- binds: ")
                .next()
                .unwrap_or_default()
                .to_owned();
            sink.lock().unwrap().push(sql);
        }
    });
    let cache = SearchCache::default();
    for page in pages {
        search::find_page(
            conn,
            &cache,
            scope,
            filters,
            desen_core::PageRequest::new(*page, PAGE_SIZE),
        )
        .unwrap();
    }
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    seen.lock().unwrap().clone()
}

fn print_plans(database: &Database, archive: &Archive, users: &Users) {
    let mut conn = database.connect();
    let today = Utc::now().date_naive();
    let labels = SearchFilters::parse(
        &SearchForm {
            labels: Some(format!("{},{}", archive.labels[0], archive.labels[1])),
            ..SearchForm::default()
        },
        today,
    )
    .unwrap();
    let pool = Scope::Pool {
        pool: users.pool.clone(),
        own_customer: None,
    };
    let searches = [
        (
            "no filter (staff), page 0",
            Scope::Everything,
            SearchFilters::default(),
            0,
        ),
        (
            "no filter, page 4000",
            Scope::Everything,
            SearchFilters::default(),
            DEEP_PAGE,
        ),
        ("2 labels, all (staff)", Scope::Everything, labels, 0),
        ("pooled user, no filter", pool, SearchFilters::default(), 0),
    ];
    for (name, scope, filters, page) in searches {
        let statements = search_statements(&mut conn, &scope, &filters, page);
        if database.backend == Backend::Sqlite {
            let mut run = statements_run(&mut conn, &scope, &filters, &[page]);
            if page > 0 {
                run.extend(statements_run(
                    &mut conn,
                    &scope,
                    &filters,
                    &[page - 1, page],
                ));
            }
            for (what, sql) in &statements {
                if !run.contains(&sql.text()) {
                    println!(
                        "  !! the {what} statement below is not one the search ran; it ran: {run:#?}"
                    );
                }
            }
        }
        println!("\n  {name}");
        for (what, sql) in statements {
            println!("    {what}: {}", sql.text());
            match database.backend {
                Backend::Sqlite => {
                    let mut explain = Sql::new("EXPLAIN QUERY PLAN ");
                    explain.append(&sql);
                    let rows = explain.load::<SqlitePlanRow>(&mut conn).unwrap();
                    let mut depth: Vec<(i32, usize)> = Vec::new();
                    for row in rows {
                        let level = depth
                            .iter()
                            .find(|(id, _)| *id == row.parent)
                            .map_or(0, |(_, d)| d + 1);
                        depth.push((row.id, level));
                        println!("      {}{}", "  ".repeat(level), row.detail);
                    }
                }
                Backend::Postgres => {
                    let mut explain = Sql::new("EXPLAIN ");
                    explain.append(&sql);
                    for row in explain.load::<PgPlanRow>(&mut conn).unwrap() {
                        println!("      {}", row.plan);
                    }
                }
            }
        }
    }
    check_pooled(&mut conn, &users.pool);
}

// ---------------------------------------------------------------------------------------------

fn run(database: Database) {
    let name = match database.backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres => "PostgreSQL",
    };
    println!("\n=== {name} ===");
    let started = Instant::now();
    let mut conn = database.connect();
    db::run_migrations(&mut conn).unwrap();
    let archive = generate(&mut conn, database.backend);
    let loaded = started.elapsed();
    let pools = write_pools(&mut conn, &archive);
    let users = write_users(&mut conn, &archive, &pools[0].0);
    let pooled = started.elapsed() - loaded;
    // What start-up does for an archive stored before the swatch index: index every palette.
    let indexing = Instant::now();
    catalog::swatch_index::ensure_current(&mut conn).unwrap();
    let indexed = indexing.elapsed();
    match database.backend {
        Backend::Sqlite => conn
            .batch_execute("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap(),
        Backend::Postgres => conn.batch_execute("VACUUM ANALYZE;").unwrap(),
    }
    drop(conn);
    println!(
        "generated {} designs, {} colorways, {} palette colours in {:.1} s; {} pools ({} designs in the bench user's pool, {} to {} in the others) in {:.1} s; swatch index {:.1} s; ANALYZE {:.1} s",
        archive.designs.len(),
        archive.colorways,
        archive.colors,
        loaded.as_secs_f64(),
        pools.len(),
        pools[0].1,
        pools[1..].iter().map(|p| p.1).min().unwrap_or(0),
        pools[1..].iter().map(|p| p.1).max().unwrap_or(0),
        pooled.as_secs_f64(),
        indexed.as_secs_f64(),
        (started.elapsed() - loaded - pooled - indexed).as_secs_f64(),
    );

    let dir = TempDir::new("bench-search-server");
    let server = common::serve(common::desen(&dir.0, &database.url, ADDRESS), ADDRESS);
    let mut client = Client::new(ADDRESS);
    let tokens = [
        (Who::Staff, client.sign_in(&users.staff, PASSWORD)),
        (Who::Customer, client.sign_in(&users.customer, PASSWORD)),
        (Who::Pooled, client.sign_in(&users.pooled, PASSWORD)),
    ];
    let cases = cases(&archive);
    println!(
        "\n{name}: {SAMPLES} sequential requests per search after {WARM_UP} warm-up (fewer when slow), then {WORKERS} keep-alive clients for {} s; page size {PAGE_SIZE}; load average {} before",
        THROUGHPUT_TIME.as_secs(),
        load(),
    );
    println!(
        "{:<28} {:>8} {:>9} {:>5} {:>9} {:>9} {:>10}   p50<={P50_TARGET_MS} p99<={P99_TARGET_MS}",
        "search", "hits", "first ms", "n", "p50 ms", "p99 ms", "search/s"
    );
    let mut results = Vec::new();
    for case in &cases {
        let token = &tokens.iter().find(|(w, _)| *w == case.who).unwrap().1;
        let f = measure(case, token);
        println!(
            "{:<28} {:>8} {:>9.2} {:>5} {:>9.2} {:>9.2} {:>10.1}   {:<9} {}",
            case.name,
            f.total,
            f.first,
            f.samples,
            f.p50,
            f.p99,
            f.per_second,
            mark(f.p50 <= P50_TARGET_MS),
            mark(f.p99 <= P99_TARGET_MS),
        );
        results.push(f);
    }
    drop(server);
    println!("load average {} after", load());
    let find = |name: &str| &results[cases.iter().position(|c| c.name == name).unwrap()];
    let (deep, top) = (
        find("no filter, page 4000"),
        find("no filter (staff), page 0"),
    );
    let ratio = deep.p50 / top.p50;
    println!(
        "deep page: p50 page {DEEP_PAGE} / p50 page 0 = {ratio:.2} (target <= {DEEP_RATIO_TARGET}) {}; first request {:.2}",
        mark(ratio <= DEEP_RATIO_TARGET),
        deep.first / top.first,
    );
    for case in cases.iter().filter(|c| c.who == Who::Pooled) {
        let rate = find(case.name).per_second;
        println!(
            "{}: {rate:.1} searches/s (target >= {POOLED_RATE_TARGET}) {}",
            case.name,
            mark(rate >= POOLED_RATE_TARGET)
        );
    }
    println!("\n{name} query plans:");
    print_plans(&database, &archive, &users);
    println!("\n{name} done in {:.1} s", started.elapsed().as_secs_f64());
}

fn main() {
    let started = Instant::now();
    now();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    println!(
        "archive search through HTTP, release build, {cores} cores; {DESIGNS} designs per backend"
    );
    // `DESEN_BENCH_BACKENDS=sqlite` or `=postgres` runs one backend only.
    let backends =
        std::env::var("DESEN_BENCH_BACKENDS").unwrap_or_else(|_| "sqlite,postgres".into());
    if backends.contains("sqlite") {
        run(Database::sqlite());
    }
    if backends.contains("postgres") {
        match Database::postgres() {
            Some(database) => run(database),
            None => println!("\nPostgreSQL is not reachable: skipped"),
        }
    }
    println!("\ntotal {:.1} s", started.elapsed().as_secs_f64());
}
