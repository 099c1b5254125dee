//! Wear models and the design at scale through HTTP: wear model create, edit, order, labels,
//! state and delete with every validation message and hostile uploads refused (nothing stored);
//! disabled and pool-excluded models invisible to customers, their thumbnails and renders not
//! served; the fabric view, the repeated plane (descriptor, tiles, seams for staff) and wear
//! renders of an imported design, following a repeat edited in the design modal; invisible
//! designs answer "not found" on every view. Runs on SQLite, and on PostgreSQL with Redis under
//! `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::*;
use serde_json::{Value, json};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

fn jpeg(width: u16, height: u16, value: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let pixels: Vec<u8> = (0..u32::from(width) * u32::from(height))
        .flat_map(|i| [value, value.saturating_sub((i % 40) as u8), value])
        .collect();
    jpeg_encoder::Encoder::new(&mut out, 90)
        .encode(&pixels, width, height, jpeg_encoder::ColorType::Rgb)
        .unwrap();
    out
}

/// A gray PNG: 255 inside the centre half, 0 around it.
fn mask(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let data: Vec<u8> = (0..height)
            .flat_map(|y| {
                (0..width).map(move |x| {
                    let inside =
                        x > width / 4 && x < width * 3 / 4 && y > height / 4 && y < height * 3 / 4;
                    if inside { 255 } else { 0 }
                })
            })
            .collect();
        writer.write_image_data(&data).unwrap();
    }
    out
}

/// A refused create: its fields, its files, and the status, code and field answered.
type Refusal = (
    Vec<(&'static str, String)>,
    Vec<(&'static str, Vec<u8>)>,
    StatusCode,
    &'static str,
    &'static str,
);

fn names(en: &str) -> Vec<(&'static str, String)> {
    vec![
        ("nameTr", format!("{en} (tr)")),
        ("nameEn", en.to_owned()),
        ("nameRu", format!("{en} (ru)")),
        ("widthCm", "60".to_owned()),
    ]
}

fn model_request(
    method: Method,
    path: &str,
    token: &str,
    fields: &[(&str, String)],
    files: &[(&str, Vec<u8>)],
) -> TestRequest {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let files: Vec<(&str, &str, Vec<u8>)> = files
        .iter()
        .map(|(field, bytes)| (*field, "upload.bin", bytes.clone()))
        .collect();
    let (content_type, body) = multipart_named(&fields, &files);
    TestRequest::default()
        .method(method)
        .uri(path)
        .insert_header(("Access-Token", token))
        .insert_header(("content-type", content_type))
        .set_payload(body)
}

/// An RGB TIFF whose colour runs from black on the left to white on the right.
fn gradient_tiff(width: u32, height: u32) -> Vec<u8> {
    use imaging::{
        ChannelInfo, ChannelKind, ColorMode, Samples, TiffOptions, WriteImage, WriteSpec,
    };
    let channels = ["Red", "Green", "Blue"]
        .map(|name| ChannelInfo {
            name: name.into(),
            kind: ChannelKind::Process,
            color: None,
        })
        .to_vec();
    let samples = (0..height)
        .flat_map(|_| (0..width).flat_map(|x| [(x * 255 / (width - 1)) as u8; 3]))
        .collect();
    let image = WriteImage {
        spec: WriteSpec {
            width,
            height,
            bit_depth: 8,
            color_mode: ColorMode::Rgb,
            dpi: 150.0,
            channels,
            layer_names: Vec::new(),
            icc_profile: None,
        },
        samples: Samples::U8(samples),
    };
    let mut out = std::io::Cursor::new(Vec::new());
    imaging::write_tiff(&mut out, &image, &TiffOptions::default()).unwrap();
    out.into_inner()
}

/// Every stored file of wear models (their images, not renders).
fn stored_models(world: &TestWorld) -> usize {
    let dir = world.files.join("objects").join("wear");
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

fn image_get(path: &str, token: &str) -> TestRequest {
    TestRequest::get()
        .uri(path)
        .insert_header(("Access-Token", token))
}

/// The size a JPEG's frame header gives.
fn jpeg_size(bytes: &[u8]) -> (u16, u16) {
    assert!(bytes.starts_with(&[0xFF, 0xD8]), "not a JPEG");
    let sof = bytes
        .windows(2)
        .position(|w| w[0] == 0xFF && (w[1] == 0xC0 || w[1] == 0xC2))
        .unwrap();
    let h = u16::from_be_bytes([bytes[sof + 5], bytes[sof + 6]]);
    let w = u16::from_be_bytes([bytes[sof + 7], bytes[sof + 8]]);
    (w, h)
}

#[actix_web::test]
async fn wear_models_are_managed_and_shown_only_where_they_may_be() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme Tekstil", "buyer@acme.test");
    let (_, pooled_guid) = customer_with_user(&world, "Pool Tekstil", "pooled@pool.test");
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let buyer = api.token("buyer@acme.test", PASSWORD).await;
    let create = |fields: Vec<(&'static str, String)>, files: Vec<(&'static str, Vec<u8>)>| {
        model_request(
            Method::PUT,
            "/service/admin/wears?language=en",
            &admin,
            &fields,
            &files,
        )
    };
    let good = || vec![("garment", jpeg(300, 400, 200)), ("mask", mask(300, 400))];

    // Customers reach no admin route.
    let (status, _) = api
        .form("/service/admin/wears/get-all", Some(&buyer), &[])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Every refusal names its field, and nothing is stored.
    let label = catalog::service::create_label(
        &mut world.conn(),
        ["Elbise", "Dress", "Платье"],
        None,
        false,
    )
    .unwrap();
    let refusals: Vec<Refusal> = vec![
        (
            names("Dress")[1..].to_vec(),
            good(),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "nameTr",
        ),
        (
            [names("Dress"), vec![("widthCm", "wide".into())]].concat(),
            good(),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "widthCm",
        ),
        (
            [names("Dress"), vec![("widthCm", "0".into())]].concat(),
            good(),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "widthCm",
        ),
        (
            [names("Dress"), vec![("labelIds", "999999".into())]].concat(),
            good(),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "labelIds",
        ),
        (
            [names("Dress"), vec![("nameEn", "x".repeat(81))]].concat(),
            good(),
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "nameEn",
        ),
        (
            names("Dress"),
            vec![("garment", jpeg(300, 400, 200))],
            StatusCode::BAD_REQUEST,
            "invalid_form",
            "mask",
        ),
        (
            names("Dress"),
            vec![
                ("garment", b"<svg onload=alert(1)></svg>".to_vec()),
                ("mask", mask(300, 400)),
            ],
            StatusCode::BAD_REQUEST,
            "wear_image_unusable",
            "garment",
        ),
        (
            names("Dress"),
            vec![
                ("garment", b"GIF89a\x01\x00\x01\x00".to_vec()),
                ("mask", mask(300, 400)),
            ],
            StatusCode::BAD_REQUEST,
            "wear_image_unusable",
            "garment",
        ),
        (
            names("Dress"),
            vec![("garment", png_bomb()), ("mask", mask(300, 400))],
            StatusCode::PAYLOAD_TOO_LARGE,
            "wear_image_too_large",
            "garment",
        ),
        (
            names("Dress"),
            vec![("garment", jpeg(300, 400, 200)), ("mask", mask(400, 400))],
            StatusCode::BAD_REQUEST,
            "wear_image_unusable",
            "mask",
        ),
        (
            names("Dress"),
            vec![
                ("garment", jpeg(300, 400, 200)),
                ("mask", mask(300, 400)),
                ("shading", b"%PDF-1.4".to_vec()),
            ],
            StatusCode::BAD_REQUEST,
            "wear_image_unusable",
            "shading",
        ),
    ];
    for (fields, files, status, want, field) in refusals {
        let (got, _, body) = api.call(create(fields.clone(), files)).await;
        let body = json(&body);
        assert_eq!(
            (got, code(&body), body["field"].as_str()),
            (status, want, Some(field)),
            "{fields:?}: {body}"
        );
    }
    assert_eq!(stored_models(&world), 0);

    // Two models; the second is ordered after the first and labelled.
    let (status, _, body) = api.call(create(names("Dress"), good())).await;
    let dress = json(&body);
    assert_eq!(status, StatusCode::CREATED, "{dress}");
    assert_eq!(
        (
            dress["wearName"].as_str(),
            dress["isEnabled"].as_bool(),
            dress["widthCm"].as_f64(),
            dress["heightCm"].as_f64()
        ),
        (Some("Dress"), Some(true), Some(60.0), Some(80.0))
    );
    assert_eq!(dress["names"]["ru"], "Dress (ru)");
    let label_id = label.to_string();
    let (status, _, body) = api
        .call(create(
            [names("Scarf"), vec![("labelIds", label_id.clone())]].concat(),
            good(),
        ))
        .await;
    let scarf = json(&body);
    assert_eq!(status, StatusCode::CREATED, "{scarf}");
    assert_eq!(
        scarf["wearOrder"].as_i64(),
        Some(dress["wearOrder"].as_i64().unwrap() + 1)
    );
    assert_eq!(scarf["labels"], json!([{ "id": label, "label": "Dress" }]));
    assert_eq!(stored_models(&world), 2);
    // A name another model has, in any language and case, is refused.
    let (status, _, body) = api.call(create(names("scarf"), good())).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::CONFLICT, "wear_model_name_taken")
    );
    assert_eq!(stored_models(&world), 2);

    let dress_guid = dress["guid"].as_str().unwrap().to_owned();
    let scarf_guid = scarf["guid"].as_str().unwrap().to_owned();

    // An edit: names, order, labels; then new images (the garment with its mask) under a new key.
    let (status, _, body) = api
        .call(model_request(
            Method::PATCH,
            &format!("/service/admin/wears/{dress_guid}?language=tr"),
            &admin,
            &[
                ("nameTr", "Elbise".into()),
                ("wearOrder", "5".into()),
                ("labelIds", label_id.clone()),
            ],
            &[],
        ))
        .await;
    let edited = json(&body);
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(
        (edited["wearName"].as_str(), edited["wearOrder"].as_i64()),
        (Some("Elbise"), Some(5))
    );
    assert_eq!(
        edited["labels"],
        json!([{ "id": label, "label": "Elbise" }])
    );
    let (status, _, body) = api
        .call(model_request(
            Method::PATCH,
            &format!("/service/admin/wears/{dress_guid}"),
            &admin,
            &[],
            &[("garment", jpeg(200, 200, 90)), ("mask", mask(200, 200))],
        ))
        .await;
    let replaced = json(&body);
    assert_eq!(status, StatusCode::OK, "{replaced}");
    assert_ne!(replaced["thumbnail"], edited["thumbnail"]);
    assert_eq!(replaced["heightCm"].as_f64(), Some(60.0));
    assert_eq!(stored_models(&world), 2, "the old images are gone");
    let (status, _, body) = api
        .call(model_request(
            Method::PATCH,
            "/service/admin/wears/no-such-model",
            &admin,
            &[("wearOrder", "1".into())],
            &[],
        ))
        .await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::NOT_FOUND, "wear_model_not_found")
    );

    // The customer sees both, in order (the scarf now first), with thumbnails.
    let (status, models) = api
        .form("/service/wear/get-models?language=en", Some(&buyer), &[])
        .await;
    assert_eq!(status, StatusCode::OK);
    let guids = |models: &Value| -> Vec<String> {
        models
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["guid"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(guids(&models), vec![scarf_guid.clone(), dress_guid.clone()]);
    assert!(
        models[0].get("names").is_none(),
        "customers get no admin fields"
    );
    let thumb = models[1]["thumbnail"].as_str().unwrap().to_owned();
    let (status, headers, bytes) = api.call(image_get(&thumb, &buyer)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(jpeg_size(&bytes), (200, 200));
    assert!(
        headers
            .get("cache-control")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("immutable")
    );

    // Disabled: gone for the customer, thumbnail included; still listed for admins.
    let (status, body) = api
        .form(
            "/service/admin/wears/set-state",
            Some(&admin),
            &[("wearGuid", &dress_guid), ("isEnabled", "false")],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = api
        .form(
            "/service/admin/wears/set-state",
            Some(&admin),
            &[("wearGuid", &dress_guid), ("isEnabled", "maybe")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );
    let (_, models) = api
        .form("/service/wear/get-models", Some(&buyer), &[])
        .await;
    assert_eq!(guids(&models), vec![scarf_guid.clone()]);
    let (status, _, _) = api.call(image_get(&thumb, &buyer)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = api.call(image_get(&thumb, &admin)).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "admins see a disabled model's thumbnail"
    );
    let (_, all) = api
        .form("/service/admin/wears/get-all", Some(&admin), &[])
        .await;
    assert_eq!(all.as_array().unwrap().len(), 2);
    assert_eq!(all[1]["isEnabled"], false);

    // A pooled user sees only the models their pool attaches (and only enabled ones).
    let design = world.design("W-1", 1);
    let pool_body = json!({ "name": "Wear pool", "extraGuids": [design.guid.to_string()], "wearGuids": [dress_guid, scarf_guid] });
    let (status, _, body) = api
        .call(
            TestRequest::post()
                .uri("/service/admin/pool/insert")
                .insert_header(("Access-Token", admin.as_str()))
                .set_json(&pool_body),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{}", json(&body));
    let pool_guid = json(&body)["uniqueid"].as_str().unwrap().to_owned();
    let (status, body) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[("bagId", &pool_guid), ("userGuid", &pooled_guid)],
        )
        .await;
    assert!(status.is_success(), "{body}");
    let pooled = api.token("pooled@pool.test", PASSWORD).await;
    let (_, models) = api
        .form("/service/wear/get-models", Some(&pooled), &[])
        .await;
    assert_eq!(
        guids(&models),
        vec![scarf_guid.clone()],
        "the dress is disabled"
    );
    let only_dress = json!({ "uniqueid": pool_guid, "name": "Wear pool", "extraGuids": [design.guid.to_string()], "wearGuids": [dress_guid] });
    api.call(
        TestRequest::post()
            .uri("/service/admin/pool/insert")
            .insert_header(("Access-Token", admin.as_str()))
            .set_json(&only_dress),
    )
    .await;
    let (_, models) = api
        .form("/service/wear/get-models", Some(&pooled), &[])
        .await;
    assert_eq!(models, json!([]), "the scarf is not the pool's");
    let scarf_thumb = format!("/service/wear/thumbnail/{scarf_guid}");
    let (status, _, _) = api.call(image_get(&scarf_thumb, &pooled)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = api.call(image_get(&scarf_thumb, &buyer)).await;
    assert_eq!(status, StatusCode::OK);

    // Deleted: files gone, every route "not found"; the audit log tells it all.
    let (status, _) = api
        .send(
            Method::DELETE,
            &format!("/service/admin/wears/{scarf_guid}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api
        .send(
            Method::DELETE,
            &format!("/service/admin/wears/{scarf_guid}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(stored_models(&world), 1);
    let (status, _, _) = api.call(image_get(&scarf_thumb, &buyer)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("pageSize", "100")],
        )
        .await;
    let actions = audit_actions(&log);
    for want in [
        "wear_model_saved",
        "wear_model_state_changed",
        "wear_model_deleted",
    ] {
        assert!(actions.iter().any(|a| a == want), "{want} in {actions:?}");
    }
}

#[actix_web::test]
async fn a_colorway_is_shown_as_fabric_in_repeat_and_worn_at_true_scale() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme Tekstil", "buyer@acme.test");
    let archive = world.archive();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let buyer = api.token("buyer@acme.test", PASSWORD).await;
    // rose_VR1.tif: 1200 x 900 px at 150 dpi, 20.32 x 15.24 cm.
    let added = api
        .import_designs(
            &admin,
            archive,
            &[("rose_VR1.tif", sample(&world, "rose_VR1.tif"))],
        )
        .await;
    let design = added[0]["designGuid"].as_str().unwrap().to_owned();
    let (_, header) = api
        .form(
            "/service/design/header",
            Some(&buyer),
            &[("designGuid", &design)],
        )
        .await;
    let colorway = header["colorways"][0]["colorwayGuid"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        header["designSize"],
        json!({ "width": 1200.0, "height": 900.0 })
    );

    // 150 cm of fabric, 1 m long, at 10 px per cm: 1500 x 1000 px.
    let fabric = format!("/service/design/fabric/{design}/{colorway}");
    let (status, headers, bytes) = api
        .call(image_get(
            &format!("{fabric}?widthCm=150&lengthCm=100&pxPerCm=10"),
            &buyer,
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(jpeg_size(&bytes), (1500, 1000));
    let etag = headers.get("etag").unwrap().to_str().unwrap().to_owned();
    let (status, _, _) = api
        .call(
            image_get(
                &format!("{fabric}?widthCm=150&lengthCm=100&pxPerCm=10"),
                &buyer,
            )
            .insert_header(("If-None-Match", etag.as_str())),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    // Limits, named.
    for (query, status, want) in [
        (
            "widthCm=150&lengthCm=100&pxPerCm=500",
            StatusCode::BAD_REQUEST,
            "invalid_form",
        ),
        (
            "widthCm=0&lengthCm=100&pxPerCm=10",
            StatusCode::BAD_REQUEST,
            "invalid_form",
        ),
        (
            "widthCm=400&lengthCm=400&pxPerCm=100",
            StatusCode::PAYLOAD_TOO_LARGE,
            "view_too_large",
        ),
    ] {
        let (got, _, body) = api
            .call(image_get(&format!("{fabric}?{query}"), &buyer))
            .await;
        assert_eq!((got, code(&json(&body))), (status, want), "{query}");
    }

    // The repeated plane: a straight repeat, 3 copies each way; customers get no seam check.
    let repeat = format!("/service/design/repeat/{design}/{colorway}");
    let (status, _, body) = api.call(image_get(&repeat, &buyer)).await;
    let view = json(&body);
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        (
            view["periods"].as_u64(),
            view["periodWidth"].as_u64(),
            view["shiftDirection"].as_str()
        ),
        (Some(3), Some(1200), Some("none"))
    );
    assert!(view.get("seams").is_none());
    let (_, _, body) = api.call(image_get(&repeat, &admin)).await;
    let staff_view = json(&body);
    assert_eq!(
        staff_view["seams"],
        json!({ "vertical": [], "horizontal": [] }),
        "the rose repeats cleanly"
    );
    let dzi = view["tiles"].as_str().unwrap().to_owned();
    let (status, headers, body) = api.call(image_get(&dzi, &buyer)).await;
    assert_eq!(status, StatusCode::OK);
    let xml = String::from_utf8(body).unwrap();
    assert!(
        xml.contains("Width=\"3600\"") && xml.contains("Height=\"2700\""),
        "{xml}"
    );
    assert!(
        headers
            .get("cache-control")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    // The top level (12: 3600 px) tile at the first seam (x 1200 = tile column 4) is real pixels.
    let files = dzi.replace("image.dzi", "image_files");
    let (status, _, bytes) = api
        .call(image_get(&format!("{files}/12/4_0.jpg"), &buyer))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(jpeg_size(&bytes), (256, 256));
    let (status, _, bytes) = api
        .call(image_get(&format!("{files}/12/14_10.jpg"), &buyer))
        .await;
    assert_eq!(
        (status, jpeg_size(&bytes)),
        (StatusCode::OK, (16, 140)),
        "edge tiles are cut"
    );
    for bad in ["12/15_0.jpg", "13/0_0.jpg", "12/0_0.png", "12/a_b.jpg"] {
        let (status, _, _) = api.call(image_get(&format!("{files}/{bad}"), &buyer)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
    }

    // A repeat edited in the design modal: the plane follows at new URLs.
    let edit =
        serde_urlencoded::to_string([("repeatDirection", "vertical"), ("repeatOffset", "1/3")])
            .unwrap();
    let (status, _, body) = api
        .call(
            TestRequest::put()
                .uri(&format!("/service/design/header/{design}"))
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(edit),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{}", json(&body));
    let (_, _, body) = api.call(image_get(&repeat, &admin)).await;
    let dropped = json(&body);
    assert_eq!(
        (
            dropped["shiftDirection"].as_str(),
            dropped["shiftPx"].as_i64()
        ),
        (Some("drop"), Some(300))
    );
    assert_ne!(dropped["tiles"], view["tiles"]);
    // The rose's motifs stay inside their cells: even a third drop of it meets at every edge.
    assert_eq!(
        dropped["seams"],
        json!({ "vertical": [], "horizontal": [] })
    );
    // A left-to-right gradient does not repeat across its right edge, all the way down; its
    // bottom edge meets (every row is the same).
    let gradient = api
        .import_designs(
            &admin,
            archive,
            &[("gradient.tif", gradient_tiff(600, 400))],
        )
        .await;
    let gradient_guid = gradient[0]["designGuid"].as_str().unwrap();
    let (_, header) = api
        .form(
            "/service/design/header",
            Some(&admin),
            &[("designGuid", gradient_guid)],
        )
        .await;
    let gradient_colorway = header["colorways"][0]["colorwayGuid"].as_str().unwrap();
    let (_, _, body) = api
        .call(image_get(
            &format!("/service/design/repeat/{gradient_guid}/{gradient_colorway}"),
            &admin,
        ))
        .await;
    assert_eq!(
        json(&body)["seams"],
        json!({ "vertical": [[0.0, 1.0]], "horizontal": [] }),
        "{}",
        json(&body)
    );
    // The old URL still answers, but is no longer kept for good.
    let (status, headers, _) = api.call(image_get(&dzi, &buyer)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers
            .get("cache-control")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("no-cache")
    );
    let (_, _, body) = api
        .call(image_get(&format!("{repeat}?mirror=true"), &buyer))
        .await;
    assert!(
        json(&body)["tiles"].as_str().unwrap().contains("d3333m/"),
        "{}",
        json(&body)
    );

    // A wear render at 512 px: made once, kept in the store, then answered from it.
    let (status, _, body) = api
        .call(model_request(
            Method::PUT,
            "/service/admin/wears",
            &admin,
            &names("Dress"),
            &[("garment", jpeg(300, 400, 200)), ("mask", mask(300, 400))],
        ))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let wear = json(&body)["guid"].as_str().unwrap().to_owned();
    let render = format!("/service/wear/render/{wear}/{design}/{colorway}?size=512");
    let (status, headers, first) = api.call(image_get(&render, &buyer)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(jpeg_size(&first), (300, 400), "a model is never enlarged");
    assert!(
        world.files.join("objects").join("cache").exists(),
        "the render is kept"
    );
    let (_, _, second) = api.call(image_get(&render, &buyer)).await;
    assert_eq!(first, second);
    let etag = headers.get("etag").unwrap().to_str().unwrap().to_owned();
    let (status, _, _) = api
        .call(image_get(&render, &buyer).insert_header(("If-None-Match", etag.as_str())))
        .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    let (status, _, body) = api
        .call(image_get(&render.replace("512", "4000"), &buyer))
        .await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );

    // Confined to another customer: every view of the design is "not found" for this buyer.
    let other = accounts::service::ensure_customer(&mut world.conn(), "Başka Tekstil").unwrap();
    let confine =
        serde_urlencoded::to_string([("isConfined", "true"), ("customerId", other.guid.as_str())])
            .unwrap();
    let (status, _, _) = api
        .call(
            TestRequest::put()
                .uri(&format!("/service/design/header/{design}"))
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(confine),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, _, body) = api.call(image_get(&repeat, &admin)).await;
    let files = json(&body)["tiles"]
        .as_str()
        .unwrap()
        .replace("image.dzi", "image_files");
    for path in [
        format!("{fabric}?widthCm=75&lengthCm=100&pxPerCm=10"),
        repeat.clone(),
        format!("{files}/12/0_0.jpg"),
        render.clone(),
    ] {
        let (status, _, body) = api.call(image_get(&path, &buyer)).await;
        assert_eq!(
            (status, code(&json(&body))),
            (StatusCode::NOT_FOUND, "design_not_found"),
            "{path}"
        );
    }
    // Signed out: nothing.
    let (status, _, _) = api
        .call(TestRequest::get().uri(&format!("{fabric}?widthCm=75&lengthCm=100&pxPerCm=10")))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
