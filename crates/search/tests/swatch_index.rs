//! The swatch index holds, for each picker swatch, the designs a colour search at the default
//! distance finds, with their score: filed when a design is stored, gone with the design, and the
//! same when rebuilt from the stored palettes. (The search tests prove swatch searches equal the
//! reference ranking.) Runs on SQLite, and on PostgreSQL with `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

use catalog::model::DesignType;
use catalog::service::{self, NewColorway, NewDesign, NewPaletteColor};
use catalog::swatch_index::{self, SWATCHES, lab_of, swatch_of};
use db::DbConnection;
use db::schema::{designs, swatch_colors, swatch_designs};
use desen_core::PageRequest;
use desen_core::color::DEFAULT_COLOR_DISTANCE;
use desen_core::color::ciede2000;
use diesel::prelude::*;
use pools::Scope;
use search::SearchCache;
use search::{SearchFilters, SearchForm, find_page};
use test_support::TestWorld;

fn rgb(name: &str) -> [u8; 3] {
    let hex = SWATCHES.iter().find(|s| s.name == name).unwrap().hex;
    desen_core::color::parse_hex(hex).unwrap()
}

fn shifted([l, a, b]: [f64; 3], dl: f64) -> [f64; 3] {
    [l + dl, a, b]
}

/// A design with one colorway per palette; each palette colour is (CIELAB, share).
fn add(conn: &mut DbConnection, number: &str, palettes: &[&[([f64; 3], f64)]]) -> String {
    let archive_id = ensure_archive(conn);
    let colorways = palettes
        .iter()
        .enumerate()
        .map(|(k, palette)| NewColorway {
            name: service::colorway_name(k),
            inks: Vec::new(),
            source_key: None,
            source_name: String::new(),
            source_hash: None,
            renditions_key: format!("renditions/{number}/{k}/v1"),
            preview_size: (10, 10),
            tile_levels: 0,
            thumbnails: Default::default(),
            palette: palette
                .iter()
                .map(|&(lab, share)| NewPaletteColor {
                    lab,
                    rgb: "#000000".into(),
                    share,
                })
                .collect(),
        })
        .collect();
    service::add_design(
        conn,
        NewDesign {
            number: number.into(),
            archive_id,
            design_type: DesignType::Digital,
            layer_count: 0,
            width_px: 100,
            height_px: 100,
            dpi: 150.0,
            color_mode: "rgb".into(),
            bit_depth: 8,
            original_name: String::new(),
            channels: Vec::new(),
            colorways,
            uploaded_at: chrono::Utc::now().naive_utc(),
        },
    )
    .unwrap()
    .guid
}

fn index(conn: &mut DbConnection) -> Vec<(i32, String, f64, f64)> {
    swatch_designs::table
        .order((swatch_designs::swatch, swatch_designs::design_guid))
        .load(conn)
        .unwrap()
}

/// The archive the designs are stored in.
fn ensure_archive(conn: &mut DbConnection) -> i32 {
    service::ensure_archive(conn, "01", ["Ana", "Main", "Основной"])
        .unwrap()
        .id
}

#[test]
fn a_stored_design_is_filed_under_the_swatches_its_palette_comes_near() {
    let world = TestWorld::new();
    let conn: &mut DbConnection = &mut world.conn();
    let (navy, red) = (lab_of(rgb("navy")), lab_of(rgb("red")));
    let near_navy = shifted(navy, 3.0);
    // Navy in the second colorway only, red at 2% in the first: both swatches, nothing else.
    let both = add(
        conn,
        "01-0001",
        &[
            &[(lab_of([0xF0, 0xF0, 0x20]), 0.98), (red, 0.02)],
            &[(near_navy, 0.6), (lab_of([0xF0, 0xF0, 0x20]), 0.4)],
        ],
    );
    let far = add(conn, "01-0002", &[&[(lab_of([0x80, 0xFF, 0x80]), 1.0)]]);
    let rows = index(conn);
    let of = |design: &str, swatch: &str| {
        let swatch = swatch_of(rgb(swatch)).unwrap();
        rows.iter()
            .find(|r| r.0 == swatch && r.1 == design)
            .map(|r| (r.2, r.3))
    };
    let navy_distance = ciede2000(near_navy, navy);
    assert_eq!(
        of(&both, "navy"),
        Some((navy_distance + 10.0 * (1.0 - 0.6), navy_distance))
    );
    assert_eq!(of(&both, "red"), Some((0.0 + 10.0 * (1.0 - 0.02), 0.0)));
    assert!(
        rows.iter().all(|r| r.1 != far),
        "no swatch is near: {rows:?}"
    );

    // The index is what a rebuild from the stored palettes gives.
    let filed = index(conn);
    swatch_index::rebuild(conn).unwrap();
    assert_eq!(index(conn), filed);

    // Deleting the design removes its rows.
    diesel::delete(designs::table.find(&both))
        .execute(conn)
        .unwrap();
    assert!(index(conn).iter().all(|r| r.1 != both));
}

#[test]
fn start_up_rebuilds_the_index_only_when_the_swatches_changed() {
    let world = TestWorld::new();
    let conn: &mut DbConnection = &mut world.conn();
    let white = add(conn, "01-0001", &[&[(lab_of(rgb("white")), 1.0)]]);
    assert!(swatch_index::ensure_current(conn).unwrap(), "first start");
    assert!(
        !swatch_index::ensure_current(conn).unwrap(),
        "nothing changed"
    );
    let filed = index(conn);
    assert_eq!(filed.len(), 1);

    // Rows lost, as for designs stored before the index existed, and a swatch set that differs.
    diesel::delete(swatch_designs::table).execute(conn).unwrap();
    diesel::update(swatch_colors::table.find(0))
        .set(swatch_colors::hex.eq("#000001"))
        .execute(conn)
        .unwrap();
    assert!(swatch_index::ensure_current(conn).unwrap());
    assert_eq!(index(conn), filed);
    assert_eq!(filed[0].1, white);
}

#[test]
fn a_swatch_search_answers_from_the_index() {
    let world = TestWorld::new();
    let conn: &mut DbConnection = &mut world.conn();
    let navy = lab_of(rgb("navy"));
    let close = add(conn, "01-0001", &[&[(navy, 0.5)]]);
    let wider = add(conn, "01-0002", &[&[(shifted(navy, 4.0), 0.5)]]);
    add(conn, "01-0003", &[&[(lab_of(rgb("yellow")), 1.0)]]);
    let search = |conn: &mut DbConnection, distance: Option<&str>| {
        let form = SearchForm {
            color: Some("#1A237E".into()),
            color_distance: distance.map(Into::into),
            ..SearchForm::default()
        };
        let filters = SearchFilters::parse(&form, chrono::Utc::now().date_naive()).unwrap();
        let (hits, total) = find_page(
            conn,
            &SearchCache::default(),
            &Scope::Everything,
            &filters,
            PageRequest::new(0, 10),
        )
        .unwrap();
        (
            filters.color.unwrap().swatch,
            hits.into_iter().map(|(g, _)| g).collect::<Vec<_>>(),
            total,
        )
    };
    let default = DEFAULT_COLOR_DISTANCE.to_string();
    for distance in [None, Some(default.as_str())] {
        let (swatch, hits, total) = search(conn, distance);
        assert_eq!(swatch, swatch_of(rgb("navy")));
        assert_eq!((hits, total), (vec![close.clone(), wider.clone()], 2));
    }
    // Another distance is scored as asked, not read from the index.
    let (swatch, hits, _) = search(conn, Some("2"));
    assert_eq!((swatch, hits), (None, vec![close.clone()]));
    // The index is what the search reads: emptied, the swatch finds nothing.
    diesel::delete(swatch_designs::table).execute(conn).unwrap();
    assert_eq!(search(conn, None).1, Vec::<String>::new());
}
