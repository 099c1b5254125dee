//! Collections through HTTP: every route of `collections::routes` (both spellings of the admin
//! routes) and the two search routes; the kind set once; every validation message; tagging by
//! number and by ids; hostile uploads refused with nothing stored and good ones re-encoded without
//! their metadata; pools, confinement and inactive or unset sub-collections on every view; special
//! lists filtering the archive search; stock pages; the audit log; deleting everything under a
//! collection. Runs on SQLite, and on PostgreSQL with Redis under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::*;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::Path;
use test_support::{TestDesign, TestWorld};

const ADMIN: &str = "admin@example.com";

// ---- images -------------------------------------------------------------------------------------

fn pixels(width: u32, height: u32) -> Vec<u8> {
    (0..width * height)
        .flat_map(|i| [(i % 251) as u8, (i * 7 % 253) as u8, 180])
        .collect()
}

fn jpeg(width: u16, height: u16, exif: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, 90);
    if let Some(exif) = exif {
        encoder.add_exif_metadata(exif).unwrap();
    }
    encoder
        .encode(
            &pixels(width.into(), height.into()),
            width,
            height,
            jpeg_encoder::ColorType::Rgb,
        )
        .unwrap();
    out
}

fn png_image(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&pixels(width, height)).unwrap();
        writer.finish().unwrap();
    }
    out
}

/// What the uploaded photo's EXIF says besides its orientation: it must never be served.
const SECRET: &str = "GPS-41.0082N-28.9784E-secret-location";

/// A big-endian EXIF TIFF structure: a description holding [`SECRET`] and orientation 6 (the
/// stored pixels are turned 90° clockwise to show them upright).
fn exif_with_secret() -> Vec<u8> {
    let text = format!("{SECRET}\0");
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend([0, 2]);
    // 0x010E ImageDescription, ASCII, its text after the IFD (8 + 2 + 2 * 12 + 4 = 38).
    tiff.extend([0x01, 0x0E, 0, 2]);
    tiff.extend((text.len() as u32).to_be_bytes());
    tiff.extend(38u32.to_be_bytes());
    // 0x0112 Orientation, SHORT, 1 value: 6.
    tiff.extend([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
    tiff.extend([0, 0, 0, 0]);
    tiff.extend(text.as_bytes());
    tiff
}

/// A real JPEG whose frame header is changed to claim 65,535 x 65,535 px.
fn jpeg_claiming_a_huge_frame() -> Vec<u8> {
    let mut bytes = jpeg(16, 16, None);
    let sof = bytes.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    bytes[sof + 5..sof + 9].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);
    bytes
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Every file of the photos' folder of the object store (covers and mood images).
fn photo_files(world: &TestWorld) -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.insert(path.display().to_string());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&world.files.join("objects").join("collections"), &mut out);
    out
}

fn guids(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {value}"))
        .iter()
        .map(|d| d["designGuid"].as_str().unwrap().to_owned())
        .collect()
}

fn set(items: &[&TestDesign]) -> BTreeSet<String> {
    items.iter().map(|d| d.guid.to_string()).collect()
}

fn id_of(value: &Value) -> i32 {
    value["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no id: {value}")) as i32
}

// ---- requests -----------------------------------------------------------------------------------

impl<S, B> Api<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    /// A multipart request; `files` are `(field name, bytes)`.
    async fn upload(
        &self,
        method: Method,
        path: &str,
        token: &str,
        fields: &[(&str, &str)],
        files: &[(&str, Vec<u8>)],
    ) -> (StatusCode, Value) {
        let named: Vec<(&str, &str, Vec<u8>)> = files
            .iter()
            .map(|(field, bytes)| (*field, "photo.jpg", bytes.clone()))
            .collect();
        let (content_type, body) = multipart_named(fields, &named);
        let (status, _, bytes) = self
            .call(
                TestRequest::default()
                    .method(method)
                    .uri(path)
                    .insert_header(("Access-Token", token))
                    .insert_header(("content-type", content_type))
                    .set_payload(body),
            )
            .await;
        (status, json(&bytes))
    }

    /// A collection with a cover (no parent) or a sub-collection of `parent`; answers its id.
    async fn new_collection(&self, admin: &str, name: &str, parent: Option<i32>) -> i32 {
        let parent = parent.map(|p| p.to_string());
        let mut fields = vec![("name", name), ("description", "About it")];
        let mut files = Vec::new();
        match &parent {
            Some(parent) => fields.push(("subCollectionId", parent.as_str())),
            None => files.push(("thumbnailImage", png_image(24, 16))),
        }
        let (status, body) = self
            .upload(
                Method::PUT,
                "/service/admin/new-collection",
                admin,
                &fields,
                &files,
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        id_of(&body)
    }

    /// A sub-collection of `parent` set as `kind`.
    async fn new_sub(&self, admin: &str, parent: i32, name: &str, kind: &str) -> i32 {
        let id = self.new_collection(admin, name, Some(parent)).await;
        let (status, body) = self.set_kind(admin, id, kind).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        id
    }

    async fn set_kind(&self, admin: &str, id: i32, kind: &str) -> (StatusCode, Value) {
        let id = id.to_string();
        self.upload(
            Method::PATCH,
            "/service/admin/new-collection",
            admin,
            &[("id", &id), ("kind", kind)],
            &[],
        )
        .await
    }

    async fn edit(&self, admin: &str, id: i32, fields: &[(&str, &str)]) -> (StatusCode, Value) {
        let id = id.to_string();
        let mut all = vec![("id", id.as_str())];
        all.extend_from_slice(fields);
        self.upload(
            Method::PATCH,
            "/service/admin/new-collection",
            admin,
            &all,
            &[],
        )
        .await
    }

    async fn add_photo(&self, admin: &str, sub: i32, bytes: Vec<u8>) -> (StatusCode, Value) {
        let sub = sub.to_string();
        self.upload(
            Method::POST,
            "/service/admin/new-collection/create-content",
            admin,
            &[("subCollectionId", &sub)],
            &[("image", bytes)],
        )
        .await
    }

    async fn photo(&self, admin: &str, sub: i32) -> i32 {
        let (status, body) = self.add_photo(admin, sub, png_image(40, 30)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        id_of(&body)
    }

    /// Tags colorway `k` of `design` on `image` by ids.
    async fn tag(&self, admin: &str, image: i32, design: &TestDesign, k: usize) {
        let (status, body) = self
            .form(
                "/service/admin/new-collection/add-colorway",
                Some(admin),
                &[
                    ("imageId", &image.to_string()),
                    ("designGuid", &design.guid.to_string()),
                    ("colorwayGuid", &design.colorways[k].to_string()),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    async fn groups(&self, admin: &str, sub: i32, groups: &Value) -> (StatusCode, Value) {
        self.form(
            "/service/admin/new-collection/modify-group",
            Some(admin),
            &[
                ("collectionId", &sub.to_string()),
                ("groupData", &groups.to_string()),
            ],
        )
        .await
    }

    /// The designs a search answers (every page of 100) and its total.
    async fn found(
        &self,
        path: &str,
        token: &str,
        fields: &[(&str, &str)],
    ) -> (StatusCode, BTreeSet<String>, Value) {
        let (status, body) = self.form(path, Some(token), fields).await;
        if status != StatusCode::OK {
            return (status, BTreeSet::new(), body);
        }
        let found: BTreeSet<String> = guids(&body["results"]).into_iter().collect();
        assert_eq!(
            body["totalCount"].as_i64(),
            Some(found.len() as i64),
            "{path}: {body}"
        );
        (status, found, body)
    }

    async fn archive_search(
        &self,
        token: &str,
        fields: &[(&str, &str)],
    ) -> (StatusCode, BTreeSet<String>, Value) {
        self.found("/service/search/design/basic/0/100", token, fields)
            .await
    }

    async fn collection_search(
        &self,
        token: &str,
        id: i32,
    ) -> (StatusCode, BTreeSet<String>, Value) {
        let (status, found, body) = self
            .found(&format!("/service/search/collection/{id}"), token, &[])
            .await;
        // The paged spelling answers the same.
        let (paged_status, paged, _) = self
            .found(
                &format!("/service/search/collection/{id}/0/100"),
                token,
                &[],
            )
            .await;
        assert_eq!((paged_status, &paged), (status, &found), "paged {id}");
        (status, found, body)
    }

    async fn audit(&self, admin: &str, fields: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut all = vec![("pageSize", "100")];
        all.extend_from_slice(fields);
        let (status, log) = self
            .form("/service/admin/audit/get-all", Some(admin), &all)
            .await;
        assert_eq!(status, StatusCode::OK, "{log}");
        log["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["action"].as_str().unwrap().to_owned(),
                    e["details"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    /// Confines `design` to `customer`.
    async fn confine(&self, admin: &str, design: &TestDesign, customer: &str) {
        let (status, body) = self
            .send(
                Method::PUT,
                &format!("/service/design/header/{}", design.guid),
                Some(admin),
                &[("isConfined", "true"), ("customerId", customer)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    /// Gives `user` a pool admitting `designs` only.
    async fn pool(&self, admin: &str, user: &str, designs: &[&TestDesign]) {
        let extra: Vec<String> = designs.iter().map(|d| d.guid.to_string()).collect();
        let (status, pool) = self
            .send_json(
                Method::POST,
                "/service/admin/pool/insert",
                admin,
                &json!({ "name": "Pool", "dtos": [{ "designNumber": "99-" }], "extraGuids": extra }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{pool}");
        let (status, body) = self
            .form(
                "/service/admin/pool/assign",
                Some(admin),
                &[
                    ("bagId", pool["uniqueid"].as_str().unwrap()),
                    ("userGuid", user),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    }
}

/// What a refusal answers: status, code and field.
type Refusal = (StatusCode, &'static str, Option<&'static str>);

/// Form fields of a request.
type Fields<'a> = Vec<(&'a str, &'a str)>;

fn error(status: StatusCode, body: &Value) -> (StatusCode, &str, Option<&str>) {
    (status, code(body), body["field"].as_str())
}

// ---- the tests ----------------------------------------------------------------------------------

/// Every admin route of collections, special lists and stock pages, under both spellings.
const ADMIN_ROUTES: [(&str, &str); 28] = [
    ("GET", "/service/admin/new-collection/all"),
    ("POST", "/service/admin/imagecollection/all"),
    ("GET", "/service/admin/new-collection/colorways?query=01"),
    ("GET", "/service/admin/new-collection/1"),
    ("PUT", "/service/admin/new-collection"),
    ("PATCH", "/service/admin/new-collection"),
    ("POST", "/service/admin/imagecollection/create-collection"),
    ("POST", "/service/admin/new-collection"),
    ("POST", "/service/admin/imagecollection/delete-collection"),
    ("POST", "/service/admin/new-collection/create-content"),
    ("POST", "/service/admin/imagecollection/create-content"),
    ("POST", "/service/admin/new-collection/delete-content"),
    ("POST", "/service/admin/imagecollection/delete-content"),
    ("POST", "/service/admin/new-collection/move-content"),
    ("POST", "/service/admin/imagecollection/move-content"),
    ("POST", "/service/admin/new-collection/add-colorway"),
    ("POST", "/service/admin/imagecollection/add-colorway"),
    ("POST", "/service/admin/new-collection/delete-colorway"),
    ("POST", "/service/admin/imagecollection/delete-colorway"),
    ("POST", "/service/admin/new-collection/modify-group"),
    ("POST", "/service/admin/imagecollection/modify-group"),
    ("POST", "/service/admin/new-collection/publish"),
    ("POST", "/service/admin/new-collection/revoke"),
    ("GET", "/service/admin/special-lists"),
    ("PUT", "/service/admin/special-lists"),
    ("PATCH", "/service/admin/special-lists"),
    ("PUT", "/service/admin/special-lists/1/designs"),
    ("DELETE", "/service/admin/special-lists/1"),
];

/// The routes of signed-in users: anonymous requests are refused.
const SIGNED_IN_ROUTES: [(&str, &str); 10] = [
    ("POST", "/service/collections/all"),
    ("POST", "/service/collections/get"),
    ("GET", "/service/collections/get-mood-boards/2"),
    ("GET", "/service/collections/image/1/thumb"),
    ("GET", "/service/collections/cover/1"),
    ("GET", "/service/get/special-lists"),
    ("POST", "/service/search/collection/1"),
    ("POST", "/service/search/collection/1/0/25"),
    ("POST", "/service/basic-colleciton/get/3"),
    ("POST", "/service/search/design/basic/0/25"),
];

#[actix_web::test]
async fn only_an_admin_past_the_second_factor_reaches_the_collection_admin_routes() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    world.user("admin2@example.com", PASSWORD, true);
    let in_house = world.user("inhouse@example.com", PASSWORD, false);
    world.save(&accounts::model::User {
        is_in_house: true,
        ..world.reload(&in_house)
    });
    let (customer, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    let rose = world.design("01-5001", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let summer = api.new_collection(&admin, "Summer", None).await;
    let mood = api.new_sub(&admin, summer, "Beach", "mood").await;
    let page = api.new_sub(&admin, summer, "Prints", "design").await;
    assert_eq!(
        (summer, mood, page),
        (1, 2, 3),
        "the ids the route lists use"
    );
    let image = api.photo(&admin, mood).await;
    api.tag(&admin, image, &rose, 0).await;
    let (status, published) = api
        .form(
            "/service/admin/new-collection/publish",
            Some(&admin),
            &[("collectionId", "1"), ("customerGuid", &customer)],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{published}");
    let slug = published["slug"].as_str().unwrap().to_owned();
    let files = photo_files(&world);
    let log = api.audit(&admin, &[]).await;

    let user = api.token("ayse@example.com", PASSWORD).await;
    let in_house = api.token("inhouse@example.com", PASSWORD).await;
    let unvalidated = api.token("admin2@example.com", PASSWORD).await;
    // A body that would delete, untag, revoke and regroup, were it read.
    let colorway = rose.colorways[0].to_string();
    let body = [
        ("id", "1"),
        ("collectionId", "1"),
        ("imageId", "1"),
        ("colorwayGuid", colorway.as_str()),
        ("slug", slug.as_str()),
        ("groupData", "[]"),
    ];
    for (method, path) in ADMIN_ROUTES {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        for (token, status, want) in [
            (None, StatusCode::UNAUTHORIZED, "login_required"),
            (Some(&user), StatusCode::FORBIDDEN, "not_authorized"),
            (Some(&in_house), StatusCode::FORBIDDEN, "not_authorized"),
            (
                Some(&unvalidated),
                StatusCode::FORBIDDEN,
                "second_factor_required",
            ),
        ] {
            let (got, answer) = api
                .send(method.clone(), path, token.map(String::as_str), &body)
                .await;
            assert_eq!((got, code(&answer)), (status, want), "{method} {path}");
        }
        // Every route exists: an admin gets past the router (the deletion is tried below).
        if method == Method::DELETE {
            continue;
        }
        let (got, answer) = api.send(method.clone(), path, Some(&admin), &[]).await;
        assert!(
            got != StatusCode::METHOD_NOT_ALLOWED && code(&answer) != "not_found",
            "{method} {path}: {got} {answer}"
        );
    }
    let (status, body) = api
        .send(
            Method::DELETE,
            "/service/admin/special-lists/99",
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "special_list_not_found")
    );
    for (method, path) in SIGNED_IN_ROUTES {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let (got, answer) = api.send(method.clone(), path, None, &[("id", "1")]).await;
        assert_eq!(
            (got, code(&answer)),
            (StatusCode::UNAUTHORIZED, "login_required"),
            "{method} {path}"
        );
    }
    // Nothing happened: the collection, its photo, its tag and its stock page are all there.
    assert_eq!(photo_files(&world), files);
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{mood}"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        detail["images"][0]["colorways"].as_array().unwrap().len(),
        1
    );
    let (status, page_view) = api
        .get(&format!("/service/public/stock/{slug}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{page_view}");
    // The admin's own empty requests above changed nothing either (the log is as it was).
    assert_eq!(api.audit(&admin, &[]).await, log);
}

#[actix_web::test]
async fn collections_are_made_and_edited_and_a_kind_is_set_once() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let create = "/service/admin/new-collection";
    let cover = || ("thumbnailImage", png_image(48, 32));

    // Every incomplete or malformed form is refused, and nothing is stored.
    let long = "x".repeat(101);
    let refused: Vec<(Fields, bool, Refusal)> = vec![
        (
            vec![("description", "About")],
            true,
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("name"),
            ),
        ),
        (
            vec![("name", "  "), ("description", "About")],
            true,
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("name"),
            ),
        ),
        (
            vec![("name", "Summer")],
            true,
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("description"),
            ),
        ),
        (
            vec![("name", "Summer"), ("description", "")],
            true,
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("description"),
            ),
        ),
        (
            vec![("name", "Summer"), ("description", "About")],
            false,
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("thumbnailImage"),
            ),
        ),
        (
            vec![("name", long.as_str()), ("description", "About")],
            true,
            (StatusCode::BAD_REQUEST, "invalid_form", Some("name")),
        ),
        (
            vec![
                ("name", "Summer"),
                ("description", "About"),
                ("kind", "mood"),
            ],
            true,
            (StatusCode::BAD_REQUEST, "invalid_form", Some("kind")),
        ),
        (
            vec![
                ("name", "Summer"),
                ("description", "About"),
                ("isActive", "perhaps"),
            ],
            true,
            (StatusCode::BAD_REQUEST, "invalid_form", Some("isActive")),
        ),
        (
            vec![
                ("name", "Summer"),
                ("description", "About"),
                ("subCollectionId", "999"),
            ],
            true,
            (StatusCode::NOT_FOUND, "collection_not_found", None),
        ),
    ];
    for (fields, with_cover, want) in &refused {
        let files: Vec<(&str, Vec<u8>)> = with_cover.then(cover).into_iter().collect();
        for path in [create, "/service/admin/imagecollection/create-collection"] {
            let method = if path == create {
                Method::PUT
            } else {
                Method::POST
            };
            let (status, body) = api.upload(method, path, &admin, fields, &files).await;
            assert_eq!(error(status, &body), *want, "{path} {fields:?}: {body}");
        }
    }
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(tree, json!([]));
    assert!(photo_files(&world).is_empty(), "{:?}", photo_files(&world));

    // Created under both spellings; a sub-collection needs no cover.
    let (status, summer) = api
        .upload(
            Method::PUT,
            create,
            &admin,
            &[
                ("name", " Summer 2027 "),
                ("description", "Linen and florals"),
                ("isActive", "true"),
            ],
            &[cover()],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{summer}");
    assert_eq!(
        (
            &summer["name"],
            &summer["parentId"],
            &summer["kind"],
            &summer["isActive"],
            &summer["itemCount"],
            &summer["position"],
        ),
        (
            &json!("Summer 2027"),
            &Value::Null,
            &Value::Null,
            &json!(true),
            &json!(0),
            &json!(0)
        )
    );
    assert_eq!(summer["stockPages"], json!([]));
    assert_eq!(summer["subCollections"], json!([]));
    let summer_id = id_of(&summer);
    let summer_cover = summer["coverUri"].as_str().unwrap().to_owned();
    assert!(
        summer_cover.starts_with(&format!("/service/collections/cover/{summer_id}?v=")),
        "{summer_cover}"
    );
    let (status, winter) = api
        .upload(
            Method::POST,
            "/service/admin/imagecollection/create-collection",
            &admin,
            &[
                ("name", "Winter"),
                ("description", "Wool"),
                ("isActive", "false"),
            ],
            &[cover()],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{winter}");
    assert_eq!(
        (&winter["isActive"], &winter["position"]),
        (&json!(false), &json!(1))
    );
    let winter_id = id_of(&winter);
    let summer_text = summer_id.to_string();
    let (status, beach) = api
        .upload(
            Method::PUT,
            create,
            &admin,
            &[
                ("name", "Beach"),
                ("description", "Photos"),
                ("subCollectionId", &summer_text),
            ],
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{beach}");
    assert_eq!(
        (&beach["parentId"], &beach["kind"], &beach["coverUri"]),
        (&json!(summer_id), &Value::Null, &Value::Null)
    );
    let beach_id = id_of(&beach);
    let (status, prints) = api
        .upload(
            Method::POST,
            "/service/admin/imagecollection/create-collection",
            &admin,
            &[
                ("name", "Prints"),
                ("description", "Designs"),
                ("subCollectionId", &summer_text),
            ],
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{prints}");
    assert_eq!(prints["position"], 1);
    let prints_id = id_of(&prints);
    // One level of sub-collections.
    let (status, body) = api
        .upload(
            Method::PUT,
            create,
            &admin,
            &[
                ("name", "Deeper"),
                ("description", "No"),
                ("subCollectionId", &beach_id.to_string()),
            ],
            &[],
        )
        .await;
    assert_eq!(
        error(status, &body),
        (
            StatusCode::BAD_REQUEST,
            "invalid_form",
            Some("subCollectionId")
        )
    );

    // The kind: set once, never again, not even to the same kind; never on a collection.
    let (status, body) = api.set_kind(&admin, beach_id, "mood").await;
    assert_eq!(
        (status, &body["kind"]),
        (StatusCode::OK, &json!("mood")),
        "{body}"
    );
    for kind in ["mood", "design"] {
        let (status, body) = api.set_kind(&admin, beach_id, kind).await;
        assert_eq!(
            error(status, &body),
            (StatusCode::CONFLICT, "collection_kind_fixed", None),
            "{kind}"
        );
    }
    let (status, body) = api
        .upload(
            Method::POST,
            "/service/admin/imagecollection/create-collection",
            &admin,
            &[
                ("id", &beach_id.to_string()),
                ("kind", "design"),
                ("name", "Renamed"),
            ],
            &[],
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::CONFLICT, "collection_kind_fixed", None)
    );
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{beach_id}"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (&detail["name"], &detail["kind"]),
        (&json!("Beach"), &json!("mood")),
        "a refused edit changes nothing"
    );
    for (id, kind, want) in [
        (
            summer_id,
            "mood",
            (StatusCode::BAD_REQUEST, "invalid_form", Some("kind")),
        ),
        (
            prints_id,
            "board",
            (StatusCode::BAD_REQUEST, "invalid_form", Some("kind")),
        ),
        (
            999,
            "mood",
            (StatusCode::NOT_FOUND, "collection_not_found", None),
        ),
    ] {
        let (status, body) = api.set_kind(&admin, id, kind).await;
        assert_eq!(error(status, &body), want, "{id} {kind}");
    }
    let (status, body) = api
        .upload(
            Method::POST,
            "/service/admin/imagecollection/create-collection",
            &admin,
            &[("id", &prints_id.to_string()), ("kind", "design")],
            &[],
        )
        .await;
    assert_eq!(
        (status, &body["kind"]),
        (StatusCode::OK, &json!("design")),
        "{body}"
    );
    let (status, body) = api.set_kind(&admin, prints_id, "design").await;
    assert_eq!(
        error(status, &body),
        (StatusCode::CONFLICT, "collection_kind_fixed", None)
    );

    // Edits: names, activity, position; a refused edit changes nothing.
    let (status, body) = api
        .edit(
            &admin,
            beach_id,
            &[
                ("name", "Beach days"),
                ("description", "Sun"),
                ("isActive", "false"),
                ("position", "5"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (
            &body["name"],
            &body["description"],
            &body["isActive"],
            &body["position"],
            &body["kind"]
        ),
        (
            &json!("Beach days"),
            &json!("Sun"),
            &json!(false),
            // A place among its two siblings: beyond the last is last.
            &json!(1),
            &json!("mood")
        )
    );
    for (fields, want) in [
        (
            vec![("name", " ")],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("name"),
            ),
        ),
        (
            vec![("description", "")],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("description"),
            ),
        ),
        (
            vec![("position", "first")],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("position")),
        ),
    ] {
        let (status, body) = api.edit(&admin, beach_id, &fields).await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }
    let (status, body) = api
        .upload(Method::PATCH, create, &admin, &[("name", "No id")], &[])
        .await;
    assert_eq!(
        error(status, &body),
        (
            StatusCode::BAD_REQUEST,
            "collection_form_incomplete",
            Some("id")
        )
    );
    let (status, body) = api.edit(&admin, 999, &[("name", "Ghost")]).await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None)
    );

    // A new cover replaces the old one: its files go.
    let before = photo_files(&world);
    assert_eq!(before.len(), 4, "two covers, two renditions each");
    let (status, body) = api
        .upload(
            Method::PATCH,
            create,
            &admin,
            &[("id", &summer_text)],
            &[cover()],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let new_cover = body["coverUri"].as_str().unwrap().to_owned();
    assert_ne!(new_cover, summer_cover);
    let after = photo_files(&world);
    assert_eq!(after.len(), 4, "{after:?}");
    assert_eq!(
        before.intersection(&after).count(),
        2,
        "the old cover's files are gone"
    );
    let (status, headers, bytes) = api.bytes(&new_cover, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
    assert!(bytes.starts_with(&[0xFF, 0xD8, 0xFF]));
    let (status, body) = api
        .get(
            &format!("/service/collections/cover/{beach_id}"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None),
        "a sub-collection without its own cover"
    );

    // The tree, under both spellings, with every collection and sub-collection in order.
    let (status, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, other) = api
        .form("/service/admin/imagecollection/all", Some(&admin), &[])
        .await;
    assert_eq!((status, &other), (StatusCode::OK, &tree));
    let names: Vec<(&str, Vec<&str>)> = tree
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap(),
                c["subCollections"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["name"].as_str().unwrap())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Summer 2027", vec!["Prints", "Beach days"]),
            ("Winter", vec![])
        ]
    );
    let (status, detail) = api
        .get(
            &format!("/service/admin/new-collection/{prints_id}"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(
        (
            &detail["id"],
            &detail["kind"],
            &detail["images"],
            &detail["groups"]
        ),
        (&json!(prints_id), &json!("design"), &json!([]), &json!([]))
    );
    for path in ["999", "abc"] {
        let (status, body) = api
            .get(
                &format!("/service/admin/new-collection/{path}"),
                Some(&admin),
            )
            .await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "collection_not_found", None),
            "{path}"
        );
    }

    // The audit log: every change, none of the refusals.
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &beach_id.to_string())])
            .await,
        [
            (
                "collection_saved".to_owned(),
                "deactivated, moved to 2".to_owned()
            ),
            ("collection_saved".to_owned(), "kind mood".to_owned()),
            ("collection_saved".to_owned(), "created".to_owned()),
        ]
    );
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &winter_id.to_string())])
            .await,
        [("collection_saved".to_owned(), "created".to_owned())]
    );
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &summer_text)]).await,
        [
            ("collection_saved".to_owned(), "edited".to_owned()),
            ("collection_saved".to_owned(), "created".to_owned()),
        ]
    );
}

#[actix_web::test]
async fn mood_boards_take_only_checked_photos_and_tag_colorways() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let rose = world.design("01-5001", 3);
    let lily = world.design("01-5002", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let summer = api.new_collection(&admin, "Summer", None).await;
    let beach = api.new_sub(&admin, summer, "Beach", "mood").await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let later = api.new_collection(&admin, "Later", Some(summer)).await;

    // A JPEG with EXIF: accepted, turned upright, re-encoded without a byte of its metadata.
    let upload = jpeg(48, 32, Some(&exif_with_secret()));
    assert!(contains(&upload, SECRET.as_bytes()));
    let (status, photo) = api.add_photo(&admin, beach, upload.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{photo}");
    assert_eq!(
        (&photo["width"], &photo["height"], &photo["colorways"]),
        (&json!(32), &json!(48), &json!([])),
        "{photo}"
    );
    let photo_id = id_of(&photo);
    for (size, key) in [("thumb", "thumbnailUri"), ("large", "largeImageUri")] {
        let uri = photo[key].as_str().unwrap();
        assert!(
            uri.starts_with(&format!("/service/collections/image/{photo_id}/{size}?v=")),
            "{uri}"
        );
        let (status, headers, served) = api.bytes(uri, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
        assert!(served.starts_with(&[0xFF, 0xD8, 0xFF]), "{uri}");
        assert_ne!(served, upload, "re-encoded");
        assert!(
            !contains(&served, SECRET.as_bytes()),
            "{uri} keeps the EXIF"
        );
        assert!(!contains(&served, b"Exif\0"), "{uri} has an EXIF segment");
    }
    let (status, png_photo) = api
        .upload(
            Method::POST,
            "/service/admin/imagecollection/create-content",
            &admin,
            &[("subCollectionId", &beach.to_string())],
            &[("image", png_image(64, 48))],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{png_photo}");
    assert_eq!(
        (&png_photo["width"], &png_photo["height"]),
        (&json!(64), &json!(48))
    );
    let png_id = id_of(&png_photo);
    let stored = photo_files(&world);
    assert_eq!(stored.len(), 2 + 2 * 2, "the cover and two photos");

    // Hostile or broken uploads: refused, and no row and no file is left of them.
    let good = jpeg(32, 32, None);
    let big = jpeg(96, 96, None);
    let mut polyglot = vec![0xFF, 0xD8, 0xFF, 0xE0];
    polyglot.extend_from_slice(b"<script>alert(document.cookie)</script>");
    // One byte over the limit, refused while it arrives (the rest is drained, not kept).
    let mut oversized = good.clone();
    oversized.resize(collections::photos::MAX_PHOTO_BYTES as usize + 1, 0);
    let hostile: [(&str, Vec<u8>, StatusCode, &str); 9] = [
        (
            "a file over 20 MB",
            oversized,
            StatusCode::PAYLOAD_TOO_LARGE,
            "photo_too_large",
        ),
        (
            "PNG bomb",
            png_bomb(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "photo_too_large",
        ),
        (
            "JPEG claiming 65535 x 65535",
            jpeg_claiming_a_huge_frame(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "photo_too_large",
        ),
        (
            "SVG with a script",
            br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>"#.to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
        (
            "text",
            b"Fabric notes: linen 140 g, not a photo\n".to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
        (
            "truncated JPEG",
            big[..big.len() * 3 / 4].to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
        (
            "JPEG signature and a script",
            polyglot,
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
        (
            "WebP header and nothing",
            b"RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0junkjunkjunk".to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
        (
            "PNG signature and nothing",
            b"\x89PNG\r\n\x1a\n".to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unsupported",
        ),
    ];
    for (what, bytes, status, want) in hostile {
        let (got, body) = api.add_photo(&admin, beach, bytes.clone()).await;
        assert_eq!((got, code(&body)), (status, want), "{what}: {body}");
        // As a collection's cover too.
        let (got, body) = api
            .upload(
                Method::PUT,
                "/service/admin/new-collection",
                &admin,
                &[("name", "Bad"), ("description", "Cover")],
                &[("thumbnailImage", bytes)],
            )
            .await;
        assert_eq!(
            (got, code(&body)),
            (status, want),
            "{what} as a cover: {body}"
        );
        assert_eq!(photo_files(&world), stored, "{what} left files");
    }
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{beach}"),
            Some(&admin),
        )
        .await;
    let images: Vec<i64> = detail["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect();
    assert_eq!(images, [i64::from(photo_id), i64::from(png_id)]);
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(
        tree.as_array().unwrap().len(),
        1,
        "no collection of the bad covers"
    );

    // Where a photo cannot go, and what a photo upload needs.
    let beach_text = beach.to_string();
    for (fields, files, want) in [
        (
            vec![("subCollectionId", beach_text.as_str())],
            vec![],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("image"),
            ),
        ),
        (
            vec![("subCollectionId", beach_text.as_str())],
            vec![("image", Vec::new())],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("image"),
            ),
        ),
        (
            vec![],
            vec![("image", good.clone())],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("subCollectionId"),
            ),
        ),
    ] {
        let (status, body) = api
            .upload(
                Method::POST,
                "/service/admin/new-collection/create-content",
                &admin,
                &fields,
                &files,
            )
            .await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }
    for (sub, want) in [
        (
            prints,
            (StatusCode::CONFLICT, "collection_kind_mismatch", None),
        ),
        (
            later,
            (StatusCode::CONFLICT, "collection_kind_mismatch", None),
        ),
        (999, (StatusCode::NOT_FOUND, "collection_not_found", None)),
    ] {
        let (status, body) = api.add_photo(&admin, sub, good.clone()).await;
        assert_eq!(error(status, &body), want, "{sub}");
    }
    assert_eq!(photo_files(&world), stored);

    // Tagging: by number, by ids, at a point or not; in order.
    let add = "/service/admin/new-collection/add-colorway";
    let photo_text = photo_id.to_string();
    let rose_vr2 = format!("{}/VR-2", rose.number);
    let (status, tagged) = api
        .form(
            add,
            Some(&admin),
            &[
                ("imageId", &photo_text),
                ("val", &rose_vr2),
                ("x", "0.25"),
                ("y", "0.75"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{tagged}");
    assert_eq!(tagged["id"], photo_id);
    let first = &tagged["colorways"][0];
    assert_eq!(
        (
            &first["designGuid"],
            &first["colorwayGuid"],
            &first["designName"],
            &first["colorwayName"],
            &first["x"],
            &first["y"]
        ),
        (
            &json!(rose.guid.to_string()),
            &json!(rose.colorways[1].to_string()),
            &json!(rose.number),
            &json!("VR-2"),
            &json!(0.25),
            &json!(0.75)
        )
    );
    assert!(
        first["thumbnail"]
            .as_str()
            .unwrap()
            .contains(&rose.colorways[1].to_string())
    );
    let (status, tagged) = api
        .form(
            add,
            Some(&admin),
            &[
                ("imageId", &photo_text),
                ("designGuid", &lily.guid.to_string()),
                ("colorwayGuid", &lily.colorways[0].to_string()),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{tagged}");
    assert_eq!(
        (&tagged["colorways"][1]["x"], &tagged["colorways"][1]["y"]),
        (&Value::Null, &Value::Null)
    );
    let (status, tagged) = api
        .form(
            "/service/admin/imagecollection/add-colorway",
            Some(&admin),
            &[
                ("imageId", &photo_text),
                ("val", &format!(" {} / VR-1 ", rose.number)),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{tagged}");
    let names = |image: &Value| -> Vec<String> {
        image["colorways"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                format!(
                    "{}/{}",
                    t["designName"].as_str().unwrap(),
                    t["colorwayName"].as_str().unwrap()
                )
            })
            .collect()
    };
    let rose_vr1 = format!("{}/VR-1", rose.number);
    let lily_vr1 = format!("{}/VR-1", lily.number);
    assert_eq!(names(&tagged), [&*rose_vr2, &*lily_vr1, &*rose_vr1]);

    // Every refusal of a tag, and none of them changes the photo.
    let rose_guid = rose.guid.to_string();
    let rose_vr2_guid = rose.colorways[1].to_string();
    let lily_colorway = lily.colorways[0].to_string();
    let unknown_number = format!("{}/VR-9", rose.number);
    let refusals: Vec<(Fields, Refusal)> = vec![
        (
            vec![("imageId", &photo_text), ("val", &rose_vr2)],
            (StatusCode::CONFLICT, "colorway_already_tagged", None),
        ),
        (
            vec![
                ("imageId", &photo_text),
                ("designGuid", &rose_guid),
                ("colorwayGuid", &rose_vr2_guid),
            ],
            (StatusCode::CONFLICT, "colorway_already_tagged", None),
        ),
        (
            vec![("imageId", &photo_text), ("val", &unknown_number)],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            vec![("imageId", &photo_text), ("val", "09-9999/VR-1")],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            vec![("imageId", &photo_text), ("val", "rose")],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            vec![("imageId", &photo_text), ("val", "/VR-1")],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            // A colorway of another design.
            vec![
                ("imageId", &photo_text),
                ("designGuid", &rose_guid),
                ("colorwayGuid", &lily_colorway),
            ],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            vec![
                ("imageId", &photo_text),
                ("val", &lily_vr1),
                ("x", "1.5"),
                ("y", "0.5"),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("x")),
        ),
        (
            vec![
                ("imageId", &photo_text),
                ("val", &lily_vr1),
                ("x", "0.5"),
                ("y", "-0.01"),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("y")),
        ),
        (
            vec![
                ("imageId", &photo_text),
                ("val", &lily_vr1),
                ("x", "left"),
                ("y", "0.5"),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("x")),
        ),
        (
            vec![
                ("imageId", &photo_text),
                ("val", &lily_vr1),
                ("x", "NaN"),
                ("y", "0.5"),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("x")),
        ),
        (
            vec![("imageId", &photo_text), ("val", &lily_vr1), ("x", "0.5")],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("y"),
            ),
        ),
        (
            vec![("imageId", &photo_text), ("designGuid", &rose_guid)],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("val"),
            ),
        ),
        (
            vec![("val", &lily_vr1)],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("imageId"),
            ),
        ),
        (
            vec![("imageId", "999"), ("val", &lily_vr1)],
            (StatusCode::NOT_FOUND, "mood_image_not_found", None),
        ),
    ];
    for (fields, want) in &refusals {
        let (status, body) = api.form(add, Some(&admin), fields).await;
        assert_eq!(error(status, &body), *want, "{fields:?}: {body}");
    }
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{beach}"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        names(&detail["images"][0]),
        [&*rose_vr2, &*lily_vr1, &*rose_vr1]
    );
    assert_eq!(detail["images"][1]["colorways"], json!([]));

    // Untagged under both spellings; a new tag goes last.
    let delete = "/service/admin/new-collection/delete-colorway";
    let (status, untagged) = api
        .form(
            delete,
            Some(&admin),
            &[("imageId", &photo_text), ("colorwayGuid", &lily_colorway)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{untagged}");
    assert_eq!(names(&untagged), [&*rose_vr2, &*rose_vr1]);
    for (fields, want) in [
        (
            vec![
                ("imageId", photo_text.as_str()),
                ("colorwayGuid", &lily_colorway),
            ],
            (StatusCode::NOT_FOUND, "colorway_not_found", None),
        ),
        (
            vec![("imageId", "999"), ("colorwayGuid", &lily_colorway)],
            (StatusCode::NOT_FOUND, "mood_image_not_found", None),
        ),
        (
            vec![("imageId", photo_text.as_str())],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("colorwayGuid"),
            ),
        ),
    ] {
        let (status, body) = api.form(delete, Some(&admin), &fields).await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }
    let (status, untagged) = api
        .form(
            "/service/admin/imagecollection/delete-colorway",
            Some(&admin),
            &[
                ("imageId", &photo_text),
                ("colorwayGuid", &rose.colorways[0].to_string()),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{untagged}");
    assert_eq!(names(&untagged), [&*rose_vr2]);
    let (status, tagged) = api
        .form(
            add,
            Some(&admin),
            &[("imageId", &photo_text), ("val", &lily_vr1)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{tagged}");
    assert_eq!(names(&tagged), [&*rose_vr2, &*lily_vr1]);

    // The tagging autocomplete: number prefix, then colorway prefix; at most 20.
    let options = |value: &Value| -> Vec<String> {
        value
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                format!(
                    "{}/{}",
                    o["designName"].as_str().unwrap(),
                    o["colorwayName"].as_str().unwrap()
                )
            })
            .collect()
    };
    for (query, want) in [
        (format!("{}/VR", rose.number), 3),
        // Typed in lower case, on either backend.
        (format!("{}/vr-", rose.number), 3),
        ("01-50".to_owned(), 4),
        (format!("{}/VR-2", rose.number), 1),
        ("01-5002".to_owned(), 1),
        ("02".to_owned(), 0),
        (format!("{}/VR-9", lily.number), 0),
        (String::new(), 0),
        ("%".to_owned(), 0),
    ] {
        let (status, body) = api
            .get(
                &format!(
                    "/service/admin/new-collection/colorways?query={}",
                    url_escape(&query)
                ),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(options(&body).len(), want, "{query}: {body}");
    }
    let (_, body) = api
        .get(
            "/service/admin/new-collection/colorways?query=01-50",
            Some(&admin),
        )
        .await;
    assert_eq!(
        options(&body),
        [
            rose_vr1.clone(),
            rose_vr2.clone(),
            format!("{}/VR-3", rose.number),
            lily_vr1.clone()
        ]
    );
    assert_eq!(body[3]["colorwayGuid"], lily_colorway.as_str());

    // The tagged designs are the sub-collection's and the collection's in the search; the tree
    // counts the photos.
    let (status, found, _) = api.collection_search(&admin, beach).await;
    assert_eq!((status, found), (StatusCode::OK, set(&[&rose, &lily])));
    let (_, found, _) = api.collection_search(&admin, summer).await;
    assert_eq!(found, set(&[&rose, &lily]));
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    let beach_node = &tree[0]["subCollections"][0];
    assert_eq!(
        (&beach_node["id"], &beach_node["itemCount"]),
        (&json!(beach), &json!(2))
    );
    assert_eq!(tree[0]["itemCount"], 2, "two designs");

    // A photo deleted under both spellings: its files go.
    let delete_content = "/service/admin/new-collection/delete-content";
    let (status, body) = api
        .form(
            "/service/admin/imagecollection/delete-content",
            Some(&admin),
            &[("imageId", &png_id.to_string())],
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "deleted": true })));
    assert_eq!(photo_files(&world).len(), stored.len() - 2);
    for (fields, want) in [
        (
            vec![("imageId", png_id.to_string())],
            (StatusCode::NOT_FOUND, "mood_image_not_found", None),
        ),
        (
            vec![],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("imageId"),
            ),
        ),
        (
            vec![("imageId", "one".to_owned())],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("imageId")),
        ),
    ] {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = api.form(delete_content, Some(&admin), &fields).await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }
    let (status, _) = api
        .get(
            &format!("/service/collections/image/{png_id}/thumb"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = api
        .form(delete_content, Some(&admin), &[("imageId", &photo_text)])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(photo_files(&world).len(), 2, "only the cover is left");
    let (_, found, _) = api.collection_search(&admin, summer).await;
    assert!(
        found.is_empty(),
        "the photo's designs left with it: {found:?}"
    );
    for size in ["thumb", "large", "huge"] {
        let (status, body) = api
            .get(
                &format!("/service/collections/image/{photo_id}/{size}"),
                Some(&admin),
            )
            .await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "mood_image_not_found", None),
            "{size}"
        );
    }

    // The audit log of the mood board, newest first.
    let log: Vec<String> = api
        .audit(&admin, &[("subjectGuid", &beach_text)])
        .await
        .into_iter()
        .map(|(action, details)| format!("{action}: {details}"))
        .collect();
    assert_eq!(
        log,
        [
            "collection_content_changed: image deleted".to_owned(),
            "collection_content_changed: image deleted".to_owned(),
            format!("collection_content_changed: tagged {lily_vr1}"),
            "collection_content_changed: untagged".to_owned(),
            "collection_content_changed: untagged".to_owned(),
            format!("collection_content_changed: tagged {rose_vr1}"),
            format!("collection_content_changed: tagged {lily_vr1}"),
            format!("collection_content_changed: tagged {rose_vr2}"),
            "collection_content_changed: image added".to_owned(),
            "collection_content_changed: image added".to_owned(),
            "collection_saved: kind mood".to_owned(),
            "collection_saved: created".to_owned(),
        ]
    );
}

fn url_escape(text: &str) -> String {
    serde_urlencoded::to_string([("q", text)]).unwrap()[2..].to_owned()
}

#[actix_web::test]
async fn design_pages_keep_their_groups_in_order() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let a = world.design("01-5001", 2);
    let b = world.design("01-5002", 1);
    let c = world.design("01-5003", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let summer = api.new_collection(&admin, "Summer", None).await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let beach = api.new_sub(&admin, summer, "Beach", "mood").await;
    let later = api.new_collection(&admin, "Later", Some(summer)).await;
    let (a_id, b_id, c_id) = (a.guid.to_string(), b.guid.to_string(), c.guid.to_string());

    // Every refusal; none changes the page.
    let modify = "/service/admin/new-collection/modify-group";
    let prints_text = prints.to_string();
    let one_group = json!([{ "name": "Florals", "designGuids": [a_id] }]).to_string();
    let refusals: Vec<(Vec<(&str, String)>, Refusal)> = vec![
        (
            vec![("collectionId", prints_text.clone())],
            (StatusCode::BAD_REQUEST, "collection_group_required", None),
        ),
        (
            vec![("collectionId", prints_text.clone()), ("groupData", "[]".into())],
            (StatusCode::BAD_REQUEST, "collection_group_required", None),
        ),
        (
            vec![("collectionId", prints_text.clone()), ("groupData", "  ".into())],
            (StatusCode::BAD_REQUEST, "collection_group_required", None),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                (
                    "groupData",
                    json!([{ "name": "Florals", "designGuids": [a_id] }, { "name": " ", "designGuids": [b_id] }]).to_string(),
                ),
            ],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("name"),
            ),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                ("groupData", json!([{ "designGuids": [a_id] }]).to_string()),
            ],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("name"),
            ),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                (
                    "groupData",
                    json!([{ "name": "x".repeat(101), "designGuids": [a_id] }]).to_string(),
                ),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("name")),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                ("groupData", "[{\"name\": \"Florals\",".into()),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("groupData")),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                ("groupData", json!({ "name": "Florals" }).to_string()),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("groupData")),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                (
                    "groupData",
                    json!([{ "name": "Florals", "designGuids": "not a list" }]).to_string(),
                ),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("groupData")),
        ),
        (
            vec![
                ("collectionId", prints_text.clone()),
                (
                    "groupData",
                    json!([{ "name": "Florals", "designGuids": [a_id, "00000000-0000-0000-0000-000000000000"] }])
                        .to_string(),
                ),
            ],
            (StatusCode::NOT_FOUND, "design_not_found", None),
        ),
        (
            // A smart group's designs are its search's: none may be chosen besides.
            vec![
                ("collectionId", prints_text.clone()),
                (
                    "groupData",
                    json!([{ "name": "New", "designGuids": [a_id], "criteria": { "designNumber": "01-" } }])
                        .to_string(),
                ),
            ],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("groupData")),
        ),
        (
            vec![("collectionId", beach.to_string()), ("groupData", one_group.clone())],
            (StatusCode::CONFLICT, "collection_kind_mismatch", None),
        ),
        (
            vec![("collectionId", later.to_string()), ("groupData", one_group.clone())],
            (StatusCode::CONFLICT, "collection_kind_mismatch", None),
        ),
        (
            vec![("collectionId", summer.to_string()), ("groupData", one_group.clone())],
            (StatusCode::CONFLICT, "collection_kind_mismatch", None),
        ),
        (
            vec![("collectionId", "999".into()), ("groupData", one_group.clone())],
            (StatusCode::NOT_FOUND, "collection_not_found", None),
        ),
        (
            vec![("groupData", one_group.clone())],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("collectionId"),
            ),
        ),
        (
            vec![("collectionId", "prints".into()), ("groupData", one_group.clone())],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("collectionId")),
        ),
    ];
    for (fields, want) in &refusals {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = api.form(modify, Some(&admin), &fields).await;
        assert_eq!(error(status, &body), *want, "{fields:?}: {body}");
    }
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{prints}"),
            Some(&admin),
        )
        .await;
    assert_eq!(detail["groups"], json!([]));
    let (_, found, _) = api.collection_search(&admin, prints).await;
    assert!(found.is_empty());

    // Saved: the groups in order, each design once in a group (a repeat dropped), a design in two
    // groups.
    let (status, groups) = api
        .groups(
            &admin,
            prints,
            &json!([
                { "name": " Florals ", "designGuids": [c_id, a_id, c_id, b_id] },
                { "name": "Stripes", "designGuids": [b_id] },
                { "name": "Empty for now" },
            ]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{groups}");
    let shape = |groups: &Value, key: &str| -> Vec<(String, Vec<String>)> {
        groups
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["name"].as_str().unwrap().to_owned(), guids(&g[key])))
            .collect()
    };
    let want = vec![
        (
            "Florals".to_owned(),
            vec![c_id.clone(), a_id.clone(), b_id.clone()],
        ),
        ("Stripes".to_owned(), vec![b_id.clone()]),
        ("Empty for now".to_owned(), vec![]),
    ];
    assert_eq!(shape(&groups, "designs"), want);
    assert_eq!(
        groups[0]["designs"][1]["colorwayGuid"],
        a.colorways[0].to_string()
    );
    assert_eq!(groups[0]["designs"][1]["designName"], a.number.as_str());
    let (_, detail) = api
        .get(
            &format!("/service/admin/new-collection/{prints}"),
            Some(&admin),
        )
        .await;
    assert_eq!(shape(&detail["groups"], "designs"), want);
    assert_eq!(detail["itemCount"], 3);

    // The design page: the archive's cards in the groups' order.
    let (status, page) = api
        .form(
            &format!("/service/basic-colleciton/get/{prints}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        (&page["id"], &page["name"], &page["collection"]),
        (
            &json!(prints),
            &json!("Prints"),
            &json!({ "id": summer, "name": "Summer" })
        )
    );
    assert_eq!(shape(&page["groups"], "results"), want);
    assert_eq!(
        page["groups"][0]["results"][0]["designName"],
        c.number.as_str()
    );
    for id in [
        beach.to_string(),
        later.to_string(),
        summer.to_string(),
        "999".into(),
        "abc".into(),
    ] {
        let (status, body) = api
            .form(
                &format!("/service/basic-colleciton/get/{id}"),
                Some(&admin),
                &[],
            )
            .await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "collection_not_found", None),
            "{id}"
        );
    }
    let (_, found, _) = api.collection_search(&admin, prints).await;
    assert_eq!(found, set(&[&a, &b, &c]));

    // Replaced under the other spelling: the search and the counts follow.
    let (status, groups) = api
        .form(
            "/service/admin/imagecollection/modify-group",
            Some(&admin),
            &[
                ("collectionId", &prints_text),
                (
                    "groupData",
                    &json!([{ "name": "Only", "designGuids": [a_id] }]).to_string(),
                ),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{groups}");
    assert_eq!(
        shape(&groups, "designs"),
        [("Only".to_owned(), vec![a_id.clone()])]
    );
    for id in [prints, summer] {
        let (_, found, _) = api.collection_search(&admin, id).await;
        assert_eq!(found, set(&[&a]), "{id}");
        let (_, found, _) = api
            .archive_search(&admin, &[("collectionId", &id.to_string())])
            .await;
        assert_eq!(found, set(&[&a]), "archive search {id}");
    }
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(tree[0]["itemCount"], 1);
    let prints_node = tree[0]["subCollections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == prints)
        .unwrap()
        .clone();
    assert_eq!(prints_node["itemCount"], 1);
    assert!(
        prints_node["coverUri"]
            .as_str()
            .unwrap()
            .contains(&a.colorways[0].to_string()),
        "the first design is the page's cover: {prints_node}"
    );
    // The archive search's other filters apply inside a collection.
    let (_, found, _) = api
        .found(
            &format!("/service/search/collection/{summer}"),
            &admin,
            &[("number", &b.number)],
        )
        .await;
    assert!(found.is_empty());
    let (status, body) = api
        .form("/service/search/collection/abc", Some(&admin), &[])
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None)
    );
    let (status, body) = api
        .form(
            &format!("/service/search/collection/{summer}/0/500"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::BAD_REQUEST, "invalid_search", Some("pageSize"))
    );
    let (status, _, body) = api.archive_search(&admin, &[("collectionId", "999")]).await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None)
    );
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &prints_text)]).await[..2],
        [
            (
                "collection_content_changed".to_owned(),
                "1 groups".to_owned()
            ),
            (
                "collection_content_changed".to_owned(),
                "3 groups".to_owned()
            ),
        ]
    );
}

/// A large group shows its first 48 cards with its count, and the rest a page at a time.
#[actix_web::test]
async fn a_large_group_comes_a_page_at_a_time() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let designs: Vec<TestDesign> = (0..60)
        .map(|i| world.design(&format!("02-{i:04}"), 1))
        .collect();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let summer = api.new_collection(&admin, "Summer", None).await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let other = api.new_sub(&admin, summer, "Other", "design").await;
    // In reverse number order, so the group's order is not the archive's.
    let order: Vec<String> = designs.iter().rev().map(|d| d.guid.to_string()).collect();
    let (status, body) = api
        .groups(
            &admin,
            prints,
            &json!([{ "name": "Many", "designGuids": order }, { "name": "Few", "designGuids": [order[0]] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let group = body[0]["id"].as_i64().unwrap();
    let (status, page) = api
        .form(
            &format!("/service/basic-colleciton/get/{prints}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["groups"][0]["designCount"], 60);
    assert_eq!(guids(&page["groups"][0]["results"]), order[..48]);
    assert_eq!(page["groups"][1]["designCount"], 1);

    // The rest, a page at a time, in the group's order.
    let mut all = Vec::new();
    for n in 0..3 {
        let (status, answer) = api
            .form(
                &format!("/service/basic-colleciton/get/{prints}/{group}/{n}/25"),
                Some(&admin),
                &[],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(
            (&answer["totalCount"], &answer["totalPage"]),
            (&json!(60), &json!(3))
        );
        all.extend(guids(&answer["results"]));
    }
    assert_eq!(all, order);
    // A group of another page, or none, is not found; a page too large is refused.
    for path in [
        format!("{other}/{group}/0/25"),
        format!("{prints}/999/0/25"),
        format!("{prints}/x/0/25"),
    ] {
        let (status, body) = api
            .form(
                &format!("/service/basic-colleciton/get/{path}"),
                Some(&admin),
                &[],
            )
            .await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "collection_not_found", None),
            "{path}"
        );
    }
    let (status, body) = api
        .form(
            &format!("/service/basic-colleciton/get/{prints}/{group}/0/101"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::BAD_REQUEST, "invalid_search", Some("pageSize"))
    );
}

#[actix_web::test]
async fn pools_confinement_and_activity_decide_what_each_viewer_sees() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (_, pooled_user) = customer_with_user(&world, "A Tekstil", "pooled@example.com");
    customer_with_user(&world, "B Tekstil", "other@example.com");
    let (customer_c, _) = customer_with_user(&world, "C Tekstil", "c@example.com");
    let a = world.design("01-5001", 2);
    let b = world.design("01-5002", 2);
    let c = world.design("01-5003", 1);
    let d = world.design("01-5004", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    api.confine(&admin, &c, &customer_c).await;
    api.pool(&admin, &pooled_user, &[&a]).await;

    let summer = api.new_collection(&admin, "Summer", None).await;
    let beach = api.new_sub(&admin, summer, "Beach", "mood").await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let later = api.new_collection(&admin, "Later", Some(summer)).await;
    let hidden = api.new_sub(&admin, summer, "Hidden", "mood").await;
    let winter = api.new_collection(&admin, "Winter", None).await;
    let wool = api.new_sub(&admin, winter, "Wool", "design").await;
    // Photos: a; b; c; b and c; none.
    let mut photos = Vec::new();
    for tags in [
        vec![(&a, 0)],
        vec![(&b, 0)],
        vec![(&c, 0)],
        vec![(&b, 1), (&c, 0)],
        vec![],
    ] {
        let image = api.photo(&admin, beach).await;
        for (design, k) in tags {
            api.tag(&admin, image, design, k).await;
        }
        photos.push(image);
    }
    let hidden_photo = api.photo(&admin, hidden).await;
    api.tag(&admin, hidden_photo, &a, 0).await;
    let (a_id, b_id, c_id, d_id) = (
        a.guid.to_string(),
        b.guid.to_string(),
        c.guid.to_string(),
        d.guid.to_string(),
    );
    let (status, body) = api
        .groups(
            &admin,
            prints,
            &json!([{ "name": "First", "designGuids": [c_id, b_id, a_id] }, { "name": "Second", "designGuids": [a_id, d_id] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = api
        .groups(
            &admin,
            wool,
            &json!([{ "name": "Wool", "designGuids": [a_id] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for (id, active) in [(hidden, "false"), (winter, "false")] {
        let (status, body) = api.edit(&admin, id, &[("isActive", active)]).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    let (na, nb, nc, nd) = (
        a.number.as_str(),
        b.number.as_str(),
        c.number.as_str(),
        d.number.as_str(),
    );
    let pooled = api.token("pooled@example.com", PASSWORD).await;
    let other = api.token("other@example.com", PASSWORD).await;
    let own = api.token("c@example.com", PASSWORD).await;
    struct Sees<'a> {
        who: &'a str,
        token: &'a str,
        designs: Vec<&'a TestDesign>,
        /// indexes into `photos` shown, with their tags' design numbers
        photos: Vec<(usize, Vec<&'a str>)>,
        groups: [Vec<&'a str>; 2],
    }
    let cases = [
        Sees {
            who: "pooled user",
            token: &pooled,
            designs: vec![&a],
            photos: vec![(0, vec![na]), (4, vec![])],
            groups: [vec![na], vec![na]],
        },
        Sees {
            who: "another company's user",
            token: &other,
            designs: vec![&a, &b, &d],
            photos: vec![(0, vec![na]), (1, vec![nb]), (3, vec![nb]), (4, vec![])],
            groups: [vec![nb, na], vec![na, nd]],
        },
        Sees {
            who: "the confined design's company",
            token: &own,
            designs: vec![&a, &b, &c, &d],
            photos: vec![
                (0, vec![na]),
                (1, vec![nb]),
                (2, vec![nc]),
                (3, vec![nb, nc]),
                (4, vec![]),
            ],
            groups: [vec![nc, nb, na], vec![na, nd]],
        },
        Sees {
            who: "admin",
            token: &admin,
            designs: vec![&a, &b, &c, &d],
            photos: vec![
                (0, vec![na]),
                (1, vec![nb]),
                (2, vec![nc]),
                (3, vec![nb, nc]),
                (4, vec![]),
            ],
            groups: [vec![nc, nb, na], vec![na, nd]],
        },
    ];
    for case in &cases {
        let who = case.who;
        let staff = who == "admin";
        let token = case.token;
        let designs = set(&case.designs);

        // The boards: what is shown, and the counts in the viewer's scope.
        let (status, boards) = api.form("/service/collections/all", Some(token), &[]).await;
        assert_eq!(status, StatusCode::OK, "{who}: {boards}");
        let shown: Vec<(i64, Vec<i64>)> = boards
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["id"].as_i64().unwrap(),
                    c["subCollections"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s["id"].as_i64().unwrap())
                        .collect(),
                )
            })
            .collect();
        let ids = |ids: &[i32]| ids.iter().map(|i| i64::from(*i)).collect::<Vec<_>>();
        if staff {
            assert_eq!(
                shown,
                [
                    (i64::from(summer), ids(&[beach, prints, later, hidden])),
                    (i64::from(winter), ids(&[wool]))
                ]
            );
        } else {
            assert_eq!(shown, [(i64::from(summer), ids(&[beach, prints]))], "{who}");
        }
        let summer_node = &boards[0];
        let sub = |id: i32| {
            summer_node["subCollections"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["id"] == id)
                .unwrap()
                .clone()
        };
        assert_eq!(summer_node["itemCount"], designs.len(), "{who}");
        assert_eq!(sub(beach)["itemCount"], case.photos.len(), "{who}");
        let page_designs: BTreeSet<&str> = case.groups.iter().flatten().copied().collect();
        assert_eq!(sub(prints)["itemCount"], page_designs.len(), "{who}");
        // Covers show nothing hidden: the page's is its first visible design, the mood board's
        // its first visible photo.
        let first = case
            .designs
            .iter()
            .find(|d| d.number == case.groups[0][0])
            .unwrap();
        let cover = sub(prints)["coverUri"].as_str().unwrap().to_owned();
        assert!(
            cover.contains(&format!("/{}/{}?", first.guid, first.colorways[0])),
            "{who}: {cover}"
        );
        let cover = sub(beach)["coverUri"].as_str().unwrap().to_owned();
        assert!(
            cover.starts_with(&format!(
                "/service/collections/image/{}/thumb?v=",
                photos[case.photos[0].0]
            )),
            "{who}: {cover}"
        );
        let (status, board) = api
            .form(
                "/service/collections/get",
                Some(token),
                &[("id", &summer.to_string())],
            )
            .await;
        assert_eq!((status, &board), (StatusCode::OK, summer_node), "{who}");

        // The mood board: a photo whose every tag is hidden is left out, and so is its image.
        let (status, mood) = api
            .get(
                &format!("/service/collections/get-mood-boards/{beach}"),
                Some(token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{who}: {mood}");
        assert_eq!(
            mood["collection"],
            json!({ "id": summer, "name": "Summer" })
        );
        let seen: Vec<(i64, Vec<String>)> = mood["images"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["id"].as_i64().unwrap(),
                    i["colorways"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| t["designName"].as_str().unwrap().to_owned())
                        .collect(),
                )
            })
            .collect();
        let want: Vec<(i64, Vec<String>)> = case
            .photos
            .iter()
            .map(|(k, tags)| {
                (
                    i64::from(photos[*k]),
                    tags.iter().map(|t| (*t).to_owned()).collect(),
                )
            })
            .collect();
        assert_eq!(seen, want, "{who}");
        for (k, photo) in photos.iter().enumerate() {
            let visible = case.photos.iter().any(|(shown, _)| *shown == k);
            for size in ["thumb", "large"] {
                let (status, headers, bytes) = api
                    .bytes(
                        &format!("/service/collections/image/{photo}/{size}"),
                        Some(token),
                    )
                    .await;
                if visible {
                    assert_eq!(status, StatusCode::OK, "{who} photo {k}");
                    assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
                } else {
                    assert_eq!(
                        (status, code(&json(&bytes))),
                        (StatusCode::NOT_FOUND, "mood_image_not_found"),
                        "{who} photo {k}"
                    );
                }
            }
        }
        let (status, _, _) = api
            .bytes(
                &format!("/service/collections/image/{hidden_photo}/thumb"),
                Some(token),
            )
            .await;
        assert_eq!(
            status,
            if staff {
                StatusCode::OK
            } else {
                StatusCode::NOT_FOUND
            },
            "{who}: a photo of an inactive mood board"
        );

        // The design page: the visible designs of each group, in order.
        let (status, page) = api
            .form(
                &format!("/service/basic-colleciton/get/{prints}"),
                Some(token),
                &[],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{who}: {page}");
        let numbers: Vec<Vec<String>> = page["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                g["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r["designName"].as_str().unwrap().to_owned())
                    .collect()
            })
            .collect();
        let want: Vec<Vec<String>> = case
            .groups
            .iter()
            .map(|g| g.iter().map(|n| (*n).to_owned()).collect())
            .collect();
        assert_eq!(numbers, want, "{who}");

        // The searches of a collection: the same designs.
        let (status, found, _) = api.collection_search(token, summer).await;
        assert_eq!((status, &found), (StatusCode::OK, &designs), "{who}");
        let (_, found, _) = api
            .archive_search(token, &[("collectionId", &summer.to_string())])
            .await;
        assert_eq!(found, designs, "{who}: archive search");
        let page_set: BTreeSet<String> = case
            .designs
            .iter()
            .filter(|d| page_designs.contains(d.number.as_str()))
            .map(|d| d.guid.to_string())
            .collect();
        let (_, found, _) = api.collection_search(token, prints).await;
        assert_eq!(found, page_set, "{who}: the design page's search");

        // What customers do not see at all: inactive collections, unset or inactive
        // sub-collections.
        let hidden_answers = [
            api.form(
                "/service/collections/get",
                Some(token),
                &[("id", &winter.to_string())],
            )
            .await,
            api.form(
                "/service/collections/get",
                Some(token),
                &[("id", &beach.to_string())],
            )
            .await,
            api.get(
                &format!("/service/collections/get-mood-boards/{later}"),
                Some(token),
            )
            .await,
            api.get(
                &format!("/service/collections/get-mood-boards/{hidden}"),
                Some(token),
            )
            .await,
            api.form(
                &format!("/service/basic-colleciton/get/{wool}"),
                Some(token),
                &[],
            )
            .await,
            api.form(
                &format!("/service/search/collection/{winter}"),
                Some(token),
                &[],
            )
            .await,
            api.form(
                &format!("/service/search/collection/{wool}"),
                Some(token),
                &[],
            )
            .await,
            api.form(
                &format!("/service/search/collection/{hidden}"),
                Some(token),
                &[],
            )
            .await,
            api.form(
                &format!("/service/search/collection/{later}"),
                Some(token),
                &[],
            )
            .await,
            api.form(
                "/service/search/design/basic/0/25",
                Some(token),
                &[("collectionId", &winter.to_string())],
            )
            .await,
            api.get(&format!("/service/collections/cover/{winter}"), Some(token))
                .await,
        ];
        for (k, (status, body)) in hidden_answers.into_iter().enumerate() {
            if staff {
                // Staff open them all (a collection id is no board, nor a mood board a page).
                assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{k}: {body}");
                continue;
            }
            assert_eq!(
                (status, code(&body)),
                (StatusCode::NOT_FOUND, "collection_not_found"),
                "{who}: hidden answer {k}"
            );
        }
        let (status, _, _) = api
            .bytes(&format!("/service/collections/cover/{summer}"), Some(token))
            .await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{who}: the cover of an active collection"
        );
    }
    // Staff open an inactive collection's design page and search it.
    let (status, page) = api
        .form(
            &format!("/service/basic-colleciton/get/{wool}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        (status, &page["groups"][0]["name"]),
        (StatusCode::OK, &json!("Wool"))
    );
    let (_, found, _) = api.collection_search(&admin, winter).await;
    assert_eq!(found, set(&[&a]));

    // Deactivating a sub-collection takes its designs out of the collection's search at once;
    // activating it brings them back.
    let (status, body) = api.edit(&admin, prints, &[("isActive", "false")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, found, _) = api.collection_search(&admin, summer).await;
    assert_eq!(found, set(&[&a, &b, &c]), "d was on the design page only");
    let (_, found, _) = api.collection_search(&admin, prints).await;
    assert_eq!(
        found,
        set(&[&a, &b, &c, &d]),
        "staff still search the page itself"
    );
    let (_, found, _) = api.collection_search(&other, summer).await;
    assert_eq!(found, set(&[&a, &b]));
    let (status, body) = api
        .form(
            &format!("/service/basic-colleciton/get/{prints}"),
            Some(&other),
            &[],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "collection_not_found")
    );
    let (status, body) = api.edit(&admin, prints, &[("isActive", "true")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, found, _) = api.collection_search(&other, summer).await;
    assert_eq!(found, set(&[&a, &b, &d]));
    // Taking the pool away shows the pooled user the open archive's designs at once.
    let (status, _) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[("bagId", ""), ("userGuid", &pooled_user)],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, found, _) = api.collection_search(&pooled, summer).await;
    assert_eq!(found, set(&[&a, &b, &d]));
}

#[actix_web::test]
async fn special_lists_are_data_and_filter_the_archive_search() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (customer, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    let a = world.design("01-5001", 1);
    let b = world.design("01-5002", 1);
    let c = world.design("01-5003", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let user = api.token("ayse@example.com", PASSWORD).await;
    catalog::service::set_pins(&mut world.conn(), &[a.guid]).unwrap();
    catalog::service::add_order(
        &mut world.conn(),
        &b.guid,
        Some(&customer.parse::<desen_core::CustomerGuid>().unwrap()),
        100.0,
        "sample",
        desen_core::time::now(),
    )
    .unwrap();
    let lists = "/service/admin/special-lists";

    let (status, all) = api.get(lists, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let rules: Vec<(i64, &str, &str, i64)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_i64().unwrap(),
                l["rule"].as_str().unwrap(),
                l["names"]["en"].as_str().unwrap(),
                l["designCount"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            (1, "pinned", "Pinned designs", 0),
            (2, "ordered", "Ordered designs", 0),
            (3, "never_ordered", "Never ordered designs", 0)
        ]
    );
    // The seeded lists filter by their rules.
    for (list, want) in [("1", set(&[&a])), ("2", set(&[&b])), ("3", set(&[&a, &c]))] {
        let (status, found, _) = api.archive_search(&user, &[("specialListId", list)]).await;
        assert_eq!((status, found), (StatusCode::OK, want), "list {list}");
    }

    // Names: each language required, at most 100 characters.
    let names = |tr: &str, en: &str, ru: &str| json!({ "tr": tr, "en": en, "ru": ru });
    for (body, want) in [
        (
            json!({ "names": names(" ", "Spring", "Весна") }),
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("names.tr"),
            ),
        ),
        (
            json!({ "names": names("Bahar", "", "Весна") }),
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("names.en"),
            ),
        ),
        (
            json!({ "names": names("Bahar", "Spring", "") }),
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("names.ru"),
            ),
        ),
        (
            json!({ "names": names("Bahar", &"x".repeat(101), "Весна") }),
            (StatusCode::BAD_REQUEST, "invalid_form", Some("names.en")),
        ),
        (
            json!({ "names": { "tr": "Bahar", "en": "Spring" } }),
            (StatusCode::BAD_REQUEST, "invalid_form", None),
        ),
        (json!({}), (StatusCode::BAD_REQUEST, "invalid_form", None)),
    ] {
        let (status, answer) = api.send_json(Method::PUT, lists, &admin, &body).await;
        assert_eq!(error(status, &answer), want, "{body}");
    }
    let (_, unchanged) = api.get(lists, Some(&admin)).await;
    assert_eq!(unchanged, all);

    // Created, renamed, filled.
    let (status, spring) = api
        .send_json(
            Method::PUT,
            lists,
            &admin,
            &json!({ "names": names(" Bahar ", "Spring", "Весна") }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{spring}");
    assert_eq!(
        (&spring["rule"], &spring["names"], &spring["designCount"]),
        (
            &json!("designs"),
            &names("Bahar", "Spring", "Весна"),
            &json!(0)
        )
    );
    let spring_id = spring["id"].as_i64().unwrap();
    assert_eq!(spring_id, 4);
    let (status, renamed) = api
        .send_json(
            Method::PATCH,
            lists,
            &admin,
            &json!({ "id": spring_id, "names": names("Bahar 27", "Spring 27", "Весна 27") }),
        )
        .await;
    assert_eq!(
        (status, &renamed["names"]["en"]),
        (StatusCode::OK, &json!("Spring 27"))
    );
    let (status, body) = api
        .send_json(
            Method::PATCH,
            lists,
            &admin,
            &json!({ "id": 99, "names": names("A", "B", "C") }),
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "special_list_not_found", None)
    );
    // A rename names its list: without `id` it is refused, not a new list.
    let (status, body) = api
        .send_json(
            Method::PATCH,
            lists,
            &admin,
            &json!({ "names": names("A", "B", "C") }),
        )
        .await;
    assert_eq!(
        error(status, &body),
        (
            StatusCode::BAD_REQUEST,
            "collection_form_incomplete",
            Some("id")
        )
    );
    let (_, after_rename) = api.get(lists, Some(&admin)).await;
    assert_eq!(after_rename.as_array().unwrap().len(), 4);
    let designs = format!("{lists}/{spring_id}/designs");
    let (status, filled) = api
        .send_json(
            Method::PUT,
            &designs,
            &admin,
            &json!({ "designGuids": [c.guid.to_string(), b.guid.to_string(), c.guid.to_string()] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{filled}");
    assert_eq!(filled["designCount"], 2);
    assert_eq!(
        guids(&filled["designs"]),
        [c.guid.to_string(), b.guid.to_string()]
    );
    assert_eq!(filled["designs"][0]["designName"], c.number.as_str());
    for (path, body, want) in [
        (
            format!("{lists}/1/designs"),
            json!({ "designGuids": [a.guid.to_string()] }),
            (StatusCode::CONFLICT, "special_list_rule", None),
        ),
        (
            format!("{lists}/3/designs"),
            json!({ "designGuids": [] }),
            (StatusCode::CONFLICT, "special_list_rule", None),
        ),
        (
            designs.clone(),
            json!({ "designGuids": [a.guid.to_string(), "00000000-0000-0000-0000-000000000000"] }),
            (StatusCode::NOT_FOUND, "design_not_found", None),
        ),
        (
            format!("{lists}/99/designs"),
            json!({ "designGuids": [] }),
            (StatusCode::NOT_FOUND, "special_list_not_found", None),
        ),
        (
            format!("{lists}/x/designs"),
            json!({ "designGuids": [] }),
            (StatusCode::NOT_FOUND, "special_list_not_found", None),
        ),
        (
            designs.clone(),
            json!({ "designs": [] }),
            (StatusCode::BAD_REQUEST, "invalid_form", None),
        ),
    ] {
        let (status, answer) = api.send_json(Method::PUT, &path, &admin, &body).await;
        assert_eq!(error(status, &answer), want, "{path} {body}");
    }

    // The archive search with the list: exactly its designs; the rule lists still by rule.
    let spring_text = spring_id.to_string();
    for token in [&user, &admin] {
        let (status, found, _) = api
            .archive_search(token, &[("specialListId", &spring_text)])
            .await;
        assert_eq!((status, found), (StatusCode::OK, set(&[&b, &c])));
        let (_, found, _) = api.archive_search(token, &[("specialListId", "1")]).await;
        assert_eq!(found, set(&[&a]));
    }
    let (_, found, _) = api
        .archive_search(
            &user,
            &[("specialListId", &spring_text), ("number", &c.number)],
        )
        .await;
    assert_eq!(found, set(&[&c]));
    // A change of its designs shows at once (the search cache follows).
    let (status, _) = api
        .send_json(
            Method::PUT,
            &designs,
            &admin,
            &json!({ "designGuids": [a.guid.to_string()] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, found, _) = api
        .archive_search(&user, &[("specialListId", &spring_text)])
        .await;
    assert_eq!(found, set(&[&a]));

    // The filter's options, in the user's language (English for this user).
    let (status, options) = api.get("/service/get/special-lists", Some(&user)).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    assert_eq!(
        options,
        json!([
            { "id": 1, "name": "Pinned designs" },
            { "id": 2, "name": "Ordered designs" },
            { "id": 3, "name": "Never ordered designs" },
            { "id": spring_id, "name": "Spring 27" },
        ])
    );
    // Or in the language the web app asks for (an unknown one is the user's).
    for (language, first, last) in [
        ("tr", "Sabitlenmiş desenler", "Bahar 27"),
        ("ru", "Закреплённые дизайны", "Весна 27"),
        ("xx", "Pinned designs", "Spring 27"),
    ] {
        let (status, options) = api
            .get(
                &format!("/service/get/special-lists?language={language}"),
                Some(&user),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{options}");
        assert_eq!(
            (&options[0]["name"], &options[3]["name"]),
            (&json!(first), &json!(last)),
            "{language}"
        );
    }

    // Deleted: gone from the lists, and an unknown list is refused by the search.
    let (status, body) = api
        .send(
            Method::DELETE,
            &format!("{lists}/{spring_id}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "deleted": true })));
    let (status, body) = api
        .send(
            Method::DELETE,
            &format!("{lists}/{spring_id}"),
            Some(&admin),
            &[],
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "special_list_not_found", None)
    );
    let (_, after) = api.get(lists, Some(&admin)).await;
    assert_eq!(after.as_array().unwrap().len(), 3);
    for list in [spring_text.as_str(), "99"] {
        let (status, _, body) = api.archive_search(&user, &[("specialListId", list)]).await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "special_list_not_found", None),
            "{list}"
        );
    }
    for list in ["pinned", "-1", "1.5"] {
        let (status, _, body) = api.archive_search(&user, &[("specialListId", list)]).await;
        assert_eq!(
            error(status, &body),
            (
                StatusCode::BAD_REQUEST,
                "invalid_search",
                Some("specialListId")
            ),
            "{list}"
        );
    }
    let (_, found, _) = api.archive_search(&user, &[("specialListId", "0")]).await;
    assert_eq!(found, set(&[&a, &b, &c]), "0 is no list");

    let log: Vec<String> = api
        .audit(&admin, &[("subjectGuid", &spring_text)])
        .await
        .into_iter()
        .map(|(action, details)| format!("{action}: {details}"))
        .collect();
    assert_eq!(
        log,
        [
            "special_list_deleted: ",
            "special_list_saved: 1 designs",
            "special_list_saved: 2 designs",
            "special_list_saved: renamed",
            "special_list_saved: created",
        ]
    );
}

#[actix_web::test]
async fn stock_pages_show_one_collection_to_anyone_with_the_slug() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, _) = customer_with_user(&world, "Acme Tekstil", "ayse@example.com");
    let (rival, _) = customer_with_user(&world, "Rival", "rival@example.com");
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let archive = world.archive();
    // Two real designs with previews: rose goes into the collection, lily stays out.
    let added = api
        .import_designs(
            &admin,
            archive,
            &[
                ("rose.tif", sample(&world, "rose_VR1.tif")),
                ("lily.tif", sample(&world, "rose_VR2.tif")),
            ],
        )
        .await;
    let imported = |i: usize, key: &str| added[i][key].as_str().unwrap().to_owned();
    let (rose, lily) = (imported(0, "designGuid"), imported(1, "designGuid"));
    let colorway_of = |guid: String| {
        let api = &api;
        let admin = admin.clone();
        async move {
            let (_, header) = api
                .form(
                    "/service/design/header",
                    Some(&admin),
                    &[("designGuid", &guid)],
                )
                .await;
            header["colorways"][0]["colorwayGuid"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let rose_colorway = colorway_of(rose.clone()).await;
    let lily_colorway = colorway_of(lily.clone()).await;
    let open = world.design("01-5001", 2);
    let theirs = world.design("01-5002", 1);
    let ours = world.design("01-5003", 1);
    api.confine(&admin, &theirs, &rival).await;
    api.confine(&admin, &ours, &acme).await;

    let summer = api.new_collection(&admin, "Summer", None).await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let (status, body) = api
        .groups(
            &admin,
            prints,
            &json!([{ "name": "All", "designGuids": [rose, open.guid.to_string(), theirs.guid.to_string(), ours.guid.to_string()] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let winter = api.new_collection(&admin, "Winter", None).await;
    let wool = api.new_sub(&admin, winter, "Wool", "design").await;
    let (status, body) = api
        .groups(
            &admin,
            wool,
            &json!([{ "name": "All", "designGuids": [lily] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Refusals.
    let publish = "/service/admin/new-collection/publish";
    let summer_text = summer.to_string();
    for (fields, want) in [
        (
            vec![
                ("collectionId", prints.to_string()),
                ("customerGuid", acme.clone()),
            ],
            (
                StatusCode::BAD_REQUEST,
                "invalid_form",
                Some("collectionId"),
            ),
        ),
        (
            vec![
                ("collectionId", "999".to_owned()),
                ("customerGuid", acme.clone()),
            ],
            (StatusCode::NOT_FOUND, "collection_not_found", None),
        ),
        (
            vec![
                ("collectionId", summer_text.clone()),
                ("customerGuid", "nobody".to_owned()),
            ],
            (StatusCode::NOT_FOUND, "customer_not_found", None),
        ),
        (
            vec![
                ("collectionId", summer_text.clone()),
                ("customerGuid", " ".to_owned()),
            ],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("customerGuid"),
            ),
        ),
        (
            vec![("customerGuid", acme.clone())],
            (
                StatusCode::BAD_REQUEST,
                "collection_form_incomplete",
                Some("collectionId"),
            ),
        ),
    ] {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = api.form(publish, Some(&admin), &fields).await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }

    // Published: anyone with the slug sees the collection's designs Acme may see, by number.
    let (status, page) = api
        .form(
            publish,
            Some(&admin),
            &[("collectionId", &summer_text), ("customerGuid", &acme)],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{page}");
    assert_eq!(
        (&page["customerGuid"], &page["customerName"]),
        (&json!(acme), &json!("Acme Tekstil"))
    );
    let slug = page["slug"].as_str().unwrap().to_owned();
    assert_eq!(slug.len(), 32, "128 random bits: {slug}");
    assert!(slug.chars().all(|c| c.is_ascii_hexdigit()));
    let (status, view) = api
        .get(&format!("/service/public/stock/{slug}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        (&view["customerName"], &view["name"], &view["description"]),
        (&json!("Acme Tekstil"), &json!("Summer"), &json!("About it"))
    );
    let shown: BTreeSet<String> = guids(&view["designs"]).into_iter().collect();
    assert_eq!(
        shown,
        [rose.clone(), open.guid.to_string(), ours.guid.to_string()]
            .into_iter()
            .collect(),
        "no design of another collection, none confined to another company"
    );
    let open_card = view["designs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["designGuid"] == open.guid.to_string())
        .unwrap();
    assert_eq!(
        (
            &open_card["colorwayGuid"],
            &open_card["colorwayName"],
            &open_card["designName"]
        ),
        (
            &json!(open.colorways[0].to_string()),
            &json!("VR-1"),
            &json!(open.number)
        ),
        "the first colorway"
    );
    let rose_card = view["designs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["designGuid"] == rose.as_str())
        .unwrap();
    let preview_uri = rose_card["previewUri"].as_str().unwrap();
    assert!(
        preview_uri.starts_with(&format!(
            "/service/public/stock/{slug}/preview/{rose}/{rose_colorway}"
        )),
        "{preview_uri}"
    );
    let (status, headers, bytes) = api.bytes(preview_uri, None).await;
    assert_eq!(status, StatusCode::OK, "{preview_uri}");
    assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
    assert!(bytes.starts_with(&[0xFF, 0xD8, 0xFF]));
    // Nothing else through the slug: another design or colorway, even one that exists.
    let preview = |design: &str, colorway: &str| {
        format!("/service/public/stock/{slug}/preview/{design}/{colorway}")
    };
    for path in [
        preview(&lily, &lily_colorway),
        preview(&rose, &lily_colorway),
        preview(&theirs.guid.to_string(), &theirs.colorways[0].to_string()),
        preview(&open.guid.to_string(), &open.colorways[1].to_string()),
        preview("x", "y"),
        format!("/service/public/stock/{slug}/preview/{rose}"),
        format!("/service/public/stock/{slug}x/preview/{rose}/{rose_colorway}"),
    ] {
        let (status, headers, bytes) = api.bytes(&path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            !headers
                .get("content-type")
                .is_some_and(|t| t.to_str().unwrap().starts_with("image/")),
            "{path}"
        );
        assert!(bytes.len() < 300, "{path}");
    }
    // The slug is no key to the rest of the service.
    for (method, path) in [
        ("POST", "/service/collections/all".to_owned()),
        ("POST", "/service/search/design/basic/0/25".to_owned()),
        (
            "GET",
            format!("/service/collections/get-mood-boards/{prints}"),
        ),
        ("POST", format!("/service/basic-colleciton/get/{prints}")),
        ("GET", format!("/service/collections/cover/{summer}")),
    ] {
        for token in [None, Some(slug.as_str())] {
            let (status, body) = api
                .send(
                    Method::from_bytes(method.as_bytes()).unwrap(),
                    &path,
                    token,
                    &[],
                )
                .await;
            assert_eq!(
                (status, code(&body)),
                (StatusCode::UNAUTHORIZED, "login_required"),
                "{path} with {token:?}"
            );
        }
    }
    let (status, _) = api
        .get("/service/admin/new-collection/all", Some(&slug))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The company's own users are not told the slug: boards carry no stock pages.
    let ayse = api.token("ayse@example.com", PASSWORD).await;
    for path in ["/service/collections/all", "/service/collections/get"] {
        let (status, boards) = api.form(path, Some(&ayse), &[("id", &summer_text)]).await;
        assert_eq!(status, StatusCode::OK, "{boards}");
        let text = boards.to_string();
        assert!(
            !text.contains(&slug) && !text.contains("stockPages"),
            "{path}: {text}"
        );
    }

    // The tree lists the page; publishing again rotates the slug.
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(tree[0]["stockPages"][0]["slug"], slug.as_str());
    assert_eq!(tree[0]["stockPages"][0]["customerName"], "Acme Tekstil");
    let (status, again) = api
        .form(
            publish,
            Some(&admin),
            &[("collectionId", &summer_text), ("customerGuid", &acme)],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    let new_slug = again["slug"].as_str().unwrap().to_owned();
    assert_ne!(new_slug, slug);
    let (status, body) = api
        .get(&format!("/service/public/stock/{slug}"), None)
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "stock_page_not_found", None)
    );
    let (status, _, _) = api.bytes(preview_uri, None).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "the old slug's previews end too"
    );
    let (status, view) = api
        .get(&format!("/service/public/stock/{new_slug}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    // Another company's page of the same collection shows that company's confined design.
    let (status, rival_page) = api
        .form(
            publish,
            Some(&admin),
            &[("collectionId", &summer_text), ("customerGuid", &rival)],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{rival_page}");
    let rival_slug = rival_page["slug"].as_str().unwrap().to_owned();
    let (_, rival_view) = api
        .get(&format!("/service/public/stock/{rival_slug}"), None)
        .await;
    let shown: BTreeSet<String> = guids(&rival_view["designs"]).into_iter().collect();
    assert_eq!(
        shown,
        [rose.clone(), open.guid.to_string(), theirs.guid.to_string()]
            .into_iter()
            .collect()
    );
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(tree[0]["stockPages"].as_array().unwrap().len(), 2);

    // An inactive collection's page answers "not found" until it is active again.
    let (status, _) = api.edit(&admin, summer, &[("isActive", "false")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api
        .get(&format!("/service/public/stock/{new_slug}"), None)
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "stock_page_not_found", None)
    );
    let (status, _) = api.edit(&admin, summer, &[("isActive", "true")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api
        .get(&format!("/service/public/stock/{new_slug}"), None)
        .await;
    assert_eq!(status, StatusCode::OK);

    // Revoked: the slug ends at once.
    let revoke = "/service/admin/new-collection/revoke";
    let (status, body) = api.form(revoke, Some(&admin), &[("slug", &new_slug)]).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "deleted": true })));
    for path in [
        format!("/service/public/stock/{new_slug}"),
        format!("/service/public/stock/{new_slug}/preview/{rose}/{rose_colorway}"),
    ] {
        let (status, body) = api.get(&path, None).await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "stock_page_not_found", None),
            "{path}"
        );
    }
    let (status, body) = api.form(revoke, Some(&admin), &[("slug", &new_slug)]).await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "stock_page_not_found", None)
    );
    let (status, body) = api.form(revoke, Some(&admin), &[]).await;
    assert_eq!(
        error(status, &body),
        (
            StatusCode::BAD_REQUEST,
            "collection_form_incomplete",
            Some("slug")
        )
    );
    let (status, _) = api
        .get(&format!("/service/public/stock/{rival_slug}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "the other company's page stays");

    let log: Vec<String> = api
        .audit(&admin, &[("subjectGuid", &summer_text)])
        .await
        .into_iter()
        .filter(|(action, _)| action.starts_with("stock_page"))
        .map(|(action, details)| format!("{action}: {details}"))
        .collect();
    assert_eq!(
        log,
        [
            "stock_page_revoked: Acme Tekstil",
            "stock_page_published: Rival",
            "stock_page_published: Acme Tekstil",
            "stock_page_published: Acme Tekstil",
        ]
    );
}

#[actix_web::test]
async fn deleting_a_collection_removes_everything_under_it() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    let a = world.design("01-5001", 1);
    let b = world.design("01-5002", 1);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let user = api.token("ayse@example.com", PASSWORD).await;
    let summer = api.new_collection(&admin, "Summer", None).await;
    let beach = api.new_sub(&admin, summer, "Beach", "mood").await;
    let prints = api.new_sub(&admin, summer, "Prints", "design").await;
    let photos = [
        api.photo(&admin, beach).await,
        api.photo(&admin, beach).await,
    ];
    api.tag(&admin, photos[0], &a, 0).await;
    let (status, _) = api
        .groups(
            &admin,
            prints,
            &json!([{ "name": "G", "designGuids": [b.guid.to_string()] }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let winter = api.new_collection(&admin, "Winter", None).await;
    let wool = api.new_sub(&admin, winter, "Wool", "mood").await;
    let wool_photo = api.photo(&admin, wool).await;
    let (_, page) = api
        .form(
            "/service/admin/new-collection/publish",
            Some(&admin),
            &[
                ("collectionId", &summer.to_string()),
                ("customerGuid", &acme),
            ],
        )
        .await;
    let slug = page["slug"].as_str().unwrap().to_owned();
    assert_eq!(
        photo_files(&world).len(),
        2 * 5,
        "two covers and three photos"
    );

    // A sub-collection first, under the imagecollection spelling with `collectionId`: its photos'
    // files go, and its designs leave the collection.
    let (_, found, _) = api.collection_search(&user, summer).await;
    assert_eq!(found, set(&[&a, &b]));
    let (status, body) = api
        .form(
            "/service/admin/imagecollection/delete-collection",
            Some(&admin),
            &[("collectionId", &beach.to_string())],
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "deleted": true })));
    assert_eq!(photo_files(&world).len(), 2 * 3);
    let (_, found, _) = api.collection_search(&user, summer).await;
    assert_eq!(found, set(&[&b]));
    for photo in photos {
        let (status, _) = api
            .get(
                &format!("/service/collections/image/{photo}/thumb"),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    let (status, body) = api
        .get(
            &format!("/service/admin/new-collection/{beach}"),
            Some(&admin),
        )
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None)
    );

    // Then the collection: its sub-collections, groups, cover and stock page go with it.
    let (status, body) = api
        .form(
            "/service/admin/new-collection",
            Some(&admin),
            &[("id", &summer.to_string())],
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "deleted": true })));
    assert_eq!(
        photo_files(&world).len(),
        2 * 2,
        "Winter's cover and photo are left"
    );
    let (_, tree) = api
        .get("/service/admin/new-collection/all", Some(&admin))
        .await;
    assert_eq!(tree.as_array().unwrap().len(), 1);
    assert_eq!(tree[0]["id"], winter);
    let (status, body) = api
        .get(&format!("/service/public/stock/{slug}"), None)
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "stock_page_not_found", None)
    );
    for path in [
        format!("/service/search/collection/{summer}"),
        format!("/service/search/collection/{prints}"),
        format!("/service/basic-colleciton/get/{prints}"),
    ] {
        let (status, body) = api.form(&path, Some(&admin), &[]).await;
        assert_eq!(
            error(status, &body),
            (StatusCode::NOT_FOUND, "collection_not_found", None),
            "{path}"
        );
    }
    let (status, _, body) = api
        .archive_search(&admin, &[("collectionId", &summer.to_string())])
        .await;
    assert_eq!(
        error(status, &body),
        (StatusCode::NOT_FOUND, "collection_not_found", None)
    );
    let (status, _) = api
        .get(
            &format!("/service/collections/cover/{summer}"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The designs themselves stay.
    let (_, found, _) = api.archive_search(&admin, &[]).await;
    assert_eq!(found, set(&[&a, &b]));
    for (fields, want) in [
        (
            vec![("id", summer.to_string())],
            (StatusCode::NOT_FOUND, "collection_not_found", None),
        ),
        (
            vec![],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("id")),
        ),
        (
            vec![("id", "x".to_owned())],
            (StatusCode::BAD_REQUEST, "invalid_form", Some("id")),
        ),
    ] {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = api
            .form("/service/admin/new-collection", Some(&admin), &fields)
            .await;
        assert_eq!(error(status, &body), want, "{fields:?}");
    }
    let (status, _, _) = api
        .bytes(
            &format!("/service/collections/image/{wool_photo}/large"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "another collection's photo stays");
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &summer.to_string())])
            .await[0],
        ("collection_deleted".to_owned(), String::new())
    );
    assert_eq!(
        api.audit(&admin, &[("subjectGuid", &beach.to_string())])
            .await[0],
        ("collection_deleted".to_owned(), String::new())
    );
}
