//! CAD files through HTTP: the right by company code and for staff, the switches, the pool rule
//! (no byte of a hidden design), the formats (a rotary design's screens with their names and
//! this colorway's inks, pixel for pixel; separations; the original), the records, and
//! download-all zips built in the background. Runs on SQLite, and on PostgreSQL with Redis under
//! `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::{PASSWORD, add_wear_model, api_with, code, customer_with_user, json, sample};
use db::schema::{cad_downloads, customers, designs};
use diesel::prelude::*;
use imaging::{ChannelKind, Limits};
use serde_json::Value;
use std::io::{Cursor, Read};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

/// Samples of each spot channel of a decoded file, in order, with their names and colours.
fn screens(bytes: Vec<u8>) -> Vec<(String, Option<[u8; 3]>, Vec<u8>)> {
    let mut reader = imaging::open_reader(Cursor::new(bytes), &Limits::default()).unwrap();
    let info = reader.info().clone();
    let all = imaging::read_all(reader.as_mut()).unwrap();
    let n = info.channels.len();
    info.spot_channels()
        .map(|(i, c)| {
            let samples = all.iter().skip(i).step_by(n).copied().collect();
            (c.name.clone(), c.color, samples)
        })
        .collect()
}

fn unzip(bytes: Vec<u8>) -> Vec<(String, Vec<u8>)> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut entry = zip.by_index(i).unwrap();
            let mut data = Vec::new();
            entry.read_to_end(&mut data).unwrap();
            (entry.name().to_owned(), data)
        })
        .collect()
}

fn records(world: &TestWorld) -> Vec<(String, String, String, i64)> {
    // Written off the request path: wait for the writer.
    world.accounts.recorder.flush();
    cad_downloads::table
        .order(cad_downloads::created_at.asc())
        .select((
            cad_downloads::user_email,
            cad_downloads::format,
            cad_downloads::kind,
            cad_downloads::bytes,
        ))
        .load(&mut *world.conn())
        .unwrap()
}

#[actix_web::test]
async fn cad_downloads_through_http() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    let (beta, _) = customer_with_user(&world, "Beta", "can@example.com");
    diesel::update(customers::table.find(&acme))
        .set(customers::code.eq("ACME-01"))
        .execute(&mut *world.conn())
        .unwrap();
    let archive = world.archive();
    let api = api_with(&world, |state| {
        state.cad.settings.company_codes = vec!["acme-01".into()];
    })
    .await;
    let admin = api.admin_token(ADMIN).await;
    let ayse = api.token("ayse@example.com", PASSWORD).await;
    let can = api.token("can@example.com", PASSWORD).await;
    let designs = api
        .import_designs(
            &admin,
            archive,
            &[("paisley.psb", sample(&world, "paisley.psb"))],
        )
        .await;
    let paisley = designs[0]["designGuid"].as_str().unwrap().to_owned();
    let (_, header) = api
        .form(
            "/service/design/header",
            Some(&admin),
            &[("designGuid", &paisley)],
        )
        .await;
    let colorway = header["colorways"][0]["colorwayGuid"]
        .as_str()
        .unwrap()
        .to_owned();
    let inks: Vec<String> = header["colorways"][0]["colorizables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["color"].as_str().unwrap().to_owned())
        .collect();
    let download = |token: &str, fields: Vec<(&'static str, String)>| {
        let request = TestRequest::post()
            .uri("/service/cad/download")
            .insert_header(("Access-Token", token.to_owned()))
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload(serde_urlencoded::to_string(&fields).unwrap());
        api.call(request)
    };
    let fields = |cad: &str| {
        vec![
            ("cadId", cad.to_owned()),
            ("designGuid", paisley.clone()),
            ("colorwayGuid", colorway.clone()),
            ("wearGuid", String::new()),
        ]
    };
    let rights = |token: &str| {
        let token = token.to_owned();
        let api = &api;
        async move {
            api.send(Method::GET, "/service/cad/rights", Some(&token), &[])
                .await
                .1
        }
    };

    // Another company's user: no right shown, and the route refuses without a byte.
    let theirs = rights(&can).await;
    assert_eq!(
        (theirs["download"].clone(), theirs["formats"].clone()),
        (Value::Bool(false), serde_json::json!([]))
    );
    let (status, _, body) = download(&can, fields("")).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::FORBIDDEN, "cad_not_allowed")
    );

    // The admitted company: one format (selection is off), the production file.
    let ours = rights(&ayse).await;
    assert_eq!(ours["download"], true);
    assert_eq!(ours["selection"], false);
    assert_eq!(ours["downloadAll"], false);
    assert_eq!(ours["export"], false);
    assert_eq!(
        ours["formats"],
        serde_json::json!([{"id": 1, "name": "production"}])
    );
    let (status, headers, psd) = download(&ayse, fields("")).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&psd));
    let disposition = headers
        .get("content-disposition")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(disposition.contains("attachment"), "{disposition}");
    assert!(disposition.contains(".psd"), "{disposition}");
    // The screens: the original's names and pixels, this colorway's inks.
    let original = screens(sample(&world, "paisley.psb"));
    let delivered = screens(psd.clone());
    assert_eq!(delivered.len(), 6);
    for ((name, _, pixels), ((got_name, got_color, got_pixels), ink)) in
        original.iter().zip(delivered.iter().zip(&inks))
    {
        assert_eq!(got_name, name);
        assert_eq!(got_pixels, pixels, "{name}");
        assert_eq!(
            got_color.unwrap(),
            desen_core::color::parse_hex(ink).unwrap(),
            "{name}"
        );
    }

    // Another format needs "CAD selection".
    let (status, _, body) = download(&ayse, fields("3")).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::FORBIDDEN, "cad_switched_off")
    );
    // On a wear model: an unknown one is "not found"; a model's render comes as a JPEG named
    // after the colorway and the model.
    let on_wear = |wear: &str| {
        let mut fields = fields("");
        fields[3].1 = wear.to_owned();
        fields
    };
    let (status, _, body) = download(&ayse, on_wear("8f1c1a52-5f0e-4d38-9a34-0f7a0f0c2b11")).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::NOT_FOUND, "wear_model_not_found")
    );
    let model = add_wear_model(&world, &api.state.storage, "Dress");
    let (status, headers, body) = download(&ayse, on_wear(&model)).await;
    assert_eq!(status, StatusCode::OK, "{}", json(&body));
    assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
    assert!(body.starts_with(&[0xFF, 0xD8]));
    let disposition = headers
        .get("content-disposition")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(disposition.contains("_VR-1_Dress.jpg"), "{disposition}");
    let worn = body.len() as i64;
    // Download-all is switched off.
    let (status, body) = api
        .form(
            "/service/cad/download-all",
            Some(&ayse),
            &[
                ("cadId", ""),
                ("designGuid", &paisley),
                ("listId", ""),
                ("wearGuid", ""),
            ],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "cad_switched_off")
    );

    // Export is switched off.
    let (status, body) = api
        .form(
            "/service/cad/export",
            Some(&ayse),
            &[("format", "csv"), ("designGuid", &paisley)],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "cad_switched_off")
    );

    let (status, body) = api
        .form("/service/cad/export/search/pdf/0/25", Some(&ayse), &[])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "cad_switched_off")
    );

    // Staff have the right without a company code: the same file.
    let (status, _, staff_psd) = download(&admin, fields("1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(staff_psd, psd);

    // The design confined to another company: hidden from Acme, refused without a byte.
    diesel::update(designs::table.find(&paisley))
        .set((
            designs::is_confined.eq(true),
            designs::customer_guid.eq(Some(beta.clone())),
        ))
        .execute(&mut *world.conn())
        .unwrap();
    let (status, _, body) = download(&ayse, fields("")).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::NOT_FOUND, "design_not_found")
    );

    // Every file handed out is recorded with its size; refusals are not.
    assert_eq!(
        records(&world),
        [
            (
                "ayse@example.com".to_owned(),
                "production".to_owned(),
                "download".to_owned(),
                psd.len() as i64
            ),
            (
                "ayse@example.com".to_owned(),
                "jpg".to_owned(),
                "download".to_owned(),
                worn
            ),
            (
                ADMIN.to_owned(),
                "production".to_owned(),
                "download".to_owned(),
                psd.len() as i64
            ),
        ]
    );
}

#[actix_web::test]
async fn download_all_builds_a_zip_in_the_background() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    customer_with_user(&world, "Beta", "can@example.com");
    let archive = world.archive();
    let api = api_with(&world, |state| {
        state.cad.settings.download_all = true;
        state.cad.settings.selection = true;
        state.cad.settings.export = true;
    })
    .await;
    let admin = api.admin_token(ADMIN).await;
    let can = api.token("can@example.com", PASSWORD).await;
    let designs = api
        .import_designs(
            &admin,
            archive,
            &[
                ("rose_VR1.tif", sample(&world, "rose_VR1.tif")),
                ("rose_VR2.tif", sample(&world, "rose_VR2.tif")),
                ("paisley.psb", sample(&world, "paisley.psb")),
            ],
        )
        .await;
    let guid_of = |number_of_colorways: usize| {
        designs
            .iter()
            .find(|d| d["colorways"].as_array().unwrap().len() == number_of_colorways)
            .unwrap()["designGuid"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (rose, paisley) = (guid_of(2), guid_of(1));
    let queue = |design: &str, cad: &str| {
        let (design, cad) = (design.to_owned(), cad.to_owned());
        let api = &api;
        let admin = admin.clone();
        async move {
            api.form(
                "/service/cad/download-all",
                Some(&admin),
                &[
                    ("cadId", &cad),
                    ("designGuid", &design),
                    ("listId", ""),
                    ("wearGuid", ""),
                ],
            )
            .await
        }
    };
    let fetch = |id: &str, token: &str| {
        let request = TestRequest::get()
            .uri(&format!("/service/cad/downloads/{id}/file"))
            .insert_header(("Access-Token", token.to_owned()));
        api.call(request)
    };

    // Separations do not fit a digital design.
    let (status, body) = queue(&rose, "2").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "cad_format_not_for_design")
    );

    // With selection on, the original file as imported.
    let rose_colorway = {
        let (_, header) = api
            .form(
                "/service/design/header",
                Some(&admin),
                &[("designGuid", &rose)],
            )
            .await;
        header["colorways"][0]["colorwayGuid"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (status, _, original) = api
        .call(
            TestRequest::post()
                .uri("/service/cad/download")
                .insert_header(("Access-Token", admin.clone()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(format!(
                    "cadId=original&designGuid={rose}&colorwayGuid={rose_colorway}"
                )),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(original, sample(&world, "rose_VR1.tif"));

    // Both rose colorways as their original files, in one zip.
    let (status, queued) = queue(&rose, "3").await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    assert_eq!(
        (queued["state"].as_str(), queued["total"].as_i64()),
        (Some("queued"), Some(2))
    );
    let id = queued["id"].as_str().unwrap().to_owned();
    let (status, _, body) = fetch(&id, &admin).await;
    assert_eq!(
        (status, code(&json(&body))),
        (StatusCode::CONFLICT, "cad_download_not_ready")
    );
    assert!(cad::bundle::build_next(&api.state.pool, &api.state.cad.workshop).unwrap());
    let (_, progress) = api
        .send(
            Method::GET,
            &format!("/service/cad/downloads/{id}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        (progress["state"].as_str(), progress["done"].as_i64()),
        (Some("ready"), Some(2))
    );
    let (status, headers, zip) = fetch(&id, &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .contains(".zip")
    );
    let entries = unzip(zip);
    assert_eq!(entries.len(), 2);
    let mut got: Vec<Vec<u8>> = entries.into_iter().map(|(_, data)| data).collect();
    got.sort();
    let mut want = vec![
        sample(&world, "rose_VR1.tif"),
        sample(&world, "rose_VR2.tif"),
    ];
    want.sort();
    assert_eq!(got, want);
    // Only its owner may have it.
    let (status, _, _) = fetch(&id, &can).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The paisley's separations: one grayscale TIFF per screen, black where it prints.
    let (_, queued) = queue(&paisley, "2").await;
    let id = queued["id"].as_str().unwrap().to_owned();
    assert!(cad::bundle::build_next(&api.state.pool, &api.state.cad.workshop).unwrap());
    let (_, _, zip) = fetch(&id, &admin).await;
    let outer = unzip(zip);
    assert_eq!(outer.len(), 1);
    let separations = unzip(outer[0].1.clone());
    let original = screens(sample(&world, "paisley.psb"));
    assert_eq!(separations.len(), original.len());
    for ((entry, tiff), (name, _, coverage)) in separations.into_iter().zip(original) {
        assert!(entry.ends_with(".tif"), "{entry}");
        let mut reader = imaging::open_reader(Cursor::new(tiff), &Limits::default()).unwrap();
        assert_eq!(reader.info().channels[0].kind, ChannelKind::Process);
        let gray = imaging::read_all(reader.as_mut()).unwrap();
        let film: Vec<u8> = coverage.iter().map(|c| 255 - c).collect();
        assert_eq!(gray, film, "{name}");
    }

    // Nothing left to build; three colorways recorded as download-all.
    assert!(!cad::bundle::build_next(&api.state.pool, &api.state.cad.workshop).unwrap());
    let kinds: Vec<String> = records(&world).into_iter().map(|r| r.2).collect();
    assert_eq!(
        kinds,
        ["download", "download_all", "download_all", "download_all"]
    );

    // Line sheets: CSV in the user's language, PDF with the thumbnails; both recorded.
    let export = |format: &str| {
        let request = TestRequest::post()
            .uri("/service/cad/export")
            .insert_header(("Access-Token", admin.clone()))
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload(format!("format={format}&designGuid={rose}"));
        api.call(request)
    };
    let (status, headers, csv) = export("csv").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert_eq!(lines[0], "Design no,Colorway,Width (cm),Height (cm),Labels");
    assert!(lines[1].contains(",VR-1,20.3,15.2,"), "{csv}");
    let (status, headers, pdf) = export("pdf").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get("content-type").unwrap(), "application/pdf");
    assert!(pdf.starts_with(b"%PDF-1.7"));
    // Both colorways' thumbnails are in it.
    assert_eq!(
        pdf.windows(b"/DCTDecode".len())
            .filter(|w| w == b"/DCTDecode")
            .count(),
        2
    );
    let (status, body) = api
        .form(
            "/service/cad/export",
            Some(&admin),
            &[("format", "docx"), ("designGuid", &rose)],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );
    // A page of the archive search: each result's shown colorway, the search's own rules.
    let (status, headers, sheet) = api
        .call(
            TestRequest::post()
                .uri("/service/cad/export/search/csv/0/2")
                .insert_header(("Access-Token", admin.clone()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("order=2"),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("Archive__page_1.csv")
    );
    assert_eq!(String::from_utf8(sheet).unwrap().lines().count(), 3);
    let (status, body) = api
        .form("/service/cad/export/search/csv/0/500", Some(&admin), &[])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_search")
    );
    let exports = records(&world).iter().filter(|r| r.2 == "export").count();
    assert_eq!(exports, 6);

    // The admins' statistics read the records: a page with the summary, or all as CSV.
    let (status, page) = api
        .form(
            "/service/admin/statistics/cad-entries",
            Some(&admin),
            &[("dateRange", "1"), ("pageSize", "5")],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let total = records(&world).len() as i64;
    assert_eq!(page["totalCount"], total);
    assert_eq!(page["summary"]["users"], 1);
    assert_eq!(page["items"].as_array().unwrap().len(), 5);
    assert_eq!(page["items"][0]["userEmail"], ADMIN);
    let (status, headers, csv) = api
        .call(
            TestRequest::post()
                .uri("/service/admin/statistics/cad-entries")
                .insert_header(("Access-Token", admin.clone()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("format=csv"),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    assert_eq!(
        String::from_utf8(csv).unwrap().lines().count() as i64,
        total + 1
    );
    let (status, _) = api
        .form("/service/admin/statistics/cad-entries", Some(&can), &[])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
