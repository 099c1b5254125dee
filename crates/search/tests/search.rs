//! The archive search against a plain-Rust reference over the same generated archive: every
//! filter alone and in random combinations, colour ranking, paging across the pinned lead, the
//! viewers' scopes (staff, open archive, customer, pool), pool criteria, pool upkeep after edits,
//! and the form's errors. Runs on SQLite, and on PostgreSQL with `DESEN_TEST_BACKEND=postgres`.
//!
//! The reference reads a typed [`Query`], not `SearchFilters`, so that the form parsing is checked
//! together with the SQL.

use accounts::model::Customer;
use accounts::service::NewUser;
use catalog::disclosure::DesignFields;
use catalog::model::{DesignParameters, DesignType, ScreenStatus};
use catalog::service::{self, DesignEdit, NewChannel, NewColorway, NewDesign, NewPaletteColor};
use catalog::swatch_index::SWATCHES;
use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::schema::{colorway_colors, design_pins, designs, pool_members};
use desen_core::color::{ciede2000, lab_bin};
use desen_core::{DomainError, Language, PageRequest, UserGuid, Viewer};
use diesel::prelude::*;
use pools::PoolCriteria;
use pools::Scope;
use pools::dto::PoolSave;
use search::SearchCache;
use search::{SearchError, SearchFilters, SearchForm, count_in, find_page, preset_range, search};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use test_support::TestWorld;

// ---- data ---------------------------------------------------------------------------------------

/// A stored id, typed (users, customers, designs).
fn id<T: std::str::FromStr>(text: &str) -> T {
    text.parse().ok().expect("a stored id")
}

/// "Today" of every search: a Wednesday in January, so last month and last year cross a year.
fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 14).expect("date")
}

fn midnight(day: NaiveDate) -> NaiveDateTime {
    day.and_hms_opt(0, 0, 0).expect("midnight")
}

const DESIGNS: usize = 300;
const CODES: [&str; 3] = ["01", "02", "Tx"];
const LABELS: [&str; 8] = [
    "Floral",
    "Paisley",
    "Geometric",
    "Stripe",
    "Animal",
    "Abstract",
    "Border",
    "Kids",
];
const STUDIOS: [&str; 7] = [
    "Atelier Nord",
    "atelier SUD",
    "Studio_5",
    "Studio 5",
    "Desen Lab",
    "LAB 100%",
    "",
];
const NOTES: [&str; 7] = [
    "Rose garden, pastel",
    "ROSE border",
    "paisley 50% reduced",
    "Paisley_v2 for Spring",
    "checked by QA",
    "",
    "geometric; Art Deco",
];
const ORIGINALS: [&str; 6] = [
    "Rose_Garden",
    "rose-garden",
    "PAISLEY",
    "Paisley_Big",
    "geo%ART",
    "Deco",
];
const DP0: [&str; 6] = ["Silk", "silk", "SILK", "Cotton", "viscose", ""];
const DP1: [&str; 5] = ["A1", "a1", "B2", "b-2", ""];
const DP_OTHER: [&str; 4] = ["Summer", "WINTER", "winter", ""];
/// Palette colours cluster around these, so colour searches find something.
const THEMES: [[u8; 3]; 8] = [
    [0xC0, 0x39, 0x2B],
    [0x1F, 0x3A, 0x93],
    [0x6B, 0x8E, 0x23],
    [0xF3, 0xE5, 0xAB],
    [0x11, 0x11, 0x11],
    [0x80, 0x80, 0x80],
    [0x00, 0x80, 0x80],
    [0x20, 0x20, 0xF0],
];
/// Pin positions of the pinned designs, in the order they are picked.
const PINS: [i32; 9] = [40, 10, 90, 20, 70, 30, 80, 50, 60];

/// A small xorshift: the same archive and the same queries on every run.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `lo..=hi`.
    fn between(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, p: f64) -> bool {
        ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn some<T: Clone>(&mut self, items: &[T], p: f64) -> Vec<T> {
        items.iter().filter(|_| self.chance(p)).cloned().collect()
    }
}

#[derive(Debug, Clone)]
struct Swatch {
    lab: [f64; 3],
    rgb: [u8; 3],
    share: f64,
}

#[derive(Debug, Clone)]
struct Way {
    guid: String,
    palette: Vec<Swatch>,
}

/// One design as the reference knows it.
#[derive(Debug, Clone)]
struct Doc {
    guid: String,
    number: String,
    archive: i32,
    design_type: DesignType,
    status: ScreenStatus,
    channels: i32,
    confined: bool,
    customer: Option<String>,
    studio: String,
    notes: String,
    original_name: String,
    owned_extra: bool,
    params: [String; 10],
    labels: Vec<i32>,
    uploaded_at: NaiveDateTime,
    edited_at: NaiveDateTime,
    orders: usize,
    pin: Option<i32>,
    ways: Vec<Way>,
}

struct Data {
    docs: Vec<Doc>,
    archives: Vec<i32>,
    labels: Vec<i32>,
    customers: Vec<String>,
}

fn lab_of(rgb: [u8; 3]) -> [f64; 3] {
    let lab = imaging::color::srgb_to_lab(rgb);
    [f64::from(lab.l), f64::from(lab.a), f64::from(lab.b)]
}

fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

fn random_time(rng: &mut Rng) -> NaiveDateTime {
    let back = match rng.below(10) {
        0 => rng.between(0, 8),
        1 | 2 => rng.between(0, 60),
        3 => rng.between(340, 400),
        _ => rng.between(0, 3 * 365),
    };
    let second = match rng.below(10) {
        0 => 0,
        1 => 86_399,
        _ => rng.between(0, 86_399),
    };
    midnight(today() - Duration::days(back)) + Duration::seconds(second)
}

fn random_palette(rng: &mut Rng) -> Vec<Swatch> {
    let count = rng.between(2, 6) as usize;
    let weights: Vec<f64> = (0..count).map(|_| rng.between(1, 100) as f64).collect();
    let covered = if rng.chance(0.3) { 0.85 } else { 1.0 };
    let sum: f64 = weights.iter().sum();
    weights
        .iter()
        .map(|w| {
            let rgb = if rng.chance(0.6) {
                let theme = *rng.pick(&THEMES);
                theme.map(|c| (i64::from(c) + rng.between(-24, 24)).clamp(0, 255) as u8)
            } else {
                [
                    rng.below(256) as u8,
                    rng.below(256) as u8,
                    rng.below(256) as u8,
                ]
            };
            Swatch {
                lab: lab_of(rgb),
                rgb,
                share: w / sum * covered,
            }
        })
        .collect()
}

/// The archive's designs (guids are filled in when they are stored).
fn generate(rng: &mut Rng, count: usize, data: &Data) -> Vec<Doc> {
    let mut docs: Vec<Doc> = Vec::with_capacity(count);
    let mut numbers = HashSet::new();
    let end_of_today = midnight(today()) + Duration::seconds(86_399);
    for _ in 0..count {
        let archive = rng.below(CODES.len());
        let number = loop {
            let number = format!("{}-{:04}", CODES[archive], rng.between(1, 2500));
            if numbers.insert(number.clone()) {
                break number;
            }
        };
        let customer = rng.chance(0.45).then(|| rng.pick(&data.customers).clone());
        let confined = customer.is_some() && rng.chance(0.4);
        let labels = if rng.chance(0.25) {
            Vec::new()
        } else {
            let mut labels = rng.some(&data.labels, 0.22);
            if labels.is_empty() {
                labels.push(*rng.pick(&data.labels));
            }
            labels
        };
        // Some designs share an upload time (ties go by guid), a few a palette too (score ties).
        let earlier =
            (!docs.is_empty() && rng.chance(0.08)).then(|| docs[rng.below(docs.len())].clone());
        let uploaded_at = earlier
            .as_ref()
            .map_or_else(|| random_time(rng), |e| e.uploaded_at);
        let edited_at = if rng.chance(0.3) {
            uploaded_at
        } else {
            (uploaded_at + Duration::seconds(rng.between(60, 400 * 86_400))).min(end_of_today)
        };
        let ways = match earlier.filter(|_| rng.chance(0.5)) {
            Some(e) => e.ways.clone(),
            None => (0..rng.between(1, 4))
                .map(|_| Way {
                    guid: String::new(),
                    palette: random_palette(rng),
                })
                .collect(),
        };
        let params: [String; 10] = std::array::from_fn(|k| {
            let value = match k {
                0 => *rng.pick(&DP0),
                1 => *rng.pick(&DP1),
                _ if rng.chance(0.3) => *rng.pick(&DP_OTHER),
                _ => "",
            };
            value.to_owned()
        });
        let original = rng.pick(&ORIGINALS);
        docs.push(Doc {
            guid: String::new(),
            number,
            archive: data.archives[archive],
            design_type: if rng.chance(0.7) {
                DesignType::Rotary
            } else {
                DesignType::Digital
            },
            status: *rng.pick(&[
                ScreenStatus::Engraved,
                ScreenStatus::NotEngraved,
                ScreenStatus::Faded,
                ScreenStatus::None,
            ]),
            channels: rng.between(1, 8) as i32,
            confined,
            customer,
            studio: rng.pick(&STUDIOS).to_string(),
            notes: rng.pick(&NOTES).to_string(),
            original_name: format!(
                "{original}_{}.{}",
                rng.below(50),
                if rng.chance(0.5) { "TIF" } else { "psd" }
            ),
            owned_extra: rng.chance(0.2),
            params,
            labels,
            uploaded_at,
            edited_at,
            orders: if rng.chance(0.35) {
                rng.between(1, 2) as usize
            } else {
                0
            },
            pin: None,
            ways,
        });
    }
    // Pins: the first pinned design is confined to a customer nobody in the views belongs to.
    let mut picked = Vec::new();
    while picked.len() < PINS.len().min(count / 4) {
        let i = rng.below(count);
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    for (k, i) in picked.into_iter().enumerate() {
        docs[i].pin = Some(PINS[k]);
        if k == 0 {
            docs[i].customer = Some(data.customers[3].clone());
            docs[i].confined = true;
        }
    }
    docs
}

/// Stores a design through the catalog service, then the attributes an import does not set.
fn store(conn: &mut DbConnection, doc: &mut Doc) {
    let added = service::add_design(
        conn,
        NewDesign {
            number: doc.number.clone(),
            archive_id: doc.archive,
            design_type: doc.design_type,
            layer_count: doc.channels,
            width_px: 1200,
            height_px: 1600,
            dpi: 150.0,
            color_mode: "rgb".into(),
            bit_depth: 8,
            original_name: doc.original_name.clone(),
            channels: (0..doc.channels)
                .map(|k| NewChannel {
                    name: format!("Screen {k}"),
                    color: "#000000".into(),
                    mask_key: None,
                })
                .collect(),
            colorways: doc
                .ways
                .iter()
                .enumerate()
                .map(|(k, way)| NewColorway {
                    name: service::colorway_name(k),
                    inks: Vec::new(),
                    source_key: None,
                    source_name: String::new(),
                    source_hash: None,
                    renditions_key: format!("renditions/{}/{k}/v1", doc.number),
                    preview_size: (100, 100),
                    tile_levels: 0,
                    thumbnails: Default::default(),
                    palette: way
                        .palette
                        .iter()
                        .map(|s| NewPaletteColor {
                            lab: s.lab,
                            rgb: hex(s.rgb),
                            share: s.share,
                        })
                        .collect(),
                })
                .collect(),
            uploaded_at: doc.uploaded_at,
        },
    )
    .expect("add design");
    doc.guid = added.guid;
    for (way, (guid, _)) in doc.ways.iter_mut().zip(added.colorways) {
        way.guid = guid;
    }
    diesel::update(designs::table.find(&doc.guid))
        .set((
            designs::screen_status.eq(doc.status.as_str()),
            designs::is_confined.eq(doc.confined),
            designs::customer_guid.eq(doc.customer.as_deref()),
            designs::studio.eq(&doc.studio),
            designs::notes.eq(&doc.notes),
            designs::owned_extra.eq(doc.owned_extra),
            designs::edited_at.eq(doc.edited_at),
        ))
        .execute(conn)
        .expect("design attributes");
    catalog::repo::set_labels(conn, &doc.guid, &doc.labels).expect("labels");
    catalog::repo::save_parameters(
        conn,
        &DesignParameters::from_values(doc.guid.clone(), doc.params.clone()),
    )
    .expect("parameters");
    for k in 0..doc.orders {
        let at = doc.uploaded_at + Duration::days(k as i64 + 1);
        service::add_order(
            conn,
            &id(&doc.guid),
            doc.customer.as_deref().map(id).as_ref(),
            100.0,
            "sample",
            at,
        )
        .expect("order");
    }
    if let Some(position) = doc.pin {
        diesel::insert_into(design_pins::table)
            .values((
                design_pins::design_guid.eq(&doc.guid),
                design_pins::position.eq(position),
            ))
            .execute(conn)
            .expect("pin");
    }
}

// ---- scopes -------------------------------------------------------------------------------------

/// Who may see a design: the visibility rule, written out plainly.
#[derive(Debug, Clone)]
enum RefScope {
    Everything,
    Open {
        customer: Option<String>,
    },
    Pool {
        searches: Vec<PoolCriteria>,
        explicit: Vec<String>,
        own_customer: Option<String>,
    },
    Criteria(Box<PoolCriteria>),
}

impl RefScope {
    fn admits(&self, doc: &Doc) -> bool {
        match self {
            RefScope::Everything => true,
            RefScope::Open { customer } => !doc.confined || is_own(doc, customer),
            RefScope::Pool {
                searches,
                explicit,
                own_customer,
            } => {
                explicit.contains(&doc.guid)
                    || searches.iter().any(|c| criteria_admit(c, doc))
                    || (searches.iter().any(|c| c.allow_own_designs) && is_own(doc, own_customer))
            }
            RefScope::Criteria(criteria) => criteria_admit(criteria, doc),
        }
    }
}

fn is_own(doc: &Doc, customer: &Option<String>) -> bool {
    customer.is_some() && doc.customer == *customer
}

/// `PoolCriteria` as its doc comments define it (own designs aside: that is the scope's part).
fn criteria_admit(c: &PoolCriteria, doc: &Doc) -> bool {
    let number = c.design_number.trim().to_lowercase();
    let has_any = |labels: &[i32]| doc.labels.iter().any(|l| labels.contains(l));
    let unlabeled_ok = c.allow_unlabeled_designs && doc.labels.is_empty();
    let labels_ok = if c.allowed_labels.is_empty() {
        c.allow_unlabeled_designs || !doc.labels.is_empty()
    } else {
        has_any(&c.allowed_labels) || unlabeled_ok
    };
    let customer_in = |list: &[String]| doc.customer.as_ref().is_some_and(|g| list.contains(g));
    let parameters_ok = c.parameters().iter().enumerate().all(|(k, value)| {
        let value = value.trim();
        value.is_empty() || doc.params[k].to_lowercase() == value.to_lowercase()
    });
    doc.number.to_lowercase().starts_with(&number)
        && c.allowed_archive.is_none_or(|a| a < 0 || doc.archive == a)
        && (c.allowed_screen_status.is_empty()
            || c.allowed_screen_status
                .iter()
                .any(|s| s == doc.status.as_str()))
        && (c.allowed_screen_counts.is_empty() || c.allowed_screen_counts.contains(&doc.channels))
        && labels_ok
        && !has_any(&c.forbidden_labels)
        && (c.allowed_customers.is_empty() || customer_in(&c.allowed_customers))
        && !customer_in(&c.forbidden_customers)
        && (c.allowed_years.is_empty() || c.allowed_years.contains(&doc.uploaded_at.year()))
        && parameters_ok
        && (c.allow_confined_designs || !doc.confined)
}

struct View {
    name: &'static str,
    scope: Scope,
    reference: RefScope,
    /// The user behind the view (the staff view's viewer is made up).
    user: Option<String>,
}

fn criteria_view(criteria: PoolCriteria) -> View {
    View {
        name: "criteria",
        scope: Scope::Criteria(Box::new(criteria.clone())),
        reference: RefScope::Criteria(Box::new(criteria)),
        user: None,
    }
}

fn staff() -> Viewer {
    Viewer {
        user_guid: "staff".into(),
        customer_guid: None,
        is_admin: false,
        is_in_house: true,
        second_factor_validated: false,
    }
}

fn viewer_of(user: &accounts::model::User) -> Viewer {
    Viewer {
        user_guid: user.guid.clone(),
        customer_guid: user.customer_guid.clone(),
        is_admin: user.is_admin,
        is_in_house: user.is_in_house,
        second_factor_validated: false,
    }
}

// ---- the fixture --------------------------------------------------------------------------------

struct Fixture {
    world: TestWorld,
    data: Data,
    /// staff, a user without customer, a customer's user, a pooled customer's user.
    views: Vec<View>,
    index: HashMap<String, usize>,
    /// One cache for the fixture's whole life, as a server keeps one: every check also proves
    /// that what it remembered is dropped when the catalog changes.
    cache: SearchCache,
}

impl Fixture {
    fn new(count: usize) -> Fixture {
        let world = TestWorld::new();
        let mut pooled = world.conn();
        let conn: &mut DbConnection = &mut pooled;
        let mut rng = Rng::new(20_260_114);
        let archives = CODES
            .iter()
            .map(|code| {
                let name = format!("Archive {code}");
                service::ensure_archive(conn, code, [&name, &name, &name])
                    .expect("archive")
                    .id
            })
            .collect();
        let labels = LABELS
            .iter()
            .map(|name| service::create_label(conn, [*name; 3], None, false).expect("label"))
            .collect();
        let customers: Vec<String> = (0..4)
            .map(|k| {
                let customer = Customer {
                    guid: uuid::Uuid::new_v4().to_string(),
                    name: format!("Customer {k}"),
                    name_sef: format!("customer-{k}"),
                    address: String::new(),
                    code: format!("C{k}"),
                    visible: true,
                    created_at: midnight(today()),
                };
                accounts::repo::insert_customer(conn, &customer).expect("customer");
                customer.guid
            })
            .collect();
        let mut data = Data {
            docs: Vec::new(),
            archives,
            labels,
            customers,
        };
        let mut docs = generate(&mut rng, count, &data);
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            docs.iter_mut().for_each(|doc| store(conn, doc));
            Ok(())
        })
        .expect("archive stored");
        data.docs = docs;
        let views = Self::views(conn, &data, &mut rng);
        let index = data
            .docs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.guid.clone(), i))
            .collect();
        // Typed colours rank from the palette index, as a serving instance's do; the walks'
        // uncached cache (nothing loaded) ranks them in the database: the two must agree.
        let cache = SearchCache::default();
        cache.palette().load(conn).expect("palette index");
        drop(pooled);
        Fixture {
            world,
            data,
            views,
            index,
            cache,
        }
    }

    /// The users (one of them in a pool) and the scopes `pools::scope_of` gives them.
    fn views(conn: &mut DbConnection, data: &Data, rng: &mut Rng) -> Vec<View> {
        let user = |conn: &mut DbConnection, email: &str, customer: Option<&String>| {
            accounts::service::create_user(
                conn,
                NewUser {
                    email: email.into(),
                    name: email.into(),
                    password: None,
                    is_admin: false,
                    is_in_house: false,
                    language: Language::En,
                    customer_guid: customer.cloned(),
                },
            )
            .expect("user")
        };
        let lone = user(conn, "lone@desen.test", None);
        let customer = user(conn, "customer@desen.test", Some(&data.customers[0]));
        let pooled = user(conn, "pooled@desen.test", Some(&data.customers[1]));
        let (searches, explicit) = pool_contents(data, rng);
        let pool = pools::service::save_pool(
            conn,
            &UserGuid::new(),
            PoolSave {
                name: "Selection".into(),
                dtos: searches.clone(),
                extra_guids: explicit.clone(),
                ..Default::default()
            },
        )
        .expect("pool");
        pools::service::assign(
            conn,
            &UserGuid::new(),
            &id(&pooled.guid),
            Some(&pool.uniqueid),
        )
        .expect("assign");
        let scope = |conn: &mut DbConnection, viewer: &Viewer| {
            pools::scope_of(conn, viewer).expect("scope")
        };
        let views = vec![
            View {
                name: "staff",
                scope: scope(conn, &staff()),
                reference: RefScope::Everything,
                user: None,
            },
            View {
                name: "no customer",
                scope: scope(conn, &viewer_of(&lone)),
                reference: RefScope::Open { customer: None },
                user: Some(lone.guid.clone()),
            },
            View {
                name: "customer",
                scope: scope(conn, &viewer_of(&customer)),
                reference: RefScope::Open {
                    customer: Some(data.customers[0].clone()),
                },
                user: Some(customer.guid.clone()),
            },
            View {
                name: "pool",
                scope: scope(conn, &viewer_of(&pooled)),
                reference: RefScope::Pool {
                    searches,
                    explicit,
                    own_customer: Some(data.customers[1].clone()),
                },
                user: Some(pooled.guid.clone()),
            },
        ];
        assert_eq!(views[0].scope, Scope::Everything);
        let admin_without_second_factor = Viewer {
            is_admin: true,
            ..viewer_of(&lone)
        };
        assert_eq!(
            scope(conn, &admin_without_second_factor),
            Scope::OpenArchive { customer: None }
        );
        assert!(matches!(
            views[1].scope,
            Scope::OpenArchive { customer: None }
        ));
        assert!(
            matches!(&views[2].scope, Scope::OpenArchive { customer: Some(c) } if *c == data.customers[0])
        );
        assert!(
            matches!(&views[3].scope, Scope::Pool { pool: p, own_customer: Some(c) }
            if *p == pool.uniqueid && *c == data.customers[1])
        );
        views
    }

    /// The archive the read-only tests share: built by the first of them, dropped (database
    /// included) when the last test using it ends.
    fn shared() -> Arc<Fixture> {
        static SHARED: Mutex<Weak<Fixture>> = Mutex::new(Weak::new());
        let mut slot = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(fixture) = slot.upgrade() {
            return fixture;
        }
        let fixture = Arc::new(Fixture::new(DESIGNS));
        *slot = Arc::downgrade(&fixture);
        fixture
    }

    fn conn(&self) -> r2d2::PooledConnection<db::PoolManager> {
        self.world.conn()
    }

    fn doc(&self, guid: &str) -> &Doc {
        &self.data.docs[self.index[guid]]
    }

    fn numbers(&self, guids: &[String]) -> Vec<String> {
        guids
            .iter()
            .map(|g| {
                self.index
                    .get(g)
                    .map_or_else(|| format!("?{g}"), |&i| self.data.docs[i].number.clone())
            })
            .collect()
    }
}

/// The pool of the pooled user: three searches and a few explicit designs.
fn pool_contents(data: &Data, rng: &mut Rng) -> (Vec<PoolCriteria>, Vec<String>) {
    let searches = vec![
        PoolCriteria {
            allowed_labels: vec![data.labels[0], data.labels[1]],
            allow_unlabeled_designs: false,
            allow_own_designs: true,
            ..Default::default()
        },
        PoolCriteria {
            allowed_archive: Some(data.archives[1]),
            allowed_years: vec![2024],
            allow_confined_designs: true,
            ..Default::default()
        },
        PoolCriteria {
            dp0: "silk".into(),
            allowed_screen_status: vec!["engraved".into(), "faded".into()],
            forbidden_customers: vec![data.customers[2].clone()],
            ..Default::default()
        },
    ];
    let confined: Vec<&Doc> = data.docs.iter().filter(|d| d.confined).collect();
    let mut explicit: Vec<String> = (0..2).map(|_| rng.pick(&confined).guid.clone()).collect();
    explicit.extend((0..3).map(|_| rng.pick(&data.docs).guid.clone()));
    explicit.sort();
    explicit.dedup();
    (searches, explicit)
}

// ---- queries and the reference ------------------------------------------------------------------

#[derive(Debug, Clone)]
enum Dates {
    Preset(u8),
    /// Inclusive days; either end may be open.
    Custom(Option<NaiveDate>, Option<NaiveDate>),
}

#[derive(Debug, Clone, Default)]
struct Query {
    number: Option<String>,
    /// `#rrggbb` and the distance (the default when `None`).
    color: Option<(String, Option<f64>)>,
    status: Option<ScreenStatus>,
    channel_counts: Vec<i32>,
    design_type: Option<DesignType>,
    labels: Vec<i32>,
    any_label: bool,
    dates: Option<Dates>,
    by_edit: bool,
    archive: Option<i32>,
    confined: Option<bool>,
    /// 0 upload date, 1 edit date, 2 number.
    sort: u8,
    studio: Option<String>,
    original_name: Option<String>,
    notes: Option<String>,
    /// 1 pinned, 2 ordered, 3 never ordered.
    special: Option<u8>,
    customer: Option<String>,
    dp0: Option<String>,
    dp1: Option<String>,
    owned: bool,
}

fn joined(values: &[i32]) -> Option<String> {
    (!values.is_empty()).then(|| {
        values
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    })
}

fn day_text(day: Option<NaiveDate>) -> Option<String> {
    day.map(|d| d.format("%Y-%m-%d").to_string())
}

impl Query {
    /// The form the archive screen would send.
    fn form(&self) -> SearchForm {
        let (date_range, date_from, date_to) = match &self.dates {
            None => (None, None, None),
            Some(Dates::Preset(p)) => (Some(p.to_string()), None, None),
            Some(Dates::Custom(from, to)) => (None, day_text(*from), day_text(*to)),
        };
        SearchForm {
            number: self.number.clone(),
            color: self.color.as_ref().map(|(hex, _)| hex.clone()),
            color_distance: self
                .color
                .as_ref()
                .and_then(|(_, d)| d.map(|d| d.to_string())),
            moldstate: self.status.map(|s| s.as_str().to_owned()),
            channelcounts: joined(&self.channel_counts),
            design_type: self.design_type.map(|t| t.as_str().to_owned()),
            labels: joined(&self.labels),
            label_search_mode: (!self.labels.is_empty())
                .then(|| if self.any_label { "any" } else { "all" }.to_owned()),
            date_range,
            date_from,
            date_to,
            date_field: self.by_edit.then(|| "edit".to_owned()),
            archive: self.archive.map(|a| a.to_string()),
            confined: self
                .confined
                .map(|c| if c { "closed" } else { "open" }.to_owned()),
            order: Some(self.sort.to_string()),
            studio: self.studio.clone(),
            originalname: self.original_name.clone(),
            note: self.notes.clone(),
            special_list_id: self.special.map(|s| s.to_string()),
            customer: self.customer.clone(),
            dp0: self.dp0.clone(),
            dp1: self.dp1.clone(),
            owned: self.owned.then(|| "true".to_owned()),
            ..Default::default()
        }
    }

    fn target(&self) -> Option<([f64; 3], f64)> {
        self.color.as_ref().map(|(hex, distance)| {
            let hex = hex.trim_start_matches('#');
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex");
            (
                lab_of([byte(0), byte(2), byte(4)]),
                distance.unwrap_or(10.0),
            )
        })
    }

    /// Every filter but the colour.
    fn admits(&self, doc: &Doc) -> bool {
        let contains = |field: &str, text: &Option<String>| {
            text.as_ref()
                .is_none_or(|t| field.to_lowercase().contains(&t.trim().to_lowercase()))
        };
        let same = |field: &str, text: &Option<String>| {
            text.as_ref()
                .is_none_or(|t| field.to_lowercase() == t.trim().to_lowercase())
        };
        let labels_ok = self.labels.is_empty()
            || if self.any_label {
                self.labels.iter().any(|l| doc.labels.contains(l))
            } else {
                self.labels.iter().all(|l| doc.labels.contains(l))
            };
        let at = if self.by_edit {
            doc.edited_at
        } else {
            doc.uploaded_at
        };
        let dates_ok = match &self.dates {
            None | Some(Dates::Preset(0)) => true,
            Some(Dates::Preset(p)) => {
                let (from, until) = preset_range(*p, today()).expect("preset");
                at >= midnight(from) && at < midnight(until)
            }
            Some(Dates::Custom(from, to)) => {
                from.is_none_or(|f| at.date() >= f) && to.is_none_or(|t| at.date() <= t)
            }
        };
        let special_ok = match self.special {
            None => true,
            Some(1) => doc.pin.is_some(),
            Some(2) => doc.orders > 0,
            Some(_) => doc.orders == 0,
        };
        contains(&doc.number, &self.number)
            && self.status.is_none_or(|s| doc.status == s)
            && (self.channel_counts.is_empty() || self.channel_counts.contains(&doc.channels))
            && self.design_type.is_none_or(|t| doc.design_type == t)
            && labels_ok
            && dates_ok
            && self.archive.is_none_or(|a| a < 0 || doc.archive == a)
            && self.confined.is_none_or(|c| doc.confined == c)
            && contains(&doc.studio, &self.studio)
            && contains(&doc.original_name, &self.original_name)
            && contains(&doc.notes, &self.notes)
            && special_ok
            && self
                .customer
                .as_ref()
                .is_none_or(|c| doc.customer.as_ref() == Some(c))
            && same(&doc.params[0], &self.dp0)
            && same(&doc.params[1], &self.dp1)
            && (!self.owned || doc.owned_extra)
    }
}

/// A design's colour match: the best score (distance + 10 × (1 − share)) and the smallest
/// distance over palette colours within the distance; `None` when no colour is near.
fn colour_match(doc: &Doc, target: [f64; 3], distance: f64) -> Option<(f64, f64)> {
    doc.ways
        .iter()
        .flat_map(|w| &w.palette)
        .filter_map(|s| {
            let d = ciede2000(target, s.lab);
            (d <= distance).then_some((d + 10.0 * (1.0 - s.share), d))
        })
        .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1)))
}

/// The designs the search must answer, in order, with the colour distance of each.
fn reference(data: &Data, query: &Query, scope: &RefScope) -> Vec<(String, Option<f64>)> {
    let found = data
        .docs
        .iter()
        .filter(|d| scope.admits(d) && query.admits(d));
    let newest_first = |a: &&Doc, b: &&Doc| (b.uploaded_at, &b.guid).cmp(&(a.uploaded_at, &a.guid));
    if let Some((target, distance)) = query.target() {
        let mut hits: Vec<(&Doc, (f64, f64))> = found
            .filter_map(|d| colour_match(d, target, distance).map(|m| (d, m)))
            .collect();
        hits.sort_by(|(a, x), (b, y)| x.0.total_cmp(&y.0).then_with(|| newest_first(a, b)));
        return hits
            .into_iter()
            .map(|(d, (_, nearest))| (d.guid.clone(), Some(nearest)))
            .collect();
    }
    let mut docs: Vec<&Doc> = found.collect();
    match query.sort {
        0 => docs.sort_by(|a, b| match (a.pin, b.pin) {
            (Some(x), Some(y)) => (x, &a.guid).cmp(&(y, &b.guid)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => newest_first(a, b),
        }),
        1 => docs.sort_by(|a, b| (b.edited_at, &b.guid).cmp(&(a.edited_at, &a.guid))),
        _ => docs.sort_by(|a, b| a.number.cmp(&b.number)),
    }
    docs.into_iter().map(|d| (d.guid.clone(), None)).collect()
}

/// Pages a check walks at most: a larger answer is read in larger pages (the paging test walks
/// every page). A colour page computes a distance per palette entry near the colour: fewer.
const MAX_PAGES: usize = 8;
const MAX_COLOUR_PAGES: usize = 2;

/// Runs the query in the view page by page and compares count, order and distances with the
/// reference. Answers how many designs matched.
fn check(fx: &Fixture, view: &View, query: &Query, page_size: u32) -> usize {
    let pages = match query.color {
        Some(_) => MAX_COLOUR_PAGES,
        None => MAX_PAGES,
    };
    check_pages(fx, view, query, page_size, pages)
}

fn check_pages(fx: &Fixture, view: &View, query: &Query, page_size: u32, pages: usize) -> usize {
    let want = reference(&fx.data, query, &view.reference);
    let page_size = page_size.max(want.len().div_ceil(pages) as u32);
    let context = || format!("[{}] {query:?}", view.name);
    let filters = SearchFilters::parse(&query.form(), today())
        .unwrap_or_else(|e| panic!("{} does not parse: {e}", context()));
    let conn: &mut DbConnection = &mut fx.conn();
    let total = count_in(conn, &fx.cache, &view.scope, &filters)
        .unwrap_or_else(|e| panic!("{} count: {e}", context()));
    assert_eq!(total as usize, want.len(), "count of {}", context());
    // Every page, and the one after the last when the last is full: first without a cache, then
    // with one forwards (each page seeks from where the last ended), backwards (the remembered
    // pages), and backwards in other pages (each from the nearest start found before it).
    let uncached = SearchCache::new(0);
    let other_size = page_size + 3;
    let walks: [(&SearchCache, u32, bool, &str); 4] = [
        (&uncached, page_size, false, "uncached"),
        (&fx.cache, page_size, false, "forwards"),
        (&fx.cache, page_size, true, "backwards"),
        (&fx.cache, other_size, true, "backwards in other pages"),
    ];
    let mut got: Vec<(String, Option<f64>)> = Vec::new();
    for (cache, size, backwards, walk) in walks {
        let last = (want.len() / size as usize) as u32;
        let mut pages: Vec<u32> = (0..=last).collect();
        if backwards {
            pages.reverse();
        }
        let mut pages_got = vec![Vec::new(); pages.len()];
        for page in pages {
            let (hits, total) = find_page(
                conn,
                cache,
                &view.scope,
                &filters,
                PageRequest::new(page, size),
            )
            .unwrap_or_else(|e| panic!("{} page {page} ({walk}): {e}", context()));
            assert_eq!(
                total as usize,
                want.len(),
                "total of page {page} ({walk}) of {}",
                context()
            );
            assert!(
                hits.len() <= size as usize,
                "page {page} ({walk}) of {}",
                context()
            );
            pages_got[page as usize] = hits;
        }
        let walked: Vec<_> = pages_got.into_iter().flatten().collect();
        // Same designs in the same order at the same distances (PostgreSQL's CIEDE2000 and
        // the palette index's Rust one may differ in the last bits).
        let same = walked.len() == got.len()
            && walked
                .iter()
                .zip(&got)
                .all(|(w, g)| w.0 == g.0 && same_distance(w.1, g.1));
        if !got.is_empty() && !same {
            panic!(
                "{} walked {walk}:\n got {:?}\nthen {:?}",
                context(),
                fx.numbers(&walked.iter().map(|h| h.0.clone()).collect::<Vec<_>>()),
                fx.numbers(&got.iter().map(|h| h.0.clone()).collect::<Vec<_>>()),
            );
        }
        got = walked;
    }
    let ids = |hits: &[(String, Option<f64>)]| hits.iter().map(|h| h.0.clone()).collect::<Vec<_>>();
    if ids(&got) != ids(&want) {
        panic!(
            "{}\n got {:?}\nwant {:?}",
            context(),
            fx.numbers(&ids(&got)),
            fx.numbers(&ids(&want))
        );
    }
    for ((id, g), (_, w)) in got.iter().zip(&want) {
        assert!(
            same_distance(*g, *w),
            "distance of {} ({g:?}, want {w:?}) in {}",
            fx.doc(id).number,
            context()
        );
    }
    want.len()
}

fn same_distance(got: Option<f64>, want: Option<f64>) -> bool {
    match (got, want) {
        (Some(g), Some(w)) => (g - w).abs() < 1e-9,
        (None, None) => true,
        _ => false,
    }
}

/// Every query in every view; each query must find something in at least one view.
fn check_all(fx: &Fixture, queries: &[Query]) {
    for query in queries {
        let found: usize = fx.views.iter().map(|v| check(fx, v, query, 7)).sum();
        assert!(
            found > 0,
            "nothing matches {query:?}: the data does not exercise it"
        );
    }
}

// ---- every filter alone -------------------------------------------------------------------------

/// The empty form with one change.
fn query(set: impl FnOnce(&mut Query)) -> Query {
    let mut query = Query::default();
    set(&mut query);
    query
}

#[test]
fn text_filters_match_the_reference() {
    let fx = Fixture::shared();
    let number = fx.data.docs[17].number.clone();
    let mut queries = Vec::new();
    for part in [
        "tx-",
        "TX-0",
        "01-00",
        "-1",
        "2",
        " 02- ",
        &number,
        &number.to_lowercase(),
    ] {
        queries.push(query(|q| q.number = Some(part.to_owned())));
    }
    let texts = [
        "rose", "ROSE", "Studio_5", "_5", "100%", "lab", "nord", "deco", "50%", "geo%",
    ];
    for text in texts.map(|t| Some(t.to_owned())) {
        queries.push(query(|q| q.studio = text.clone()));
        queries.push(query(|q| q.notes = text.clone()));
        queries.push(query(|q| q.original_name = text.clone()));
    }
    for query in &queries {
        fx.views
            .iter()
            .for_each(|view| _ = check(&fx, view, query, 7));
    }
    let wildcard = query(|q| q.number = Some("%".into()));
    assert_eq!(
        check(&fx, &fx.views[0], &wildcard, 7),
        0,
        "% is no wildcard"
    );
}

#[test]
fn attribute_filters_match_the_reference() {
    let fx = Fixture::shared();
    let mut queries = Vec::new();
    for status in [
        ScreenStatus::Engraved,
        ScreenStatus::NotEngraved,
        ScreenStatus::Faded,
        ScreenStatus::None,
    ] {
        queries.push(query(|q| q.status = Some(status)));
    }
    for counts in [vec![1], vec![2, 5], vec![8], (1..=8).collect()] {
        queries.push(query(|q| q.channel_counts = counts));
    }
    for design_type in [DesignType::Rotary, DesignType::Digital] {
        queries.push(query(|q| q.design_type = Some(design_type)));
    }
    for &archive in &fx.data.archives {
        queries.push(query(|q| q.archive = Some(archive)));
    }
    for confined in [false, true] {
        queries.push(query(|q| q.confined = Some(confined)));
    }
    for customer in &fx.data.customers {
        queries.push(query(|q| q.customer = Some(customer.clone())));
    }
    for value in ["silk", "COTTON", "Viscose"] {
        queries.push(query(|q| q.dp0 = Some(value.into())));
    }
    for value in ["a1", "B-2"] {
        queries.push(query(|q| q.dp1 = Some(value.into())));
    }
    queries.push(query(|q| q.owned = true));
    check_all(&fx, &queries);
    // All archives (-1), an unknown customer, an unknown parameter value.
    for query in [
        query(|q| q.archive = Some(-1)),
        query(|q| q.customer = Some("no-such-customer".into())),
        query(|q| q.dp0 = Some("linen".into())),
    ] {
        fx.views
            .iter()
            .for_each(|view| _ = check(&fx, view, &query, 7));
    }
}

#[test]
fn label_filters_match_the_reference() {
    let fx = Fixture::shared();
    let l = &fx.data.labels;
    let mut queries = Vec::new();
    for labels in [
        vec![l[0]],
        vec![l[0], l[1]],
        vec![l[2], l[5], l[7]],
        vec![l[3], l[3]],
    ] {
        for any_label in [false, true] {
            queries.push(query(|q| {
                q.labels = labels.clone();
                q.any_label = any_label;
            }));
        }
    }
    check_all(&fx, &queries);
    for any_label in [false, true] {
        let unknown = query(|q| {
            q.labels = vec![l[0], 99_999];
            q.any_label = any_label;
        });
        fx.views
            .iter()
            .for_each(|view| _ = check(&fx, view, &unknown, 7));
    }
}

#[test]
fn date_filters_match_the_reference() {
    let fx = Fixture::shared();
    let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
    let uploaded = Some(fx.data.docs[5].uploaded_at.date());
    let mut dates: Vec<Dates> = (0..=11).map(Dates::Preset).collect();
    for (from, to) in [
        (day(2025, 1, 1), day(2025, 3, 31)),
        (day(2024, 2, 29), day(2024, 2, 29)),
        (uploaded, uploaded),
        (day(2025, 6, 1), None),
        (day(2025, 6, 1), day(9999, 12, 31)),
        (None, day(2024, 6, 30)),
        (Some(today()), Some(today())),
    ] {
        dates.push(Dates::Custom(from, to));
    }
    for by_edit in [false, true] {
        for range in &dates {
            let query = query(|q| {
                q.dates = Some(range.clone());
                q.by_edit = by_edit;
            });
            let found: usize = fx.views.iter().map(|v| check(&fx, v, &query, 7)).sum();
            // Today, yesterday, this week and the leap day may be empty; wide ranges must not.
            if matches!(range, Dates::Preset(0 | 4 | 5 | 7 | 8 | 10 | 11)) {
                assert!(found > 0, "nothing in {query:?}");
            }
        }
    }
}

#[test]
fn special_lists_and_sorts_match_the_reference() {
    let fx = Fixture::shared();
    let mut queries = Vec::new();
    for sort in 0..=2 {
        queries.push(query(|q| q.sort = sort));
        for special in 1..=3 {
            queries.push(query(|q| {
                q.special = Some(special);
                q.sort = sort;
            }));
        }
    }
    check_all(&fx, &queries);
}

// ---- colour -------------------------------------------------------------------------------------

#[test]
fn colour_search_ranks_like_the_reference() {
    let fx = Fixture::shared();
    let mut colours: Vec<String> = THEMES.iter().map(|&t| hex(t)).collect();
    colours.extend([
        "#FF8800".to_owned(),
        "#ffffff".to_owned(),
        "9932cc".to_owned(),
    ]);
    // The picker's swatches, read from the swatch index at the default distance.
    colours.extend(SWATCHES.iter().map(|s| s.hex.to_uppercase()));
    let (staff, pool) = (&fx.views[0], &fx.views[3]);
    // Every colour at the default distance in every view; near and wide distances for some.
    let mut cases: Vec<(&String, Option<f64>, Vec<&View>)> = colours
        .iter()
        .map(|c| (c, None, fx.views.iter().collect()))
        .collect();
    for colour in colours.iter().step_by(2) {
        for distance in [1.0, 3.5, 6.0] {
            cases.push((colour, Some(distance), vec![staff, pool]));
        }
    }
    for colour in &colours[..2] {
        for distance in [25.0, 40.0] {
            cases.push((colour, Some(distance), vec![staff, pool]));
        }
    }
    let mut found = 0;
    for (colour, distance, views) in cases {
        let query = Query {
            color: Some((colour.clone(), distance)),
            ..Default::default()
        };
        for view in views {
            found += check(&fx, view, &query, 7);
        }
        check_results(&fx, staff, &query);
    }
    assert!(found > 0);
}

/// The result cards of a colour search: the shown colorway holds the best-scoring matching colour.
fn check_results(fx: &Fixture, view: &View, query: &Query) {
    let (target, distance) = query.target().expect("colour query");
    let filters = SearchFilters::parse(&query.form(), today()).expect("parse");
    let conn: &mut DbConnection = &mut fx.conn();
    let answer = search(
        conn,
        &fx.cache,
        &view.scope,
        &DesignFields::ALL,
        &filters,
        PageRequest::new(0, 50),
        Language::En,
    )
    .expect("search");
    for result in &answer.results {
        let doc = fx.doc(&result.design_guid);
        let (best, nearest) = colour_match(doc, target, distance).expect("a match");
        let active = result
            .active_variant_guid
            .as_deref()
            .expect("an active colorway");
        let way = doc
            .ways
            .iter()
            .find(|w| w.guid == active)
            .expect("a colorway of the design");
        let way_best = way
            .palette
            .iter()
            .map(|s| (ciede2000(target, s.lab), s.share))
            .filter(|(d, _)| *d <= distance)
            .map(|(d, share)| d + 10.0 * (1.0 - share))
            .reduce(f64::min);
        assert_eq!(
            way_best,
            Some(best),
            "active colorway of {} for {query:?}",
            doc.number
        );
        assert_eq!(
            result.original_variant_guid.as_deref(),
            Some(doc.ways[0].guid.as_str())
        );
        let shown = result.color_distance.expect("a distance");
        assert!(
            (shown - nearest).abs() <= 0.005 + 1e-9,
            "distance {shown} of {}",
            doc.number
        );
        assert_eq!(result.pinned, doc.pin.is_some());
    }
}

// ---- combinations and paging --------------------------------------------------------------------

fn random_query(rng: &mut Rng, data: &Data) -> Query {
    let p = 0.17;
    let mut query = Query {
        sort: rng.below(3) as u8,
        ..Default::default()
    };
    if rng.chance(p) {
        let number = &rng.pick(&data.docs).number;
        let start = rng.below(number.len() - 1);
        let end = (start + 2 + rng.below(3)).min(number.len());
        let part = &number[start..end];
        query.number = Some(if rng.chance(0.5) {
            part.to_uppercase()
        } else {
            part.to_lowercase()
        });
    }
    if rng.chance(0.06) {
        let rgb = if rng.chance(0.5) {
            *rng.pick(&THEMES)
        } else if rng.chance(0.5) {
            let swatch = rng.pick(&SWATCHES);
            desen_core::color::parse_hex(swatch.hex).expect("a swatch's hex")
        } else {
            [
                rng.below(256) as u8,
                rng.below(256) as u8,
                rng.below(256) as u8,
            ]
        };
        let distance = rng.chance(0.6).then(|| rng.between(10, 200) as f64 / 10.0);
        query.color = Some((hex(rgb), distance));
    }
    if rng.chance(p) {
        query.status = Some(*rng.pick(&[
            ScreenStatus::Engraved,
            ScreenStatus::NotEngraved,
            ScreenStatus::Faded,
            ScreenStatus::None,
        ]));
    }
    if rng.chance(p) {
        query.channel_counts = rng.some(&(1..=8).collect::<Vec<_>>(), 0.4);
    }
    if rng.chance(p) {
        query.design_type = Some(if rng.chance(0.5) {
            DesignType::Rotary
        } else {
            DesignType::Digital
        });
    }
    if rng.chance(0.2) {
        query.labels = rng.some(&data.labels, 0.25);
        query.any_label = rng.chance(0.5);
    }
    if rng.chance(0.2) {
        query.by_edit = rng.chance(0.4);
        query.dates = Some(if rng.chance(0.6) {
            Dates::Preset(rng.below(12) as u8)
        } else {
            let from = today() - Duration::days(rng.between(0, 1100));
            let to = from + Duration::days(rng.between(0, 400));
            match rng.below(5) {
                0 => Dates::Custom(Some(from), None),
                1 => Dates::Custom(None, Some(to)),
                _ => Dates::Custom(Some(from), Some(to)),
            }
        });
    }
    if rng.chance(p) {
        query.archive = Some(*rng.pick(&data.archives));
    }
    if rng.chance(p) {
        query.confined = Some(rng.chance(0.5));
    }
    let texts = [
        "rose", "PAISLEY", "_5", "lab", "%", "deco", "a", "Sud", "_big",
    ];
    if rng.chance(p) {
        query.studio = Some(rng.pick(&texts).to_string());
    }
    if rng.chance(p) {
        query.original_name = Some(rng.pick(&texts).to_string());
    }
    if rng.chance(p) {
        query.notes = Some(rng.pick(&texts).to_string());
    }
    if rng.chance(p) {
        query.special = Some(rng.between(1, 3) as u8);
    }
    if rng.chance(0.08) {
        query.customer = Some(rng.pick(&data.customers).clone());
    }
    if rng.chance(p) {
        query.dp0 = Some(rng.pick(&DP0[..5]).to_uppercase());
    }
    if rng.chance(p) {
        query.dp1 = Some(rng.pick(&DP1[..4]).to_string());
    }
    query.owned = rng.chance(0.08);
    query
}

/// 200 random combinations of filters (the same ones on every call), compared in `views`.
fn random_combinations(fx: &Fixture, views: &[&View]) {
    let mut rng = Rng::new(7);
    let mut non_empty = 0;
    for _ in 0..200 {
        let query = random_query(&mut rng, &fx.data);
        let found: usize = views.iter().map(|v| check(fx, v, &query, 7)).sum();
        non_empty += usize::from(found > 0);
    }
    assert!(
        non_empty >= 100,
        "only {non_empty} of 200 combinations found anything"
    );
}

#[test]
fn random_combinations_match_the_reference_for_staff_and_the_pool() {
    let fx = Fixture::shared();
    random_combinations(&fx, &[&fx.views[0], &fx.views[3]]);
}

#[test]
fn random_combinations_match_the_reference_for_customers() {
    let fx = Fixture::shared();
    random_combinations(&fx, &[&fx.views[1], &fx.views[2]]);
}

#[test]
fn paging_is_seamless_across_the_pinned_lead() {
    let fx = Fixture::shared();
    let everything = Query::default();
    // The staff listing starts with all nine pinned designs, in pin order.
    let lead: Vec<i32> = reference(&fx.data, &everything, &RefScope::Everything)
        .iter()
        .map_while(|(id, _)| fx.doc(id).pin)
        .collect();
    let mut pins = PINS.to_vec();
    pins.sort_unstable();
    assert_eq!(lead, pins);
    // Pages ending inside, at and after the lead; the other views see fewer pinned designs.
    for size in [4, 7, 9, 12, 100] {
        check_pages(&fx, &fx.views[0], &everything, size, usize::MAX);
    }
    for view in &fx.views[1..] {
        for size in [7, 8] {
            check_pages(&fx, view, &everything, size, usize::MAX);
        }
    }
    // Small pages over one archive's rotary designs, the archive with the most pinned ones.
    let pinned_in = |archive: i32| {
        let pinned = fx.data.docs.iter().filter(|d| d.pin.is_some());
        pinned
            .filter(|d| d.archive == archive && d.design_type == DesignType::Rotary)
            .count()
    };
    let archive = fx
        .data
        .archives
        .iter()
        .copied()
        .max_by_key(|&a| pinned_in(a));
    let narrow = query(|q| {
        q.archive = archive;
        q.design_type = Some(DesignType::Rotary);
    });
    assert!(archive.is_some_and(|a| pinned_in(a) >= 2));
    for size in [1, 2, 3] {
        check_pages(&fx, &fx.views[0], &narrow, size, usize::MAX);
    }
}

// ---- pool criteria ------------------------------------------------------------------------------

/// The default pool search with one change.
#[test]
fn explanations_agree_with_what_each_user_sees() {
    let fx = Fixture::shared();
    let conn: &mut DbConnection = &mut fx.conn();
    let mut rules = BTreeSet::new();
    for view in &fx.views {
        let Some(user) = view.user.as_deref() else {
            continue;
        };
        for doc in &fx.data.docs {
            let why = pools::explain::explain(conn, &id(user), &doc.number).expect("explain");
            let context = format!("[{}] {}: {why:?}", view.name, doc.number);
            assert_eq!(why.visible, view.reference.admits(doc), "{context}");
            assert_eq!(why.design_guid.as_deref(), Some(doc.guid.as_str()));
            match &view.reference {
                RefScope::Open { customer } => {
                    let want = match (doc.confined, is_own(doc, customer)) {
                        (false, _) => "open_design",
                        (true, true) => "own_customer",
                        (true, false) => "confined_other_customer",
                    };
                    assert_eq!(why.rule, want, "{context}");
                }
                RefScope::Pool {
                    searches,
                    explicit,
                    own_customer,
                } => {
                    assert_eq!(why.explicit, explicit.contains(&doc.guid), "{context}");
                    assert_eq!(why.searches.len(), searches.len(), "{context}");
                    for (verdict, search) in why.searches.iter().zip(searches) {
                        assert_eq!(verdict.admits, criteria_admit(search, doc), "{context}");
                        assert_eq!(verdict.admits, verdict.failing.is_empty(), "{context}");
                    }
                    let own =
                        searches.iter().any(|c| c.allow_own_designs) && is_own(doc, own_customer);
                    let want = if explicit.contains(&doc.guid) {
                        "pool_design"
                    } else if searches.iter().any(|c| criteria_admit(c, doc)) {
                        "pool_search"
                    } else if own {
                        "pool_own_customer"
                    } else {
                        "not_in_pool"
                    };
                    assert_eq!(why.rule, want, "{context}");
                    assert_eq!(why.pool_name.as_deref(), Some("Selection"));
                }
                _ => unreachable!("views with a user are open or pooled"),
            }
            rules.insert(why.rule);
        }
        let missing = pools::explain::explain(conn, &id(user), "no-such-number").expect("explain");
        assert_eq!((missing.visible, missing.rule), (false, "no_design"));
    }
    // The data exercises every rule but staff (the staff view has no stored user).
    for rule in [
        "open_design",
        "own_customer",
        "confined_other_customer",
        "pool_design",
        "pool_search",
        "not_in_pool",
    ] {
        assert!(rules.contains(rule), "no design shows {rule}: {rules:?}");
    }
    assert!(matches!(
        pools::explain::explain(conn, &UserGuid::new(), &fx.data.docs[0].number),
        Err(pools::PoolError::UserNotFound)
    ));
}

fn criteria(set: impl FnOnce(&mut PoolCriteria)) -> PoolCriteria {
    let mut criteria = PoolCriteria::default();
    set(&mut criteria);
    criteria
}

/// Each criterion alone, in a few values.
fn criteria_alone(data: &Data) -> Vec<PoolCriteria> {
    let (l, c, a) = (&data.labels, &data.customers, &data.archives);
    let mut all = vec![
        PoolCriteria::default(),
        criteria(|c| c.allow_confined_designs = true),
        criteria(|c| c.allow_unlabeled_designs = false),
        criteria(|c| c.allow_own_designs = true),
    ];
    for number in ["tx-0", "01-00", "02-1"] {
        all.push(criteria(|c| c.design_number = number.into()));
    }
    for archive in [a[0], a[2], -1] {
        all.push(criteria(|c| c.allowed_archive = Some(archive)));
    }
    for status in [vec!["engraved"], vec!["faded", "none"]] {
        let status: Vec<String> = status.into_iter().map(str::to_owned).collect();
        all.push(criteria(|c| c.allowed_screen_status = status));
    }
    for counts in [vec![1, 2], vec![8]] {
        all.push(criteria(|c| c.allowed_screen_counts = counts));
    }
    for (labels, unlabeled) in [
        (vec![l[0]], true),
        (vec![l[0]], false),
        (vec![l[3], l[6]], false),
    ] {
        all.push(criteria(|c| {
            c.allowed_labels = labels;
            c.allow_unlabeled_designs = unlabeled;
        }));
    }
    for forbidden in [vec![l[1]], vec![l[1], l[2]]] {
        all.push(criteria(|c| c.forbidden_labels = forbidden));
    }
    for customers in [vec![c[0].clone()], vec![c[0].clone(), c[1].clone()]] {
        all.push(criteria(|c| {
            c.allowed_customers = customers.clone();
            c.allow_confined_designs = true;
        }));
        all.push(criteria(|c| {
            c.forbidden_customers = customers;
            c.allow_confined_designs = true;
        }));
    }
    for years in [vec![2024], vec![2023, 2025], vec![2026]] {
        all.push(criteria(|c| c.allowed_years = years));
    }
    for k in 0..10 {
        let value = ["SILK", "a1"].get(k).unwrap_or(&"winter").to_string();
        all.push(criteria(|c| match k {
            0 => c.dp0 = value,
            1 => c.dp1 = value,
            2 => c.dp2 = value,
            3 => c.dp3 = value,
            4 => c.dp4 = value,
            5 => c.dp5 = value,
            6 => c.dp6 = value,
            7 => c.dp7 = value,
            8 => c.dp8 = value,
            _ => c.dp9 = value,
        }));
    }
    all
}

#[test]
fn pool_criteria_alone_match_the_reference() {
    let fx = Fixture::shared();
    for criteria in criteria_alone(&fx.data) {
        let found = check(&fx, &criteria_view(criteria.clone()), &Query::default(), 25);
        assert!(found > 0, "nothing admitted by {criteria:?}");
    }
    let wildcard = criteria(|c| c.design_number = "0_".into());
    assert_eq!(
        check(&fx, &criteria_view(wildcard), &Query::default(), 25),
        0,
        "_ is no wildcard"
    );
}

#[test]
fn pool_criteria_combinations_match_the_reference() {
    let fx = Fixture::shared();
    let alone = criteria_alone(&fx.data);
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        // Merge two to four single criteria into one search.
        let mut criteria = PoolCriteria::default();
        for _ in 0..rng.between(2, 4) {
            let part = rng.pick(&alone).clone();
            let fresh = PoolCriteria::default();
            macro_rules! take {
                ($($field:ident),*) => {$(
                    if part.$field != fresh.$field {
                        criteria.$field = part.$field.clone();
                    }
                )*};
            }
            take!(
                design_number,
                allowed_archive,
                allowed_screen_status,
                allowed_screen_counts,
                allowed_labels,
                forbidden_labels,
                allowed_customers,
                forbidden_customers,
                allowed_years,
                dp0,
                dp1,
                dp2,
                dp3,
                dp4,
                dp5,
                dp6,
                dp7,
                dp8,
                dp9,
                allow_own_designs,
                allow_confined_designs,
                allow_unlabeled_designs
            );
        }
        let query = if rng.chance(0.3) {
            random_query(&mut rng, &fx.data)
        } else {
            Query::default()
        };
        check(&fx, &criteria_view(criteria), &query, 7);
    }
}

// ---- pool upkeep --------------------------------------------------------------------------------

fn members(conn: &mut DbConnection, pool: &str) -> BTreeSet<String> {
    pool_members::table
        .filter(pool_members::pool_guid.eq(pool))
        .select(pool_members::design_guid)
        .load(conn)
        .expect("members")
        .into_iter()
        .collect()
}

fn expected_members(docs: &[Doc], scope: &RefScope) -> BTreeSet<String> {
    docs.iter()
        .filter(|d| scope.admits(d))
        .map(|d| d.guid.clone())
        .collect()
}

fn pool_scope(searches: &[PoolCriteria], explicit: &[String]) -> RefScope {
    RefScope::Pool {
        searches: searches.to_vec(),
        explicit: explicit.to_vec(),
        own_customer: None,
    }
}

#[test]
fn upkeep_keeps_pool_members_current_after_edits_and_saves() {
    let mut fx = Fixture::new(80);
    let conn: &mut DbConnection = &mut fx.world.conn();
    let (l, customers) = (fx.data.labels.clone(), fx.data.customers.clone());
    let RefScope::Pool {
        searches: selection,
        explicit: selection_designs,
        ..
    } = fx.views[3].reference.clone()
    else {
        panic!("the fourth view is the pool");
    };
    let selection = pool_scope(&selection, &selection_designs);
    let selection_guid = match &fx.views[3].scope {
        Scope::Pool { pool, .. } => pool.clone(),
        other => panic!("{other:?}"),
    };
    let explicit = fx
        .data
        .docs
        .iter()
        .find(|d| d.confined && !d.labels.contains(&l[0]))
        .expect("a confined design without label 0")
        .guid
        .clone();
    let mut searches = vec![PoolCriteria {
        allowed_labels: vec![l[0]],
        allow_unlabeled_designs: false,
        ..Default::default()
    }];
    let save = |conn: &mut DbConnection,
                uniqueid: Option<String>,
                dtos: &[PoolCriteria],
                extra: &[String]| {
        pools::service::save_pool(
            conn,
            &UserGuid::new(),
            PoolSave {
                uniqueid,
                name: "Members".into(),
                dtos: dtos.to_vec(),
                extra_guids: extra.to_vec(),
                ..Default::default()
            },
        )
        .expect("save pool")
    };
    let answer = save(conn, None, &searches, std::slice::from_ref(&explicit));
    let pool = answer.uniqueid.clone();
    let mut scope = pool_scope(&searches, std::slice::from_ref(&explicit));
    let agree = |conn: &mut DbConnection, docs: &[Doc], scope: &RefScope, step: &str| {
        assert_eq!(
            members(conn, &pool),
            expected_members(docs, scope),
            "members after {step}"
        );
        assert_eq!(
            members(conn, &selection_guid),
            expected_members(docs, &selection),
            "the other pool after {step}"
        );
    };
    agree(conn, &fx.data.docs, &scope, "the first save");
    assert_eq!(answer.member_count as usize, members(conn, &pool).len());

    let edit = |conn: &mut DbConnection, doc: &Doc, edit: DesignEdit| {
        service::edit_design(conn, &staff(), &doc.guid, edit).expect("edit");
    };
    let target = fx
        .data
        .docs
        .iter()
        .position(|d| !d.confined && !d.labels.contains(&l[0]))
        .expect("an open design without label 0");
    let in_pool = |conn: &mut DbConnection, doc: &Doc| {
        let filters = SearchFilters::parse(
            &SearchForm {
                number: Some(doc.number.clone()),
                ..Default::default()
            },
            today(),
        )
        .expect("parse");
        let scope = Scope::Pool {
            pool: pool.clone(),
            own_customer: None,
        };
        count_in(conn, &fx.cache, &scope, &filters).expect("count") == 1
    };
    assert!(!in_pool(conn, &fx.data.docs[target]));

    // A label the search asks for brings the design in ...
    let doc = &mut fx.data.docs[target];
    doc.labels.push(l[0]);
    edit(
        conn,
        doc,
        DesignEdit {
            label_ids: Some(doc.labels.clone()),
            ..Default::default()
        },
    );
    agree(conn, &fx.data.docs, &scope, "adding the label");
    assert!(in_pool(conn, &fx.data.docs[target]));

    // ... confining it takes it out, opening it again brings it back.
    let doc = &mut fx.data.docs[target];
    doc.confined = true;
    doc.customer = Some(customers[2].clone());
    edit(
        conn,
        doc,
        DesignEdit {
            is_confined: Some(true),
            customer: Some(doc.customer.as_deref().map(id)),
            ..Default::default()
        },
    );
    agree(conn, &fx.data.docs, &scope, "confining");
    assert!(!in_pool(conn, &fx.data.docs[target]));
    let doc = &mut fx.data.docs[target];
    doc.confined = false;
    edit(
        conn,
        doc,
        DesignEdit {
            is_confined: Some(false),
            ..Default::default()
        },
    );
    agree(conn, &fx.data.docs, &scope, "opening");
    assert!(in_pool(conn, &fx.data.docs[target]));

    // An explicit design stays whatever its labels.
    let e = fx.index[&explicit];
    fx.data.docs[e].labels.clear();
    edit(
        conn,
        &fx.data.docs[e],
        DesignEdit {
            label_ids: Some(Vec::new()),
            ..Default::default()
        },
    );
    agree(
        conn,
        &fx.data.docs,
        &scope,
        "unlabelling the explicit design",
    );

    // Saving the pool again recomputes it: other searches, no explicit design.
    searches = vec![
        PoolCriteria {
            allowed_labels: vec![l[1]],
            allow_confined_designs: true,
            ..Default::default()
        },
        PoolCriteria {
            dp3: "summer".into(),
            ..Default::default()
        },
    ];
    let answer = save(conn, Some(pool.clone()), &searches, &[]);
    scope = pool_scope(&searches, &[]);
    agree(conn, &fx.data.docs, &scope, "saving the pool again");
    assert_eq!(answer.member_count as usize, members(conn, &pool).len());

    // Dynamic parameters decide too.
    let doc = &mut fx.data.docs[target];
    let was_member = scope.admits(doc);
    doc.params[3] = if doc.params[3].eq_ignore_ascii_case("summer") {
        String::new()
    } else {
        "SUMMER".into()
    };
    doc.labels.retain(|x| *x != l[1]);
    edit(
        conn,
        doc,
        DesignEdit {
            parameters: Some(doc.params.clone()),
            label_ids: Some(doc.labels.clone()),
            ..Default::default()
        },
    );
    assert_ne!(
        was_member,
        scope.admits(&fx.data.docs[target]),
        "the edit should matter"
    );
    agree(conn, &fx.data.docs, &scope, "changing dp3");

    // A new design joins the pools it matches when it is added.
    searches.push(PoolCriteria {
        allowed_archive: Some(fx.data.archives[2]),
        design_number: "tx-99".into(),
        ..Default::default()
    });
    save(conn, Some(pool.clone()), &searches, &[]);
    let new_guid = service::add_design(
        conn,
        NewDesign {
            number: "Tx-9999".into(),
            archive_id: fx.data.archives[2],
            design_type: DesignType::Digital,
            layer_count: 1,
            width_px: 10,
            height_px: 10,
            dpi: 72.0,
            color_mode: "rgb".into(),
            bit_depth: 8,
            original_name: String::new(),
            channels: Vec::new(),
            colorways: Vec::new(),
            uploaded_at: midnight(today()),
        },
    )
    .expect("add")
    .guid;
    assert!(!members(conn, &selection_guid).contains(&new_guid));
    assert!(
        members(conn, &pool).contains(&new_guid),
        "a new matching design joins at once"
    );
}

// ---- the form -----------------------------------------------------------------------------------

#[test]
fn malformed_fields_answer_invalid_search() {
    let form = |set: fn(&mut SearchForm, String), value: &str| {
        let mut form = SearchForm::default();
        set(&mut form, value.to_owned());
        form
    };
    let colour = |distance: &str| SearchForm {
        color: Some("#ff0000".into()),
        color_distance: Some(distance.into()),
        ..Default::default()
    };
    let cases: Vec<(&str, SearchForm)> = vec![
        ("color", form(|f, v| f.color = Some(v), "#12345")),
        ("color", form(|f, v| f.color = Some(v), "blue")),
        ("color", form(|f, v| f.color = Some(v), "#GG0000")),
        ("colorDistance", colour("0")),
        ("colorDistance", colour("40.5")),
        ("colorDistance", colour("near")),
        ("colorDistance", colour("NaN")),
        ("moldstate", form(|f, v| f.moldstate = Some(v), "shiny")),
        (
            "channelcounts",
            form(|f, v| f.channelcounts = Some(v), "1,x"),
        ),
        (
            "channelcounts",
            form(|f, v| f.channelcounts = Some(v), "2.5"),
        ),
        ("type", form(|f, v| f.design_type = Some(v), "screen")),
        ("labels", form(|f, v| f.labels = Some(v), "1;2")),
        (
            "labelSearchMode",
            form(|f, v| f.label_search_mode = Some(v), "some"),
        ),
        ("dateRange", form(|f, v| f.date_range = Some(v), "12")),
        ("dateRange", form(|f, v| f.date_range = Some(v), "-1")),
        ("dateRange", form(|f, v| f.date_range = Some(v), "today")),
        ("dateFrom", form(|f, v| f.date_from = Some(v), "2025-02-30")),
        ("dateFrom", form(|f, v| f.date_from = Some(v), "14.01.2026")),
        ("dateTo", form(|f, v| f.date_to = Some(v), "2025-13-01")),
        (
            "dateTo",
            SearchForm {
                date_from: Some("2025-05-02".into()),
                date_to: Some("2025-05-01".into()),
                ..Default::default()
            },
        ),
        ("dateField", form(|f, v| f.date_field = Some(v), "created")),
        ("archive", form(|f, v| f.archive = Some(v), "main")),
        ("confined", form(|f, v| f.confined = Some(v), "maybe")),
        ("order", form(|f, v| f.order = Some(v), "3")),
        ("order", form(|f, v| f.order = Some(v), "newest")),
        (
            "specialListId",
            form(|f, v| f.special_list_id = Some(v), "pinned"),
        ),
        (
            "specialListId",
            form(|f, v| f.special_list_id = Some(v), "-1"),
        ),
        (
            "collectionId",
            form(|f, v| f.collection_id = Some(v), "1.5"),
        ),
        ("owned", form(|f, v| f.owned = Some(v), "perhaps")),
    ];
    for (field, form) in cases {
        let error = SearchFilters::parse(&form, today()).expect_err(field);
        assert_eq!(error.code(), "invalid_search", "{field}: {error}");
        assert!(
            matches!(error, SearchError::InvalidSearch(f) if f == field),
            "{field}: {error:?}"
        );
    }
    // A picture that is not base64 names its field; one that is, is read by the similar search.
    let error = SearchFilters::parse(
        &form(
            |f, v| f.similar_image = Some(v),
            "data:image/png;base64,%%%",
        ),
        today(),
    )
    .expect_err("similarImage");
    assert!(matches!(error, SearchError::InvalidSearch("similarImage")));
    let parsed = SearchFilters::parse(&form(|f, v| f.similar_id = Some(v), "x"), today());
    assert_eq!(
        parsed.ok().and_then(|f| f.similar),
        Some(search::SimilarQuery::Colorway("x".into()))
    );
}

#[test]
fn equivalent_spellings_parse_alike() {
    let parse = |form: SearchForm| SearchFilters::parse(&form, today()).expect("parse");
    let empty = parse(SearchForm::default());
    let blank = |v: &str| SearchForm {
        number: Some(v.into()),
        labels: Some(v.into()),
        archive: Some(v.into()),
        date_range: Some(v.into()),
        owned: Some(v.into()),
        ..Default::default()
    };
    assert_eq!(parse(blank("  ")), empty, "blank fields are unset");
    // Values meaning "not set".
    for (unset, value) in [
        ("archive", "-1"),
        ("dateRange", "0"),
        ("dateField", "upload"),
        ("owned", "false"),
        ("order", "0"),
        ("labelSearchMode", "all"),
        ("collectionId", "0"),
        ("specialListId", "0"),
    ] {
        let mut form = SearchForm::default();
        let slot = match unset {
            "archive" => &mut form.archive,
            "dateRange" => &mut form.date_range,
            "dateField" => &mut form.date_field,
            "owned" => &mut form.owned,
            "order" => &mut form.order,
            "labelSearchMode" => &mut form.label_search_mode,
            "collectionId" => &mut form.collection_id,
            _ => &mut form.special_list_id,
        };
        *slot = Some(value.into());
        assert_eq!(parse(form), empty, "{unset}={value}");
    }
    // -1 is every archive; any other id is one archive (0 too), never "all".
    let archive = |v: &str| {
        SearchFilters::parse(
            &SearchForm {
                archive: Some(v.into()),
                ..Default::default()
            },
            today(),
        )
        .map(|filters| filters.archive)
    };
    assert_eq!(archive("0").ok(), Some(Some(0)));
    assert_eq!(archive("7").ok(), Some(Some(7)));
    assert!(archive("-2").is_err(), "only -1 means every archive");
    let confined = |v: &str| {
        parse(SearchForm {
            confined: Some(v.into()),
            ..Default::default()
        })
        .confined
    };
    assert_eq!(confined("closed"), Some(true));
    assert_eq!(confined("open"), Some(false));
    assert_eq!(confined("all"), None);
    let labels = parse(SearchForm {
        labels: Some("3, 1,3,".into()),
        ..Default::default()
    });
    assert_eq!(labels.labels, vec![1, 3]);
    let range = parse(SearchForm {
        date_from: Some("2025-03-01".into()),
        date_to: Some("2025-03-31".into()),
        date_range: Some("5".into()),
        ..Default::default()
    });
    let day = |m, d| midnight(NaiveDate::from_ymd_opt(2025, m, d).expect("day"));
    assert_eq!(
        range.dates,
        Some((day(3, 1), day(4, 1))),
        "a custom range overrides the preset"
    );
}

// ---- the palette index --------------------------------------------------------------------------

/// A colour search's whole ranking (ids and distances) through `cache`.
fn ranking(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    colour: &str,
    distance: Option<f64>,
) -> Vec<(String, Option<f64>)> {
    let form = SearchForm {
        color: Some(colour.to_owned()),
        color_distance: distance.map(|d| d.to_string()),
        ..Default::default()
    };
    let filters = SearchFilters::parse(&form, today()).expect("parse");
    find_page(conn, cache, scope, &filters, PageRequest::new(0, 100_000))
        .expect("colour search")
        .0
}

fn assert_same_ranking(
    got: &[(String, Option<f64>)],
    want: &[(String, Option<f64>)],
    context: &str,
) {
    let ids = |hits: &[(String, Option<f64>)]| hits.iter().map(|h| h.0.clone()).collect::<Vec<_>>();
    assert_eq!(ids(got), ids(want), "{context}");
    for ((id, g), (_, w)) in got.iter().zip(want) {
        assert!(
            g.is_some() && same_distance(*g, *w),
            "distance of {id}: {g:?} vs {w:?} ({context})"
        );
    }
}

#[test]
fn typed_colours_rank_alike_from_the_palette_index_and_the_database() {
    let fx = Fixture::shared();
    let conn: &mut DbConnection = &mut fx.conn();
    let database = SearchCache::new(0);
    let palette = SearchCache::new(0);
    palette.palette().load(conn).expect("palette index");
    assert!(!database.palette().is_loaded());
    let mut rng = Rng::new(77);
    let mut colours: Vec<String> = (0..40)
        .map(|_| {
            hex([
                rng.below(256) as u8,
                rng.below(256) as u8,
                rng.below(256) as u8,
            ])
        })
        .collect();
    // Colours the archive's palettes are made around, so that many designs match.
    colours.extend(THEMES.iter().map(|&t| hex(t)));
    let mut found = 0;
    for colour in &colours {
        for distance in [None, Some(2.5), Some(18.0)] {
            for view in &fx.views {
                let want = ranking(conn, &database, &view.scope, colour, distance);
                let got = ranking(conn, &palette, &view.scope, colour, distance);
                assert_same_ranking(
                    &got,
                    &want,
                    &format!("[{}] {colour} {distance:?}", view.name),
                );
                found += got.len();
            }
        }
    }
    assert!(
        found > 1_000,
        "the colours match enough designs to compare ({found})"
    );
}

#[test]
fn the_palette_index_follows_designs_added_and_deleted_on_another_instance() {
    let fx = Fixture::new(40);
    let conn: &mut DbConnection = &mut fx.world.conn();
    // Two instances over one database: one searches all along, the other only at the end.
    let (first, second) = (SearchCache::new(0), SearchCache::new(0));
    first.palette().load(conn).expect("palette index");
    second.palette().load(conn).expect("palette index");
    let database = SearchCache::new(0);
    let green = [0x12, 0xF0, 0x3A];
    let staff = Scope::Everything;
    let search = |conn: &mut DbConnection, cache: &SearchCache| {
        ranking(conn, cache, &staff, &hex(green), Some(1.0))
    };
    assert!(search(conn, &first).is_empty());

    // Two designs with the same palette (equal scores): the newer upload first, as the database
    // orders them.
    let mut added = Vec::new();
    for (k, days) in [(0, 30), (1, 2)] {
        let mut doc = fx.data.docs[k].clone();
        doc.number = format!("NEW-{k}");
        doc.uploaded_at = midnight(today()) - Duration::days(days);
        doc.ways.truncate(1);
        doc.ways[0].palette = vec![Swatch {
            lab: lab_of(green),
            rgb: green,
            share: 0.5,
        }];
        store(conn, &mut doc);
        added.push(doc.guid);
    }
    let want = search(conn, &database);
    let ids: Vec<&String> = want.iter().map(|h| &h.0).collect();
    assert_eq!(ids, vec![&added[1], &added[0]], "the newer upload first");
    assert_same_ranking(&search(conn, &first), &want, "after adding");

    // The older one's palette changed (as a new import of its file would): found by its new
    // colour only, by an instance that ranked it before.
    let violet = [0x8A, 0x2B, 0xE2];
    let lab = lab_of(violet);
    diesel::update(colorway_colors::table.filter(colorway_colors::design_guid.eq(&added[0])))
        .set((
            colorway_colors::l.eq(lab[0]),
            colorway_colors::a.eq(lab[1]),
            colorway_colors::b.eq(lab[2]),
            colorway_colors::bin.eq(lab_bin(lab)),
        ))
        .execute(conn)
        .expect("palette changed");
    let violets = |conn: &mut DbConnection, cache: &SearchCache| {
        ranking(conn, cache, &staff, &hex(violet), Some(1.0))
    };
    assert_same_ranking(&violets(conn, &first), &violets(conn, &database), "changed");
    assert!(violets(conn, &first).iter().any(|h| h.0 == added[0]));
    assert_same_ranking(
        &search(conn, &first),
        &[(added[1].clone(), Some(0.0))],
        "moved away",
    );
    diesel::update(colorway_colors::table.filter(colorway_colors::design_guid.eq(&added[0])))
        .set((
            colorway_colors::l.eq(lab_of(green)[0]),
            colorway_colors::a.eq(lab_of(green)[1]),
            colorway_colors::b.eq(lab_of(green)[2]),
            colorway_colors::bin.eq(lab_bin(lab_of(green))),
        ))
        .execute(conn)
        .expect("palette changed back");
    assert_same_ranking(&search(conn, &first), &want, "changed back");

    // One of them deleted, and a colour of an existing design gone with its design.
    catalog::repo::delete_design(conn, &added[1]).expect("delete");
    let theme = hex(THEMES[0]);
    let before = ranking(conn, &database, &staff, &theme, None);
    let victim = before.first().expect("a design of the theme").0.clone();
    catalog::repo::delete_design(conn, &victim).expect("delete");
    assert_same_ranking(
        &search(conn, &first),
        &search(conn, &database),
        "after deleting",
    );
    for cache in [&first, &second] {
        assert_same_ranking(
            &search(conn, cache),
            &[(added[0].clone(), Some(0.0))],
            "one left",
        );
        let themed = ranking(conn, cache, &staff, &theme, None);
        assert!(
            themed.iter().all(|h| h.0 != victim),
            "a deleted design is not found"
        );
        assert_same_ranking(
            &themed,
            &ranking(conn, &database, &staff, &theme, None),
            "theme",
        );
    }
}
