//! `just bench`: the collection routes a customer's screens read, through HTTP against the real
//! `desen` binary (release build), on SQLite and on PostgreSQL.
//!
//! Each backend gets a fresh database holding the shared generated archive (60,000 designs with
//! their colorways, palettes, labels, customers and confined designs; `common::archive`) and,
//! written straight into the tables in bulk, 500 collections of 2 to 6 sub-collections each:
//! design pages whose groups hold 50,000 designs in all (the first collection is the largest:
//! four pages of five groups of 100), mood boards of 4 to 16 photos (fake keys: the routes answer
//! JSON, no photo is read) tagged with 0 to 6 colorways, a few sub-collections not set yet, a few
//! inactive ones, and `collection_designs` as `collections::repo::refresh_designs` computes it
//! (checked against it on a sample). A customer user sees the open archive; a pooled user sees
//! the pool's members.
//!
//! Each route is timed one request at a time (first request, then p50 and p99) next to the
//! health route (HTTP + one database round trip), against the p99 <= 50 ms. "In turn"
//! rows ask a different collection or page with each request; the others repeat one (the search
//! cache then remembers the total and the page, so their "first ms" is what a new search costs).
//! After the table, the same reads run in process once with every SQL statement timed: how many
//! statements a request runs, how long they take, and the time spent outside the database.
//!
//! `DESEN_BENCH_BACKENDS=sqlite` or `=postgres` runs one backend only; `DESEN_BENCH_KEEP=1` keeps
//! the generated databases.
#![expect(clippy::unwrap_used, reason = "a benchmark fails loudly")]

mod common;

use accounts::service::NewUser;
use chrono::NaiveDateTime;
use collections::BoardsCache;
use common::archive::{self, Archive, Chunk, Database, TableRows, V, boolean, l, t};
use common::{Client, TempDir, load, percentile};
use db::sql::Sql;
use db::{Backend, DbConnection};
use desen_core::{Language, PageRequest, UserGuid, Viewer};
use diesel::connection::{Connection, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use pools::criteria::PoolCriteria;
use pools::dto::PoolSave;
use rand::rngs::StdRng;
use rand::seq::index::sample;
use rand::{Rng, SeedableRng};
use search::paging::CountRow;
use search::{SearchCache, SearchFilters};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const ADDRESS: &str = "127.0.0.1:18185";
const PASSWORD: &str = "Bench-pass1";
const SEED: u64 = 20_261_125;

const DESIGNS: usize = 60_000;
const COLLECTIONS: usize = 500;
/// Designs in the design pages' groups, over every page.
const GROUPED: usize = 50_000;
/// The largest collection (the first): design pages of groups of designs.
const BIG_PAGES: usize = 4;
const BIG_GROUPS: usize = 5;
const BIG_GROUP_DESIGNS: usize = 100;
/// A collection draws its designs from this many neighbouring uploads (a season).
const WINDOW: usize = 4_000;

const PAGE_SIZE: u32 = 25;
const WARM_UP: usize = 3;
const SAMPLES: usize = 200;
/// Time caps per route, so a slow route still ends.
const WARM_UP_CAP: Duration = Duration::from_secs(10);
const SAMPLES_CAP: Duration = Duration::from_secs(20);
/// The p99 a screen's read must keep to feel immediate (the target).
const P99_TARGET_MS: f64 = 50.0;

// ---------------------------------------------------------------------------------------------
// The generated collections.

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Design,
    Mood,
    Unset,
}

struct Sub {
    id: i32,
    parent: i32,
    kind: Kind,
    active: bool,
    /// The designs it holds (indexes into `Archive::designs`): its groups' or its tags'.
    designs: BTreeSet<usize>,
    /// Grouped designs (a design page) or photos (a mood board).
    items: usize,
}

struct Parent {
    id: i32,
    active: bool,
    designs: BTreeSet<usize>,
}

/// What the measurements need to know of the generated collections.
struct Collections {
    parents: Vec<Parent>,
    subs: Vec<Sub>,
    groups: usize,
    images: usize,
    tags: usize,
    rows: usize,
}

impl Collections {
    fn big(&self) -> i32 {
        self.parents[0].id
    }

    /// The sub-collections a customer may open: active, kind set, under an active collection.
    fn shown(&self, kind: Kind) -> Vec<&Sub> {
        self.subs
            .iter()
            .filter(|s| s.kind == kind && s.active)
            .filter(|s| self.parents.iter().any(|p| p.id == s.parent && p.active))
            .collect()
    }

    fn largest(&self, kind: Kind) -> &Sub {
        self.shown(kind)
            .into_iter()
            .max_by_key(|s| (s.items, -s.id))
            .unwrap()
    }
}

/// Every design's colorways in order, as the generated archive holds them.
fn colorways_of(conn: &mut DbConnection, archive: &Archive) -> Vec<Vec<String>> {
    use db::schema::colorways;
    let mut by_design: HashMap<String, Vec<String>> = HashMap::new();
    for (design, colorway) in colorways::table
        .order((colorways::design_guid, colorways::position))
        .select((colorways::design_guid, colorways::guid))
        .load::<(String, String)>(conn)
        .unwrap()
    {
        by_design.entry(design).or_default().push(colorway);
    }
    archive
        .designs
        .iter()
        .map(|d| by_design.remove(d).unwrap())
        .collect()
}

/// How many designs each of `n` design pages groups: `total` in all, skewed (a few large pages,
/// many small ones), at least one each.
fn page_sizes(rng: &mut StdRng, n: usize, total: usize) -> Vec<usize> {
    let weights: Vec<f64> = (0..n)
        .map(|_| rng.gen_range(0.15f64..1.0).powi(3))
        .collect();
    let sum: f64 = weights.iter().sum();
    let spare = total - n;
    let mut sizes: Vec<usize> = weights
        .iter()
        .map(|w| 1 + (spare as f64 * w / sum) as usize)
        .collect();
    let mut missing = total - sizes.iter().sum::<usize>();
    let mut i = 0;
    while missing > 0 {
        sizes[i % n] += 1;
        missing -= 1;
        i += 1;
    }
    sizes
}

/// Writes the collections with their sub-collections, photos, tags, groups and
/// `collection_designs`, in one transaction.
fn write_collections(conn: &mut DbConnection, backend: Backend, archive: &Archive) -> Collections {
    let mut rng = StdRng::seed_from_u64(SEED + 2);
    let colorways = colorways_of(conn, archive);
    let stamp = |t: NaiveDateTime| V::T(t.format("%Y-%m-%d %H:%M:%S").to_string());
    let created = archive::now() - chrono::Duration::days(30);
    let key = |rng: &mut StdRng| format!("collections/{}", archive::uuid(rng).replace('-', ""));

    // The tree first: which collection holds which sub-collections of which kind.
    let mut parents = Vec::with_capacity(COLLECTIONS);
    let mut subs: Vec<Sub> = Vec::new();
    let mut windows = HashMap::new();
    let mut next_id = 0;
    let mut collections = TableRows::new(
        "collections",
        "id, parent_id, name, description, is_active, is_banner, kind, position, cover_key, created_at, updated_at",
        backend,
    );
    let mut children = Vec::new();
    for c in 0..COLLECTIONS {
        next_id += 1;
        let id = next_id;
        let active = c == 0 || rng.gen_bool(0.95);
        windows.insert(id, rng.gen_range(0..DESIGNS - WINDOW));
        collections.push(&[
            l(id),
            V::Null,
            t(format!("Collection {c:03}")),
            t(format!("Season {c:03}: prints and colourways")),
            l(boolean(active)),
            l(boolean(false)),
            V::Null,
            l(c),
            t(key(&mut rng)),
            stamp(created),
            stamp(created),
        ]);
        parents.push(Parent {
            id,
            active,
            designs: BTreeSet::new(),
        });
        let count = if c == 0 {
            BIG_PAGES + 2
        } else {
            rng.gen_range(2..=6)
        };
        for s in 0..count {
            next_id += 1;
            let kind = if c == 0 {
                if s < BIG_PAGES {
                    Kind::Design
                } else {
                    Kind::Mood
                }
            } else {
                match rng.gen_range(0..20) {
                    0..=11 => Kind::Design,
                    12..=17 => Kind::Mood,
                    _ => Kind::Unset,
                }
            };
            let sub_active = c == 0 || rng.gen_bool(0.95);
            let cover = rng.gen_bool(0.3).then(|| key(&mut rng));
            children.push(vec![
                l(next_id),
                l(id),
                t(format!("Collection {c:03} / {s}")),
                t("Looks and fabrics"),
                l(boolean(sub_active)),
                l(boolean(false)),
                match kind {
                    Kind::Design => t("design"),
                    Kind::Mood => t("mood"),
                    Kind::Unset => V::Null,
                },
                l(s),
                cover.map_or(V::Null, t),
                stamp(created),
                stamp(created),
            ]);
            subs.push(Sub {
                id: next_id,
                parent: id,
                kind,
                active: sub_active,
                designs: BTreeSet::new(),
                items: 0,
            });
        }
    }
    for row in &children {
        collections.push(row);
    }

    // Design pages: the largest collection's pages of fixed size, the rest sharing what is left.
    let big_pages = BIG_PAGES * BIG_GROUPS * BIG_GROUP_DESIGNS;
    let pages: Vec<usize> = (0..subs.len())
        .filter(|&i| subs[i].kind == Kind::Design && subs[i].parent != parents[0].id)
        .collect();
    let sizes = page_sizes(&mut rng, pages.len(), GROUPED - big_pages);
    let mut groups = TableRows::new(
        "design_groups",
        "id, collection_id, name, position, criteria",
        backend,
    );
    let mut grouped = TableRows::new(
        "design_group_designs",
        "group_id, design_guid, position",
        backend,
    );
    let mut group_id = 0;
    let mut sized = sizes.into_iter();
    for sub in subs.iter_mut().filter(|s| s.kind == Kind::Design) {
        let (size, group_count) = if sub.parent == parents[0].id {
            (BIG_GROUPS * BIG_GROUP_DESIGNS, BIG_GROUPS)
        } else {
            let size = sized.next().unwrap();
            (size, (rng.gen_range(1..=4) + size / 60).min(size).min(100))
        };
        let start = windows[&sub.parent];
        let mut chosen = sample(&mut rng, WINDOW, size).into_iter();
        for g in 0..group_count {
            group_id += 1;
            // Chosen designs (no saved search: `criteria` stays empty).
            groups.push(&[
                l(group_id),
                l(sub.id),
                t(format!("Group {g}")),
                l(g),
                V::Null,
            ]);
            // Even shares, the first groups taking the remainder.
            let share = size / group_count + usize::from(g < size % group_count);
            for position in 0..share {
                let design = start + chosen.next().unwrap();
                grouped.push(&[l(group_id), t(&archive.designs[design]), l(position)]);
                sub.designs.insert(design);
            }
        }
        sub.items = size;
    }

    // Mood boards: photos tagged with colorways of the collection's designs.
    let mut images = TableRows::new(
        "mood_images",
        "id, collection_id, position, image_key, width, height, created_at",
        backend,
    );
    let mut tags = TableRows::new(
        "mood_image_colorways",
        "image_id, colorway_guid, design_guid, x, y, position",
        backend,
    );
    let (mut image_id, mut tag_count) = (0, 0);
    for sub in subs.iter_mut().filter(|s| s.kind == Kind::Mood) {
        let start = windows[&sub.parent];
        let count = rng.gen_range(4..=16);
        for position in 0..count {
            image_id += 1;
            images.push(&[
                l(image_id),
                l(sub.id),
                l(position),
                t(key(&mut rng)),
                l(1600),
                l(rng.gen_range(1000..2400)),
                stamp(created),
            ]);
            let wanted = if rng.gen_bool(0.1) {
                0
            } else {
                rng.gen_range(1..=6)
            };
            let mut tagged = BTreeSet::new();
            while tagged.len() < wanted {
                let design = start + rng.gen_range(0..WINDOW);
                let ways = &colorways[design];
                let colorway = &ways[rng.gen_range(0..ways.len())];
                if !tagged.insert(colorway.clone()) {
                    continue;
                }
                let point = rng.gen_bool(0.7);
                let at = |rng: &mut StdRng| {
                    if point {
                        l(format!("{:.3}", rng.gen_range(0.05f64..0.95)))
                    } else {
                        V::Null
                    }
                };
                let (x, y) = (at(&mut rng), at(&mut rng));
                tags.push(&[
                    l(image_id),
                    t(colorway),
                    t(&archive.designs[design]),
                    x,
                    y,
                    l(tagged.len() - 1),
                ]);
                sub.designs.insert(design);
                tag_count += 1;
            }
        }
        sub.items = count;
    }

    // What `refresh_designs` keeps: each sub-collection's own designs, and for each collection
    // those of its active sub-collections.
    for parent in &mut parents {
        for sub in subs.iter().filter(|s| s.parent == parent.id && s.active) {
            parent.designs.extend(&sub.designs);
        }
    }
    let mut rows = TableRows::new("collection_designs", "collection_id, design_guid", backend);
    let mut row_count = 0;
    let all = parents
        .iter()
        .map(|p| (p.id, &p.designs))
        .chain(subs.iter().map(|s| (s.id, &s.designs)));
    for (id, designs) in all {
        for design in designs {
            rows.push(&[l(id), t(&archive.designs[*design])]);
            row_count += 1;
        }
    }
    let chunk: Chunk = vec![
        collections.finish(),
        images.finish(),
        tags.finish(),
        groups.finish(),
        grouped.finish(),
        rows.finish(),
    ];
    archive::write_chunk(conn, &chunk);
    if backend == Backend::Postgres {
        conn.batch_execute(
            "SELECT setval(pg_get_serial_sequence('collections', 'id'), (SELECT MAX(id) FROM collections));\n\
             SELECT setval(pg_get_serial_sequence('mood_images', 'id'), (SELECT MAX(id) FROM mood_images));\n\
             SELECT setval(pg_get_serial_sequence('design_groups', 'id'), (SELECT MAX(id) FROM design_groups));",
        )
        .unwrap();
    }
    Collections {
        parents,
        subs,
        groups: group_id as usize,
        images: image_id as usize,
        tags: tag_count,
        rows: row_count,
    }
}

#[derive(QueryableByName)]
struct GuidRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    design_guid: String,
}

fn designs_of(conn: &mut DbConnection, id: i32) -> Vec<String> {
    let mut sql = Sql::new("SELECT design_guid FROM collection_designs WHERE collection_id = ");
    sql.bind(id).push(" ORDER BY design_guid");
    sql.load::<GuidRow>(conn)
        .unwrap()
        .into_iter()
        .map(|r| r.design_guid)
        .collect()
}

/// `collection_designs` of a sample of collections and sub-collections (the largest, and every
/// 37th) equals what `collections::repo::refresh_designs` computes.
fn check_designs(conn: &mut DbConnection, generated: &Collections) -> usize {
    let ids: Vec<i32> = generated
        .parents
        .iter()
        .map(|p| p.id)
        .chain(generated.subs.iter().map(|s| s.id))
        .enumerate()
        .filter(|(i, _)| i % 37 == 0)
        .map(|(_, id)| id)
        .collect();
    conn.transaction(|conn| {
        for id in &ids {
            let written = designs_of(conn, *id);
            collections::repo::refresh_designs(conn, *id)?;
            assert_eq!(
                written,
                designs_of(conn, *id),
                "collection_designs of {id} as refresh_designs computes it"
            );
        }
        diesel::QueryResult::Ok(())
    })
    .unwrap();
    ids.len()
}

struct Users {
    customer: Viewer,
    pooled: Viewer,
    pool_members: i64,
}

/// A customer user (the open archive and their company's confined designs) and a pooled user
/// (the second to fifth most used labels, the second archive and 30 chosen designs).
fn write_users(conn: &mut DbConnection, archive: &Archive) -> Users {
    let mut rng = StdRng::seed_from_u64(SEED + 3);
    let pool = pools::service::save_pool(
        conn,
        &UserGuid::new(),
        PoolSave {
            uniqueid: None,
            name: "Bench pool".into(),
            description: String::new(),
            dtos: vec![
                PoolCriteria {
                    allowed_labels: archive.labels[1..5].to_vec(),
                    allow_unlabeled_designs: false,
                    ..PoolCriteria::default()
                },
                PoolCriteria {
                    allowed_archive: Some(archive.archives[1]),
                    ..PoolCriteria::default()
                },
            ],
            extra_guids: (0..30)
                .map(|_| archive.designs[rng.gen_range(0..DESIGNS)].clone())
                .collect(),
            wear_guids: Vec::new(),
        },
    )
    .unwrap();
    let mut create = |email: &str, customer: &String| {
        let user = accounts::service::create_user(
            conn,
            NewUser {
                email: email.into(),
                name: email.into(),
                password: Some(PASSWORD.into()),
                is_admin: false,
                is_in_house: false,
                language: Language::En,
                customer_guid: Some(customer.clone()),
            },
        )
        .unwrap();
        Viewer {
            user_guid: user.guid,
            customer_guid: Some(customer.clone()),
            is_admin: false,
            is_in_house: false,
            second_factor_validated: false,
        }
    };
    let customer = create("customer@bench.test", &archive.customers[0]);
    let pooled = create("pooled@bench.test", &archive.customers[4]);
    let pooled_id: UserGuid = pooled.user_guid.parse().unwrap();
    pools::service::assign(conn, &UserGuid::new(), &pooled_id, Some(&pool.uniqueid)).unwrap();
    Users {
        customer,
        pooled,
        pool_members: pool.member_count,
    }
}

/// How many designs of collection `id` the viewer's scope admits.
fn visible_count(conn: &mut DbConnection, viewer: &Viewer, id: i32) -> i64 {
    let scope = pools::scope_of(conn, viewer).unwrap();
    let mut sql = Sql::new(
        "SELECT COUNT(*) AS n FROM collection_designs JOIN designs ON designs.guid = collection_designs.design_guid WHERE collection_designs.collection_id = ",
    );
    sql.bind(id).push(" AND (").append(&scope.sql()).push(")");
    sql.get_result::<CountRow>(conn).unwrap().n
}

// ---------------------------------------------------------------------------------------------
// Measuring through HTTP.

#[derive(Clone, Copy, PartialEq)]
enum Who {
    Nobody,
    Customer,
    Pooled,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Nobody => "",
            Who::Customer => "customer",
            Who::Pooled => "pooled",
        }
    }
}

struct Case {
    name: String,
    who: Who,
    method: &'static str,
    /// The paths asked in turn (one path: the same request each time).
    paths: Vec<String>,
    body: String,
}

struct Figures {
    first: f64,
    samples: usize,
    p50: f64,
    p99: f64,
    bytes: usize,
}

fn measure(case: &Case, token: Option<&str>) -> (Figures, String) {
    let mut client = Client::new(ADDRESS);
    let mut sent = 0;
    let mut call = |client: &mut Client| {
        let path = &case.paths[sent % case.paths.len()];
        sent += 1;
        let (status, answer) = client.call(case.method, path, token, &case.body);
        assert_eq!(status, 200, "{} {path}: {answer}", case.name);
        answer
    };
    let at = Instant::now();
    let first_answer = call(&mut client);
    let first = at.elapsed().as_secs_f64() * 1e3;
    let started = Instant::now();
    for _ in 0..WARM_UP {
        call(&mut client);
        if started.elapsed() > WARM_UP_CAP {
            break;
        }
    }
    let started = Instant::now();
    let mut latencies = Vec::with_capacity(SAMPLES);
    let mut bytes = 0;
    while latencies.len() < SAMPLES && (latencies.len() < 5 || started.elapsed() < SAMPLES_CAP) {
        let at = Instant::now();
        bytes = bytes.max(call(&mut client).len());
        latencies.push(at.elapsed());
    }
    latencies.sort();
    (
        Figures {
            first,
            samples: latencies.len(),
            p50: percentile(&latencies, 0.5),
            p99: percentile(&latencies, 0.99),
            bytes,
        },
        first_answer,
    )
}

fn total_count(answer: &str) -> i64 {
    answer
        .split("\"totalCount\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(-1)
}

fn cases(generated: &Collections, deep_page: i64) -> Vec<Case> {
    let big = generated.big();
    let page = generated.largest(Kind::Design).id;
    let shown_parents: Vec<i32> = generated
        .parents
        .iter()
        .filter(|p| p.active)
        .map(|p| p.id)
        .collect();
    let design_pages: Vec<String> = generated
        .shown(Kind::Design)
        .iter()
        .map(|s| format!("/service/basic-colleciton/get/{}", s.id))
        .collect();
    let mood_boards: Vec<String> = generated
        .shown(Kind::Mood)
        .iter()
        .map(|s| format!("/service/collections/get-mood-boards/{}", s.id))
        .collect();
    let in_turn_searches: Vec<String> = shown_parents
        .iter()
        .map(|id| format!("/service/search/collection/{id}?page=0&pageSize={PAGE_SIZE}"))
        .collect();
    let case = |name: String, who, method, paths: Vec<String>, body: String| Case {
        name,
        who,
        method,
        paths,
        body,
    };
    let one = |path: String| vec![path];
    let search = format!("/service/search/design/basic/0/{PAGE_SIZE}");
    vec![
        case(
            "reference: GET /health".into(),
            Who::Nobody,
            "GET",
            one("/service/health".into()),
            String::new(),
        ),
        case(
            "POST /collections/all (the boards)".into(),
            Who::Customer,
            "POST",
            one("/service/collections/all".into()),
            String::new(),
        ),
        case(
            "POST /collections/all (the boards)".into(),
            Who::Pooled,
            "POST",
            one("/service/collections/all".into()),
            String::new(),
        ),
        case(
            "POST /collections/get (the largest)".into(),
            Who::Customer,
            "POST",
            one("/service/collections/get".into()),
            format!("id={big}"),
        ),
        case(
            "POST /collections/get (the largest)".into(),
            Who::Pooled,
            "POST",
            one("/service/collections/get".into()),
            format!("id={big}"),
        ),
        case(
            "POST /basic-colleciton/get (pages in turn)".into(),
            Who::Customer,
            "POST",
            design_pages,
            String::new(),
        ),
        case(
            "POST /basic-colleciton/get (largest page)".into(),
            Who::Customer,
            "POST",
            one(format!("/service/basic-colleciton/get/{page}")),
            String::new(),
        ),
        case(
            "GET /get-mood-boards (boards in turn)".into(),
            Who::Customer,
            "GET",
            mood_boards.clone(),
            String::new(),
        ),
        case(
            "GET /get-mood-boards (boards in turn)".into(),
            Who::Pooled,
            "GET",
            mood_boards,
            String::new(),
        ),
        case(
            "POST /search/collection/{largest} page 0".into(),
            Who::Customer,
            "POST",
            one(format!(
                "/service/search/collection/{big}?page=0&pageSize={PAGE_SIZE}"
            )),
            String::new(),
        ),
        case(
            format!("POST /search/collection/{{largest}} page {deep_page}"),
            Who::Customer,
            "POST",
            one(format!(
                "/service/search/collection/{big}?page={deep_page}&pageSize={PAGE_SIZE}"
            )),
            String::new(),
        ),
        case(
            "POST /search/collection/{largest} page 0".into(),
            Who::Pooled,
            "POST",
            one(format!(
                "/service/search/collection/{big}?page=0&pageSize={PAGE_SIZE}"
            )),
            String::new(),
        ),
        case(
            "POST /search/collection/{id} in turn, page 0".into(),
            Who::Customer,
            "POST",
            in_turn_searches,
            String::new(),
        ),
        case(
            "archive search, collectionId={largest}".into(),
            Who::Customer,
            "POST",
            one(search.clone()),
            format!("collectionId={big}"),
        ),
        case(
            "archive search, collectionId={largest}".into(),
            Who::Pooled,
            "POST",
            one(search.clone()),
            format!("collectionId={big}"),
        ),
        case(
            "archive search, collectionId={a design page}".into(),
            Who::Customer,
            "POST",
            one(search),
            format!("collectionId={page}"),
        ),
    ]
}

// ---------------------------------------------------------------------------------------------
// The same reads in process, every statement timed.

struct Statement {
    sql: String,
    started: Instant,
    took: Duration,
}

/// A statement's text with its bind lists collapsed (`IN (?, ?, ?)` and `$1, $2` read `IN (?)`
/// and `?`), so the same statement over more ids counts as the same.
fn shape(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.next_if(char::is_ascii_digit).is_some() {}
            out.push('?');
        } else {
            out.push(c);
        }
    }
    while out.contains("?, ?") {
        out = out.replace("?, ?", "?");
    }
    out
}

/// Runs `read` once with every statement timed; prints the count, the time in the database and
/// outside it, and the statements that took longest in all (grouped by their text).
fn profile<T>(conn: &mut DbConnection, name: &str, read: impl FnOnce(&mut DbConnection) -> T) {
    let seen: Arc<Mutex<Vec<Statement>>> = Arc::default();
    let sink = seen.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| match event {
        InstrumentationEvent::StartQuery { query, .. } => {
            let text = query.to_string();
            let sql = shape(text.split(" -- binds: ").next().unwrap_or_default());
            sink.lock().unwrap().push(Statement {
                sql,
                started: Instant::now(),
                took: Duration::ZERO,
            });
        }
        InstrumentationEvent::FinishQuery { .. } => {
            if let Some(last) = sink.lock().unwrap().last_mut() {
                last.took = last.started.elapsed();
            }
        }
        _ => {}
    });
    let started = Instant::now();
    read(conn);
    let wall = started.elapsed();
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    let statements = std::mem::take(&mut *seen.lock().unwrap());
    let in_db: Duration = statements.iter().map(|s| s.took).sum();
    let mut by_text: HashMap<&str, (usize, Duration)> = HashMap::new();
    for s in &statements {
        let entry = by_text.entry(&s.sql).or_default();
        entry.0 += 1;
        entry.1 += s.took;
    }
    let mut by_text: Vec<_> = by_text.into_iter().collect();
    by_text.sort_by_key(|(_, (_, took))| std::cmp::Reverse(*took));
    println!(
        "\n  {name}: {:.1} ms, {} statements taking {:.1} ms, {:.1} ms outside the database",
        wall.as_secs_f64() * 1e3,
        statements.len(),
        in_db.as_secs_f64() * 1e3,
        (wall.saturating_sub(in_db)).as_secs_f64() * 1e3,
    );
    for (sql, (n, took)) in by_text.iter().take(3) {
        let mut shown: String = sql.chars().take(220).collect();
        if shown.len() < sql.len() {
            shown.push_str(" …");
        }
        println!("    {n:>5} x {:>8.1} ms  {shown}", took.as_secs_f64() * 1e3);
    }
}

fn profiles(database: &Database, generated: &Collections, users: &Users) {
    let mut conn = database.connect();
    let customer = &users.customer;
    let big = generated.big();
    let page = generated.largest(Kind::Design).id;
    let mood = generated.largest(Kind::Mood).id;
    // Nothing remembered: each read below makes its boards anew.
    let fresh = BoardsCache::new;
    // Warm the database's caches first, as the HTTP runs did.
    collections::service::boards(&mut conn, &fresh(), customer).unwrap();
    profile(&mut conn, "boards, nothing remembered (customer)", |c| {
        collections::service::boards(c, &fresh(), customer).unwrap()
    });
    profile(&mut conn, "boards, nothing remembered (pooled)", |c| {
        collections::service::boards(c, &fresh(), &users.pooled).unwrap()
    });
    profile(
        &mut conn,
        "the largest collection, nothing remembered (pooled)",
        |c| collections::service::board(c, &fresh(), &users.pooled, big).unwrap(),
    );
    profile(&mut conn, "largest design page (customer)", |c| {
        search::service::design_page(c, customer, page, Language::En).unwrap()
    });
    profile(&mut conn, "largest mood board (pooled)", |c| {
        collections::service::mood_board(c, &users.pooled, mood).unwrap()
    });
    let filters = SearchFilters {
        collection: Some(big),
        ..SearchFilters::default()
    };
    profile(
        &mut conn,
        "collection search, largest, page 0, nothing cached (customer)",
        |c| {
            search::service::search_as(
                c,
                &SearchCache::default(),
                customer,
                &filters,
                PageRequest::new(0, PAGE_SIZE),
                Language::En,
            )
            .unwrap()
        },
    );
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
    let archive = archive::generate(&mut conn, database.backend, SEED, DESIGNS);
    let loaded = started.elapsed();
    let at = Instant::now();
    let generated = write_collections(&mut conn, database.backend, &archive);
    let written = at.elapsed();
    let users = write_users(&mut conn, &archive);
    // What start-up would otherwise do first: index every palette for the swatch search.
    catalog::swatch_index::ensure_current(&mut conn).unwrap();
    match database.backend {
        Backend::Sqlite => conn
            .batch_execute("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap(),
        Backend::Postgres => conn.batch_execute("VACUUM ANALYZE;").unwrap(),
    }
    let checked = check_designs(&mut conn, &generated);
    let big_visible = visible_count(&mut conn, &users.customer, generated.big());
    let big_pooled = visible_count(&mut conn, &users.pooled, generated.big());
    let deep_page = (big_visible / i64::from(PAGE_SIZE) * 3 / 4).max(1);
    drop(conn);
    let pages = generated
        .subs
        .iter()
        .filter(|s| s.kind == Kind::Design)
        .count();
    let moods = generated
        .subs
        .iter()
        .filter(|s| s.kind == Kind::Mood)
        .count();
    println!(
        "archive: {} designs, {} colorways, {} palette colours in {:.1} s",
        archive.designs.len(),
        archive.colorways,
        archive.colors,
        loaded.as_secs_f64(),
    );
    println!(
        "collections: {} with {} sub-collections ({pages} design pages, {moods} mood boards, {} not set), \
         {GROUPED} grouped designs in {} groups, {} photos with {} tags, {} collection_designs rows, \
         written in {:.1} s; collection_designs of {checked} (sub-)collections equal refresh_designs'",
        generated.parents.len(),
        generated.subs.len(),
        generated.subs.len() - pages - moods,
        generated.groups,
        generated.images,
        generated.tags,
        generated.rows,
        written.as_secs_f64(),
    );
    println!(
        "the largest collection: {} designs, {big_visible} of them visible to the customer, \
         {big_pooled} to the pooled user ({} designs in the pool)",
        generated.parents[0].designs.len(),
        users.pool_members,
    );

    let dir = TempDir::new("bench-collections-server");
    let server = common::serve(common::desen(&dir.0, &database.url, ADDRESS), ADDRESS);
    let mut client = Client::new(ADDRESS);
    let tokens = [
        (
            Who::Customer,
            client.sign_in("customer@bench.test", PASSWORD),
        ),
        (Who::Pooled, client.sign_in("pooled@bench.test", PASSWORD)),
    ];
    println!(
        "\n{name}: {SAMPLES} sequential requests per route after {WARM_UP} warm-up (fewer when slow, \
         at least 5); load average {} before",
        load()
    );
    println!(
        "{:<46} {:<8} {:>9} {:>5} {:>9} {:>9} {:>9}   p99<={P99_TARGET_MS}",
        "route", "user", "first ms", "n", "p50 ms", "p99 ms", "bytes"
    );
    for case in cases(&generated, deep_page) {
        let token = tokens
            .iter()
            .find(|(w, _)| *w == case.who)
            .map(|(_, t)| t.as_str());
        let (f, first_answer) = measure(&case, token);
        // The answers are the generated data's.
        if case.name.contains("search/collection/{largest} page 0") {
            let want = if case.who == Who::Customer {
                big_visible
            } else {
                big_pooled
            };
            assert_eq!(total_count(&first_answer), want, "{}", case.name);
        }
        if case.name.contains("the boards") && case.who == Who::Customer {
            let boards: serde_json::Value = serde_json::from_str(&first_answer).unwrap();
            let shown = generated.parents.iter().filter(|p| p.active).count();
            assert_eq!(boards.as_array().unwrap().len(), shown, "collections shown");
            assert_eq!(boards[0]["itemCount"], big_visible, "the largest's count");
        }
        println!(
            "{:<46} {:<8} {:>9.2} {:>5} {:>9.2} {:>9.2} {:>9}   {}",
            case.name,
            case.who.name(),
            f.first,
            f.samples,
            f.p50,
            f.p99,
            f.bytes,
            if f.p99 <= P99_TARGET_MS {
                "PASS"
            } else {
                "MISS"
            },
        );
    }
    drop(server);
    println!("load average {} after", load());
    println!(
        "\n{name}: the same reads in process, once, every statement timed; the 3 costliest \
         statements (bind lists collapsed) with how often they ran:"
    );
    profiles(&database, &generated, &users);
    println!("\n{name} done in {:.1} s", started.elapsed().as_secs_f64());
}

fn main() {
    let started = Instant::now();
    archive::now();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    println!(
        "collections through HTTP, release build, {cores} cores: {COLLECTIONS} collections, \
         {GROUPED} grouped designs of {DESIGNS} per backend"
    );
    let backends =
        std::env::var("DESEN_BENCH_BACKENDS").unwrap_or_else(|_| "sqlite,postgres".into());
    if backends.contains("sqlite") {
        run(Database::sqlite("collections"));
    }
    if backends.contains("postgres") {
        match Database::postgres("collections") {
            Some(database) => run(database),
            None => println!("\nPostgreSQL is not reachable: skipped"),
        }
    }
    println!("\ntotal {:.1} s", started.elapsed().as_secs_f64());
}
