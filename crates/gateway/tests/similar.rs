//! Search by picture through HTTP: a crop of a demo design finds it first, with the crop's
//! outline; `similarId` lists the design's other colorways first; a pool-hidden design never
//! appears and never takes a rank, and its colorway cannot be asked about; the other filters
//! narrow the ranking; hostile pictures are refused with clear codes; the AI search switch
//! turns it off for customers only. Runs on SQLite, and on PostgreSQL with Redis under
//! `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use serde_json::{Value, json};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

/// A seeded small demo, indexed: its designs' guids, with each design's colorways.
fn seed(
    world: &TestWorld,
    state: &gateway::AppState,
) -> Vec<(String, Vec<catalog::model::Colorway>)> {
    demo::seed_with(
        &state.pool,
        &state.import,
        &world.files.join("demo"),
        demo::DemoSize::Small,
    )
    .unwrap();
    while import::similar::index_pending(&mut world.conn(), &state.storage, 16).unwrap() > 0 {}
    assert_eq!(import::similar::pending(&mut world.conn()).unwrap(), 0);
    let designs: Vec<String> = {
        use db::schema::designs;
        use diesel::prelude::*;
        designs::table
            .order(designs::number)
            .select(designs::guid)
            .load(&mut world.conn())
            .unwrap()
    };
    designs
        .into_iter()
        .map(|d| {
            let colorways = catalog::repo::colorways_of(&mut world.conn(), &d).unwrap();
            (d, colorways)
        })
        .collect()
}

/// A crop of a colorway's preview: `share` of each side from (`x`, `y`) (fractions), scaled by
/// `scale`, as a JPEG; and the crop's true outline in the design file's pixels.
fn crop(
    state: &gateway::AppState,
    colorway: &catalog::model::Colorway,
    design_size: (i32, i32),
    (x, y, share, scale): (f64, f64, f64, f64),
) -> (Vec<u8>, [[f64; 2]; 4]) {
    let jpeg = state
        .storage
        .get(&format!("{}/preview.jpg", colorway.renditions_key))
        .unwrap()
        .unwrap();
    let preview = imaging::photo::decode_photo(&jpeg, 1 << 26).unwrap();
    let (pw, ph) = (f64::from(preview.width), f64::from(preview.height));
    let (x0, y0) = ((x * pw) as u32, (y * ph) as u32);
    let (cw, ch) = ((share * pw) as u32, (share * ph) as u32);
    let (ow, oh) = (
        (f64::from(cw) * scale) as u32,
        (f64::from(ch) * scale) as u32,
    );
    let mut out = Vec::with_capacity((ow * oh * 3) as usize);
    for oy in 0..oh {
        for ox in 0..ow {
            let sx = x0 + (f64::from(ox) / scale) as u32;
            let sy = y0 + (f64::from(oy) / scale) as u32;
            out.extend_from_slice(
                &preview.pixel(sx.min(preview.width - 1), sy.min(preview.height - 1)),
            );
        }
    }
    let mut bytes = Vec::new();
    jpeg_encoder::Encoder::new(&mut bytes, 70)
        .encode(&out, ow as u16, oh as u16, jpeg_encoder::ColorType::Rgb)
        .unwrap();
    let (fx, fy) = (f64::from(design_size.0) / pw, f64::from(design_size.1) / ph);
    let (a, b) = (f64::from(x0) * fx, f64::from(y0) * fy);
    let (c, d) = (f64::from(x0 + cw) * fx, f64::from(y0 + ch) * fy);
    (bytes, [[a, b], [c, b], [c, d], [a, d]])
}

/// The overlap of an axis-aligned truth with a found quadrilateral's bounding box (enough for a
/// crop that was neither turned nor warped).
fn overlap(found: &Value, truth: &[[f64; 2]; 4]) -> f64 {
    let points: Vec<(f64, f64)> = found["polygon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
        .collect();
    let (fx0, fx1) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (fy0, fy1) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let (tx0, ty0, tx1, ty1) = (truth[0][0], truth[0][1], truth[2][0], truth[2][1]);
    let w = (fx1.min(tx1) - fx0.max(tx0)).max(0.0);
    let h = (fy1.min(ty1) - fy0.max(ty0)).max(0.0);
    let inter = w * h;
    inter / ((fx1 - fx0) * (fy1 - fy0) + (tx1 - tx0) * (ty1 - ty0) - inter)
}

async fn similar<S, B>(
    api: &Api<S>,
    token: &str,
    fields: &[(&str, &str)],
    picture: Option<Vec<u8>>,
) -> (StatusCode, Value)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let files: Vec<(&str, &str, Vec<u8>)> = picture
        .map(|bytes| vec![("similarImage", "crop.jpg", bytes)])
        .unwrap_or_default();
    let (content_type, body) = multipart_named(fields, &files);
    let (status, _, bytes) = api
        .call(
            TestRequest::post()
                .uri("/service/search/similar/0/25")
                .insert_header(("Access-Token", token))
                .insert_header(("content-type", content_type))
                .set_payload(body),
        )
        .await;
    (status, json(&bytes))
}

fn designs_of(answer: &Value) -> Vec<String> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["designGuid"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn a_crop_finds_its_design_first_with_its_outline_inside_what_the_user_may_see() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (_, customer) = customer_with_user(&world, "Acme Prints", "buyer@example.com");
    let _ = customer;
    let api = api(&world).await;
    let seeded = seed(&world, &api.state);
    assert!(seeded.len() >= 4, "the small demo has designs");
    let buyer = api.token("buyer@example.com", PASSWORD).await;
    let admin = api.admin_token(ADMIN).await;

    // A crop of 45 % of each side, shrunk to 80 % and JPEG-compressed, of each design's first
    // colorway: found first, the matched colorway shown, the outline where the crop was cut.
    // (A print of plain stripes has no corner to find it by; the small demo has one.)
    let cornered = |colorway: &catalog::model::Colorway| {
        let rows = catalog::features::features_of(
            &mut world.conn(),
            i32::from(vision::FEATURES_VERSION),
            std::slice::from_ref(&colorway.guid),
        )
        .unwrap();
        vision::decode(&rows[0].1).unwrap().len() >= 100
    };
    let searchable: Vec<_> = seeded.iter().filter(|(_, c)| cornered(&c[0])).collect();
    assert!(searchable.len() >= 4, "most demo prints have corners");
    for (design, colorways) in searchable {
        let facts = catalog::service::design_facts(&mut world.conn(), std::slice::from_ref(design))
            .unwrap();
        let size = (facts[design].width_px, facts[design].height_px);
        let (picture, truth) = crop(&api.state, &colorways[0], size, (0.3, 0.25, 0.45, 0.8));
        let (status, answer) = similar(&api, &admin, &[], Some(picture)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let first = &answer["results"][0];
        assert_eq!(
            first["designGuid"].as_str(),
            Some(design.as_str()),
            "{answer}"
        );
        assert!(first["score"].as_f64().unwrap() >= 8.0, "{first}");
        assert_eq!(first["match"]["width"], json!(size.0));
        let iou = overlap(&first["match"], &truth);
        assert!(
            iou > 0.6,
            "outline {} against {truth:?}: {iou}",
            first["match"]
        );
        // One card per design; staff see the original name.
        let found = designs_of(&answer);
        let mut distinct = found.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(found.len(), distinct.len());
        assert!(first["originalName"].is_string(), "{first}");
    }

    // A customer: the same search inside the open archive (the demo confines some designs to
    // other companies), without the hidden original name; the basic search takes the picture
    // as base64 and combines it with a filter: a number nothing has leaves nothing.
    let (_, open) = api
        .form("/service/search/design/basic/0/100", Some(&buyer), &[])
        .await;
    let open: Vec<String> = designs_of(&open);
    let (design, colorways) = seeded
        .iter()
        .find(|(d, c)| open.contains(d) && cornered(&c[0]))
        .unwrap();
    let facts =
        catalog::service::design_facts(&mut world.conn(), std::slice::from_ref(design)).unwrap();
    let (picture, _) = crop(
        &api.state,
        &colorways[0],
        (facts[design].width_px, facts[design].height_px),
        (0.1, 0.1, 0.5, 1.0),
    );
    let (_, answer) = similar(&api, &buyer, &[], Some(picture.clone())).await;
    assert_eq!(
        answer["results"][0]["designGuid"].as_str(),
        Some(design.as_str()),
        "{answer}"
    );
    assert!(
        answer["results"][0].get("originalName").is_none(),
        "{answer}"
    );
    assert!(
        designs_of(&answer).iter().all(|d| open.contains(d)),
        "{answer}"
    );
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(&picture);
    let (status, answer) = api
        .form(
            "/service/search/design/basic/0/25",
            Some(&buyer),
            &[("similarImage", &encoded)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["results"][0]["designGuid"].as_str(),
        Some(design.as_str())
    );
    let (_, answer) = api
        .form(
            "/service/search/design/basic/0/25",
            Some(&buyer),
            &[("similarImage", &encoded), ("number", "no-such-number")],
        )
        .await;
    assert_eq!(answer["totalCount"], json!(0), "{answer}");

    // "Similar colorways": the design's other colorways first, the asked one never.
    let (design, colorways) = seeded
        .iter()
        .find(|(d, c)| c.len() >= 2 && open.contains(d) && cornered(&c[0]))
        .unwrap();
    let (status, answer) = similar(&api, &buyer, &[("similarId", &colorways[0].guid)], None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let shown: Vec<&str> = answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["activeVariantGuid"].as_str().unwrap())
        .collect();
    let others: Vec<&str> = colorways[1..].iter().map(|c| c.guid.as_str()).collect();
    assert!(!shown.contains(&colorways[0].guid.as_str()), "{answer}");
    let mut first: Vec<&str> = shown[..others.len()].to_vec();
    first.sort_unstable();
    let mut want = others.clone();
    want.sort_unstable();
    assert_eq!(first, want, "{answer}");
    assert!(answer["results"][0]["designGuid"].as_str() == Some(design.as_str()));

    // A pooled customer whose pool holds one other design: the hidden design never appears,
    // whatever is asked, and its colorway cannot be asked about.
    let (other, _) = seeded
        .iter()
        .find(|(d, _)| d != design && open.contains(d))
        .unwrap();
    let (status, _, saved) = api
        .call(
            TestRequest::post()
                .uri("/service/admin/pool/insert")
                .insert_header(("Access-Token", admin.as_str()))
                .set_json(json!({ "name": "Only one", "extraGuids": [other] })),
        )
        .await;
    let saved = json(&saved);
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, pooled_user) = customer_with_user(&world, "Pooled Ltd.", "pooled@example.com");
    let (status, body) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[
                ("bagId", saved["uniqueid"].as_str().unwrap()),
                ("userGuid", &pooled_user),
            ],
        )
        .await;
    assert!(status.is_success(), "{body}");
    let pooled = api.token("pooled@example.com", PASSWORD).await;
    let facts =
        catalog::service::design_facts(&mut world.conn(), std::slice::from_ref(design)).unwrap();
    let (picture, _) = crop(
        &api.state,
        &colorways[0],
        (facts[design].width_px, facts[design].height_px),
        (0.3, 0.25, 0.45, 0.8),
    );
    let (status, answer) = similar(&api, &pooled, &[], Some(picture)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(designs_of(&answer).iter().all(|d| d == other), "{answer}");
    let (status, answer) = similar(&api, &pooled, &[("similarId", &colorways[0].guid)], None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::NOT_FOUND, "colorway_not_found"),
        "{answer}"
    );
}

#[actix_web::test]
async fn hostile_pictures_are_refused_and_the_switch_turns_the_search_off_for_customers() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme Prints", "buyer@example.com");
    let api = api_with(&world, |state| {
        state.similar = std::sync::Arc::new(search::SimilarIndex::new(false));
    })
    .await;
    let buyer = api.token("buyer@example.com", PASSWORD).await;
    let admin = api.admin_token(ADMIN).await;
    let refused = [
        (
            Vec::new(),
            StatusCode::BAD_REQUEST,
            "similar_image_unusable",
        ),
        (
            b"GIF89a not a picture we read".to_vec(),
            StatusCode::BAD_REQUEST,
            "similar_image_unusable",
        ),
        (
            b"\xFF\xD8\xFF\xE0 a truncated JPEG".to_vec(),
            StatusCode::BAD_REQUEST,
            "similar_image_unusable",
        ),
        (
            png_bomb(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "similar_image_too_large",
        ),
        (
            vec![0u8; search::similar::MAX_PICTURE_BYTES + 1],
            StatusCode::PAYLOAD_TOO_LARGE,
            "similar_image_too_large",
        ),
    ];
    for (bytes, status, want) in refused {
        let (got, answer) = similar(&api, &admin, &[], Some(bytes)).await;
        assert_eq!((got, code(&answer)), (status, want), "{answer}");
    }
    let (status, answer) = similar(&api, &admin, &[], None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::BAD_REQUEST, "invalid_search")
    );

    // Switched off: customers are told so, staff still search, and the archive works.
    let (status, answer) = similar(&api, &buyer, &[("similarId", "any")], None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::BAD_REQUEST, "similar_search_unavailable")
    );
    for (token, available) in [(&buyer, false), (&admin, true)] {
        let (status, _, body) = api
            .call(
                TestRequest::get()
                    .uri("/service/search/similar/status")
                    .insert_header(("Access-Token", token.as_str())),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(json(&body)["available"], json!(available));
    }
    let (status, answer) = api
        .form("/service/search/design/basic/0/25", Some(&buyer), &[])
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[actix_web::test]
async fn searches_by_picture_are_limited_per_user() {
    let mut settings = accounts::settings::AccountsSettings::default();
    settings.rate_limits.picture_search_per_user = accounts::settings::Limit {
        max: 3,
        window_seconds: 600,
    };
    let world = TestWorld::with_settings(settings);
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Acme Prints", "buyer@example.com");
    let api = api(&world).await;
    let buyer = api.token("buyer@example.com", PASSWORD).await;
    let admin = api.admin_token(ADMIN).await;
    let picture = || Some(b"GIF89a not a picture we read".to_vec());
    // Each search by picture counts, read or not; the fourth within the window is refused before
    // its picture is decoded, on the similar route and as `similarImage` on the archive search.
    for _ in 0..3 {
        let (status, answer) = similar(&api, &buyer, &[], picture()).await;
        assert_eq!(code(&answer), "similar_image_unusable", "{status}");
    }
    let (content_type, body) =
        multipart_named(&[], &[("similarImage", "crop.jpg", picture().unwrap())]);
    let (status, headers, bytes) = api
        .call(
            TestRequest::post()
                .uri("/service/search/similar/0/25")
                .insert_header(("Access-Token", buyer.as_str()))
                .insert_header(("content-type", content_type))
                .set_payload(body),
        )
        .await;
    assert_eq!(
        (status, code(&json(&bytes))),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    let wait: u64 = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok())
        .expect("Retry-After");
    assert!((1..=600).contains(&wait), "{wait}");
    let (status, answer) = api
        .form(
            "/service/search/design/basic/0/25",
            Some(&buyer),
            &[("similarImage", "R0lGODlh")],
        )
        .await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    // A search by colorway decodes no picture and is not counted; the archive search without a
    // picture works; another user has their own allowance.
    let (status, answer) = similar(&api, &buyer, &[("similarId", "no-such-colorway")], None).await;
    assert_ne!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let (status, answer) = api
        .form("/service/search/design/basic/0/25", Some(&buyer), &[])
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = similar(&api, &admin, &[], picture()).await;
    assert_eq!(code(&answer), "similar_image_unusable", "{status}");
}
