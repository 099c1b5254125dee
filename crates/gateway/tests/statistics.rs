//! The statistics routes through HTTP with records made by real requests: sign-ins and colorway
//! views of two companies' users, read back per statistic filtered by company and user, the label
//! statistic (each view once per label of its design) with its chart and top labels, sorting,
//! CSV in the admin's language; a view sent twice with its event id counted once; non-admins
//! refused. Runs on SQLite, and on PostgreSQL with Redis
//! under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::*;
use serde_json::Value;
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

fn emails(page: &Value) -> Vec<&str> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["userEmail"].as_str().unwrap_or_default())
        .collect()
}

#[actix_web::test]
async fn statistics_read_what_users_did_by_company_user_label_and_day() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, ayse) = customer_with_user(&world, "Acme", "ayse@example.com");
    let (bolt, boris) = customer_with_user(&world, "Bolt", "boris@example.com");
    let rose = world.design("01-0001", 2);
    let plain = world.design("01-0002", 1);
    let conn = &mut world.conn();
    let floral =
        catalog::service::create_label(conn, ["Çiçek", "Floral", "Цветы"], None, false).unwrap();
    let summer =
        catalog::service::create_label(conn, ["Yaz", "Summer", "Лето"], None, false).unwrap();
    catalog::service::set_design_labels(conn, &rose.guid, vec![floral, summer]).unwrap();
    catalog::service::set_design_labels(conn, &plain.guid, vec![summer]).unwrap();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let a = api.token("ayse@example.com", PASSWORD).await;
    let b = api.token("boris@example.com", PASSWORD).await;
    let view = |token: &str, design: &test_support::TestDesign, k: usize| {
        let (token, design, colorway) = (
            token.to_owned(),
            design.guid.to_string(),
            design.colorways[k].to_string(),
        );
        let api = &api;
        async move {
            let (status, body) = api
                .form(
                    "/service/metrics/record",
                    Some(&token),
                    &[("designGuid", &design), ("colorwayGuid", &colorway)],
                )
                .await;
            assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        }
    };
    // Ayşe looks at both rose colorways and the plain design; Boris at one rose colorway.
    view(&a, &rose, 0).await;
    view(&a, &rose, 1).await;
    view(&a, &plain, 0).await;
    view(&b, &rose, 0).await;
    // Boris adds a rose colorway to a favorite list, then takes it out: it was favored all the
    // same, and the funnel keeps it.
    let put = |path: &'static str, fields: Vec<(&'static str, String)>| {
        let (api, token) = (&api, b.clone());
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, body) = api.send(Method::PUT, path, Some(&token), &fields).await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
            body
        }
    };
    let list = put("/service/favorites/create", vec![("name", "Roses".into())]).await;
    let entry = vec![
        ("listid", list["id"].as_str().unwrap().to_owned()),
        ("designGuid", rose.guid.to_string()),
        ("colorwayGuid", rose.colorways[0].to_string()),
    ];
    put("/service/favorites/add", entry.clone()).await;
    let (status, body) = api
        .form(
            "/service/favorites/remove",
            Some(&b),
            &entry
                .iter()
                .map(|(k, v)| (*k, v.as_str()))
                .collect::<Vec<_>>(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let read = |path: &'static str, fields: Vec<(&'static str, String)>| {
        let (api, admin) = (&api, admin.clone());
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, body) = api
                .form(
                    &format!("/service/admin/statistics/{path}"),
                    Some(&admin),
                    &fields,
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
            body
        }
    };
    // Sign-ins: one each for the two customers (and the admin's own).
    let logins = read("login-entries", vec![("companyGuid", acme.clone())]).await;
    assert_eq!(emails(&logins), ["ayse@example.com"]);
    assert_eq!(logins["items"][0]["companyName"], "Acme");
    let logins = read("login-entries", vec![("dateRange", "1".into())]).await;
    assert_eq!(logins["summary"]["total"], 3);
    assert_eq!(logins["summary"]["companies"], 2);

    // Colorway views by user; labels: rose's views count twice, plain's once.
    let views = read("colorway-entries", vec![("userGuid", ayse.clone())]).await;
    assert_eq!(views["totalCount"], 3);
    let labels = read("label-entries", vec![]).await;
    assert_eq!(
        labels["summary"],
        serde_json::json!({ "total": 7, "users": 2, "companies": 2 })
    );
    let labels = read("label-entries", vec![("userGuid", boris.clone())]).await;
    let named: Vec<&str> = labels["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(named.len(), 2);
    assert!(
        named.contains(&"Floral") && named.contains(&"Summer"),
        "{labels}"
    );
    // Sorted by company, descending: Bolt's first.
    let sorted = read("label-entries", vec![("sort", "company.desc".into())]).await;
    assert_eq!(sorted["items"][0]["companyName"], "Bolt");

    // The chart: today's count, and the top labels, most looked at first.
    let chart = read(
        "chart",
        vec![("kind", "label".into()), ("dateRange", "10".into())],
    )
    .await;
    assert_eq!(chart["bucket"], "day");
    assert_eq!(chart["points"].as_array().unwrap().len(), 30);
    assert_eq!(chart["points"][29]["count"], 7);
    let top: Vec<(i64, i64)> = chart["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["labelId"].as_i64().unwrap(), t["count"].as_i64().unwrap()))
        .collect();
    assert_eq!(top, [(i64::from(summer), 4), (i64::from(floral), 3)]);
    let (status, body) = api
        .form(
            "/service/admin/statistics/chart",
            Some(&admin),
            &[("kind", "pie")],
        )
        .await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, "invalid_form", Some("kind"))
    );

    // CSV of the label statistic, titled in the admin's language (English here).
    let (status, _, csv) = api
        .call(
            TestRequest::post()
                .uri("/service/admin/statistics/label-entries")
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("format=csv"),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.lines().next().unwrap().ends_with("Label"), "{csv}");
    assert_eq!(csv.lines().count(), 8);

    // The funnel per company: views, favorites, downloads, orders; and the designs never viewed.
    let funnel = read("funnel", vec![("by", "company".into())]).await;
    let rows: Vec<(&str, i64, i64)> = funnel["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap(),
                r["views"].as_i64().unwrap(),
                r["favorites"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows, [("Acme", 3, 0), ("Bolt", 1, 1)]);
    assert_eq!(funnel["totals"]["views"], 4);
    // Read off Bolt's own records, the same numbers.
    let of_bolt = read(
        "funnel",
        vec![("by", "company".into()), ("companyGuid", bolt.clone())],
    )
    .await;
    assert_eq!(of_bolt["items"][0]["favorites"], 1, "{of_bolt}");
    assert_eq!(of_bolt["items"][0]["views"], 1, "{of_bolt}");
    let (status, body) = api
        .form(
            "/service/admin/statistics/funnel",
            Some(&admin),
            &[("by", "label")],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("by"))
    );
    let unviewed = read("unviewed", vec![("companyGuid", acme.clone())]).await;
    assert_eq!(unviewed["totalCount"], 0);

    // A view sent again with its event id (a retry) counts once; a malformed id is refused.
    let (colorway, design) = (rose.colorways[1].to_string(), rose.guid.to_string());
    let event = "6f1c1d8e-2f51-4f0b-9a47-0c5d7f1e2a3b";
    for _ in 0..2 {
        let fields = [
            ("designGuid", design.as_str()),
            ("colorwayGuid", colorway.as_str()),
            ("eventId", event),
        ];
        let (status, _) = api.form("/service/metrics/record", Some(&b), &fields).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    let views = read("colorway-entries", vec![("userGuid", boris.clone())]).await;
    assert_eq!(views["totalCount"], 2);
    let fields = [
        ("designGuid", design.as_str()),
        ("colorwayGuid", colorway.as_str()),
        ("eventId", "twice"),
    ];
    let (status, body) = api.form("/service/metrics/record", Some(&b), &fields).await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("eventId"))
    );

    // Customers are refused every statistic.
    for path in [
        "label-entries",
        "colorway-entries",
        "login-entries",
        "cad-entries",
        "chart",
    ] {
        let (status, _) = api
            .form(&format!("/service/admin/statistics/{path}"), Some(&a), &[])
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        let (status, _) = api
            .form(&format!("/service/admin/statistics/{path}"), None, &[])
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
}
