//! Labels, the tagging of unlabelled designs and the pinned designs through HTTP: every route
//! refused to customers and strangers; labels created, renamed, grouped, merged (designs and
//! pools follow) and deleted (refused while a pool searches by it), each in the audit log; two
//! admins tagging at once never get the same design, save-and-next with the progress, a save
//! without a selection refused; suggestions from a visually similar labelled design; pins
//! lead the archive in their order while pools still apply. Runs on SQLite, and on PostgreSQL
//! with Redis under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use common::*;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";
const SECOND_ADMIN: &str = "second@example.com";
const BUYER: &str = "buyer@example.com";

fn names(tr: &str, en: &str, ru: &str) -> Value {
    json!({ "tr": tr, "en": en, "ru": ru })
}

fn id_of(label: &Value) -> i64 {
    label["id"].as_i64().unwrap()
}

/// The labels answered, by English name: (design count, group id).
fn by_name(all: &Value) -> Vec<(String, i64, Option<i64>)> {
    all.as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["names"]["en"].as_str().unwrap().to_owned(),
                l["labelCount"].as_i64().unwrap(),
                l["groupId"].as_i64(),
            )
        })
        .collect()
}

fn label_ids(world: &TestWorld, design: &test_support::TestDesign) -> Vec<i32> {
    catalog::repo::labels_of(&mut world.conn(), &design.guid.to_string())
        .unwrap()
        .iter()
        .map(|l| l.id)
        .collect()
}

fn pool_members(world: &TestWorld, pool: &str) -> BTreeSet<String> {
    use db::schema::pool_members;
    use diesel::prelude::*;
    pool_members::table
        .filter(pool_members::pool_guid.eq(pool))
        .select(pool_members::design_guid)
        .load::<String>(&mut world.conn())
        .unwrap()
        .into_iter()
        .collect()
}

#[actix_web::test]
async fn labels_are_created_renamed_grouped_merged_and_deleted() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme", BUYER);
    let (a, b, c) = (
        world.design("01-0001", 1),
        world.design("01-0002", 1),
        world.design("01-0003", 1),
    );
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let buyer = api.token(BUYER, PASSWORD).await;
    let labels = "/service/admin/labels";

    // Customers and strangers are refused every route.
    for (token, want) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(buyer.as_str()), StatusCode::FORBIDDEN),
    ] {
        assert_eq!(api.get(labels, token).await.0, want);
        assert_eq!(api.get("/service/admin/pins", token).await.0, want);
        assert_eq!(
            api.get("/service/admin/tags/unlabeled", token).await.0,
            want
        );
        if let Some(token) = token {
            let (status, _) = api
                .send_json(
                    Method::POST,
                    labels,
                    token,
                    &json!({ "names": names("a", "b", "c") }),
                )
                .await;
            assert_eq!(status, want);
            let (status, _) = api
                .send_json(
                    Method::PUT,
                    "/service/admin/pins",
                    token,
                    &json!({ "designGuids": [] }),
                )
                .await;
            assert_eq!(status, want);
        }
    }

    // A group, a label in it and one without.
    let (api, admin) = (&api, &admin);
    let create =
        |body: Value| async move { api.send_json(Method::POST, labels, admin, &body).await };
    let (status, motif) =
        create(json!({ "names": names("Motif", "Motif", "Мотив"), "isGroupHeader": true })).await;
    assert_eq!(status, StatusCode::CREATED, "{motif}");
    let (status, rose) =
        create(json!({ "names": names("Gül", "Rose", "Роза"), "groupId": id_of(&motif) })).await;
    assert_eq!(status, StatusCode::CREATED, "{rose}");
    let (status, roses) = create(json!({ "names": names("Güller", "Roses", "Розы") })).await;
    assert_eq!(status, StatusCode::CREATED, "{roses}");

    // Every refusal names its field, and nothing is stored.
    for (body, status, want, field) in [
        (
            json!({ "names": names("Gül", "Other", "Другой") }),
            StatusCode::CONFLICT,
            "duplicate_label_name",
            "names.tr",
        ),
        (
            json!({ "names": names("Yeni", "ROSE ", "Новый") }),
            StatusCode::CONFLICT,
            "duplicate_label_name",
            "names.en",
        ),
        (
            json!({ "names": names("Yeni", "New", " ") }),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "names.ru",
        ),
        (
            json!({ "names": names("Yeni", &"x".repeat(101), "Новый") }),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "names.en",
        ),
        (
            json!({ "names": names("Yeni", "New", "Новый"), "groupId": id_of(&roses) }),
            StatusCode::BAD_REQUEST,
            "label_group_invalid",
            "groupId",
        ),
        (
            json!({ "names": names("Yeni", "New", "Новый"), "groupId": id_of(&motif), "isGroupHeader": true }),
            StatusCode::BAD_REQUEST,
            "label_group_invalid",
            "groupId",
        ),
    ] {
        let (got, body) = create(body).await;
        assert_eq!(
            (got, code(&body), body["field"].as_str()),
            (status, want, Some(field)),
            "{body}"
        );
    }
    let (_, all) = api.get(labels, Some(admin)).await;
    assert_eq!(all.as_array().unwrap().len(), 3, "{all}");

    // Renamed in each language; the header first, its member under it, then the rest.
    let (status, renamed) = api
        .send_json(
            Method::PUT,
            &format!("{labels}/{}", id_of(&roses)),
            admin,
            &json!({ "names": names("Gül dalı", "Rose branch", "Ветка розы"), "groupId": id_of(&motif) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["names"]["ru"], "Ветка розы");
    let (_, all) = api.get(&format!("{labels}?language=en"), Some(admin)).await;
    let motif_id = Some(id_of(&motif));
    assert_eq!(
        by_name(&all),
        [
            ("Motif".into(), 0, None),
            ("Rose".into(), 0, motif_id),
            ("Rose branch".into(), 0, motif_id)
        ]
    );

    // Designs carry the labels; a pool admits designs with the second one.
    let tag = |design: &test_support::TestDesign, label: &Value| {
        let body = json!({ "designGuid": design.guid.to_string(), "labelIds": [id_of(label)] });
        async move {
            api.send_json(Method::PATCH, "/service/admin/tags/unlabeled", admin, &body)
                .await
        }
    };
    assert_eq!(tag(&a, &rose).await.0, StatusCode::OK);
    assert_eq!(tag(&b, &roses).await.0, StatusCode::OK);
    let (status, pool) = api
        .send_json(
            Method::POST,
            "/service/admin/pool/insert",
            admin,
            &json!({ "name": "Roses only", "dtos": [{ "allowedLabels": [id_of(&roses)], "allowUnlabeledDesigns": false }] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{pool}");
    let pool = pool["uniqueid"].as_str().unwrap().to_owned();
    assert_eq!(
        pool_members(&world, &pool),
        BTreeSet::from([b.guid.to_string()])
    );

    // Merging: the designs, the pool's search and its members follow; the merged label is gone.
    let merge = |from: &Value, into: i64| {
        let path = format!("{labels}/{}/merge", id_of(from));
        async move {
            api.send_json(Method::POST, &path, admin, &json!({ "into": into }))
                .await
        }
    };
    let (status, body) = merge(&roses, id_of(&roses)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "label_merge_into_itself")
    );
    let (status, body) = merge(&roses, id_of(&motif)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "label_group_invalid")
    );
    let (status, body) = merge(&roses, 9999).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "label_not_found")
    );
    let (status, merged) = merge(&roses, id_of(&rose)).await;
    assert_eq!(status, StatusCode::OK, "{merged}");
    assert_eq!(
        (
            merged["moved"].as_i64(),
            merged["label"]["labelCount"].as_i64()
        ),
        (Some(1), Some(2))
    );
    assert_eq!(label_ids(&world, &b), [id_of(&rose) as i32]);
    assert_eq!(
        pool_members(&world, &pool),
        BTreeSet::from([a.guid.to_string(), b.guid.to_string()])
    );
    let (_, all) = api.get(&format!("{labels}?language=en"), Some(admin)).await;
    assert_eq!(
        by_name(&all),
        [("Motif".into(), 0, None), ("Rose".into(), 2, motif_id)]
    );

    // A label a pool searches by is kept; another goes, saying how many designs carried it.
    let (status, body) = api
        .send_json(
            Method::DELETE,
            &format!("{labels}/{}", id_of(&rose)),
            admin,
            &json!({}),
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "label_in_use"),
        "{body}"
    );
    assert!(
        body["message"].as_str().unwrap().contains("Roses only"),
        "{body}"
    );
    let (_, spare) = create(json!({ "names": names("Yedek", "Spare", "Запас") })).await;
    assert_eq!(tag(&c, &spare).await.0, StatusCode::OK);
    let (status, deleted) = api
        .send_json(
            Method::DELETE,
            &format!("{labels}/{}", id_of(&spare)),
            admin,
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{deleted}");
    assert_eq!(deleted["designCount"].as_i64(), Some(1));
    assert!(label_ids(&world, &c).is_empty());
    // A header deleted lets its members go.
    let (status, _) = api
        .send_json(
            Method::DELETE,
            &format!("{labels}/{}", id_of(&motif)),
            admin,
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, all) = api.get(&format!("{labels}?language=en"), Some(admin)).await;
    assert_eq!(by_name(&all), [("Rose".into(), 2, None)]);

    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(admin),
            &[("pageSize", "100")],
        )
        .await;
    let actions = audit_actions(&log);
    for action in ["label_saved", "labels_merged", "label_deleted"] {
        assert!(actions.iter().any(|a| a == action), "{action}: {actions:?}");
    }
}

#[actix_web::test]
async fn two_admins_tagging_at_once_never_get_the_same_design() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    world.user(SECOND_ADMIN, PASSWORD, true);
    let designs: Vec<_> = (1..=7)
        .map(|n| world.design(&format!("01-01{n:02}"), 1))
        .collect();
    let label = catalog::service::create_label(
        &mut world.conn(),
        ["Çiçek", "Floral", "Цветы"],
        None,
        false,
    )
    .unwrap();
    let header =
        catalog::service::create_label(&mut world.conn(), ["Grup", "Group", "Группа"], None, true)
            .unwrap();
    let api = api(&world).await;
    let first = api.admin_token(ADMIN).await;
    let second = api.admin_token(SECOND_ADMIN).await;
    let next = "/service/admin/tags/unlabeled";
    let design_of = |answer: &Value| answer["design"]["designGuid"].as_str().map(str::to_owned);

    // Asked at the same instant: two designs; asked again, each admin keeps its own.
    let ((s1, one), (s2, two)) =
        futures::join!(api.get(next, Some(&first)), api.get(next, Some(&second)));
    assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK));
    assert_ne!(design_of(&one), design_of(&two));
    assert_eq!(
        one["progress"],
        json!({ "done": 0, "remaining": 7, "total": 7 })
    );
    assert!(
        one["design"]["preview"]
            .as_str()
            .unwrap()
            .starts_with("/service/design/preview/")
    );
    assert_eq!(
        design_of(&api.get(next, Some(&first)).await.1),
        design_of(&one)
    );

    // A save needs a selection; a group header is not a label to give.
    let api = &api;
    let save = |token: &String, design: &Option<String>, ids: Value| {
        let body = json!({ "designGuid": design, "labelIds": ids });
        let token = token.clone();
        async move { api.send_json(Method::PATCH, next, &token, &body).await }
    };
    let (status, body) = save(&first, &design_of(&one), json!([])).await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            "label_selection_required",
            Some("labelIds")
        )
    );
    assert_eq!(body["message"], "You haven't made a selection!");
    let (status, body) = save(&first, &design_of(&one), json!([header])).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "label_group_invalid")
    );
    let (status, body) = save(&first, &design_of(&one), json!([9999])).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "label_not_found")
    );

    // Both tag at once until nothing is left: every design once, never one the other holds.
    let (mut held_first, mut held_second) = (design_of(&one), design_of(&two));
    let mut tagged = Vec::new();
    while held_first.is_some() || held_second.is_some() {
        assert_ne!(held_first, held_second);
        let ((s1, one), (s2, two)) = futures::join!(
            async {
                match &held_first {
                    Some(_) => save(&first, &held_first, json!([label])).await,
                    None => (StatusCode::OK, json!({ "design": null })),
                }
            },
            async {
                match &held_second {
                    Some(_) => save(&second, &held_second, json!([label])).await,
                    None => (StatusCode::OK, json!({ "design": null })),
                }
            }
        );
        assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK), "{one} {two}");
        tagged.extend(held_first.take());
        tagged.extend(held_second.take());
        (held_first, held_second) = (design_of(&one), design_of(&two));
    }
    let unique: BTreeSet<&String> = tagged.iter().collect();
    assert_eq!((tagged.len(), unique.len()), (7, 7), "{tagged:?}");
    let (_, done) = api.get(next, Some(&first)).await;
    assert_eq!(done["design"], Value::Null);
    assert_eq!(
        done["progress"],
        json!({ "done": 7, "remaining": 0, "total": 7 })
    );

    // A design asked by id is answered labelled; the name narrows the progress.
    let (status, asked) = api
        .get(&format!("{next}/{}", designs[2].guid), Some(&first))
        .await;
    assert_eq!(status, StatusCode::OK, "{asked}");
    assert_eq!(asked["design"]["labelIds"], json!([label]));
    let (status, _) = api.get(&format!("{next}/not-a-design"), Some(&first)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, named) = api.get(&format!("{next}?name=01-0103"), Some(&first)).await;
    assert_eq!(
        named["progress"],
        json!({ "done": 1, "remaining": 0, "total": 1 })
    );
}

#[actix_web::test]
async fn skipped_designs_go_to_the_others_and_reservations_lapse() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    world.user(SECOND_ADMIN, PASSWORD, true);
    world.design("01-0201", 1);
    world.design("01-0202", 1);
    let api = api(&world).await;
    let first = api.admin_token(ADMIN).await;
    let second = api.admin_token(SECOND_ADMIN).await;
    let next = "/service/admin/tags/unlabeled";
    let design_of = |answer: &Value| answer["design"]["designGuid"].as_str().map(str::to_owned);

    let (_, one) = api.get(next, Some(&first)).await;
    let held = design_of(&one).unwrap();
    // Skipped: the first admin gets the other design, and the skipped one is free for others.
    let (_, skipped) = api.get(&format!("{next}?skip={held}"), Some(&first)).await;
    let other = design_of(&skipped).unwrap();
    assert_ne!(other, held);
    assert_eq!(
        design_of(&api.get(next, Some(&second)).await.1),
        Some(held.clone())
    );
    // With both held, nothing is left for the first admin but its own.
    assert_eq!(
        design_of(&api.get(next, Some(&first)).await.1),
        Some(other.clone())
    );
    // A reservation older than its time lapses: the design goes to whoever asks.
    {
        use db::schema::tagging_reservations as r;
        use diesel::prelude::*;
        diesel::update(r::table.filter(r::design_guid.eq(&other)))
            .set(r::reserved_at.eq(desen_core::time::now()
                - curation::tagging::RESERVATION
                - chrono::Duration::minutes(1)))
            .execute(&mut world.conn())
            .unwrap();
    }
    let (_, body) = api.get(&format!("{next}?skip={held}"), Some(&second)).await;
    assert_eq!(design_of(&body), Some(other));
}

#[actix_web::test]
async fn labels_of_a_visually_similar_design_are_suggested() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    demo::seed_with(
        &api.state.pool,
        &api.state.import,
        &world.files.join("demo"),
        demo::DemoSize::Small,
    )
    .unwrap();
    while import::similar::index_pending(&mut world.conn(), &api.state.storage, 16).unwrap() > 0 {}
    // A new design whose colorway looks exactly like a demo design's (its features copied):
    // the only design without labels.
    let model = {
        use db::schema::designs;
        use diesel::prelude::*;
        designs::table
            .order(designs::number)
            .select(designs::guid)
            .first::<String>(&mut world.conn())
            .unwrap()
    };
    let model_colorway = catalog::repo::first_colorway(&mut world.conn(), &model)
        .unwrap()
        .unwrap();
    let version = i32::from(vision::FEATURES_VERSION);
    let sketches = catalog::features::sketches_of(
        &mut world.conn(),
        version,
        std::slice::from_ref(&model_colorway.guid),
    )
    .unwrap();
    let features = catalog::features::features_of(
        &mut world.conn(),
        version,
        std::slice::from_ref(&model_colorway.guid),
    )
    .unwrap();
    let twin = world.design("77-0001", 1);
    catalog::features::save(
        &mut world.conn(),
        &twin.colorways[0].to_string(),
        &twin.guid.to_string(),
        catalog::features::NewFeatures {
            version,
            count: vision::decode(&features[0].1).unwrap().len(),
            sketches: sketches[0].1.clone(),
            features: features[0].1.clone(),
        },
    )
    .unwrap();
    let admin = api.admin_token(ADMIN).await;

    let (status, answer) = api.get("/service/admin/tags/unlabeled", Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["design"]["designGuid"], twin.guid.to_string());
    let suggested: Vec<(i64, f64, &str)> = answer["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["labelId"].as_i64().unwrap(),
                s["confidence"].as_f64().unwrap(),
                s["source"].as_str().unwrap(),
            )
        })
        .collect();
    let model_labels: BTreeSet<i64> = catalog::repo::labels_of(&mut world.conn(), &model)
        .unwrap()
        .iter()
        .map(|l| i64::from(l.id))
        .collect();
    assert!(!model_labels.is_empty());
    // The model's labels lead, each with the most weight; every suggestion from the similar search.
    let leading: BTreeSet<i64> = suggested
        .iter()
        .take(model_labels.len())
        .map(|s| s.0)
        .collect();
    assert_eq!(leading, model_labels, "{suggested:?}");
    assert!(
        suggested
            .iter()
            .all(|s| s.2 == "similar" && s.1 > 0.0 && s.1 <= 1.0),
        "{suggested:?}"
    );
    assert!(
        suggested.windows(2).all(|w| w[0].1 >= w[1].1),
        "{suggested:?}"
    );
}

#[actix_web::test]
async fn pins_lead_the_archive_in_their_order_and_pools_still_apply() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (_, buyer_guid) = customer_with_user(&world, "Acme", BUYER);
    let designs: Vec<_> = (1..=5)
        .map(|n| world.design(&format!("01-03{n:02}"), 1))
        .collect();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let buyer = api.token(BUYER, PASSWORD).await;
    let pins = "/service/admin/pins";
    let guid = |i: usize| designs[i].guid.to_string();
    let first_of = |answer: &Value, n: usize| -> Vec<String> {
        answer["results"]
            .as_array()
            .unwrap()
            .iter()
            .take(n)
            .map(|r| r["designGuid"].as_str().unwrap().to_owned())
            .collect()
    };

    // Refusals: unknown, twice, too many; nothing pinned.
    for (list, status, want) in [
        (
            json!(["0b0c0d0e-0000-4000-8000-000000000000"]),
            StatusCode::NOT_FOUND,
            "design_not_found",
        ),
        (
            json!([guid(0), guid(0)]),
            StatusCode::BAD_REQUEST,
            "invalid_form",
        ),
        (
            json!(vec![guid(0); 101]),
            StatusCode::BAD_REQUEST,
            "too_many_pins",
        ),
    ] {
        let (got, body) = api
            .send_json(Method::PUT, pins, &admin, &json!({ "designGuids": list }))
            .await;
        assert_eq!((got, code(&body)), (status, want), "{body}");
    }
    assert_eq!(api.get(pins, Some(&admin)).await.1, json!([]));

    // Pinned in an order that is not the upload order: listed and searched in that order.
    let order = [guid(3), guid(0), guid(2)];
    let (status, pinned) = api
        .send_json(Method::PUT, pins, &admin, &json!({ "designGuids": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "{pinned}");
    let listed: Vec<(String, i64)> = pinned
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["designGuid"].as_str().unwrap().to_owned(),
                p["position"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [(guid(3), 0), (guid(0), 1), (guid(2), 2)]);
    assert_eq!(pinned[0]["designName"], "01-0304");
    assert_eq!(api.get(pins, Some(&admin)).await.1, pinned);
    let (status, found) = api
        .form("/service/search/design/basic/0/25", Some(&admin), &[])
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(first_of(&found, 3), order);
    // Reordered by the same call.
    let order = [guid(2), guid(3), guid(0)];
    api.send_json(Method::PUT, pins, &admin, &json!({ "designGuids": order }))
        .await;
    let (_, found) = api
        .form("/service/search/design/basic/0/25", Some(&admin), &[])
        .await;
    assert_eq!(first_of(&found, 3), order);

    // A customer whose pool admits two of them (and one more) sees those two first, in order.
    let (status, pool) = api
        .send_json(
            Method::POST,
            "/service/admin/pool/insert",
            &admin,
            &json!({ "name": "Some", "dtos": [{ "designNumber": "99-" }], "extraGuids": [guid(0), guid(2), guid(4)] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{pool}");
    let (status, _) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[
                ("bagId", pool["uniqueid"].as_str().unwrap()),
                ("userGuid", &buyer_guid),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, found) = api
        .form("/service/search/design/basic/0/25", Some(&buyer), &[])
        .await;
    assert_eq!(first_of(&found, 3), [guid(2), guid(0), guid(4)], "{found}");
    assert_eq!(found["totalCount"].as_i64(), Some(3));

    // Unpinned: the archive's own order again.
    api.send_json(Method::PUT, pins, &admin, &json!({ "designGuids": [] }))
        .await;
    let (_, found) = api
        .form("/service/search/design/basic/0/25", Some(&admin), &[])
        .await;
    assert_eq!(first_of(&found, 1), [guid(4)]);
    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("pageSize", "100")],
        )
        .await;
    assert_eq!(
        audit_actions(&log)
            .iter()
            .filter(|a| *a == "pins_changed")
            .count(),
        3
    );
}
