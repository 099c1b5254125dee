//! The tagging service on a real database (SQLite, or PostgreSQL under
//! `DESEN_TEST_BACKEND=postgres`): four admins racing through the unlabelled designs each get a
//! design nobody else holds, and every design is labelled once; before the similar search has
//! indexed anything, suggestions come from the designs sharing the palette.
#![expect(clippy::unwrap_used, reason = "tests")]

use curation::dto::TaggingSave;
use curation::tagging;
use db::sql::Sql;
use diesel::RunQueryDsl;
use search::SimilarIndex;
use std::collections::BTreeSet;
use std::sync::Mutex;
use test_support::TestWorld;

#[test]
fn admins_racing_through_the_designs_never_share_one() {
    let world = TestWorld::new();
    let admins: Vec<desen_core::UserGuid> = (0..4)
        .map(|i| {
            world
                .user(&format!("admin{i}@example.com"), "Passw0rd!", true)
                .guid
                .parse()
                .unwrap()
        })
        .collect();
    for n in 0..40 {
        world.design(&format!("01-{n:04}"), 1);
    }
    let label = catalog::service::create_label(
        &mut world.conn(),
        ["Çizgi", "Stripe", "Полоса"],
        None,
        false,
    )
    .unwrap();
    let similar = SimilarIndex::new(false);
    let held_now: Mutex<BTreeSet<String>> = Mutex::default();
    let tagged: Mutex<Vec<String>> = Mutex::default();
    std::thread::scope(|scope| {
        for admin in &admins {
            let (world, similar, held_now, tagged) = (&world, &similar, &held_now, &tagged);
            scope.spawn(move || {
                let mut answer =
                    tagging::next(&mut world.conn(), similar, admin, None, None).unwrap();
                while let Some(design) = answer.design {
                    // Nobody else holds it while this admin labels it.
                    let guid = design.design_guid;
                    assert!(
                        held_now.lock().unwrap().insert(guid.clone()),
                        "{guid} given twice"
                    );
                    tagged.lock().unwrap().push(guid.clone());
                    let save = TaggingSave {
                        design_guid: guid.clone(),
                        label_ids: vec![label],
                        name: None,
                    };
                    answer = tagging::save(&mut world.conn(), similar, admin, save).unwrap();
                    held_now.lock().unwrap().remove(&guid);
                }
                // Nothing free: what remains is held by the other admins.
                assert!(answer.progress.remaining < 4, "{:?}", answer.progress);
            });
        }
    });
    let tagged = tagged.into_inner().unwrap();
    let unique: BTreeSet<&String> = tagged.iter().collect();
    assert_eq!((tagged.len(), unique.len()), (40, 40));
}

#[test]
fn without_the_similar_search_the_palette_suggests() {
    let world = TestWorld::new();
    let admin: desen_core::UserGuid = world
        .user("admin@example.com", "Passw0rd!", true)
        .guid
        .parse()
        .unwrap();
    let close = world.design("01-0001", 1);
    let far = world.design("01-0002", 1);
    let target = world.design("01-0003", 1);
    let conn = &mut world.conn();
    let mut label = |names| catalog::service::create_label(conn, names, None, false).unwrap();
    let (floral, summer, winter) = (
        label(["Çiçek", "Floral", "Цветы"]),
        label(["Yaz", "Summer", "Лето"]),
        label(["Kış", "Winter", "Зима"]),
    );
    catalog::service::set_design_labels(conn, &close.guid, vec![floral, summer]).unwrap();
    catalog::service::set_design_labels(conn, &far.guid, vec![winter]).unwrap();
    // The target shares three swatches with `close` and one with `far`.
    for (swatch, design) in [
        (1, &close),
        (2, &close),
        (3, &close),
        (1, &far),
        (1, &target),
        (2, &target),
        (3, &target),
    ] {
        let mut sql =
            Sql::new("INSERT INTO swatch_designs (swatch, design_guid, score, distance) VALUES (");
        sql.bind(swatch)
            .push(", ")
            .bind(design.guid.to_string())
            .push(", 1.0, 1.0)");
        sql.execute(conn).unwrap();
    }
    let answer = tagging::next(conn, &SimilarIndex::new(false), &admin, None, None).unwrap();
    assert_eq!(answer.design.unwrap().design_guid, target.guid.to_string());
    let got: Vec<(i32, f64, &str)> = answer
        .suggestions
        .iter()
        .map(|s| (s.label_id, s.confidence, s.source))
        .collect();
    assert_eq!(
        got,
        [
            (floral, 0.75, "palette"),
            (summer, 0.75, "palette"),
            (winter, 0.25, "palette")
        ]
    );
}
