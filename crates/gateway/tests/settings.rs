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
            with("uploadBase", json!("import.studio.local")),
            "uploadBase",
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
    // A name that would end the page's data block and start a script, were it written as it is.
    let hostile = "</script><script>alert(1)</script><!--";
    settings["parameterNames"][1] = json!({ "tr": hostile, "en": hostile, "ru": hostile });
    settings["studioMail"] = json!("Studio@Example.com");
    settings["contentImageBase"] = json!("https://cdn.example.com/");
    settings["uploadBase"] = json!(" http://import.studio.local:8081/ ");
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
        assert_eq!(config["uploadBase"], "http://import.studio.local:8081");
        // The app's page carries the same configuration (its first search need not ask), and
        // the hostile name stays text inside the data block.
        let (_, headers, page) = instance.bytes("/archive", None).await;
        assert_eq!(configuration_in_page(&page), config);
        assert_eq!(config["parameterNames"][1]["en"], hostile);
        let page = String::from_utf8(page).unwrap();
        assert_eq!(page.matches("<script").count(), 1, "{page}");
        assert!(!page.contains("alert(1)</script>"), "{page}");
        // The page's policy lets it load images from the CDN and send uploads to that server.
        let policy = headers
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(
            policy.contains("img-src 'self' data: blob: https://cdn.example.com;")
                && policy.contains("connect-src 'self' http://import.studio.local:8081;"),
            "{policy}"
        );
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
        "uploadBase",
    ] {
        assert!(details.contains(key), "{details}");
    }
    assert!(!details.contains("pageSize"), "{details}");
}

/// A banner: its image uploaded (a photo only, re-encoded), saved with a link and titles, read
/// by the web app and its image served to signed-in users; an unsaved upload only to admins;
/// bad links, unknown images and too many banners refused by field; customers may not upload.
#[actix_web::test]
async fn banners_are_uploaded_saved_and_shown() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme", "ayse@example.com");
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let ayse = api.token("ayse@example.com", PASSWORD).await;
    let upload = |token: String, bytes: Vec<u8>| {
        let (content_type, body) = multipart_named(&[], &[("file", "banner.jpg", bytes)]);
        actix_web::test::TestRequest::post()
            .uri("/service/admin/settings/banners")
            .insert_header(("Access-Token", token))
            .insert_header(("content-type", content_type))
            .set_payload(body)
    };
    let mut photo = Vec::new();
    jpeg_encoder::Encoder::new(&mut photo, 90)
        .encode(&[200u8; 64 * 48 * 3], 64, 48, jpeg_encoder::ColorType::Rgb)
        .unwrap();

    let (status, _, _) = api.call(upload(ayse.clone(), photo.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, body) = api.call(upload(admin.clone(), b"<svg/>".to_vec())).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::BAD_REQUEST, "photo_unsupported")
    );
    let (status, _, body) = api.call(upload(admin.clone(), photo)).await;
    assert_eq!(status, StatusCode::OK);
    let uploaded = json(&body);
    assert_eq!(
        (&uploaded["width"], &uploaded["height"]),
        (&json!(64), &json!(48))
    );
    let id = uploaded["id"].as_str().unwrap().to_owned();
    let image = format!("/service/banner/{id}/large");

    // Not saved yet: the admin previews it, a customer cannot fetch it.
    let (status, headers, bytes) = api.bytes(&image, Some(&admin)).await;
    assert_eq!(
        (
            status,
            headers.get("content-type").unwrap().to_str().unwrap()
        ),
        (StatusCode::OK, "image/jpeg")
    );
    assert!(bytes.starts_with(&[0xFF, 0xD8]));
    assert_eq!(
        api.bytes(&image, Some(&ayse)).await.0,
        StatusCode::NOT_FOUND
    );

    let (_, mut settings) = api.get(GENERAL, Some(&admin)).await;
    let banner = |id: &str, link: &str| json!({"id": id, "link": link, "title": {"tr": " Yaz ", "en": "Summer", "ru": "Лето"}});
    for (banners, why) in [
        (json!([banner(&id, "javascript:alert(1)")]), "a script link"),
        (
            json!([banner(&id, "//evil.example")]),
            "a protocol-relative link",
        ),
        (json!([banner(&id, "/\\evil.example")]), "a backslash link"),
        (json!([banner(&id, "/archive? x")]), "a link with a space"),
        (
            json!([banner("0123456789abcdef0123456789abcdef", "")]),
            "an image never uploaded",
        ),
        (json!([banner("../../etc", "")]), "not an id"),
        (
            json!([banner(&id, ""), banner(&id, "")]),
            "the same image twice",
        ),
        (json!(vec![banner(&id, ""); 13]), "too many"),
    ] {
        settings["banners"] = banners;
        let (status, body) = api.send_json(Method::PUT, GENERAL, &admin, &settings).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::BAD_REQUEST, "invalid_form"),
            "{why}"
        );
        assert_eq!(body["field"], "banners", "{why}");
    }
    settings["banners"] = json!([banner(&id, " /archive?labels=3 ")]);
    let (status, saved) = api.send_json(Method::PUT, GENERAL, &admin, &settings).await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    // The web app reads it (without signing in), trimmed; a customer sees the image.
    let (_, config) = api.get("/service/get/configuration", None).await;
    assert_eq!(
        config["banners"],
        json!([{"id": id, "link": "/archive?labels=3", "title": {"tr": "Yaz", "en": "Summer", "ru": "Лето"}}])
    );
    assert_eq!(api.bytes(&image, Some(&ayse)).await.0, StatusCode::OK);
    assert_eq!(
        api.bytes(&format!("/service/banner/{id}/thumb"), Some(&ayse))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(api.bytes(&image, None).await.0, StatusCode::UNAUTHORIZED);
    let (status, body) = api
        .get(&format!("/service/banner/{id}/huge"), Some(&ayse))
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "banner_not_found")
    );

    // Removed from the settings: its images are gone, for admins too.
    settings["banners"] = json!([]);
    let (status, _) = api.send_json(Method::PUT, GENERAL, &admin, &settings).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        api.bytes(&image, Some(&admin)).await.0,
        StatusCode::NOT_FOUND
    );
}

/// The configuration in the app's page: the JSON of its `desen-configuration` data block.
fn configuration_in_page(page: &[u8]) -> Value {
    let page = std::str::from_utf8(page).unwrap();
    let open = r#"<script id="desen-configuration" type="application/json">"#;
    let start = page
        .find(open)
        .unwrap_or_else(|| panic!("no configuration in {page}"))
        + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}
