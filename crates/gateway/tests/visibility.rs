//! The authorisation matrix: every route that answers a design, a colorway or an image, for every
//! kind of user, against a design in a pool, a design outside it, and a confined design of
//! another customer (collections' mood boards, photos, design pages and searches included). An
//! invisible design is "not found" everywhere, exactly like a missing one, and no byte of its
//! images is served.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
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
    /// thumbnail, preview, tile descriptor, one tile and its mood photo
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

    // A collection of the three: a mood board with a photo of each (its thumbnail as the photo),
    // tagged with its colorway, and a design page of one group.
    let (status, _, cover) = api
        .call(
            test::TestRequest::get()
                .uri(&targets[0].images[0])
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, collection) = api
        .collection_form(
            Method::PUT,
            &admin,
            &[("name", "Matrix"), ("description", "Every design")],
            Some(("thumbnailImage", cover)),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{collection}");
    let collection = collection["id"].as_i64().unwrap().to_string();
    let mut subs = Vec::new();
    for kind in ["mood", "design"] {
        let (status, sub) = api
            .collection_form(
                Method::PUT,
                &admin,
                &[
                    ("name", kind),
                    ("description", kind),
                    ("subCollectionId", &collection),
                ],
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{sub}");
        let id = sub["id"].as_i64().unwrap().to_string();
        let (status, sub) = api
            .collection_form(Method::PATCH, &admin, &[("id", &id), ("kind", kind)], None)
            .await;
        assert_eq!(status, StatusCode::OK, "{sub}");
        subs.push(id);
    }
    let (mood, page) = (subs[0].clone(), subs[1].clone());
    for target in &mut targets {
        let (status, _, thumbnail) = api
            .call(
                test::TestRequest::get()
                    .uri(&target.images[0])
                    .insert_header(("Access-Token", admin.as_str())),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (content_type, body) = multipart_named(
            &[("subCollectionId", &mood)],
            &[("image", "photo.jpg", thumbnail)],
        );
        let (status, _, photo) = api
            .call(
                test::TestRequest::post()
                    .uri("/service/admin/new-collection/create-content")
                    .insert_header(("Access-Token", admin.as_str()))
                    .insert_header(("content-type", content_type))
                    .set_payload(body),
            )
            .await;
        let photo = json_body(&photo);
        assert_eq!(status, StatusCode::CREATED, "{photo}");
        let (status, tagged) = api
            .form(
                "/service/admin/new-collection/add-colorway",
                Some(&admin),
                &[
                    ("imageId", &photo["id"].to_string()),
                    ("designGuid", &target.guid),
                    ("colorwayGuid", &target.colorway),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{tagged}");
        target
            .images
            .push(photo["thumbnailUri"].as_str().unwrap().to_owned());
    }
    let group = json!([{ "name": "All", "designGuids": [guid(0), guid(1), guid(2)] }]);
    let (status, groups) = api
        .form(
            "/service/admin/new-collection/modify-group",
            Some(&admin),
            &[("collectionId", &page), ("groupData", &group.to_string())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{groups}");

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
        // The collection's views: its mood board, its design page and its searches.
        let (mood_status, _, mood_board) = api
            .call({
                let request = test::TestRequest::get()
                    .uri(&format!("/service/collections/get-mood-boards/{mood}"));
                match token {
                    Some(token) => request.insert_header(("Access-Token", token)),
                    None => request,
                }
            })
            .await;
        let mood_board = json_body(&mood_board);
        let (page_status, design_page) = api
            .form(&format!("/service/basic-colleciton/get/{page}"), token, &[])
            .await;
        let (collection_status, in_collection) = api
            .form(
                &format!("/service/search/collection/{collection}"),
                token,
                &[],
            )
            .await;
        let (_, filtered) = api
            .form(
                "/service/search/design/basic/0/25",
                token,
                &[("collectionId", &collection)],
            )
            .await;
        let ids = |list: &Value, key: &str| -> Vec<String> {
            list.as_array()
                .map(|items| {
                    items
                        .iter()
                        .flat_map(|item| match key {
                            "" => vec![item["designGuid"].as_str().unwrap_or_default().to_owned()],
                            key => item[key]
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|d| d["designGuid"].as_str().unwrap().to_owned())
                                .collect(),
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let collection_lists = [
            ("mood board", ids(&mood_board["images"], "colorways")),
            ("design page", ids(&design_page["groups"], "results")),
            ("collection search", ids(&in_collection["results"], "")),
            ("collection filter", ids(&filtered["results"], "")),
        ];
        let signed_in = if token.is_some() {
            StatusCode::OK
        } else {
            StatusCode::UNAUTHORIZED
        };
        assert_eq!(
            (mood_status, page_status, collection_status),
            (signed_in, signed_in, signed_in),
            "collection views {role:?}"
        );
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

            for (view, listed) in &collection_lists {
                assert_eq!(
                    listed.contains(&target.guid),
                    expected == Some(true),
                    "{view} lists {context}"
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
    assert_eq!(checked, 6 * 3 * 5);

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

/// What each role sees of one open design: which fields of the header and of a search hit are
/// present (a hidden field is absent, not blank), whose orders are listed, the customer filter's
/// options, which filters it may use; and an admin's change of what customers see applies at once.
#[actix_web::test]
async fn design_fields_orders_and_customers_by_role() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    world.user("admin2@example.com", PASSWORD, true);
    let in_house = world.user("inhouse@example.com", PASSWORD, false);
    world.save(&accounts::model::User {
        is_in_house: true,
        ..world.reload(&in_house)
    });
    let (customer_a, _) = customer_with_user(&world, "A Tekstil", "a@example.com");
    let (customer_b, _) = customer_with_user(&world, "B Tekstil", "b@example.com");
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;
    let added = api
        .import_designs(
            &admin,
            archive.id,
            &[("rose.tif", sample(&world, "rose_VR1.tif"))],
        )
        .await;
    let design = added[0]["designGuid"].as_str().unwrap().to_owned();
    let parameters = json!(["Silk", "A1", "", "", "", "", "", "", "", "Summer"]).to_string();
    let body = serde_urlencoded::to_string([
        ("notes", "Client asked for a 10% smaller scale"),
        ("studio", "Atelier Nord"),
        ("originalName", "ROSE_final_v3"),
        ("closedCountries", "TR,AZ"),
        ("dynamicParameters", parameters.as_str()),
    ])
    .unwrap();
    let (status, _, body) = api
        .call(
            test::TestRequest::put()
                .uri(&format!("/service/design/header/{design}"))
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(body),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{}", json_body(&body));
    let id = design.parse().unwrap();
    for customer in [Some(&customer_a), Some(&customer_b), None] {
        let customer = customer.map(|c| c.parse().unwrap());
        catalog::service::add_order(
            &mut world.conn(),
            &id,
            customer.as_ref(),
            120.0,
            "sample",
            desen_core::time::now(),
        )
        .unwrap();
    }

    let tokens = [
        ("customer A", api.token("a@example.com", PASSWORD).await),
        ("customer B", api.token("b@example.com", PASSWORD).await),
        ("in-house", api.token("inhouse@example.com", PASSWORD).await),
        (
            "admin without second factor",
            api.token("admin2@example.com", PASSWORD).await,
        ),
        ("admin", admin.clone()),
    ];
    let staff = |who: &str| who == "in-house" || who == "admin";
    let present = |value: &Value, keys: &[&str]| -> Vec<String> {
        keys.iter()
            .filter(|k| value.get(**k).is_some())
            .map(|k| (*k).to_owned())
            .collect()
    };
    let header_fields = ["notes", "originalName", "designStudio", "closedCountries"];
    // What customers see by default: notes and original names hidden, the rest shown.
    for (who, token) in &tokens {
        let (status, header) = api
            .form(
                "/service/design/header",
                Some(token),
                &[("designGuid", &design)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{who}: {header}");
        let (_, search) = api
            .form("/service/search/design/basic/0/25", Some(token), &[])
            .await;
        let hit = &search["results"][0];
        let (_, _, bytes) = api
            .call(
                test::TestRequest::get()
                    .uri("/service/get/design-fields")
                    .insert_header(("Access-Token", token.as_str())),
            )
            .await;
        let fields = json_body(&bytes);
        let (_, customers) = api
            .form("/service/get/customers/basic", Some(token), &[])
            .await;
        let options: Vec<&str> = customers
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["customerName"].as_str().unwrap())
            .collect();
        let orders: Vec<Value> = header["orders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["customer"].clone())
            .collect();
        if staff(who) {
            assert_eq!(present(&header, &header_fields), header_fields, "{who}");
            assert_eq!(header["notes"], "Client asked for a 10% smaller scale");
            assert_eq!(header["dynamicParameters"].as_object().unwrap().len(), 10);
            assert!(header["colorways"][0]["sourceName"].is_string(), "{who}");
            assert_eq!(orders.len(), 3, "{who}: every order");
            assert_eq!(header["ordersScope"], "all");
            assert_eq!(options, ["A Tekstil", "B Tekstil"], "{who}");
            assert_eq!(fields["notes"], true, "{who}: {fields}");
        } else {
            assert_eq!(
                present(&header, &header_fields),
                ["designStudio", "closedCountries"],
                "{who}: {header}"
            );
            assert_eq!(header["dynamicParameters"]["dp0"], "Silk", "{who}");
            assert_eq!(header["dynamicParameters"].as_object().unwrap().len(), 10);
            assert!(header["colorways"][0].get("sourceName").is_none(), "{who}");
            assert_eq!(header["ordersScope"], "own");
            let own = match *who {
                "customer A" => vec![json!("A Tekstil")],
                "customer B" => vec![json!("B Tekstil")],
                _ => vec![],
            };
            assert_eq!(orders, own, "{who}: only their own company's orders");
            let own_name: Vec<&str> = own.iter().filter_map(Value::as_str).collect();
            assert_eq!(options, own_name, "{who}: the customer filter");
            assert_eq!(fields["notes"], false, "{who}: {fields}");
            assert_eq!(fields["originalName"], false, "{who}: {fields}");
        }
        if let Some(order) = header["orders"].as_array().unwrap().first() {
            assert_eq!(
                (&order["unit"], &order["orderType"]),
                (&json!("m"), &json!("sample"))
            );
        }
        assert!(hit.get("closedCountries").is_some(), "{who}: {hit}");
        // The card's swatch is the colorway's main colour: the first of its palette.
        assert_eq!(
            hit["colorways"][0]["color"], header["colorways"][0]["palette"][0]["rgb"],
            "{who}: {hit}"
        );
        // A hidden field is not searchable either.
        let (status, body) = api
            .form(
                "/service/search/design/basic/0/25",
                Some(token),
                &[("note", "smaller")],
            )
            .await;
        if staff(who) {
            assert_eq!((status, &body["totalCount"]), (StatusCode::OK, &json!(1)));
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {body}");
            assert_eq!(
                (code(&body), &body["field"]),
                ("search_field_hidden", &json!("note"))
            );
        }
    }

    // The admin shows notes, and hides the studio, closed countries and the second parameter.
    let (status, _, body) = api
        .call(
            test::TestRequest::get()
                .uri("/service/admin/settings/design-fields")
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    let mut setting = json_body(&body);
    assert_eq!(status, StatusCode::OK, "{setting}");
    assert_eq!(
        (&setting["notes"], &setting["studio"]),
        (&json!(false), &json!(true))
    );
    setting["notes"] = json!(true);
    setting["studio"] = json!(false);
    setting["closedCountries"] = json!(false);
    setting["dynamicParameters"][1] = json!(false);
    let customer_token = tokens[0].1.as_str();
    let (status, _, _) = api
        .call(
            test::TestRequest::post()
                .uri("/service/admin/settings/design-fields")
                .insert_header(("Access-Token", customer_token))
                .set_json(&setting),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only admins change it");
    let (status, _, body) = api
        .call(
            test::TestRequest::post()
                .uri("/service/admin/settings/design-fields")
                .insert_header(("Access-Token", admin.as_str()))
                .set_json(&setting),
        )
        .await;
    assert_eq!(
        (status, json_body(&body)),
        (StatusCode::OK, setting.clone())
    );
    let (_, header) = api
        .form(
            "/service/design/header",
            Some(customer_token),
            &[("designGuid", &design)],
        )
        .await;
    assert_eq!(present(&header, &header_fields), ["notes"], "{header}");
    let parameters = header["dynamicParameters"].as_object().unwrap();
    assert!(parameters.contains_key("dp0") && !parameters.contains_key("dp1"));
    let (_, search) = api
        .form(
            "/service/search/design/basic/0/25",
            Some(customer_token),
            &[],
        )
        .await;
    assert!(search["results"][0].get("closedCountries").is_none());
    let (status, body) = api
        .form(
            "/service/search/design/basic/0/25",
            Some(customer_token),
            &[("note", "smaller")],
        )
        .await;
    assert_eq!((status, &body["totalCount"]), (StatusCode::OK, &json!(1)));
    for (field, value) in [("studio", "Atelier"), ("dp1", "A1")] {
        let (status, body) = api
            .form(
                "/service/search/design/basic/0/25",
                Some(customer_token),
                &[(field, value)],
            )
            .await;
        assert_eq!(
            (status, code(&body), &body["field"]),
            (StatusCode::FORBIDDEN, "search_field_hidden", &json!(field))
        );
    }
    // Staff still see and search everything.
    let (_, header) = api
        .form(
            "/service/design/header",
            Some(&admin),
            &[("designGuid", &design)],
        )
        .await;
    assert_eq!(present(&header, &header_fields), header_fields);
    let (_, log) = api
        .form("/service/admin/audit/get-all", Some(&admin), &[])
        .await;
    assert_eq!(audit_actions(&log)[0], "customer_fields_changed");
}
