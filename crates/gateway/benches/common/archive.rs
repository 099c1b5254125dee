//! A generated archive written straight into a fresh database, shared by the benches that need
//! one: archives, customers, labels, then designs with parameters, labels, colorways, palettes and
//! orders (from a fixed seed, so both backends hold the same archive), and a few pinned designs.
//! Bulk tables are written in chunks: multi-row `INSERT`s on SQLite, `COPY` on PostgreSQL.
//!
//! Also: the fresh database itself ([`Database`], dropped at the end unless `DESEN_BENCH_KEEP=1`),
//! [`TableRows`] and [`write_chunk`] for a bench's own bulk tables, and [`print_plan`].

use super::TempDir;
use chrono::{Datelike, NaiveDateTime, Utc};
use db::sql::Sql;
use db::{Backend, DbConnection};
use diesel::connection::{Connection, SimpleConnection};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use rand::distributions::{Distribution, WeightedIndex};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Designs per generated chunk (one transaction each).
const CHUNK: usize = 2_000;
/// Rows per `INSERT` statement.
pub const ROWS_PER_INSERT: usize = 500;
pub const CUSTOMERS: usize = 300;
const PINS: usize = 20;
/// Palette base colours the studio keeps using (Zipf popularity), before per-colour variation.
const BASE_COLORS: usize = 200;

/// The colour a common search asks for: navy, the most used base colour.
pub const COMMON_COLOR: [u8; 3] = [0x1F, 0x2A, 0x44];
/// A colour no base colour is near: neon green.
pub const RARE_COLOR: [u8; 3] = [0x39, 0xFF, 0x14];

// ---------------------------------------------------------------------------------------------
// The database of one backend.

/// A fresh database of one backend, removed when dropped (unless [`keep`]).
pub struct Database {
    pub url: String,
    pub backend: Backend,
    /// The SQLite file's folder, removed at the end.
    _dir: Option<TempDir>,
    /// The PostgreSQL server (admin URL) and the database name, dropped at the end.
    drop: Option<(String, String)>,
}

impl Database {
    /// A fresh SQLite file in a temporary folder; `name` names the folder and the file.
    pub fn sqlite(name: &str) -> Database {
        let dir = TempDir::new(&format!("bench-{name}"));
        Database {
            url: format!("sqlite://{}/{name}.db", dir.0.display()),
            backend: Backend::Sqlite,
            _dir: Some(dir),
            drop: None,
        }
    }

    /// A fresh PostgreSQL database `desen_bench_{name}_{pid}`; `None` when no PostgreSQL server
    /// answers.
    pub fn postgres(name: &str) -> Option<Database> {
        let admin = std::env::var("DESEN_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let name = format!("desen_bench_{name}_{}", std::process::id());
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

    pub fn connect(&self) -> DbConnection {
        db::connect(&self.url).unwrap()
    }
}

/// `DESEN_BENCH_KEEP=1` keeps the generated database for a look afterwards (its URL is printed).
pub fn keep() -> bool {
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
pub struct Archive {
    /// Design ids, oldest upload first.
    pub designs: Vec<String>,
    pub customers: Vec<String>,
    /// Label ids by popularity, most used first.
    pub labels: Vec<i32>,
    /// Archive ids by size, largest first.
    pub archives: Vec<i32>,
    pub colorways: usize,
    pub colors: usize,
}

/// `zipf(n, s)`: index k (0-based) drawn with weight 1 / (k + 1)^s.
fn zipf(n: usize, s: f64) -> WeightedIndex<f64> {
    WeightedIndex::new((1..=n).map(|k| 1.0 / (k as f64).powf(s))).unwrap()
}

/// The generator's "now" (an hour ago, whole seconds), the same for both backends.
pub fn now() -> NaiveDateTime {
    static NOW: std::sync::OnceLock<NaiveDateTime> = std::sync::OnceLock::new();
    *NOW.get_or_init(|| {
        let now = Utc::now().naive_utc() - chrono::Duration::hours(1);
        now - chrono::Duration::nanoseconds(i64::from(now.and_utc().timestamp_subsec_nanos()))
    })
}

pub fn uuid(rng: &mut StdRng) -> String {
    let mut bytes = [0u8; 16];
    rng.fill(&mut bytes);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

pub fn time(t: NaiveDateTime) -> String {
    t.format("'%Y-%m-%d %H:%M:%S'").to_string()
}

pub fn boolean(b: bool) -> &'static str {
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
        designs: Vec::new(),
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

pub const FABRICS: [&str; 6] = ["cotton", "viscose", "polyester", "silk", "linen", "modal"];
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
fn upload_times(rng: &mut StdRng, now: NaiveDateTime, designs: usize) -> Vec<NaiveDateTime> {
    let span = 3650 * 86_400_i64;
    let start = now - chrono::Duration::seconds(span);
    let mut times: Vec<NaiveDateTime> = (0..designs)
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
pub enum V {
    T(String),
    L(String),
    Null,
}

pub fn t(text: impl Into<String>) -> V {
    V::T(text.into())
}

pub fn l(literal: impl ToString) -> V {
    V::L(literal.to_string())
}

/// The rows of one table in a chunk, written as multi-row `INSERT`s (SQLite) or as `COPY` text
/// (PostgreSQL).
pub struct TableRows {
    table: &'static str,
    columns: &'static str,
    backend: Backend,
    rows: usize,
    text: String,
}

impl TableRows {
    /// `columns` in the schema's order: `COPY` writes every column.
    pub fn new(table: &'static str, columns: &'static str, backend: Backend) -> TableRows {
        TableRows {
            table,
            columns,
            backend,
            rows: 0,
            text: String::with_capacity(1 << 20),
        }
    }

    pub fn push(&mut self, row: &[V]) {
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

    pub fn finish(mut self) -> (&'static str, String) {
        if self.backend == Backend::Sqlite && self.rows > 0 {
            self.text.push_str(";\n");
        }
        (self.table, self.text)
    }
}

/// One chunk of designs with everything that hangs off them: (table, rows) in insertion order.
pub type Chunk = Vec<(&'static str, String)>;

/// Writes a chunk in one transaction: `INSERT`s on SQLite, `COPY` on PostgreSQL.
pub fn write_chunk(conn: &mut DbConnection, chunk: &Chunk) {
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
                        "collections" => copy!(collections::table),
                        "mood_images" => copy!(mood_images::table),
                        "mood_image_colorways" => copy!(mood_image_colorways::table),
                        "design_groups" => copy!(design_groups::table),
                        "design_group_designs" => copy!(design_group_designs::table),
                        "collection_designs" => copy!(collection_designs::table),
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

/// Generates an archive of `designs` designs from `seed` into the (migrated, empty) database:
/// rows are generated on one thread while the previous chunk is written on this one.
pub fn generate(conn: &mut DbConnection, backend: Backend, seed: u64, designs: usize) -> Archive {
    let count = designs;
    let mut rng = StdRng::seed_from_u64(seed);
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
    let times = upload_times(&mut rng, now, count);
    let (sender, receiver) = std::sync::mpsc::sync_channel::<Chunk>(2);
    let generated = std::thread::scope(|scope| {
        let archive = &archive;
        let producer = scope.spawn(move || {
            let mut numbers = [0u32; 5];
            let mut designs = Vec::with_capacity(count);
            let mut counts = (0, 0);
            for first in (0..count).step_by(CHUNK) {
                let end = (first + CHUNK).min(count);
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
        let design = &archive.designs[rng.gen_range(0..count)];
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
    // Generated colorways have no preview to read features from: they are stored as indexed
    // with none, as an import leaves such a colorway, so that the import workers find nothing to
    // index while the timings run.
    let empty = vision::extract(
        vision::Rgb {
            width: 0,
            height: 0,
            data: &[],
        },
        vision::INDEX_BUDGET,
    );
    let bytes = |b: Vec<u8>| {
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        match backend {
            Backend::Sqlite => format!("X'{hex}'"),
            Backend::Postgres => format!("'\\x{hex}'::bytea"),
        }
    };
    writeln!(
        sql,
        "INSERT INTO colorway_features (colorway_guid, design_guid, version, feature_count, \
         sketches, features, indexed_at) SELECT guid, design_guid, {}, 0, {}, {}, {} FROM colorways;",
        vision::FEATURES_VERSION,
        bytes(vision::encode_sketches(&empty.sketches)),
        bytes(vision::encode(&empty)),
        time(now),
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

/// Prints the plan of `sql` as the backend would run it, indented by `indent` spaces.
pub fn print_plan(conn: &mut DbConnection, backend: Backend, sql: &Sql, indent: usize) {
    let pad = " ".repeat(indent);
    match backend {
        Backend::Sqlite => {
            let mut explain = Sql::new("EXPLAIN QUERY PLAN ");
            explain.append(sql);
            let rows = explain.load::<SqlitePlanRow>(conn).unwrap();
            let mut depth: Vec<(i32, usize)> = Vec::new();
            for row in rows {
                let level = depth
                    .iter()
                    .find(|(id, _)| *id == row.parent)
                    .map_or(0, |(_, d)| d + 1);
                depth.push((row.id, level));
                println!("{pad}{}{}", "  ".repeat(level), row.detail);
            }
        }
        Backend::Postgres => {
            let mut explain = Sql::new("EXPLAIN ");
            explain.append(sql);
            for row in explain.load::<PgPlanRow>(conn).unwrap() {
                println!("{pad}{}", row.plan);
            }
        }
    }
}
