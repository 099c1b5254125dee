//! The CAD rules through the service, on SQLite (and on PostgreSQL with
//! `DESEN_TEST_BACKEND=postgres`): the right by company code and for staff, the pool rule on the
//! colorways a download names, the records, and a download-all queued, refused and expired.
#![expect(clippy::unwrap_used, reason = "tests")]

use cad::model::RecordKind;
use cad::service::{self, Downloader};
use cad::{CadError, CadFormat, CadSettings};
use db::schema::{cad_bundles, customers, designs, users};
use desen_core::Viewer;
use diesel::prelude::*;
use pools::Scope;
use test_support::TestWorld;

fn downloader(world: &TestWorld, email: &str, customer: Option<&str>) -> (Downloader, Viewer) {
    let user = world.user(email, "Passw0rd!", false);
    diesel::update(users::table.find(&user.guid))
        .set(users::customer_guid.eq(customer))
        .execute(&mut *world.conn())
        .unwrap();
    let viewer = Viewer {
        user_guid: user.guid.clone(),
        customer_guid: customer.map(str::to_owned),
        is_admin: false,
        is_in_house: false,
        second_factor_validated: false,
    };
    let who = Downloader {
        user: user.guid.parse().unwrap(),
        email: email.to_owned(),
        customer: customer.map(str::to_owned),
    };
    (who, viewer)
}

fn customer(world: &TestWorld, name: &str, code: &str) -> String {
    let conn = &mut *world.conn();
    let customer = accounts::service::ensure_customer(conn, name).unwrap();
    diesel::update(customers::table.find(&customer.guid))
        .set(customers::code.eq(code))
        .execute(conn)
        .unwrap();
    customer.guid
}

#[test]
fn rights_go_by_company_code_and_staff() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let acme = customer(&w, "Acme", "ACME-01");
    let beta = customer(&w, "Beta", "");
    let settings = CadSettings {
        company_codes: vec!["acme-01".into()],
        download_all: true,
        ..CadSettings::default()
    };
    let (ayse, ayse_viewer) = downloader(&w, "ayse@example.com", Some(&acme));
    let (can, can_viewer) = downloader(&w, "can@example.com", Some(&beta));
    let (solo, solo_viewer) = downloader(&w, "solo@example.com", None);
    let (staff, mut staff_viewer) = downloader(&w, "staff@example.com", None);
    staff_viewer.is_in_house = true;

    let ours = service::rights(conn, &ayse, &ayse_viewer, &settings).unwrap();
    assert!(ours.download && ours.download_all && !ours.selection && !ours.export);
    for (who, viewer) in [(&can, &can_viewer), (&solo, &solo_viewer)] {
        let rights = service::rights(conn, who, viewer, &settings).unwrap();
        assert!(!rights.download && !rights.download_all, "{}", who.email);
        assert!(matches!(rights.format(None), Err(CadError::NotAllowed)));
    }
    assert!(
        service::rights(conn, &staff, &staff_viewer, &settings)
            .unwrap()
            .download
    );
    // No company admitted by default, not even one with an empty code.
    let closed = service::rights(conn, &can, &can_viewer, &CadSettings::default()).unwrap();
    assert!(!closed.download);
}

#[test]
fn pieces_follow_the_pool_rule_and_downloads_are_recorded() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let acme = customer(&w, "Acme", "ACME-01");
    let (ayse, _) = downloader(&w, "ayse@example.com", Some(&acme));
    let rose = w.design("01-0001", 2);
    let open = Scope::OpenArchive {
        customer: Some(acme.clone()),
    };
    let (design, colorway) = (rose.guid.to_string(), rose.colorways[1].to_string());
    let piece = service::piece(conn, &open, &design, &colorway).unwrap();
    assert_eq!(piece.stem(), "01-0001_VR-2");
    assert_eq!(
        service::design_pieces(conn, &open, &design).unwrap().len(),
        2
    );
    // A colorway of another design, a malformed id.
    let tulip = w.design("01-0002", 1);
    let err = service::piece(conn, &open, &design, &tulip.colorways[0].to_string()).unwrap_err();
    assert_eq!(desen_core::DomainError::code(&err), "colorway_not_found");
    let err = service::piece(conn, &open, "x", &colorway).unwrap_err();
    assert_eq!(desen_core::DomainError::code(&err), "design_not_found");

    // Confined to another customer: not found, and not in a download-all.
    diesel::update(designs::table.find(&design))
        .set(designs::is_confined.eq(true))
        .execute(conn)
        .unwrap();
    let err = service::piece(conn, &open, &design, &colorway).unwrap_err();
    assert!(service::not_found(&err));
    assert!(service::design_pieces(conn, &open, &design).is_err());

    let handed = [(&piece.design, &piece.colorway, 1234u64)];
    let records = service::records(
        &ayse,
        &handed,
        CadFormat::Original.as_str(),
        RecordKind::Download,
    );
    usage::write(conn, &records).unwrap();
    let records = cad::repo::records_of(conn, &ayse.user.to_string()).unwrap();
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(
        (
            record.customer_guid.as_deref(),
            record.design_number.as_str(),
            record.colorway_name.as_str(),
            record.format.as_str(),
            record.kind.as_str(),
            record.bytes
        ),
        (
            Some(acme.as_str()),
            "01-0001",
            "VR-2",
            "original",
            "download",
            1234
        )
    );
}

#[test]
fn download_all_is_bounded_and_expires() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let (ayse, _) = downloader(&w, "ayse@example.com", None);
    let (can, _) = downloader(&w, "can@example.com", None);
    let rose = w.design("01-0001", 2);
    let pieces = service::design_pieces(conn, &Scope::Everything, &rose.guid.to_string()).unwrap();
    let settings = CadSettings::default();
    assert!(matches!(
        service::queue_bundle(conn, &ayse, "x", &[], CadFormat::Original, &settings),
        Err(CadError::NothingToDownload)
    ));
    // Separations need screens; the test designs are digital.
    assert!(matches!(
        service::queue_bundle(conn, &ayse, "x", &pieces, CadFormat::Separations, &settings),
        Err(CadError::FormatNotForDesign)
    ));
    let many: Vec<_> = (0..=service::MAX_BUNDLE_COLORWAYS)
        .map(|_| pieces[0].clone())
        .collect();
    assert!(matches!(
        service::queue_bundle(conn, &ayse, "x", &many, CadFormat::Original, &settings),
        Err(CadError::TooManyColorways)
    ));

    let queued = service::queue_bundle(
        conn,
        &ayse,
        "Spring 2027",
        &pieces,
        CadFormat::Original,
        &settings,
    )
    .unwrap();
    assert_eq!((queued.name.as_str(), queued.total), ("Spring_2027.zip", 2));
    let mine = service::own_bundle(conn, &ayse.user, &queued.id).unwrap();
    assert_eq!(mine.state, "queued");
    assert!(matches!(
        service::own_bundle(conn, &can.user, &queued.id),
        Err(CadError::BundleNotFound)
    ));
    // Past its time: expired to its owner, then purged.
    diesel::update(cad_bundles::table.find(&queued.id))
        .set(cad_bundles::expires_at.eq(desen_core::time::now() - chrono::Duration::minutes(1)))
        .execute(conn)
        .unwrap();
    assert!(matches!(
        service::own_bundle(conn, &ayse.user, &queued.id),
        Err(CadError::BundleExpired)
    ));
    let workshop = cad::files::Workshop {
        storage: storage::Storage::local(&w.files.join("objects")).unwrap(),
        scratch: w.files.join("scratch"),
        limits: imaging::Limits::default(),
    };
    assert_eq!(cad::bundle::purge_expired(&w.pool, &workshop).unwrap(), 1);
    assert!(matches!(
        service::own_bundle(conn, &ayse.user, &queued.id),
        Err(CadError::BundleNotFound)
    ));
}
