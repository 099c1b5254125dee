//! The settings service on a real database: defaults until saved, saved keys over them (a key
//! that no longer reads keeps its default), one key read alone, trimming on save.
#![expect(clippy::unwrap_used, reason = "tests")]

use configuration::{Defaults, GeneralSettings, Saved, keys, service};
use db::schema::general_settings;
use diesel::prelude::*;
use test_support::TestWorld;

fn defaults() -> Defaults {
    Defaults(GeneralSettings::default())
}

#[test]
fn saved_keys_lie_over_the_defaults() {
    let world = TestWorld::new();
    let admin = world.user("admin@example.com", "Passw0rd!", true);
    let conn = &mut world.conn();
    let defaults = defaults();
    assert_eq!(service::current(conn, &defaults).unwrap(), defaults.0);
    assert_eq!(
        Saved::read(conn).unwrap().get::<bool>(keys::AI_SEARCH),
        None
    );

    let mut changed = defaults.0.clone();
    changed.client.ai_search = false;
    changed.client.page_size = 50;
    changed.cad_company_codes = vec![" ACME ".into(), "ACME".into()];
    let files = storage::Storage::local(&world.files.join("objects")).unwrap();
    let actor = admin.guid.parse().unwrap();
    let saved = service::save(conn, &files, &actor, &defaults, changed).unwrap();
    assert_eq!(saved.cad_company_codes, ["ACME"]);
    assert_eq!(
        Saved::read(conn).unwrap().get::<bool>(keys::AI_SEARCH),
        Some(false)
    );

    // A key written in another shape (an older version) keeps its default; the rest apply.
    let document = r#"{"aiSearch": "sometimes", "pageSize": 50}"#;
    diesel::update(general_settings::table.find(1))
        .set(general_settings::document.eq(document))
        .execute(conn)
        .unwrap();
    let current = service::current(conn, &defaults).unwrap();
    assert_eq!(
        (current.client.ai_search, current.client.page_size),
        (true, 50)
    );
}

#[test]
fn uploads_no_save_names_are_swept_after_a_while() {
    use configuration::banners;
    use std::time::Duration;
    let world = TestWorld::new();
    let files = storage::Storage::local(&world.files.join("objects")).unwrap();
    let (saved, unsaved) = ("a".repeat(32), "b".repeat(32));
    for id in [&saved, &unsaved] {
        for file in ["thumb.jpg", "large.jpg"] {
            files
                .put(&format!("banners/{id}/{file}"), b"jpeg".to_vec())
                .unwrap();
        }
    }
    let present = |id: &str| files.exists(&format!("banners/{id}/large.jpg")).unwrap();
    // Uploaded just now: kept for the save that will name it.
    banners::sweep(&files, &[saved.as_str()], banners::UNSAVED_KEPT);
    assert!(present(&saved) && present(&unsaved));
    // Old enough: the upload no save named goes, files and all; the saved one stays.
    banners::sweep(&files, &[saved.as_str()], Duration::ZERO);
    assert!(present(&saved));
    assert!(
        files
            .list(&format!("banners/{unsaved}"))
            .unwrap()
            .is_empty()
    );
}
