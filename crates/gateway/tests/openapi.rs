//! The OpenAPI document (`/service/openapi.json`): a snapshot of it is committed in
//! `docs/openapi.json` (rewrite it with `DESEN_UPDATE_SNAPSHOT=1 cargo test -p gateway --test openapi`
//! and review the diff), every route the application registers under `/service` is in it, and
//! every operation in it is served.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use test_support::TestWorld;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn document() -> Value {
    gateway::openapi()
}

#[test]
fn the_document_matches_its_snapshot() {
    let text = serde_json::to_string_pretty(&document()).unwrap() + "\n";
    let snapshot = workspace().join("docs/openapi.json");
    if std::env::var("DESEN_UPDATE_SNAPSHOT").is_ok_and(|v| v == "1") {
        std::fs::write(&snapshot, &text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&snapshot).unwrap_or_default();
    if committed != text {
        let first = committed
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(text.lines().count()));
        panic!(
            "docs/openapi.json differs from the document the routes make (first at line {}: \
             committed {:?}, now {:?}); if the change is meant, rewrite it with \
             DESEN_UPDATE_SNAPSHOT=1 cargo test -p gateway --test openapi and review the diff",
            first + 1,
            committed.lines().nth(first).unwrap_or(""),
            text.lines().nth(first).unwrap_or("")
        );
    }
}

/// (METHOD, path) of every documented operation, with `{name}` for each path parameter.
fn documented() -> BTreeSet<(String, String)> {
    let doc = document();
    let mut operations = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            operations.insert((method.to_uppercase(), path.clone()));
        }
    }
    operations
}

/// The source files holding annotated handlers: every crate's `routes.rs` and the image routes.
fn route_sources() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(workspace().join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path().join("src/routes.rs"))
        .filter(|path| path.exists())
        .collect();
    files.push(workspace().join("crates/gateway/src/images.rs"));
    files
}

/// The routes the `configure` functions register, read from their source: every path literal of
/// `.route("…", web::get()…)` and `web::resource("…").route(web::post()…)`, with the methods
/// that follow it up to the next path. Path parameters are renamed `{}` for the comparison.
fn registered() -> BTreeSet<(String, String)> {
    let mut files = route_sources();
    files.push(workspace().join("crates/gateway/src/lib.rs"));
    let mut routes = BTreeSet::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        // Only the route tables: from `fn configure` to the end of its body.
        let Some(start) = source.find("fn configure") else {
            continue;
        };
        let body = &source[start..];
        let end = body.find("\n}\n").unwrap_or(body.len());
        let body = &body[..end];
        // `for base in ["/a", "/b"] { cfg.route(&format!("{base}/x"), …) }` registers both.
        let bases: Vec<String> = body
            .find("for base in [")
            .map(|at| {
                let list = &body[at + 13..];
                let list = &list[..list.find(']').unwrap()];
                list.split(',')
                    .map(|b| b.trim().trim_matches('"').to_owned())
                    .collect()
            })
            .unwrap_or_default();
        // The list of bases is no route.
        let body = match body.find("for base in [") {
            Some(at) => {
                let end = at + body[at..].find(']').unwrap();
                format!("{}{}", &body[..at], &body[end..])
            }
            None => body.to_owned(),
        };
        let mut current: Vec<String> = Vec::new();
        let mut rest = body.as_str();
        while !rest.is_empty() {
            let next_path = ["\"/", "\"{base}/"]
                .iter()
                .filter_map(|p| rest.find(p))
                .min();
            let next_method = ["get", "post", "put", "delete", "patch"]
                .iter()
                .filter_map(|m| {
                    rest.find(&format!("web::{m}()"))
                        .map(|at| (at, m.to_uppercase()))
                })
                .min();
            match (next_path, next_method) {
                (Some(p), m) if m.as_ref().is_none_or(|(at, _)| p < *at) => {
                    let literal = &rest[p + 1..];
                    let close = literal.find('"').unwrap();
                    let path = &literal[..close];
                    current = match path.strip_prefix("{base}") {
                        Some(tail) => bases.iter().map(|b| format!("{b}{tail}")).collect(),
                        // `web::scope("/service")` and the static files are not routes of the API.
                        None if path == "/service" || path == "/" => Vec::new(),
                        None => vec![path.to_owned()],
                    };
                    rest = &literal[close..];
                }
                (_, Some((at, method))) => {
                    for path in &current {
                        routes.insert((method.clone(), normalize(&format!("/service{path}"))));
                    }
                    rest = &rest[at + 5..];
                }
                _ => break,
            }
        }
    }
    routes
}

fn normalize(path: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in path.chars() {
        match c {
            '{' => {
                inside = true;
                out.push_str("{}");
            }
            '}' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn every_registered_route_is_documented() {
    let documented: BTreeSet<_> = documented()
        .into_iter()
        .map(|(method, path)| (method, normalize(&path)))
        .collect();
    let registered = registered();
    assert!(
        registered.len() > 100,
        "the route tables were not read: {registered:?}"
    );
    let missing: Vec<_> = registered.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "routes served but not in the OpenAPI document: {missing:#?}"
    );
    let unknown: Vec<_> = documented.difference(&registered).collect();
    assert!(
        unknown.is_empty(),
        "operations documented but not found in a route table: {unknown:#?}"
    );
}

/// Each documented operation, sent with a made-up value for each path parameter, is routed to a
/// handler: it never gets the `no such route` answer of unknown paths.
#[actix_web::test]
async fn every_documented_operation_is_served() {
    let world = TestWorld::new();
    let api = api(&world).await;
    for (method, path) in documented() {
        let concrete: String = path
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    "1"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let request = actix_web::test::TestRequest::default()
            .method(Method::from_bytes(method.as_bytes()).unwrap())
            .uri(&concrete)
            .to_request();
        let response = actix_web::test::call_service(&api.app, request).await;
        let status = response.status();
        let body: Value = serde_json::from_slice(&actix_web::test::read_body(response).await)
            .unwrap_or(Value::Null);
        assert!(
            !(status == StatusCode::NOT_FOUND && body["message"] == "no such route"),
            "{method} {path} is documented but not served"
        );
    }
}

/// Every annotated handler that takes a session (`SignedIn`, `ImageViewer`, `Admin`) declares the
/// security it needs, so that the document's 401 and 403 answers follow it: `admin` scope for
/// `Admin` and for the admin area.
#[test]
fn every_handler_that_needs_a_session_says_so() {
    let files = route_sources();
    let mut wrong = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for (at, _) in source.match_indices("#[utoipa::path(") {
            let annotation = &source[at..];
            let Some(function) = annotation.find("async fn ") else {
                continue;
            };
            let head = &annotation[..function];
            let arguments = &annotation[function..];
            let arguments = &arguments[..arguments.find(')').unwrap_or(arguments.len())];
            let path = head
                .split("path = \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_default();
            let admin = arguments.contains("Admin") || path.starts_with("/service/admin/");
            let session =
                admin || arguments.contains("SignedIn") || arguments.contains("ImageViewer");
            let declared = head.contains("security(");
            let admin_declared = head.contains("\"accessToken\" = [\"admin\"]");
            if (session && !declared) || (admin && !admin_declared) {
                wrong.push(path.to_owned());
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "operations whose `security(...)` does not match the session their handler needs: {wrong:#?}"
    );
}

/// Every `pattern` in `value`, with where it is.
fn patterns(value: &Value, at: &str, found: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("pattern", Value::String(pattern)) => {
                        found.push((at.to_owned(), pattern.clone()))
                    }
                    _ => patterns(inner, &format!("{at}/{key}"), found),
                }
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                patterns(inner, &format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// A generated client (or the API fuzzer) builds values from the patterns: each must be a
/// regular expression.
#[test]
fn every_pattern_in_the_document_is_a_regular_expression() {
    let mut found = Vec::new();
    patterns(&document(), "", &mut found);
    assert!(found.len() > 100, "the document's patterns were found");
    let broken: Vec<_> = found
        .iter()
        .filter(|(_, pattern)| regex::Regex::new(pattern).is_err())
        .collect();
    assert!(
        broken.is_empty(),
        "patterns that do not compile: {broken:#?}"
    );
}

/// A route that asks more of a form than the other routes sharing it has its body narrowed: the
/// form's schema (still without `null` types), and the route's own rule.
#[test]
fn a_route_that_asks_more_of_a_shared_form_says_so() {
    let doc = document();
    let body = |method: &str, path: &str, media: &str| {
        doc["paths"][path][method]["requestBody"]["content"][media]["schema"].clone()
    };
    let create = body(
        "put",
        "/service/admin/new-collection",
        "multipart/form-data",
    );
    assert_eq!(
        create["allOf"][0]["$ref"],
        "#/components/schemas/CollectionUpload"
    );
    assert_eq!(
        create["allOf"][1]["required"],
        serde_json::json!(["name", "description"])
    );
    let edit = body(
        "patch",
        "/service/admin/new-collection",
        "multipart/form-data",
    );
    assert_eq!(edit["allOf"][1]["required"], serde_json::json!(["id"]));
    // The second spelling is documented as the narrowed operation.
    assert_eq!(
        body(
            "post",
            "/service/admin/imagecollection/add-colorway",
            "application/x-www-form-urlencoded"
        ),
        body(
            "post",
            "/service/admin/new-collection/add-colorway",
            "application/x-www-form-urlencoded"
        )
    );
    let chart = body(
        "post",
        "/service/admin/statistics/chart",
        "application/x-www-form-urlencoded",
    );
    assert_eq!(chart["allOf"][1]["required"], serde_json::json!(["kind"]));
    // A shared form keeps its rule that form fields are never `null`.
    let upload = &doc["components"]["schemas"]["CollectionUpload"]["properties"];
    assert_eq!(upload["name"]["type"], "string");
}

/// The document's password rule is the server's (`check_new_password`) on both sides of it.
#[test]
fn the_documented_password_rule_is_the_servers() {
    let doc = document();
    let field = &doc["components"]["schemas"]["CreatePasswordForm"]["properties"]["password1"];
    let pattern = regex::Regex::new(field["pattern"].as_str().unwrap()).unwrap();
    let (min, max) = (
        field["minLength"].as_u64().unwrap() as usize,
        field["maxLength"].as_u64().unwrap() as usize,
    );
    for password in [
        "Passw0rd",
        "aaaaaaaB",
        "Zzzzzzzz",
        "Short1A",
        "alllowercase",
        "ALLUPPERCASE",
        "12345678",
    ] {
        let documented =
            pattern.is_match(password) && (min..=max).contains(&password.chars().count());
        let served = accounts::credentials::check_new_password(password, password).is_ok();
        assert_eq!(
            documented, served,
            "{password}: documented {documented}, served {served}"
        );
    }
}
