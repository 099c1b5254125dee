//! The favorites routes through HTTP: every route with each validation answer, another user's
//! list, entries hidden by a pool and shown again, a deleted design, sharing with the studio (the
//! mail and the admins' read-only view). Runs on SQLite, and on PostgreSQL with Redis under
//! `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::{PASSWORD, STUDIO_MAIL, api, code, customer_with_user};
use serde_json::{Value, json};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

/// The (design number, colorway name) of each entry of a list answer.
fn entries(list: &Value) -> Vec<(String, String)> {
    list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["designName"].as_str().unwrap().to_owned(),
                e["colorwayName"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn favorite_lists_through_http() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (_, ayse_guid) = customer_with_user(&world, "Acme", "ayse@example.com");
    customer_with_user(&world, "Beta", "can@example.com");
    let rose = world.design("01-0001", 2);
    let tulip = world.design("01-0002", 1);
    let api = api(&world).await;
    let ayse = api.token("ayse@example.com", PASSWORD).await;
    let can = api.token("can@example.com", PASSWORD).await;
    let admin = api.admin_token(ADMIN).await;
    let send = |method: Method, path: String, token: &str, fields: Vec<(&'static str, String)>| {
        let api = &api;
        let token = token.to_owned();
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            api.send(method, &path, Some(&token), &fields).await
        }
    };
    let create = |token: &str, name: &str| {
        send(
            Method::PUT,
            "/service/favorites/create".into(),
            token,
            vec![("name", name.to_owned())],
        )
    };
    let entry = |list: &str, design: &test_support::TestDesign, k: usize| {
        vec![
            ("listid", list.to_owned()),
            ("designGuid", design.guid.to_string()),
            ("colorwayGuid", design.colorways[k].to_string()),
        ]
    };

    // Signed out: nothing.
    let (status, _) = api
        .send(Method::GET, "/service/favorites/lists", None, &[])
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Create, with every refusal of a name.
    for (name, status, expected) in [
        ("  ", StatusCode::BAD_REQUEST, "favorite_list_name_required"),
        (
            "Spring!",
            StatusCode::BAD_REQUEST,
            "favorite_list_name_punctuation",
        ),
        (
            &"a".repeat(101),
            StatusCode::BAD_REQUEST,
            "favorite_list_name_too_long",
        ),
    ] {
        let (got, body) = create(&ayse, name).await;
        assert_eq!((got, code(&body)), (status, expected), "{name}: {body}");
        assert_eq!(body["field"], "name");
    }
    let (status, spring) = create(&ayse, "Spring 2027").await;
    assert_eq!(status, StatusCode::OK, "{spring}");
    assert_eq!(
        (spring["name"].as_str(), spring["entryCount"].as_i64()),
        (Some("Spring 2027"), Some(0))
    );
    assert!(spring["created"].is_string(), "{spring}");
    let list = spring["id"].as_str().unwrap().to_owned();
    let (status, body) = create(&ayse, "SPRING 2027").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "favorite_list_name_taken")
    );
    let (status, _) = create(&can, "Spring 2027").await;
    assert_eq!(status, StatusCode::OK, "another user may use the name");

    // Add, with every refusal.
    let add = |token: &str, fields: Vec<(&'static str, String)>| {
        send(Method::PUT, "/service/favorites/add".into(), token, fields)
    };
    for (k, design) in [(0, &rose), (1, &rose), (0, &tulip)] {
        let (status, body) = add(&ayse, entry(&list, design, k)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = add(&ayse, entry(&list, &rose, 0)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "favorite_colorway_present")
    );
    let mut foreign = entry(&list, &rose, 0);
    foreign[2].1 = tulip.colorways[0].to_string();
    let (status, body) = add(&ayse, foreign).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "colorway_not_found")
    );
    let (status, body) = add(&ayse, vec![("listid", list.clone())]).await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, "invalid_form", Some("designGuid"))
    );
    let (status, body) = add(&ayse, entry("not-a-list", &rose, 0)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "favorite_list_not_found")
    );

    // Read: the lists, every list with entries, one list.
    let (status, lists) = send(
        Method::GET,
        "/service/favorites/lists".into(),
        &ayse,
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lists[0]["entryCount"], 3, "{lists}");
    let (_, all) = send(
        Method::GET,
        "/service/favorites/lists-entries".into(),
        &ayse,
        vec![],
    )
    .await;
    let first = &all[0]["entries"][0];
    assert_eq!(first["listId"].as_str(), Some(list.as_str()), "{all}");
    assert_eq!(
        first["designGuid"].as_str(),
        Some(tulip.guid.to_string().as_str())
    );
    assert_eq!(
        first["colorwayGuid"].as_str(),
        Some(tulip.colorways[0].to_string().as_str())
    );
    let one = |token: &str| {
        send(
            Method::GET,
            format!("/service/favorites/entries/{list}"),
            token,
            vec![],
        )
    };
    let (status, shown) = one(&ayse).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        entries(&shown),
        [
            ("01-0002", "VR-1"),
            ("01-0001", "VR-2"),
            ("01-0001", "VR-1")
        ]
        .map(|(d, c)| (d.to_owned(), c.to_owned()))
    );

    // The list as the archive's cards: one per colorway, each showing its colorway, paged.
    let cards = |token: &str, page: u32| {
        send(
            Method::GET,
            format!("/service/search/favorites/{list}/{page}/2"),
            token,
            vec![],
        )
    };
    let (status, body) = cards(&ayse, 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (
            body["totalCount"].as_i64(),
            body["totalPage"].as_i64(),
            body["list"]["name"].as_str()
        ),
        (Some(3), Some(2), Some("Spring 2027"))
    );
    let shown: Vec<(&str, &str)> = body["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| {
            (
                card["designName"].as_str().unwrap(),
                card["activeVariantName"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(shown, [("01-0002", "VR-1"), ("01-0001", "VR-2")]);
    assert!(
        body["results"][1]["thumbnail"]
            .as_str()
            .unwrap()
            .contains(&rose.colorways[1].to_string()),
        "{body}"
    );
    let (_, body) = cards(&ayse, 1).await;
    assert_eq!(body["results"][0]["activeVariantName"], "VR-1");
    let (status, body) = cards(&can, 0).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "favorite_list_not_found")
    );

    // Another user's list answers like a missing one, whatever the route.
    let (status, body) = one(&can).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "favorite_list_not_found")
    );
    for (method, path, fields) in [
        (
            Method::PUT,
            "/service/favorites/add".to_owned(),
            entry(&list, &rose, 0),
        ),
        (
            Method::POST,
            "/service/favorites/remove".to_owned(),
            entry(&list, &rose, 0),
        ),
        (
            Method::POST,
            "/service/favorites/rename".to_owned(),
            vec![("listid", list.clone()), ("name", "Mine".into())],
        ),
        (
            Method::POST,
            "/service/favorites/share".to_owned(),
            vec![("listid", list.clone())],
        ),
        (
            Method::PATCH,
            format!("/service/favorites/empty/{list}"),
            vec![],
        ),
        (
            Method::DELETE,
            format!("/service/favorites/delete/{list}"),
            vec![],
        ),
    ] {
        let (status, body) = send(method, path.clone(), &can, fields).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::NOT_FOUND, "favorite_list_not_found"),
            "{path}"
        );
    }
    assert_eq!(one(&ayse).await.1["entryCount"], 3, "nothing changed");

    // Rename ("collection name changed").
    let rename = |name: &str| {
        send(
            Method::POST,
            "/service/favorites/rename".into(),
            &ayse,
            vec![("listid", list.clone()), ("name", name.to_owned())],
        )
    };
    let (status, body) = rename("Spring 27").await;
    assert_eq!(
        (status, body["name"].as_str()),
        (StatusCode::OK, Some("Spring 27")),
        "{body}"
    );
    create(&ayse, "Autumn").await;
    let (status, body) = rename("autumn").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "favorite_list_name_taken")
    );
    let (status, body) = rename("").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "favorite_list_name_required")
    );

    // A pool that admits the tulip only hides the rose's entries; taking it away shows them again.
    let (status, _, body) = api
        .call(
            TestRequest::post()
                .uri("/service/admin/pool/insert")
                .insert_header(("Access-Token", admin.as_str()))
                .set_json(json!({ "name": "Tulips", "dtos": [{ "designNumber": "99-" }], "extraGuids": [tulip.guid.to_string()] })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let pool: Value = serde_json::from_slice(&body).unwrap();
    let assign = |bag: &str| {
        send(
            Method::POST,
            "/service/admin/pool/assign".into(),
            &admin,
            vec![("bagId", bag.to_owned()), ("userGuid", ayse_guid.clone())],
        )
    };
    assert_eq!(
        assign(pool["uniqueid"].as_str().unwrap()).await.0,
        StatusCode::NO_CONTENT
    );
    let (_, hidden) = one(&ayse).await;
    assert_eq!(
        (hidden["entryCount"].as_i64(), entries(&hidden).len()),
        (Some(1), 1),
        "{hidden}"
    );
    let (_, lists) = send(
        Method::GET,
        "/service/favorites/lists".into(),
        &ayse,
        vec![],
    )
    .await;
    assert_eq!(
        lists
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == list.as_str())
            .unwrap()["entryCount"],
        1
    );
    let (status, body) = add(&ayse, entry(&list, &rose, 0)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "design_not_found"),
        "a hidden design cannot be added"
    );
    assert_eq!(assign("").await.0, StatusCode::NO_CONTENT);
    assert_eq!(
        one(&ayse).await.1["entryCount"],
        3,
        "the hidden entries come back"
    );

    // Remove one, then again; a deleted design takes its entries along.
    let remove = |k: usize| {
        send(
            Method::POST,
            "/service/favorites/remove".into(),
            &ayse,
            entry(&list, &rose, k),
        )
    };
    let (status, body) = remove(1).await;
    assert_eq!(
        (status, body["entryCount"].as_i64()),
        (StatusCode::OK, Some(2)),
        "{body}"
    );
    let (status, body) = remove(1).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "favorite_entry_not_found")
    );
    let (status, _) = send(
        Method::DELETE,
        format!("/service/design/delete/{}", tulip.guid),
        &admin,
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, left) = one(&ayse).await;
    assert_eq!(entries(&left), [("01-0001".to_owned(), "VR-1".to_owned())]);

    // Share with the studio: the mail, and the admins' read-only view; twice is one share.
    let share = || {
        send(
            Method::POST,
            "/service/favorites/share".into(),
            &ayse,
            vec![("listid", list.clone())],
        )
    };
    let (status, shared) = share().await;
    assert_eq!(status, StatusCode::OK, "{shared}");
    assert!(shared["shared"].is_string(), "{shared}");
    share().await;
    let mails = world.mails();
    assert_eq!(mails.len(), 2);
    assert!(
        mails[0].contains(&format!("To: {STUDIO_MAIL}")),
        "{}",
        mails[0]
    );
    assert!(
        mails[0].contains("ayse (Acme, ayse@example.com)"),
        "{}",
        mails[0]
    );
    assert!(
        mails[0].contains(&format!("/admin/shared-lists/{list}")),
        "{}",
        mails[0]
    );
    let (status, body) = send(
        Method::GET,
        "/service/admin/favorites/shared".into(),
        &ayse,
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, shares) = send(
        Method::GET,
        "/service/admin/favorites/shared".into(),
        &admin,
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shares.as_array().unwrap().len(), 1, "{shares}");
    assert_eq!(
        (
            shares[0]["times"].as_i64(),
            shares[0]["customerName"].as_str(),
            shares[0]["name"].as_str()
        ),
        (Some(2), Some("Acme"), Some("Spring 27"))
    );
    let (status, read) = send(
        Method::GET,
        format!("/service/admin/favorites/shared/{list}"),
        &admin,
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(entries(&read), [("01-0001".to_owned(), "VR-1".to_owned())]);

    // Empty, then delete.
    let (status, body) = send(
        Method::PATCH,
        format!("/service/favorites/empty/{list}"),
        &ayse,
        vec![],
    )
    .await;
    assert_eq!(
        (status, body["entryCount"].as_i64()),
        (StatusCode::OK, Some(0))
    );
    let (status, body) = send(
        Method::DELETE,
        format!("/service/favorites/delete/{list}"),
        &ayse,
        vec![],
    )
    .await;
    assert_eq!(
        (status, body["deleted"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    let (status, body) = one(&ayse).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "favorite_list_not_found")
    );
    let (status, shares) = send(
        Method::GET,
        "/service/admin/favorites/shared".into(),
        &admin,
        vec![],
    )
    .await;
    assert_eq!(
        (status, shares.as_array().unwrap().len()),
        (StatusCode::OK, 0),
        "a deleted list is no longer shared"
    );
}
