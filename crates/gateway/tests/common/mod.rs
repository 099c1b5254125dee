//! The composed application on a fresh database, driven through HTTP by every gateway test.
#![allow(dead_code, reason = "each test binary uses part of the helpers")]
#![expect(clippy::unwrap_used, reason = "tests")]

use accounts::credentials::totp;
use accounts::service::NewUser;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use desen_core::Language;
use gateway::{AppState, app};
use serde_json::Value;
use test_support::TestWorld;

pub const PASSWORD: &str = "Passw0rd!";

pub struct Api<S> {
    pub app: S,
    pub state: AppState,
}

pub fn state(world: &TestWorld, static_dir: &std::path::Path) -> AppState {
    let import = import::ImportSettings {
        tiles: true,
        workers: 1,
        ..Default::default()
    };
    let mut state = AppState::assemble(
        world.pool.clone(),
        world.accounts.clone(),
        "memory",
        static_dir.to_path_buf(),
        &world.files,
        import,
    )
    .unwrap();
    state.favorites.studio_mail = Some(STUDIO_MAIL.into());
    state
}

/// Where the tests' shared favorite lists are mailed.
pub const STUDIO_MAIL: &str = "studio@desen.test";

pub async fn api(
    world: &TestWorld,
) -> Api<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
> {
    api_with(world, |_| {}).await
}

/// The application with its state adjusted first (settings such as the CAD switches).
pub async fn api_with(
    world: &TestWorld,
    adjust: impl FnOnce(&mut AppState),
) -> Api<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
> {
    let static_dir = world.outbox.parent().unwrap().join("static");
    std::fs::create_dir_all(&static_dir).unwrap();
    std::fs::write(
        static_dir.join("index.html"),
        "<!doctype html><html><head><title>Desen</title></head><body></body></html>",
    )
    .unwrap();
    let mut state = state(world, &static_dir);
    adjust(&mut state);
    let app = test::init_service(app(state.clone())).await;
    Api { app, state }
}

impl<S, B> Api<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    pub async fn form(
        &self,
        path: &str,
        token: Option<&str>,
        fields: &[(&str, &str)],
    ) -> (StatusCode, Value) {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.raw(path, token, body).await
    }

    /// Any request; answers the status, the headers and the body bytes.
    pub async fn call(
        &self,
        request: test::TestRequest,
    ) -> (StatusCode, actix_web::http::header::HeaderMap, Vec<u8>) {
        let response = test::call_service(&self.app, request.to_request()).await;
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = test::read_body(response).await;
        (status, headers, bytes.to_vec())
    }

    /// A form request with any method (`PUT`, `PATCH`, `DELETE`, `GET`); answers the status and
    /// the JSON body.
    pub async fn send(
        &self,
        method: actix_web::http::Method,
        path: &str,
        token: Option<&str>,
        fields: &[(&str, &str)],
    ) -> (StatusCode, Value) {
        let mut request = test::TestRequest::default()
            .method(method)
            .uri(path)
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload(serde_urlencoded::to_string(fields).unwrap());
        if let Some(token) = token {
            request = request.insert_header(("Access-Token", token));
        }
        let (status, _, bytes) = self.call(request).await;
        (status, json(&bytes))
    }

    /// A GET; answers the status, the headers and the body bytes.
    pub async fn bytes(
        &self,
        path: &str,
        token: Option<&str>,
    ) -> (StatusCode, actix_web::http::header::HeaderMap, Vec<u8>) {
        let mut request = test::TestRequest::get().uri(path);
        if let Some(token) = token {
            request = request.insert_header(("Access-Token", token));
        }
        self.call(request).await
    }

    /// A GET; answers the status and the JSON body.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let (status, _, bytes) = self.bytes(path, token).await;
        (status, json(&bytes))
    }

    /// A JSON request with any method; answers the status and the JSON body.
    pub async fn send_json(
        &self,
        method: actix_web::http::Method,
        path: &str,
        token: &str,
        body: &Value,
    ) -> (StatusCode, Value) {
        let (status, _, bytes) = self
            .call(
                test::TestRequest::default()
                    .method(method)
                    .uri(path)
                    .insert_header(("Access-Token", token))
                    .set_json(body),
            )
            .await;
        (status, json(&bytes))
    }

    pub async fn raw(&self, path: &str, token: Option<&str>, body: String) -> (StatusCode, Value) {
        let mut request = test::TestRequest::post()
            .uri(path)
            .peer_addr("203.0.113.9:5000".parse().unwrap())
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload(body);
        if let Some(token) = token {
            request = request.insert_header(("Access-Token", token));
        }
        let response = test::call_service(&self.app, request.to_request()).await;
        let status = response.status();
        let bytes = test::read_body(response).await;
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    pub async fn login(&self, email: &str, password: &str) -> (StatusCode, Value) {
        self.form(
            "/service/account/login_collection",
            None,
            &[
                ("mailAddress", email),
                ("password", password),
                ("remember", "true"),
                ("language", "tr"),
                ("view", "archive"),
            ],
        )
        .await
    }

    pub async fn token(&self, email: &str, password: &str) -> String {
        let (status, body) = self.login(email, password).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["accessToken"].as_str().unwrap().to_owned()
    }

    /// What `validate-token` says of a token (`isValid`).
    pub async fn is_valid(&self, token: &str) -> Value {
        self.form("/service/account/validate-token", Some(token), &[])
            .await
            .1["isValid"]
            .clone()
    }

    /// Signs an admin in and through the second factor; returns the validated token.
    pub async fn admin_token(&self, email: &str) -> String {
        let token = self.token(email, PASSWORD).await;
        let (_, enrollment) = self
            .form("/service/account/second-factor/enroll", Some(&token), &[])
            .await;
        let secret = enrollment["secret"].as_str().unwrap();
        let code = totp::code_at(secret, chrono::Utc::now().timestamp() as u64).unwrap();
        let (status, body) = self
            .form(
                "/service/account/second-factor/verify",
                Some(&token),
                &[("code", &code)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        token
    }
}

/// The bytes of one of the demo's sample design files (`rose_VR1.tif`, `paisley.psb`, ...),
/// written once into the test's file folder.
pub fn sample(world: &TestWorld, name: &str) -> Vec<u8> {
    let samples = world.files.join("samples");
    if !samples.join(name).exists() {
        demo::write_sample_files(&samples).unwrap();
    }
    std::fs::read(samples.join(name)).unwrap()
}

/// The actions of an audit log page, newest first.
pub fn audit_actions(body: &Value) -> Vec<String> {
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

pub fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

/// A multipart body: text fields first, then files, each file field named `files`.
pub fn multipart(fields: &[(&str, &str)], files: &[(&str, Vec<u8>)]) -> (String, Vec<u8>) {
    let named: Vec<(&str, &str, Vec<u8>)> = files
        .iter()
        .map(|(file_name, bytes)| ("files", *file_name, bytes.clone()))
        .collect();
    multipart_named(fields, &named)
}

/// A multipart body: text fields first, then files as `(field name, file name, bytes)`.
pub fn multipart_named(
    fields: &[(&str, &str)],
    files: &[(&str, &str, Vec<u8>)],
) -> (String, Vec<u8>) {
    let boundary = "desen-test-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    for (field, file_name, bytes) in files {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or(Value::Null)
}

pub fn upload_request(
    token: &str,
    fields: &[(&str, &str)],
    files: &[(&str, Vec<u8>)],
) -> test::TestRequest {
    let (content_type, body) = multipart(fields, files);
    test::TestRequest::put()
        .uri("/service/design/import")
        .insert_header(("Access-Token", token))
        .insert_header(("content-type", content_type))
        .set_payload(body)
}

impl<S, B> Api<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    /// Imports files through the whole import job (upload, process, merge, number, add, complete)
    /// and answers the added designs (`designGuid`, `designNumber`, `colorways`).
    pub async fn import_designs(
        &self,
        admin: &str,
        archive_id: i32,
        files: &[(&str, Vec<u8>)],
    ) -> Vec<Value> {
        let archive = archive_id.to_string();
        let (status, _, body) = self
            .call(upload_request(
                admin,
                &[("archiveId", &archive), ("isNewImport", "true")],
                files,
            ))
            .await;
        assert_eq!(status, StatusCode::OK);
        let job = json(&body)["jobId"].as_str().unwrap().to_owned();
        let step = |name: &'static str| {
            let job = job.clone();
            async move {
                let (status, body) = self
                    .form(
                        &format!("/service/design/{name}"),
                        Some(admin),
                        &[("jobId", &job)],
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{name}: {body}");
                body
            }
        };
        step("process").await;
        while import::worker::work_once(&self.state.pool, &self.state.import, "test").unwrap() {}
        for name in [
            "merge-internal",
            "rename-numerator-main",
            "rename-numerator-internal",
        ] {
            step(name).await;
        }
        let added = step("add-to-archive").await;
        step("complete-transfer").await;
        added["designs"].as_array().unwrap().clone()
    }

    /// The admin's collection form (`/service/admin/new-collection`, multipart): `PUT` adds a
    /// collection or a sub-collection, `PATCH` changes one; `file` is a (field, JPEG) pair.
    pub async fn collection_form(
        &self,
        method: actix_web::http::Method,
        token: &str,
        fields: &[(&str, &str)],
        file: Option<(&str, Vec<u8>)>,
    ) -> (StatusCode, Value) {
        let files: Vec<(&str, &str, Vec<u8>)> = file
            .into_iter()
            .map(|(field, bytes)| (field, "image.jpg", bytes))
            .collect();
        let (content_type, body) = multipart_named(fields, &files);
        let (status, _, bytes) = self
            .call(
                test::TestRequest::default()
                    .method(method)
                    .uri("/service/admin/new-collection")
                    .insert_header(("Access-Token", token))
                    .insert_header(("content-type", content_type))
                    .set_payload(body),
            )
            .await;
        (status, json(&bytes))
    }
}

/// A customer company and one of its users (password [`PASSWORD`]).
pub fn customer_with_user(world: &TestWorld, company: &str, email: &str) -> (String, String) {
    let conn = &mut world.conn();
    let customer = accounts::service::ensure_customer(conn, company).unwrap();
    let user = accounts::service::create_user(
        conn,
        NewUser {
            email: email.into(),
            name: email.split('@').next().unwrap().into(),
            password: Some(PASSWORD.into()),
            is_admin: false,
            is_in_house: false,
            language: Language::En,
            customer_guid: Some(customer.guid.clone()),
        },
    )
    .unwrap();
    (customer.guid, user.guid)
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let mut checked = kind.to_vec();
    checked.extend_from_slice(data);
    out.extend_from_slice(&checked);
    out.extend(crc32(&checked).to_be_bytes());
}

/// A valid little PNG (correct CRCs, a real zlib stream) whose header claims 100,000 x 100,000 px.
pub fn png_bomb() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend(100_000u32.to_be_bytes());
    header.extend(100_000u32.to_be_bytes());
    header.extend([8, 2, 0, 0, 0]);
    png_chunk(&mut out, b"IHDR", &header);
    // One stored deflate block of zeros and its Adler-32.
    let raw = [0u8; 64];
    let mut zlib = vec![0x78, 0x01, 0x01];
    zlib.extend((raw.len() as u16).to_le_bytes());
    zlib.extend((!(raw.len() as u16)).to_le_bytes());
    zlib.extend_from_slice(&raw);
    let (a, b) = raw.iter().fold((1u32, 0u32), |(a, b), byte| {
        let a = (a + u32::from(*byte)) % 65521;
        (a, (b + a) % 65521)
    });
    zlib.extend(((b << 16) | a).to_be_bytes());
    png_chunk(&mut out, b"IDAT", &zlib);
    png_chunk(&mut out, b"IEND", &[]);
    out
}

/// A wear model named `name` in every language (a plain garment, printable in its middle), added
/// as the admin route adds one.
pub fn add_wear_model(world: &TestWorld, storage: &storage::Storage, name: &str) -> String {
    use imaging::encode::{encode_jpeg_image, encode_png_gray};
    use imaging::resize::{GrayImage, RgbImage};
    let (w, h) = (120, 160);
    let mut garment = RgbImage::new(w, h);
    garment.data.fill(210);
    let mask = GrayImage {
        width: w,
        height: h,
        data: (0..w * h)
            .map(|i| if (30..90).contains(&(i % w)) { 255 } else { 0 })
            .collect(),
    };
    wear::service::create(
        &mut world.conn(),
        storage,
        &desen_core::UserGuid(uuid::Uuid::nil()),
        wear::service::WearForm {
            name_tr: Some(name.into()),
            name_en: Some(name.into()),
            name_ru: Some(name.into()),
            width_cm: Some(60.0),
            upload: wear::service::WearUpload {
                garment: Some(encode_jpeg_image(&garment, 90).unwrap()),
                mask: Some(encode_png_gray(&mask).unwrap()),
                ..Default::default()
            },
            ..Default::default()
        },
        desen_core::Language::En,
    )
    .unwrap()
    .guid
}
