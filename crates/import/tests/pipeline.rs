//! The import job end to end on the real database, real files and real storage: upload checks,
//! workers, merge, numbering, the one-transaction add, and clean-up on every way out.

use catalog::service as catalog_service;
use desen_core::{DomainError, Viewer};
use imaging::memory_source::{channel, process_channels};
use imaging::{ChannelKind, ColorMode, Samples, TiffOptions, WriteImage, WriteSpec};
use import::error::ImportError;
use import::model::{FileState, JobState};
use import::service::{self, ImportContext};
use import::{ImportSettings, repo, worker};
use std::path::{Path, PathBuf};
use storage::Storage;
use test_support::TestWorld;

struct Fixture {
    world: TestWorld,
    ctx: ImportContext,
    archive: i32,
    dir: PathBuf,
}

fn fixture() -> Fixture {
    fixture_with(ImportSettings {
        tiles: true,
        workers: 1,
        ..Default::default()
    })
}

fn fixture_with(settings: ImportSettings) -> Fixture {
    let world = TestWorld::new();
    let ctx = ImportContext {
        storage: Storage::local(&world.files.join("objects")).expect("storage"),
        settings,
        scratch: world.files.join("scratch"),
    };
    let archive =
        catalog_service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .expect("archive")
            .id;
    let dir = world.files.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    Fixture {
        world,
        ctx,
        archive,
        dir,
    }
}

fn staff() -> Viewer {
    Viewer {
        user_guid: "staff".into(),
        customer_guid: None,
        is_admin: true,
        is_in_house: true,
        second_factor_validated: true,
    }
}

/// An RGB design of stripes in a given hue.
fn rgb_tiff(path: &Path, width: u32, height: u32, tint: [u8; 3]) {
    let mut samples = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            let on = ((x / 16) + (y / 24)) % 2 == 0;
            for c in tint {
                samples.push(if on { c } else { 255 - c / 3 });
            }
        }
    }
    let image = WriteImage {
        spec: WriteSpec {
            width,
            height,
            bit_depth: 8,
            color_mode: ColorMode::Rgb,
            dpi: 150.0,
            channels: process_channels(ColorMode::Rgb),
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8(samples),
    };
    let file = std::fs::File::create(path).expect("create");
    imaging::write_tiff(
        std::io::BufWriter::new(file),
        &image,
        &TiffOptions::default(),
    )
    .expect("write tiff");
}

/// A multichannel PSB with one spot channel per screen (dots, stripes, a field).
fn spot_psb(path: &Path, width: u32, height: u32, inks: &[(&str, [u8; 3])]) {
    let n = inks.len();
    let mut samples = Vec::with_capacity((width * height) as usize * n);
    for y in 0..height {
        for x in 0..width {
            for i in 0..n {
                let cover = match i % 3 {
                    0 => {
                        (((x as i32 % 40) - 20).pow(2) + ((y as i32 % 40) - 20).pow(2) < 100) as u8
                            * 255
                    }
                    1 => ((x / 10) % 3 == 0) as u8 * 200,
                    _ => 60,
                };
                samples.push(cover);
            }
        }
    }
    let image = WriteImage {
        spec: WriteSpec {
            width,
            height,
            bit_depth: 8,
            color_mode: ColorMode::Multichannel,
            dpi: 254.0,
            channels: inks
                .iter()
                .map(|(name, rgb)| channel(name, ChannelKind::Spot, Some(*rgb)))
                .collect(),
            // Photoshop keeps no layers in multichannel documents.
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8(samples),
    };
    let file = std::fs::File::create(path).expect("create");
    imaging::write_psd(std::io::BufWriter::new(file), &image, true, true).expect("write psb");
}

fn upload(f: &Fixture, job: &str, path: &Path) -> Result<import::model::ImportFile, ImportError> {
    let staged = import::upload::hash_file(path).expect("hash");
    let name = path.file_name().and_then(|n| n.to_str()).expect("name");
    service::accept_file(
        &mut f.world.conn(),
        &f.ctx,
        job,
        name,
        path,
        &staged.hash,
        staged.size,
    )
}

fn run_workers(f: &Fixture) {
    while worker::work_once(&f.world.pool, &f.ctx, "test-worker").expect("work") {}
}

fn job_state(f: &Fixture, job: &str) -> String {
    service::job(&mut f.world.conn(), job).expect("job").state
}

#[test]
fn files_become_designs_with_colorways_channels_and_renditions() {
    let f = fixture();
    rgb_tiff(&f.dir.join("rose_VR1.tif"), 300, 200, [200, 40, 60]);
    rgb_tiff(&f.dir.join("rose_VR2.tif"), 300, 200, [30, 90, 200]);
    let inks = [
        ("Kırmızı", [200, 20, 30]),
        ("Lacivert", [20, 30, 120]),
        ("Sarı", [240, 200, 20]),
    ];
    spot_psb(&f.dir.join("paisley.psb"), 320, 240, &inks);

    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    for name in ["rose_VR1.tif", "rose_VR2.tif", "paisley.psb"] {
        upload(&f, &job, &f.dir.join(name)).expect(name);
    }
    assert_eq!(
        service::add_to_archive(&mut f.world.conn(), &job)
            .err()
            .map(|e| e.to_string()),
        Some(ImportError::WrongState("uploading".into()).to_string()),
        "nothing is added before processing"
    );
    service::process(&mut f.world.conn(), &job).expect("process");
    assert_eq!(job_state(&f, &job), "processing");
    assert!(matches!(
        service::merge_internal(&mut f.world.conn(), &job, None),
        Err(ImportError::StillProcessing)
    ));
    run_workers(&f);
    assert_eq!(job_state(&f, &job), "processed");

    let view = service::job_view(&mut f.world.conn(), &job).expect("view");
    assert!(
        view.files
            .iter()
            .all(|file| file.state == "processed" && file.progress == 100),
        "{view:?}"
    );
    let psb = view
        .files
        .iter()
        .find(|file| file.name == "paisley.psb")
        .expect("psb");
    assert_eq!(psb.spot_channel_count, 3);
    assert_eq!(psb.channels, vec!["Kırmızı", "Lacivert", "Sarı"]);
    assert_eq!(psb.layer_count, Some(0));
    assert_eq!(psb.design_type.as_deref(), Some("rotary"));
    let roses: Vec<_> = view
        .files
        .iter()
        .filter(|file| file.name.starts_with("rose"))
        .collect();
    assert_eq!(
        roses[0].suggested_group, roses[1].suggested_group,
        "the name rule proposes one design"
    );
    assert_ne!(psb.suggested_group, roses[0].suggested_group);

    service::merge_internal(&mut f.world.conn(), &job, None).expect("merge");
    service::number_main(&mut f.world.conn(), &job).expect("numbers");
    service::number_internal(&mut f.world.conn(), &job).expect("names");
    let view = service::job_view(&mut f.world.conn(), &job).expect("view");
    let numbers: Vec<_> = view
        .files
        .iter()
        .map(|file| file.design_number.clone().expect("number"))
        .collect();
    assert_eq!(numbers, vec!["01-0001", "01-0001", "01-0002"]);
    let names: Vec<_> = view
        .files
        .iter()
        .map(|file| file.colorway_name.clone().expect("name"))
        .collect();
    assert_eq!(names, vec!["VR-1", "VR-2", "VR-1"]);

    let added = service::add_to_archive(&mut f.world.conn(), &job).expect("add");
    assert_eq!(added.len(), 2);
    assert_eq!(added[0].design_name, "01-0001");
    assert_eq!(added[0].colorways, vec!["VR-1", "VR-2"]);
    assert_eq!(job_state(&f, &job), "added");
    assert!(
        service::add_to_archive(&mut f.world.conn(), &job).is_err(),
        "adding twice is refused"
    );

    // The rotary design keeps every spot channel with its name and colour.
    let header = catalog_service::design_header(
        &mut f.world.conn(),
        &staff(),
        "01-0002",
        desen_core::Language::Tr,
    )
    .expect("header");
    assert_eq!(header.design_type, "rotary");
    assert_eq!(header.channel_count, 3);
    assert_eq!(header.layer_count, 0);
    assert_eq!(
        (header.design_size_cm.width, header.design_size_cm.height),
        (3.2, 2.4)
    );
    let colorizables = &header.colorways[0].colorizables;
    assert_eq!(
        colorizables
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        ["Kırmızı", "Lacivert", "Sarı"]
    );
    assert_eq!(colorizables[0].color, "#c8141e");
    assert!(!header.colorways[0].palette.is_empty());
    let digital = catalog_service::design_header(
        &mut f.world.conn(),
        &staff(),
        "01-0001",
        desen_core::Language::En,
    )
    .expect("header");
    assert_eq!(digital.design_type, "digital");
    assert_eq!(digital.colorway_count, 2);
    assert_eq!(
        (digital.design_size_cm.width, digital.design_size_cm.height),
        (5.08, 3.39)
    );

    // Renditions and masks are in storage under the colorway's key.
    for colorway in header.colorways.iter().chain(&digital.colorways) {
        let key = catalog_service::rendition_of(
            &mut f.world.conn(),
            &staff(),
            &colorway.design_guid.parse().expect("design id"),
            &colorway.colorway_guid.parse().expect("colorway id"),
        )
        .expect("key");
        for name in [
            "thumb/d-v.jpg",
            "thumb/d-h.jpg",
            "thumb/m-h.jpg",
            "thumb/c-d-h.jpg",
            "thumb/c-d-v.jpg",
            "preview.jpg",
            "tiles/image.dzi",
            "tiles/image_files/0/0_0.jpg",
        ] {
            assert!(
                f.ctx
                    .storage
                    .exists(&format!("{key}/{name}"))
                    .expect("exists"),
                "{key}/{name}"
            );
        }
    }
    let masks = f
        .ctx
        .storage
        .list(&format!("renditions/{}/masks", psb.file_id))
        .expect("list");
    assert_eq!(masks.len(), 3);

    service::complete_transfer(&mut f.world.conn(), &f.ctx, &job).expect("complete");
    assert_eq!(job_state(&f, &job), "completed");
}

/// An indexed-colour design of vertical bands, one per entry of `colours`, as a textile CAD
/// system saves a rotary design: a 256-entry palette of which only these entries are used.
fn indexed_design(width: u32, height: u32, colours: &[[u8; 3]]) -> imaging::IndexedImage {
    let mut palette = vec![[0, 0, 0]; 256];
    palette[..colours.len()].copy_from_slice(colours);
    imaging::IndexedImage {
        width,
        height,
        bit_depth: 8,
        dpi: 100.0,
        palette,
        transparent: None,
        indexes: (0..height)
            .flat_map(|_| (0..width).map(|x| ((x / 8) as usize % colours.len()) as u8))
            .collect(),
    }
}

#[test]
fn indexed_files_are_rotary_designs_and_too_many_colours_a_digital_one_with_a_note() {
    let f = fixture();
    let colours: Vec<[u8; 3]> = (0..40u8)
        .map(|i| [i.wrapping_mul(61), 255 - i * 6, i.wrapping_mul(113)])
        .collect();
    let kilim = indexed_design(160, 120, &colours[..6]);
    let file = std::fs::File::create(f.dir.join("kilim.tif")).expect("create");
    imaging::write_indexed_tiff(file, &kilim, &TiffOptions::default()).expect("tiff");
    let mosaic = indexed_design(400, 60, &colours);
    let file = std::fs::File::create(f.dir.join("mosaic.psd")).expect("create");
    imaging::write_indexed_psd(file, &mosaic, false, true).expect("psd");
    // Pixels using an entry past the colours the file says it has: refused at upload.
    let mut lying = indexed_design(64, 64, &colours[..4]);
    lying.palette.truncate(4);
    lying.indexes[100] = 9;
    let file = std::fs::File::create(f.dir.join("lying.psd")).expect("create");
    imaging::write_indexed_psd(file, &lying, false, false).expect("psd");

    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    let refused = upload(&f, &job, &f.dir.join("lying.psd")).expect_err("lying palette");
    assert_eq!(refused.code(), "damaged_file");
    assert!(refused.to_string().contains("palette entry 9"), "{refused}");
    for name in ["kilim.tif", "mosaic.psd"] {
        upload(&f, &job, &f.dir.join(name)).expect(name);
    }
    service::process(&mut f.world.conn(), &job).expect("process");
    run_workers(&f);
    let view = service::job_view(&mut f.world.conn(), &job).expect("view");
    assert_eq!(view.files.len(), 2, "nothing of the refused file is kept");
    let (tif, psd) = (&view.files[0], &view.files[1]);
    assert_eq!(tif.state, "processed", "{tif:?}");
    assert_eq!(tif.design_type.as_deref(), Some("rotary"));
    assert_eq!(tif.color_mode.as_deref(), Some("indexed"));
    assert_eq!(tif.spot_channel_count, 6);
    assert_eq!(tif.channels[5], "Palette 5");
    assert!(tif.warnings.is_empty(), "{:?}", tif.warnings);
    assert_eq!(psd.state, "processed", "{psd:?}");
    assert_eq!(psd.design_type.as_deref(), Some("digital"));
    assert_eq!(psd.spot_channel_count, 0);
    let codes: Vec<(&str, &str)> = psd
        .warnings
        .iter()
        .map(|w| (w.code.as_str(), w.params["colours"].as_str()))
        .collect();
    assert_eq!(
        codes,
        [("too_many_palette_colours", "40")],
        "{:?}",
        psd.warnings
    );

    service::merge_internal(&mut f.world.conn(), &job, None).expect("merge");
    service::number_main(&mut f.world.conn(), &job).expect("numbers");
    service::number_internal(&mut f.world.conn(), &job).expect("names");
    service::add_to_archive(&mut f.world.conn(), &job).expect("add");
    let header = catalog_service::design_header(
        &mut f.world.conn(),
        &staff(),
        "01-0001",
        desen_core::Language::En,
    )
    .expect("header");
    assert_eq!(header.design_type, "rotary");
    assert_eq!(header.channel_count, 6);
    let vr1 = &header.colorways[0];
    assert_eq!(vr1.colorway_name, "VR-1");
    let inks: Vec<String> = vr1.colorizables.iter().map(|c| c.color.clone()).collect();
    let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
    assert_eq!(
        inks,
        colours[..6].iter().map(|c| hex(*c)).collect::<Vec<_>>()
    );
    // The colour search's palette is the file's colours: each within ΔE00 1 of one of them.
    assert!(!vr1.palette.is_empty());
    for entry in &vr1.palette {
        let near = colours[..6].iter().any(|&c| {
            let lab = imaging::color::srgb_to_lab(c);
            desen_core::color::ciede2000(
                [entry.l, entry.a, entry.b],
                [f64::from(lab.l), f64::from(lab.a), f64::from(lab.b)],
            ) < 1.0
        });
        assert!(
            near,
            "palette colour {} is not one of the file's",
            entry.rgb
        );
    }
    let masks = f
        .ctx
        .storage
        .list(&format!("renditions/{}/masks", tif.file_id))
        .expect("list");
    assert_eq!(masks.len(), 6);
    let digital = catalog_service::design_header(
        &mut f.world.conn(),
        &staff(),
        "01-0002",
        desen_core::Language::En,
    )
    .expect("header");
    assert_eq!(digital.design_type, "digital");
    assert_eq!(digital.channel_count, 0);
}

#[test]
fn uploads_are_refused_with_a_reason_and_leave_nothing() {
    let f = fixture_with(ImportSettings {
        max_file_bytes: 400_000,
        tiles: false,
        ..Default::default()
    });
    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    rgb_tiff(&f.dir.join("a.tif"), 64, 64, [10, 20, 30]);
    upload(&f, &job, &f.dir.join("a.tif")).expect("first upload");

    std::fs::copy(f.dir.join("a.tif"), f.dir.join("copy-of-a.tif")).expect("copy");
    assert!(
        matches!(
            upload(&f, &job, &f.dir.join("copy-of-a.tif")),
            Err(ImportError::DuplicateFile)
        ),
        "same content"
    );
    rgb_tiff(
        &f.dir.join("other").with_extension("tif"),
        64,
        64,
        [90, 20, 30],
    );
    std::fs::create_dir_all(f.dir.join("sub")).expect("dir");
    std::fs::copy(f.dir.join("other.tif"), f.dir.join("sub/a.tif")).expect("copy");
    assert!(
        matches!(
            upload(&f, &job, &f.dir.join("sub/a.tif")),
            Err(ImportError::DuplicateFile)
        ),
        "same name"
    );

    std::fs::write(f.dir.join("photo.jpg"), b"\xff\xd8\xff\xe0 not a design").expect("write");
    assert!(matches!(
        upload(&f, &job, &f.dir.join("photo.jpg")),
        Err(ImportError::UnsupportedFileType)
    ));
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";
    std::fs::write(f.dir.join("renamed.tif"), png).expect("write");
    assert!(matches!(
        upload(&f, &job, &f.dir.join("renamed.tif")),
        Err(ImportError::NotAnImage)
    ));
    rgb_tiff(&f.dir.join("big.tif"), 400, 400, [1, 2, 3]);
    // LZW packs stripes well; an uncompressed copy is over the 400 kB limit.
    let big = WriteImage {
        spec: WriteSpec {
            width: 400,
            height: 400,
            bit_depth: 8,
            color_mode: ColorMode::Rgb,
            dpi: 72.0,
            channels: process_channels(ColorMode::Rgb),
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8(vec![7; 400 * 400 * 3]),
    };
    let opts = TiffOptions {
        compression: imaging::TiffCompression::None,
        predictor: false,
        ..TiffOptions::default()
    };
    imaging::write_tiff(
        std::fs::File::create(f.dir.join("raw.tif")).expect("create"),
        &big,
        &opts,
    )
    .expect("write");
    assert!(matches!(
        upload(&f, &job, &f.dir.join("raw.tif")),
        Err(ImportError::FileTooLarge(400_000))
    ));

    // A header claiming 300,000 px is refused before anything is decoded.
    let mut liar = std::fs::read(f.dir.join("a.tif")).expect("read");
    lie_about_width(&mut liar, 300_000);
    std::fs::write(f.dir.join("liar.tif"), &liar).expect("write");
    let started = std::time::Instant::now();
    assert!(matches!(
        upload(&f, &job, &f.dir.join("liar.tif")),
        Err(ImportError::ImageTooLarge(_))
    ));
    assert!(started.elapsed().as_secs() < 1);

    let view = service::job_view(&mut f.world.conn(), &job).expect("view");
    assert_eq!(view.files.len(), 1, "only the good file is in the job");
    let originals = f.ctx.storage.list("originals").expect("list");
    assert_eq!(
        originals.len(),
        1,
        "refused files are not kept: {originals:?}"
    );

    assert!(matches!(
        service::create_job(&mut f.world.conn(), None, true, None),
        Err(ImportError::ArchiveRequired)
    ));
    assert!(matches!(
        service::create_job(&mut f.world.conn(), Some(999), true, None),
        Err(ImportError::ArchiveRequired)
    ));
}

/// Rewrites the ImageWidth tag (256) of a little-endian classic TIFF.
fn lie_about_width(bytes: &mut [u8], width: u32) {
    let ifd = u32::from_le_bytes(bytes[4..8].try_into().expect("offset")) as usize;
    let count = u16::from_le_bytes(bytes[ifd..ifd + 2].try_into().expect("count")) as usize;
    for i in 0..count {
        let entry = ifd + 2 + i * 12;
        if u16::from_le_bytes([bytes[entry], bytes[entry + 1]]) == 256 {
            bytes[entry + 2..entry + 4].copy_from_slice(&4u16.to_le_bytes());
            bytes[entry + 8..entry + 12].copy_from_slice(&width.to_le_bytes());
        }
    }
}

#[test]
fn a_file_already_in_the_archive_is_refused_next_time() {
    let f = fixture_with(ImportSettings {
        tiles: false,
        ..Default::default()
    });
    rgb_tiff(&f.dir.join("geo.tif"), 80, 60, [0, 120, 60]);
    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    upload(&f, &job, &f.dir.join("geo.tif")).expect("upload");
    service::process(&mut f.world.conn(), &job).expect("process");
    run_workers(&f);
    service::add_to_archive(&mut f.world.conn(), &job).expect("add");
    let next = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    match upload(&f, &next, &f.dir.join("geo.tif")) {
        Err(ImportError::AlreadyInArchive(at)) => assert_eq!(at, "01-0001/VR-1"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_damaged_file_fails_alone_can_be_retried_and_is_left_out() {
    let f = fixture_with(ImportSettings {
        tiles: false,
        ..Default::default()
    });
    rgb_tiff(&f.dir.join("good.tif"), 120, 90, [100, 0, 100]);
    rgb_tiff(&f.dir.join("broken.tif"), 600, 400, [0, 100, 100]);
    // Keep the header and directory, lose the pixels: it passes the upload check, then fails.
    let bytes = std::fs::read(f.dir.join("broken.tif")).expect("read");
    let ifd = u32::from_le_bytes(bytes[4..8].try_into().expect("offset")) as usize;
    let mut damaged = bytes.clone();
    for b in &mut damaged[8..ifd.min(bytes.len())] {
        *b = 0xff;
    }
    std::fs::write(f.dir.join("broken.tif"), &damaged).expect("write");

    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    upload(&f, &job, &f.dir.join("good.tif")).expect("good");
    let broken =
        upload(&f, &job, &f.dir.join("broken.tif")).expect("broken passes the header check");
    service::process(&mut f.world.conn(), &job).expect("process");
    run_workers(&f);
    let file = repo::file(&mut f.world.conn(), &broken.id)
        .expect("file")
        .expect("row");
    assert_eq!(file.state(), FileState::Failed);
    assert_eq!(file.error_code.as_deref(), Some("damaged_file"));
    assert!(
        f.ctx
            .storage
            .list(&format!("renditions/{}", broken.id))
            .expect("list")
            .is_empty(),
        "no half renditions"
    );

    service::retry_file(&mut f.world.conn(), &job, &broken.id).expect("retry");
    assert_eq!(job_state(&f, &job), "processing");
    run_workers(&f);
    assert_eq!(job_state(&f, &job), "processed");

    let added = service::add_to_archive(&mut f.world.conn(), &job).expect("add");
    assert_eq!(added.len(), 1, "the damaged file is left out");
    service::complete_transfer(&mut f.world.conn(), &f.ctx, &job).expect("complete");
    assert!(
        !f.ctx.storage.exists(&broken.source_key).expect("exists"),
        "its original is removed"
    );
}

#[test]
fn a_worker_that_died_is_replaced_when_its_lease_runs_out() {
    let f = fixture_with(ImportSettings {
        tiles: false,
        max_attempts: 2,
        ..Default::default()
    });
    rgb_tiff(&f.dir.join("a.tif"), 50, 50, [1, 2, 3]);
    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    let file = upload(&f, &job, &f.dir.join("a.tif")).expect("upload");
    service::process(&mut f.world.conn(), &job).expect("process");
    // A worker claims it and dies: its lease is already over.
    let past = desen_core::time::now() - chrono::Duration::seconds(10);
    assert!(repo::claim(&mut f.world.conn(), &file.id, "dead", past, past).expect("claim"));
    f.ctx
        .storage
        .put(
            &format!("renditions/{}/preview.jpg", file.id),
            b"half".to_vec(),
        )
        .expect("put");
    run_workers(&f);
    let row = repo::file(&mut f.world.conn(), &file.id)
        .expect("file")
        .expect("row");
    assert_eq!(row.state(), FileState::Processed);
    assert_eq!(row.attempts, 2);
    assert_ne!(
        f.ctx
            .storage
            .get(&format!("renditions/{}/preview.jpg", file.id))
            .expect("get"),
        Some(b"half".to_vec())
    );

    // A file that keeps killing its worker is failed, not retried forever.
    rgb_tiff(&f.dir.join("b.tif"), 50, 50, [4, 5, 6]);
    let b = upload(&f, &job, &f.dir.join("b.tif")).expect("upload");
    service::process(&mut f.world.conn(), &job).expect("process");
    for _ in 0..2 {
        let now = desen_core::time::now();
        assert!(repo::claim(&mut f.world.conn(), &b.id, "dead", now, past).expect("claim"));
    }
    run_workers(&f);
    let row = repo::file(&mut f.world.conn(), &b.id)
        .expect("file")
        .expect("row");
    assert_eq!(row.error_code.as_deref(), Some("processing_failed"));
}

#[test]
fn cancelling_and_disposing_remove_every_file_of_the_job() {
    let f = fixture_with(ImportSettings {
        tiles: true,
        ..Default::default()
    });
    rgb_tiff(&f.dir.join("a_v1.tif"), 300, 300, [1, 2, 3]);
    rgb_tiff(&f.dir.join("a_v2.tif"), 300, 300, [3, 2, 1]);
    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    upload(&f, &job, &f.dir.join("a_v1.tif")).expect("upload");
    upload(&f, &job, &f.dir.join("a_v2.tif")).expect("upload");
    service::process(&mut f.world.conn(), &job).expect("process");
    run_workers(&f);
    assert!(!f.ctx.storage.list("renditions").expect("list").is_empty());
    service::cancel(&mut f.world.conn(), &f.ctx, &job).expect("cancel");
    assert_eq!(job_state(&f, &job), JobState::Cancelled.as_str());
    assert!(f.ctx.storage.list("renditions").expect("list").is_empty());
    assert!(f.ctx.storage.list("originals").expect("list").is_empty());
    assert!(matches!(
        service::process(&mut f.world.conn(), &job),
        Err(ImportError::WrongState(_))
    ));
    service::dispose(&mut f.world.conn(), &f.ctx, &job).expect("dispose");
    assert!(matches!(
        service::job(&mut f.world.conn(), &job),
        Err(ImportError::JobNotFound)
    ));
}

#[test]
fn deleting_a_design_removes_its_renditions_and_original() {
    let f = fixture_with(ImportSettings {
        tiles: true,
        ..Default::default()
    });
    rgb_tiff(&f.dir.join("d.tif"), 300, 300, [9, 9, 9]);
    let job = service::create_job(&mut f.world.conn(), Some(f.archive), true, None)
        .expect("job")
        .id;
    upload(&f, &job, &f.dir.join("d.tif")).expect("upload");
    service::process(&mut f.world.conn(), &job).expect("process");
    run_workers(&f);
    service::add_to_archive(&mut f.world.conn(), &job).expect("add");
    service::complete_transfer(&mut f.world.conn(), &f.ctx, &job).expect("complete");
    let keys =
        catalog_service::delete_design(&mut f.world.conn(), &f.ctx.storage, &staff(), "01-0001")
            .expect("delete");
    assert_eq!(keys.len(), 2, "renditions and original: {keys:?}");
    assert!(f.ctx.storage.list("renditions").expect("list").is_empty());
    assert!(f.ctx.storage.list("originals").expect("list").is_empty());
}
