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
    serde_json::to_value(gateway::openapi()).unwrap()
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
