//! The general settings through HTTP: what the web app reads before and after sign-in, every
//! refusal naming its field, a save applied at once (CAD rights and switches, the AI search
//! switch, the parameter names, the studio's mail) on this instance and on a second one sharing
//! the database, each change in the audit log; customers refused. Runs on SQLite, and on
//! PostgreSQL with Redis under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use common::*;
use db::schema::customers;
use diesel::prelude::*;
use serde_json::{Value, json};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";
const GENERAL: &str = "/service/admin/settings/general";

#[actix_web::test]
async fn general_settings_apply_at_once_on_every_instance() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    diesel::update(customers::table.find(&acme))
        .set(customers::code.eq("ACME-01"))
        .execute(&mut *world.conn())
        .unwrap();
    let other = api(&world).await;
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let ayse = api.token("ayse@example.com", PASSWORD).await;

    // Before any save: the file's values, readable without signing in.
    let (status, config) = api.get("/service/get/configuration", None).await;
    assert_eq!(status, StatusCode::OK, "{config}");
    assert_eq!(
        (
            &config["languageSelection"],
            &config["aiSearch"],
            &config["cadSelection"],
            &config["pageSize"],
            &config["defaultArchiveId"]
        ),
        (
            &json!(true),
            &json!(true),
            &json!(false),
            &json!(25),
            &json!(-1)
        )
    );
    assert_eq!(config["parameterNames"][0]["en"], "Parameter 1");
    assert!(config.get("cadCompanyCodes").is_none() && config.get("studioMail").is_none());
    let (_, rights) = api.get("/service/cad/rights", Some(&ayse)).await;
    assert_eq!(rights["download"], false);

    // Customers cannot read or change them.
    assert_eq!(api.get(GENERAL, Some(&ayse)).await.0, StatusCode::FORBIDDEN);
    let (status, _) = api.send_json(Method::PUT, GENERAL, &ayse, &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, mut settings) = api.get(GENERAL, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(settings["cadFormats"], json!([1, 2, 3]));

    // Each refusal names its field; nothing is saved.
    let with = |key: &str, value: Value| {
        let mut changed = settings.clone();
        changed[key] = value;
        changed
    };
    let mut short = settings["parameterNames"].clone();
    short.as_array_mut().unwrap().pop();
    for (body, field, want) in [
        (with("pageSize", json!(5)), "pageSize", "invalid_form"),
        (
            with("defaultOrder", json!(3)),
            "defaultOrder",
            "invalid_form",
        ),
        (
            with("defaultArchiveId", json!(999)),
            "defaultArchiveId",
            "archive_not_found",
        ),
        (
            with("contentImageBase", json!("ftp://cdn.example.com")),
            "contentImageBase",
            "invalid_form",
        ),
        (
            with("parameterNames", short),
            "parameterNames",
            "invalid_form",
        ),
        (
            with("studioMail", json!("not-a-mail")),
            "studioMail",
            "invalid_form",
        ),
        (
            with("cadFormats", json!([1, 1])),
            "cadFormats",
            "invalid_form",
        ),
        (with("cadFormats", json!([4])), "cadFormats", "invalid_form"),
        (
            with("cadCompanyCodes", json!([" "])),
            "cadCompanyCodes",
            "invalid_form",
        ),
    ] {
        let (status, answer) = api.send_json(Method::PUT, GENERAL, &admin, &body).await;
        assert_eq!(
            (status, code(&answer), answer["field"].as_str()),
            (StatusCode::BAD_REQUEST, want, Some(field)),
            "{answer}"
        );
    }
    assert_eq!(api.get(GENERAL, Some(&admin)).await.1, settings);

    // A save: CAD rights for Acme with format choice, no AI search for customers, named
    // parameters, the studio's mail.
    settings["cadCompanyCodes"] = json!(["acme-01"]);
    settings["cadSelection"] = json!(true);
    settings["aiSearch"] = json!(false);
    settings["parameterNames"][0] = json!({ "tr": " Kumaş ", "en": "Fabric", "ru": "Ткань" });
    settings["studioMail"] = json!("Studio@Example.com");
    settings["contentImageBase"] = json!("https://cdn.example.com/");
    let (status, saved) = api.send_json(Method::PUT, GENERAL, &admin, &settings).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["parameterNames"][0]["tr"], "Kumaş");
    assert_eq!(saved["studioMail"], "studio@example.com");
    assert_eq!(saved["contentImageBase"], "https://cdn.example.com");

    // Applied at once here and on the other instance.
    for instance in [&api, &other] {
        let (_, config) = instance.get("/service/get/configuration", None).await;
        assert_eq!(
            (&config["aiSearch"], &config["cadSelection"]),
            (&json!(false), &json!(true))
        );
        assert_eq!(config["parameterNames"][0]["en"], "Fabric");
        let (_, rights) = instance.get("/service/cad/rights", Some(&ayse)).await;
        assert_eq!(
            (&rights["download"], &rights["selection"]),
            (&json!(true), &json!(true)),
            "{rights}"
        );
        assert_eq!(rights["formats"].as_array().unwrap().len(), 3);
        let (_, status) = instance
            .get("/service/search/similar/status", Some(&ayse))
            .await;
        assert_eq!(status["available"], false);
        let (_, status) = instance
            .get("/service/search/similar/status", Some(&admin))
            .await;
        assert_eq!(status["available"], true);
    }
    assert_eq!(
        api.state
            .favorites
            .live_studio_mail(&mut world.conn())
            .unwrap()
            .as_deref(),
        Some("studio@example.com")
    );

    // The audit log names what changed.
    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("pageSize", "50")],
        )
        .await;
    let event = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "settings_changed")
        .unwrap();
    let details = event["details"].as_str().unwrap();
    for key in [
        "aiSearch",
        "cadSelection",
        "cadCompanyCodes",
        "parameterNames",
        "studioMail",
        "contentImageBase",
    ] {
        assert!(details.contains(key), "{details}");
    }
    assert!(!details.contains("pageSize"), "{details}");
}
