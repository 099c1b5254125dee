//! Import, design header, edit, delete and image routes through HTTP: the staff's upload to the
//! archive, and who may see which design's bytes.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::*;
use test_support::TestWorld;

#[actix_web::test]
async fn staff_import_files_and_users_see_only_what_they_may() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let user = world.user("ayse@example.com", PASSWORD, false);
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;
    let file = |name: &str| (name.to_owned(), sample(&world, name));
    let archive_id = archive.id.to_string();

    // A customer user cannot upload; nothing is created.
    let user_token = api.token("ayse@example.com", PASSWORD).await;
    let (status, _, _) = api
        .call(upload_request(
            &user_token,
            &[("archiveId", &archive_id)],
            &[(file("rose_VR1.tif").0.as_str(), file("rose_VR1.tif").1)],
        ))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Without an archive, nothing is taken.
    let (status, _, body) = api
        .call(upload_request(
            &admin,
            &[],
            &[("rose_VR1.tif", file("rose_VR1.tif").1)],
        ))
        .await;
    assert_eq!(
        (status, json(&body)["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("archive_required"))
    );

    let files: Vec<(String, Vec<u8>)> = [
        "rose_VR1.tif",
        "rose_VR2.tif",
        "paisley.psb",
        "not-really.tif",
    ]
    .map(file)
    .into();
    let named: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let (status, _, body) = api
        .call(upload_request(
            &admin,
            &[("archiveId", &archive_id), ("isNewImport", "true")],
            &named,
        ))
        .await;
    let job = json(&body);
    assert_eq!(status, StatusCode::OK, "{job}");
    assert_eq!(job["files"].as_array().unwrap().len(), 3);
    assert_eq!(job["refused"][0]["name"], "not-really.tif");
    assert_eq!(job["refused"][0]["code"], "not_an_image");
    let job_id = job["jobId"].as_str().unwrap().to_owned();

    let (_, _, body) = api
        .call(upload_request(
            &admin,
            &[("jobId", &job_id)],
            &[("rose_VR1.tif", file("rose_VR1.tif").1)],
        ))
        .await;
    assert_eq!(json(&body)["refused"][0]["code"], "duplicate_file");

    let (status, body) = api
        .form(
            "/service/design/process",
            Some(&admin),
            &[("jobId", &job_id)],
        )
        .await;
    assert_eq!(
        (status, body["state"].as_str()),
        (StatusCode::OK, Some("processing"))
    );
    while import::worker::work_once(&api.state.pool, &api.state.import, "test").unwrap() {}
    let (_, _, body) = api
        .call(
            test::TestRequest::get()
                .uri(&format!("/service/design/import/{job_id}"))
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    let job = json(&body);
    assert_eq!(job["state"], "processed", "{job}");
    assert_eq!(job["progress"], 100);

    // The merge preview of a processed file is an image.
    let thumbnail = job["files"][0]["thumbnail"].as_str().unwrap().to_owned();
    let (status, headers, _) = api
        .call(
            test::TestRequest::get()
                .uri(&thumbnail)
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    assert_eq!(
        (
            status,
            headers.get("content-type").unwrap().to_str().unwrap()
        ),
        (StatusCode::OK, "image/jpeg")
    );

    for step in [
        "merge-internal",
        "rename-numerator-main",
        "rename-numerator-internal",
    ] {
        let (status, body) = api
            .form(
                &format!("/service/design/{step}"),
                Some(&admin),
                &[("jobId", &job_id)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{step}: {body}");
    }
    let (status, body) = api
        .form(
            "/service/design/add-to-archive",
            Some(&admin),
            &[("jobId", &job_id)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let designs = body["designs"].as_array().unwrap().clone();
    assert_eq!(designs.len(), 2);
    assert_eq!(designs[0]["colorways"], serde_json::json!(["VR-1", "VR-2"]));
    let (status, _) = api
        .form(
            "/service/design/complete-transfer",
            Some(&admin),
            &[("jobId", &job_id)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let rose = designs[0]["designGuid"].as_str().unwrap().to_owned();
    let paisley = designs[1]["designGuid"].as_str().unwrap().to_owned();

    // A customer user reads the header and its images with the image cookie of their sign-in.
    let (status, headers, body) = api
        .call(
            test::TestRequest::post()
                .uri("/service/account/login_collection")
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("mailAddress=ayse%40example.com&password=Passw0rd%21&remember=true"),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = json(&body)["accessToken"].as_str().unwrap().to_owned();
    let cookie = headers
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.starts_with("desen_images=")
            && cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let cookie = cookie.split(';').next().unwrap().to_owned();

    let (status, header) = api
        .form(
            "/service/design/header",
            Some(&token),
            &[("designGuid", &paisley)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{header}");
    assert_eq!(header["designType"], "rotary");
    assert_eq!(header["channelCount"], 6);
    let colorway = &header["colorways"][0];
    assert_eq!(colorway["colorizables"].as_array().unwrap().len(), 6);
    let thumb = colorway["images"]["thumbnails"]["d/v"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, headers, bytes) = api
        .call(
            test::TestRequest::get()
                .uri(&thumb)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&bytes[..2], b"\xff\xd8", "a JPEG");
    assert_eq!(
        headers.get("cache-control").unwrap(),
        "private, max-age=31536000, immutable"
    );
    let etag = headers.get("etag").unwrap().to_str().unwrap().to_owned();
    let (status, _, bytes) = api
        .call(
            test::TestRequest::get()
                .uri(&thumb)
                .insert_header(("Cookie", cookie.as_str()))
                .insert_header(("If-None-Match", etag.as_str())),
        )
        .await;
    assert_eq!((status, bytes.len()), (StatusCode::NOT_MODIFIED, 0));
    let (status, _, _) = api.call(test::TestRequest::get().uri(&thumb)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "no image without a session"
    );
    let dzi = colorway["images"]["tiles"].as_str().unwrap().to_owned();
    let (status, _, bytes) = api
        .call(
            test::TestRequest::get()
                .uri(&dzi)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(String::from_utf8_lossy(&bytes).contains("TileSize=\"256\""));
    let tile = dzi.replace("image.dzi", "image_files/0/0_0.jpg");
    let (status, _, _) = api
        .call(
            test::TestRequest::get()
                .uri(&tile)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let hostile = dzi.replace("image.dzi", "image_files/0/..%2F..%2Fpreview.jpg");
    let (status, _, _) = api
        .call(
            test::TestRequest::get()
                .uri(&hostile)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Edits are checked; a confined design is then hidden from other customers, images included.
    let edit = |fields: Vec<(&'static str, String)>| {
        let body = serde_urlencoded::to_string(&fields).unwrap();
        test::TestRequest::put()
            .uri(&format!("/service/design/header/{paisley}"))
            .insert_header(("Access-Token", admin.as_str()))
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload(body)
    };
    let (status, _, body) = api.call(edit(vec![("isConfined", "true".into())])).await;
    assert_eq!(
        (status, json(&body)["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("confined_without_customer"))
    );
    let (status, _, body) = api.call(edit(vec![("repeatOffset", "1/5".into())])).await;
    assert_eq!(
        (json(&body)["code"].as_str(), json(&body)["field"].as_str()),
        (Some("invalid_form"), Some("repeatOffset"))
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let other = accounts::service::ensure_customer(&mut world.conn(), "Başka Tekstil").unwrap();
    let label = catalog::service::create_label(
        &mut world.conn(),
        ["Şal", "Paisley", "Пейсли"],
        None,
        false,
    )
    .unwrap();
    let (status, _, body) = api
        .call(edit(vec![
            ("isConfined", "true".into()),
            ("customerId", other.guid.clone()),
            ("studio", "Atölye 2".into()),
            ("notes", "Rotary, 6 screens".into()),
            ("screenStatus", "engraved".into()),
            ("repeatDirection", "vertical".into()),
            ("repeatOffset", "1/2".into()),
            ("labelIDs", label.to_string()),
            ("closedCountries", "ru,TR".into()),
        ]))
        .await;
    let edited = json(&body);
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(
        (
            edited["designStudio"].as_str(),
            edited["moldState"].as_str(),
            edited["repeatOffset"]["vertical"].as_str()
        ),
        (Some("Atölye 2"), Some("engraved"), Some("1/2"))
    );
    assert_eq!(edited["labels"][0]["label"], "Paisley");
    assert_eq!(edited["closedCountries"], serde_json::json!(["RU", "TR"]));
    let (status, body) = api
        .form(
            "/service/design/header",
            Some(&token),
            &[("designGuid", &paisley)],
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("design_not_found"))
    );
    let (status, _, _) = api
        .call(
            test::TestRequest::get()
                .uri(&thumb)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "no byte of an invisible design"
    );
    // Staff still see it, and the customer's own users do.
    world.save(&accounts::model::User {
        customer_guid: Some(other.guid.clone()),
        ..world.reload(&user)
    });
    let (status, _) = api
        .form(
            "/service/design/header",
            Some(&token),
            &[("designGuid", &paisley)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Staff search finds designs by number or original name.
    let (_, _, body) = api
        .call(
            test::TestRequest::get()
                .uri("/service/admin/design/search?query=rose&page=0")
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    assert_eq!(json(&body)["totalCount"], 1);
    assert_eq!(json(&body)["items"][0]["designGuid"], rose.as_str());

    // Deleting a design removes it and its images.
    let (status, _, _) = api
        .call(
            test::TestRequest::delete()
                .uri(&format!("/service/design/delete/{paisley}"))
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = api
        .call(
            test::TestRequest::get()
                .uri(&thumb)
                .insert_header(("Cookie", cookie.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, _, body) = api
        .call(
            test::TestRequest::get()
                .uri("/service/admin/get/all-archives")
                .insert_header(("Access-Token", admin.as_str())),
        )
        .await;
    assert_eq!(json(&body)[0]["archiveName"], "Main");
}

/// The colour picker's swatches are the server's, for signed-in users: they are the colours the
/// swatch index answers at once.
#[actix_web::test]
async fn the_colour_picker_swatches_come_from_the_server() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let swatches = |token: Option<&str>| {
        let request = test::TestRequest::get().uri("/service/get/color-swatches");
        match token {
            Some(token) => request.insert_header(("Access-Token", token.to_owned())),
            None => request,
        }
    };
    let (status, _, _) = api.call(swatches(None)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let token = api.token("ayse@example.com", PASSWORD).await;
    let (status, _, body) = api.call(swatches(Some(&token))).await;
    assert_eq!(status, StatusCode::OK);
    let expected: Vec<serde_json::Value> = catalog::swatch_index::SWATCHES
        .iter()
        .map(|s| serde_json::json!({ "name": s.name, "hex": s.hex }))
        .collect();
    assert_eq!(json(&body), serde_json::Value::Array(expected));
}

/// The archive and label lookups: signed-in users read them in the language they ask for (their
/// own when they ask for none), and only admins past the second factor read the admin lookups.
#[actix_web::test]
async fn archives_and_labels_are_looked_up_in_the_asked_language() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    world.user("ayse@example.com", PASSWORD, false);
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let label = catalog::service::create_label(
        &mut world.conn(),
        ["Çiçek", "Flower", "Цветок"],
        None,
        false,
    )
    .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;
    let user = api.token("ayse@example.com", PASSWORD).await;

    for path in ["/service/get/archives", "/service/get/labels"] {
        assert_eq!(api.form(path, None, &[]).await.0, StatusCode::UNAUTHORIZED);
    }
    for path in [
        "/service/admin/get/all-archives",
        "/service/admin/get/all-labels",
    ] {
        assert_eq!(api.get(path, None).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(api.get(path, Some(&user)).await.0, StatusCode::FORBIDDEN);
    }
    for (language, archive_name, label_name) in [
        ("tr", "Ana", "Çiçek"),
        ("en", "Main", "Flower"),
        ("ru", "Основной", "Цветок"),
    ] {
        let (status, body) = api
            .form(
                "/service/get/archives",
                Some(&user),
                &[("language", language)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body[0]["archiveId"], archive.id);
        assert_eq!(body[0]["archiveName"], archive_name);
        assert_eq!(body[0]["code"], "01");
        let (status, body) = api
            .form(
                "/service/get/labels",
                Some(&user),
                &[("language", language)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body[0]["id"], label);
        assert_eq!(body[0]["label"], label_name);
    }
    // Without a language, the user's own (English for these test users).
    let (_, body) = api.form("/service/get/labels", Some(&user), &[]).await;
    assert_eq!(body[0]["label"], "Flower");
    assert_eq!(body[0]["labelSef"], "flower");
    let (status, body) = api.get("/service/admin/get/all-labels", Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body[0]["id"].clone(), body[0]["label"].clone()),
        (label.into(), "Flower".into())
    );
    assert_eq!(body[0]["isGroupHeader"], false);
    let (status, body) = api
        .get("/service/admin/get/all-archives", Some(&admin))
        .await;
    assert_eq!(
        (status, body[0]["archiveName"].as_str()),
        (StatusCode::OK, Some("Main"))
    );
}

/// An import cancelled and then forgotten through HTTP: only admins may, the cancelled job's
/// files are gone from the store, a cancelled job is not processed again, and a disposed job is
/// no longer found.
#[actix_web::test]
async fn staff_cancel_and_dispose_an_import() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    world.user("ayse@example.com", PASSWORD, false);
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;
    let user = api.token("ayse@example.com", PASSWORD).await;
    let (status, _, body) = api
        .call(upload_request(
            &admin,
            &[
                ("archiveId", &archive.id.to_string()),
                ("isNewImport", "true"),
            ],
            &[
                ("rose_VR1.tif", sample(&world, "rose_VR1.tif")),
                ("rose_VR2.tif", sample(&world, "rose_VR2.tif")),
            ],
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let job_id = json(&body)["jobId"].as_str().unwrap().to_owned();
    let step = |name: &str, token: &str| {
        let (api, path, token, job) = (
            &api,
            format!("/service/design/{name}"),
            token.to_owned(),
            job_id.clone(),
        );
        async move { api.form(&path, Some(&token), &[("jobId", &job)]).await }
    };
    assert_eq!(step("process", &admin).await.0, StatusCode::OK);
    while import::worker::work_once(&api.state.pool, &api.state.import, "test").unwrap() {}
    let storage = &api.state.storage;
    assert!(!storage.list("renditions").unwrap().is_empty());

    for name in ["cancel", "dispose"] {
        let (status, _) = step(name, &user).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{name} as a customer");
    }
    let (status, body) = step("cancel", &admin).await;
    assert_eq!(
        (status, body["state"].as_str()),
        (StatusCode::OK, Some("cancelled")),
        "{body}"
    );
    assert!(storage.list("renditions").unwrap().is_empty());
    assert!(storage.list("originals").unwrap().is_empty());
    let (status, body) = step("process", &admin).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("import_wrong_state"))
    );

    let (status, body) = step("dispose", &admin).await;
    assert_eq!(
        (status, body["disposed"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    let not_found = (StatusCode::NOT_FOUND, Some("import_job_not_found"));
    let (status, body) = api
        .get(&format!("/service/design/import/{job_id}"), Some(&admin))
        .await;
    assert_eq!((status, body["code"].as_str()), not_found);
    let (status, body) = step("dispose", &admin).await;
    assert_eq!(
        (status, body["code"].as_str()),
        not_found,
        "disposed once only"
    );
}

/// Uploads sent to another instance (the general settings' `uploadBase`): that instance lets the
/// listed web app origin call it with the `Access-Token` header, never with cookies, and tells
/// other origins nothing.
#[actix_web::test]
async fn an_upload_instance_accepts_the_listed_app_origin_only() {
    const APP: &str = "http://archive.studio.local";
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api_with(&world, |state| {
        state.allowed_origins = std::sync::Arc::new([APP.to_owned()]);
    })
    .await;
    let admin = api.admin_token("admin@example.com").await;
    let preflight = |origin: &str| {
        test::TestRequest::default()
            .method(actix_web::http::Method::OPTIONS)
            .uri("/service/design/import")
            .insert_header(("Origin", origin.to_owned()))
            .insert_header(("Access-Control-Request-Method", "PUT"))
            .insert_header(("Access-Control-Request-Headers", "access-token"))
    };
    let (status, headers, _) = api.call(preflight(APP)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let header = |name: &str| headers.get(name).map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(header("access-control-allow-origin").as_deref(), Some(APP));
    assert!(
        header("access-control-allow-methods")
            .unwrap()
            .contains("PUT")
    );
    assert!(
        header("access-control-allow-headers")
            .unwrap()
            .contains("Access-Token")
    );
    assert_eq!(header("access-control-allow-credentials"), None);

    let (_, headers, _) = api.call(preflight("https://evil.example")).await;
    assert!(headers.get("access-control-allow-origin").is_none());

    let upload = upload_request(
        &admin,
        &[
            ("archiveId", &archive.id.to_string()),
            ("isNewImport", "true"),
        ],
        &[("rose_VR1.tif", sample(&world, "rose_VR1.tif"))],
    )
    .insert_header(("Origin", APP));
    let (status, headers, body) = api.call(upload).await;
    assert_eq!(status, StatusCode::OK, "{}", json(&body));
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), APP);
    assert_eq!(json(&body)["files"].as_array().unwrap().len(), 1);
}
