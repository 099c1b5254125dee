//! The demo archive against a real database, and the sample files against the real decoders.
#![expect(clippy::unwrap_used, reason = "tests")]

use std::collections::BTreeMap;
use std::path::Path;

use db::schema::{colorways, design_labels, design_orders, design_parameters, designs, labels};
use demo::DemoSize;
use diesel::prelude::*;
use imaging::{ChannelKind, ColorMode, FileFormat, ImagingError, Limits};
use import::service::ImportContext;
use test_support::TestWorld;

fn context(tmp: &Path, tiles: bool, workers: usize) -> ImportContext {
    ImportContext {
        storage: storage::Storage::local(&tmp.join("objects")).unwrap(),
        settings: import::ImportSettings {
            tiles,
            workers,
            ..Default::default()
        },
        scratch: tmp.join("scratch"),
    }
}

#[test]
fn sample_files_decode_and_the_fake_tiff_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let paths = demo::write_sample_files(dir.path()).unwrap();
    let names: Vec<String> = paths
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "rose_VR1.tif",
            "rose_VR2.tif",
            "paisley.psb",
            "not-really.tif"
        ]
    );
    for path in &paths {
        let size = std::fs::metadata(path).unwrap().len();
        assert!(size < 3_000_000, "{} is {size} bytes", path.display());
        eprintln!("{}: {size} bytes", path.display());
    }
    let limits = Limits::default();

    let mut pixels = Vec::new();
    for path in &paths[..2] {
        let mut reader = imaging::open(path, &limits).unwrap();
        let info = reader.info().clone();
        assert_eq!(info.format, FileFormat::Tiff);
        assert_eq!((info.width, info.height, info.bit_depth), (1200, 900, 8));
        assert_eq!(info.color_mode, ColorMode::Rgb);
        assert_eq!(info.dpi, Some((150.0, 150.0)));
        assert_eq!(info.spot_channels().count(), 0);
        pixels.push(imaging::read_all(reader.as_mut()).unwrap());
    }
    assert_ne!(pixels[0], pixels[1], "two colourings");
    // The repeat is seamless: the file is the tile twice each way.
    let row = 1200 * 3;
    assert_eq!(pixels[0][..row / 2], pixels[0][row / 2..row]);
    assert_eq!(pixels[0][..row], pixels[0][450 * row..451 * row]);

    let mut reader = imaging::open(&paths[2], &limits).unwrap();
    let info = reader.info().clone();
    assert_eq!(info.format, FileFormat::Psb);
    assert_eq!((info.width, info.height, info.bit_depth), (1600, 1200, 8));
    assert_eq!(info.color_mode, ColorMode::Multichannel);
    let spots: Vec<_> = info.spot_channels().map(|(_, c)| c.clone()).collect();
    assert_eq!(spots.len(), 6);
    assert!(info.channels.iter().all(|c| c.kind == ChannelKind::Spot));
    let names: Vec<&str> = spots.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Zemin", "Gövde", "İç", "Çiçek", "Nokta", "Kontur"]);
    assert!(
        spots.iter().all(|c| c.color.is_some()),
        "every ink has its colour"
    );
    let samples = imaging::read_all(reader.as_mut()).unwrap();
    for (k, name) in names.iter().enumerate() {
        let inked = samples
            .iter()
            .skip(k)
            .step_by(6)
            .filter(|v| **v > 128)
            .count();
        assert!(inked > 1000, "channel {name} has a motif");
    }

    let head = std::fs::read(&paths[3]).unwrap();
    assert!(head.starts_with(b"\x89PNG\r\n\x1a\n"), "a real PNG");
    let decoder = png::Decoder::new(std::io::Cursor::new(head));
    assert!(decoder.read_info().is_ok());
    assert!(matches!(
        imaging::open(&paths[3], &limits),
        Err(ImagingError::UnknownFormat)
    ));

    // The same bytes every time.
    let again = tempfile::tempdir().unwrap();
    for (a, b) in paths
        .iter()
        .zip(demo::write_sample_files(again.path()).unwrap())
    {
        assert!(
            std::fs::read(a).unwrap() == std::fs::read(b).unwrap(),
            "{} differs",
            a.display()
        );
    }
}

#[test]
fn seeding_fills_an_empty_archive_once() {
    let world = TestWorld::new();
    let ctx = context(&world.files, false, 2);
    let work = world.files.join("work");
    let started = std::time::Instant::now();
    let report = demo::seed_report(&world.pool, &ctx, &work, DemoSize::Small).unwrap();
    eprintln!(
        "small seed: {report:?} in {:.1} s ({:.1} s CPU)",
        started.elapsed().as_secs_f32(),
        cpu_seconds()
    );
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert_eq!(report.designs, 6);
    assert_eq!(report.files, 3 + 2 + 4 + 3 + 2 + 1);
    assert_eq!(report.colorways, report.files);
    assert!(
        !work.join("demo-files").exists(),
        "generated files are removed"
    );

    let conn = &mut *world.conn();
    let rows: Vec<(String, String, i32, String, String, bool)> = designs::table
        .select((
            designs::guid,
            designs::design_type,
            designs::channel_count,
            designs::screen_status,
            designs::studio,
            designs::is_confined,
        ))
        .load(conn)
        .unwrap();
    assert_eq!(rows.len(), 6);
    let counts: BTreeMap<String, i64> = colorways::table
        .group_by(colorways::design_guid)
        .select((colorways::design_guid, diesel::dsl::count_star()))
        .load::<(String, i64)>(conn)
        .unwrap()
        .into_iter()
        .collect();
    let rotary: Vec<_> = rows.iter().filter(|r| r.1 == "rotary").collect();
    assert_eq!(rotary.len(), 3);
    for (guid, _, screens, status, _, _) in &rotary {
        assert!(
            (2..=5).contains(&counts[guid]),
            "colorways of a rotary design: {}",
            counts[guid]
        );
        assert!((2..=8).contains(screens));
        assert!(["engraved", "not_engraved", "faded"].contains(&status.as_str()));
    }
    assert!(
        rows.iter()
            .filter(|r| r.1 == "digital")
            .all(|r| r.3 == "none")
    );
    assert!(
        rows.iter().all(|r| !r.4.is_empty()),
        "every design has a studio"
    );

    let label_count: i64 = labels::table.count().get_result(conn).unwrap();
    assert!(label_count >= 25, "{label_count} labels");
    let headers: i64 = labels::table
        .filter(labels::is_group_header.eq(true))
        .count()
        .get_result(conn)
        .unwrap();
    assert!(headers >= 2);
    let per_design: BTreeMap<String, i64> = design_labels::table
        .group_by(design_labels::design_guid)
        .select((design_labels::design_guid, diesel::dsl::count_star()))
        .load::<(String, i64)>(conn)
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(per_design.len(), 6);
    assert!(
        per_design.values().all(|n| (2..=4).contains(n)),
        "{per_design:?}"
    );

    let orders: i64 = design_orders::table.count().get_result(conn).unwrap();
    assert!(orders > 0);
    let seasons: Vec<String> = design_parameters::table
        .select(design_parameters::dp0)
        .load(conn)
        .unwrap();
    assert!(
        seasons
            .iter()
            .all(|s| s.starts_with("SS") || s.starts_with("AW")),
        "{seasons:?}"
    );
    let dates: Vec<chrono::NaiveDateTime> = designs::table
        .select(designs::uploaded_at)
        .load(conn)
        .unwrap();
    let now = chrono::Utc::now().naive_utc();
    assert!(
        dates
            .iter()
            .all(|d| *d < now && now - *d < chrono::Duration::days(3 * 366))
    );
    assert!(
        dates.iter().any(|d| now - *d > chrono::Duration::days(30)),
        "dates are spread: {dates:?}"
    );
    let customers: i64 = db::schema::customers::table
        .count()
        .get_result(conn)
        .unwrap();
    assert_eq!(customers, 5);

    // The shop window: one collection with a mood board of three draped photos, each tagged with
    // two colorways at a point, and a design page with chosen designs and a smart group; a
    // customer sees it on the boards.
    let customer = desen_core::Viewer {
        user_guid: uuid::Uuid::new_v4().to_string(),
        customer_guid: None,
        is_admin: false,
        is_in_house: false,
        second_factor_validated: false,
    };
    let boards =
        collections::service::boards(conn, &collections::BoardsCache::new(), &customer).unwrap();
    assert_eq!(boards.len(), 1);
    assert!(boards[0].cover_uri.is_some());
    assert!(boards[0].is_banner, "shown atop the archive");
    let subs = boards[0].sub_collections.as_ref().unwrap();
    let kinds: Vec<_> = subs.iter().map(|s| s.kind.as_deref()).collect();
    assert_eq!(kinds, [Some("mood"), Some("design")]);
    let mood = collections::service::mood_board(conn, &customer, subs[0].id).unwrap();
    assert_eq!(mood.images.len(), 3);
    for image in &mood.images {
        assert_eq!(image.colorways.len(), 2);
        assert!(image.colorways.iter().all(|t| t.x.is_some()));
        let photo = collections::service::read_photo(
            &ctx.storage,
            &collections::service::photo_key(conn, &customer, image.id).unwrap(),
            collections::photos::Size::Large,
        )
        .unwrap();
        assert!(photo.starts_with(&[0xFF, 0xD8]), "a JPEG");
    }
    let page = collections::service::design_page(conn, &customer, subs[1].id).unwrap();
    assert_eq!(page.groups.len(), 2);
    assert!(
        page.groups
            .iter()
            .all(|(_, _, designs)| !designs.is_empty())
    );

    // Four wear models, labelled, each dressing a demo colorway at true scale: the print shows
    // inside the garment (a colour the plain cloth photo does not have) and the folds stay darker.
    assert_eq!(report.wear_models, 4);
    let models = wear::service::models_for(conn, &customer, desen_core::Language::En).unwrap();
    let names: Vec<_> = models.iter().map(|m| m.wear_name.as_str()).collect();
    assert_eq!(names, ["Dress", "Shirt", "Scarf", "Cushion"]);
    assert!(models.iter().all(|m| m.labels.len() == 1));
    let dress = wear::repo::find(conn, &models[0].guid).unwrap().unwrap();
    let (design, colorway): (String, String) = colorways::table
        .inner_join(designs::table)
        .filter(designs::is_confined.eq(false))
        .select((designs::guid, colorways::guid))
        .first(conn)
        .unwrap();
    let shown = wear::views::shown_colorway(conn, &customer, &design, &colorway).unwrap();
    let render = wear::views::wear_render(
        &ctx.storage,
        &wear::ViewCache::default(),
        &shown,
        &dress,
        512,
    )
    .unwrap();
    let image = imaging::photo::decode_photo(&render, 1 << 22).unwrap();
    assert_eq!((image.width, image.height), (384, 512));
    let colourful = image
        .data
        .chunks_exact(3)
        .filter(|p| p.iter().max().unwrap() - p.iter().min().unwrap() > 40)
        .count();
    assert!(
        colourful > image.data.len() / 3 / 20,
        "the print shows on the dress: {colourful} px"
    );

    // A second run adds nothing.
    assert_eq!(
        demo::seed_with(&world.pool, &ctx, &work, DemoSize::Small).unwrap(),
        0
    );
    let after: i64 = designs::table.count().get_result(conn).unwrap();
    assert_eq!(after, 6);
    let labels_after: i64 = labels::table.count().get_result(conn).unwrap();
    assert_eq!(labels_after, label_count);
    eprintln!("seeding test took {:.1} s", started.elapsed().as_secs_f32());
}

/// CPU time of this process so far (all threads), from /proc; 0 elsewhere.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// The full demo archive as `desen demo` makes it (tiles on, one worker per core). Slow: run
/// with `cargo test -p demo --test demo -- --ignored --nocapture` to measure.
#[test]
#[ignore = "about a minute or more; run by hand to measure"]
fn full_seed_timing() {
    let world = TestWorld::new();
    let ctx = context(&world.files, true, 0);
    let started = std::time::Instant::now();
    let report =
        demo::seed_report(&world.pool, &ctx, &world.files.join("work"), DemoSize::Full).unwrap();
    eprintln!(
        "full seed: {} designs, {} colorways from {} files ({} MB), {} orders; generate {:.1} s, import {:.1} s, metadata {:.1} s, total {:.1} s wall, {:.1} s CPU",
        report.designs,
        report.colorways,
        report.files,
        report.bytes / 1_000_000,
        report.orders,
        report.generate.as_secs_f32(),
        report.import.as_secs_f32(),
        report.metadata.as_secs_f32(),
        started.elapsed().as_secs_f32(),
        cpu_seconds()
    );
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert!(report.designs >= 55);
}
