//! The authorisation matrix: every route that answers a design, a colorway or an image, for every
//! kind of user, against a design in a pool, a design outside it, and a confined design of
//! another customer. An invisible design is "not found" everywhere, exactly like a missing one,
//! and no byte of its images is served.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::*;
use serde_json::{Value, json};
use test_support::TestWorld;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    Anonymous,
    PooledUser,
    OtherCustomer,
    InHouse,
    AdminWithoutSecondFactor,
    Admin,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Design {
    InPool,
    OutsidePool,
    ConfinedOfAnotherCustomer,
}

/// What each role may see.
fn visible(role: Role, design: Design) -> Option<bool> {
    use Design::*;
    use Role::*;
    match (role, design) {
        (Anonymous, _) => None, // 401 everywhere
        (InHouse | Admin, _) => Some(true),
        (PooledUser, InPool) => Some(true),
        (PooledUser, _) => Some(false),
        (OtherCustomer | AdminWithoutSecondFactor, ConfinedOfAnotherCustomer) => Some(false),
        (OtherCustomer | AdminWithoutSecondFactor, _) => Some(true),
    }
}

struct Target {
    guid: String,
    number: String,
    colorway: String,
    /// thumbnail, preview, tile descriptor and one tile
    images: Vec<String>,
}

#[actix_web::test]
async fn every_design_route_answers_by_pool_role_and_confinement() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    world.user("admin2@example.com", PASSWORD, true);
    let in_house = world.user("inhouse@example.com", PASSWORD, false);
    world.save(&accounts::model::User {
        is_in_house: true,
        ..world.reload(&in_house)
    });
    let customer_a = accounts::service::ensure_customer(&mut world.conn(), "A Tekstil").unwrap();
    let customer_b = accounts::service::ensure_customer(&mut world.conn(), "B Tekstil").unwrap();
    let customer_c = accounts::service::ensure_customer(&mut world.conn(), "C Tekstil").unwrap();
    for (email, customer) in [
        ("pooled@example.com", &customer_a),
        ("other@example.com", &customer_b),
    ] {
        let user = world.user(email, PASSWORD, false);
        world.save(&accounts::model::User {
            customer_guid: Some(customer.guid.clone()),
            ..world.reload(&user)
        });
    }
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;

    // Three designs: rose, lily (rose's second file under another name) and paisley.
    let read = |name: &str| sample(&world, name);
    let added = api
        .import_designs(
            &admin,
            archive.id,
            &[
                ("rose.tif", read("rose_VR1.tif")),
                ("lily.tif", read("rose_VR2.tif")),
                ("paisley.psb", read("paisley.psb")),
            ],
        )
        .await;
    assert_eq!(added.len(), 3);
    let guid = |i: usize| added[i]["designGuid"].as_str().unwrap().to_owned();

    // Paisley is confined to customer C.
    let body = serde_urlencoded::to_string([
        ("isConfined", "true"),
        ("customerId", customer_c.guid.as_str()),
    ])
    .unwrap();
    let (status, _, body) = api
        .call(
            test::TestRequest::put()
                .uri(&format!("/service/design/header/{}", guid(2)))
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(body),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{}", json_body(&body));

    // The pool admits rose explicitly, and by a saved search nothing else (a number no design has).
    let pool = json!({
        "name": "Customer A",
        "dtos": [{ "designNumber": "99-" }],
        "extraGuids": [guid(0)],
    });
    let (status, _, body) = api
        .call(
            test::TestRequest::post()
                .uri("/service/admin/pool/insert")
                .insert_header(("Access-Token", admin.as_str()))
                .set_json(&pool),
        )
        .await;
    let pool = json_body(&body);
    assert_eq!(status, StatusCode::OK, "{pool}");
    assert_eq!(pool["memberCount"], 1);
    assert!(pool["designNumbers"][guid(0)].is_string(), "{pool}");
    assert_eq!(
        pool["designNumbers"][guid(0)],
        added[0]["designName"],
        "the attached design is named: {pool}"
    );
    let pooled_user = accounts::repo::user_by_email(&mut world.conn(), "pooled@example.com")
        .unwrap()
        .unwrap();
    let (status, body) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[
                ("bagId", pool["uniqueid"].as_str().unwrap()),
                ("userGuid", &pooled_user.guid),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // What each design looks like to staff: its colorway and image URLs.
    let mut targets = Vec::new();
    for i in 0..3 {
        let (status, header) = api
            .form(
                "/service/design/header",
                Some(&admin),
                &[("designGuid", &guid(i))],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{header}");
        let colorway = &header["colorways"][0];
        let images = &colorway["images"];
        let tiles = images["tiles"].as_str().unwrap().to_owned();
        targets.push(Target {
            guid: guid(i),
            number: header["designName"].as_str().unwrap().to_owned(),
            colorway: colorway["colorwayGuid"].as_str().unwrap().to_owned(),
            images: vec![
                images["thumbnails"]["d/v"].as_str().unwrap().to_owned(),
                images["preview"].as_str().unwrap().to_owned(),
                tiles.clone(),
                tiles.replace("image.dzi", "image_files/0/0_0.jpg"),
            ],
        });
    }
    assert_eq!(targets[2].guid, guid(2));

    let tokens = [
        (Role::Anonymous, None),
        (
            Role::PooledUser,
            Some(api.token("pooled@example.com", PASSWORD).await),
        ),
        (
            Role::OtherCustomer,
            Some(api.token("other@example.com", PASSWORD).await),
        ),
        (
            Role::InHouse,
            Some(api.token("inhouse@example.com", PASSWORD).await),
        ),
        (
            Role::AdminWithoutSecondFactor,
            Some(api.token("admin2@example.com", PASSWORD).await),
        ),
        (Role::Admin, Some(admin.clone())),
    ];
    let designs = [
        Design::InPool,
        Design::OutsidePool,
        Design::ConfinedOfAnotherCustomer,
    ];
    let mut checked = 0;
    for (role, token) in &tokens {
        let token = token.as_deref();
        let (status, all) = api
            .form("/service/search/design/basic/0/25", token, &[])
            .await;
        let listed: Vec<&str> = all["results"]
            .as_array()
            .map(|r| r.iter().filter_map(|d| d["designGuid"].as_str()).collect())
            .unwrap_or_default();
        for (design, target) in designs.iter().zip(&targets) {
            let expected = visible(*role, *design);
            let context = format!("{role:?} / {design:?}");
            let want = |ok: StatusCode| match expected {
                None => StatusCode::UNAUTHORIZED,
                Some(true) => ok,
                Some(false) => StatusCode::NOT_FOUND,
            };

            // The search lists it, and finds it by number, exactly when it is visible.
            let search_status = match expected {
                None => StatusCode::UNAUTHORIZED,
                Some(_) => StatusCode::OK,
            };
            assert_eq!(status, search_status, "search {context}");
            assert_eq!(
                listed.contains(&target.guid.as_str()),
                expected == Some(true),
                "search lists {context}"
            );
            let (_, by_number) = api
                .form(
                    "/service/search/design/basic/0/25",
                    token,
                    &[("number", &target.number)],
                )
                .await;
            if expected.is_some() {
                assert_eq!(
                    by_number["totalCount"],
                    i64::from(expected == Some(true)),
                    "search by number {context}"
                );
            }

            let (status, header) = api
                .form(
                    "/service/design/header",
                    token,
                    &[("designGuid", &target.guid)],
                )
                .await;
            assert_eq!(status, want(StatusCode::OK), "header {context}");
            if expected == Some(false) {
                assert_eq!(code(&header), "design_not_found", "{context}");
            }

            let (status, _) = api
                .form(
                    "/service/metrics/record",
                    token,
                    &[
                        ("designGuid", &target.guid),
                        ("colorwayGuid", &target.colorway),
                    ],
                )
                .await;
            assert_eq!(status, want(StatusCode::NO_CONTENT), "metrics {context}");

            for url in &target.images {
                let mut request = test::TestRequest::get().uri(url);
                if let Some(token) = token {
                    request = request.insert_header(("Access-Token", token));
                }
                let (status, headers, bytes) = api.call(request).await;
                assert_eq!(status, want(StatusCode::OK), "{url} {context}");
                if expected != Some(true) {
                    assert!(
                        !headers
                            .get("content-type")
                            .is_some_and(|t| t.to_str().unwrap_or_default().starts_with("image/")),
                        "no image byte for {context}"
                    );
                    assert!(bytes.len() < 300, "only an error envelope for {context}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 3 * 4);

    // An invisible design answers exactly like a missing one.
    let pooled = tokens[1].1.clone().unwrap();
    let (status_hidden, hidden) = api
        .form(
            "/service/design/header",
            Some(&pooled),
            &[("designGuid", &targets[1].guid)],
        )
        .await;
    let (status_missing, missing) = api
        .form(
            "/service/design/header",
            Some(&pooled),
            &[("designGuid", "00000000-0000-0000-0000-000000000000")],
        )
        .await;
    assert_eq!((status_hidden, hidden), (status_missing, missing));

    // Taking the pool away gives the user the open archive again, at once.
    let (status, _) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[("bagId", ""), ("userGuid", &pooled_user.guid)],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, all) = api
        .form("/service/search/design/basic/0/25", Some(&pooled), &[])
        .await;
    assert_eq!(all["totalCount"], 2, "{all}");
}

fn json_body(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or(Value::Null)
}
