//! Who may call what, generated from the route table: every operation of the OpenAPI document
//! (which `openapi.rs` holds equal to what actix serves) is sent as anonymous, as a customer's
//! user and as an admin who has not passed the second factor, and must answer as its `security`
//! says: a public route never asks for a sign-in, a signed-in route refuses the anonymous, an
//! admin route refuses all three. A new route is checked the moment it is documented, and a route
//! documented with the wrong security fails here. (Which designs each role then sees is
//! `visibility.rs`.)
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::*;
use serde_json::Value;
use test_support::TestWorld;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Needs {
    Nothing,
    SignedIn,
    Admin,
}

/// What an operation's `security` asks for.
fn needs(operation: &Value) -> Needs {
    let Some(requirements) = operation["security"].as_array() else {
        return Needs::Nothing;
    };
    let scopes: Vec<&str> = requirements
        .iter()
        .filter_map(Value::as_object)
        .flat_map(|r| r.values())
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if requirements.is_empty() {
        Needs::Nothing
    } else if scopes.contains(&"admin") {
        Needs::Admin
    } else {
        Needs::SignedIn
    }
}

/// A path with each parameter given a value of its type (ids that name nothing).
fn concrete(path: &str, operation: &Value) -> String {
    let mut path = path.to_owned();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        if parameter["in"] != "path" {
            continue;
        }
        let name = parameter["name"].as_str().unwrap();
        let schema = &parameter["schema"];
        let value = match (name, schema["type"].as_str()) {
            ("pageSize", _) => "25".to_owned(),
            ("tile", _) => "0_0.jpg".to_owned(),
            ("format", _) => "csv".to_owned(),
            (_, Some("integer")) => schema["minimum"]
                .as_i64()
                .map_or("1".to_owned(), |m| m.max(1).to_string()),
            _ => "00000000-0000-4000-8000-000000000000".to_owned(),
        };
        path = path.replace(&format!("{{{name}}}"), &value);
    }
    path
}

#[actix_web::test]
async fn every_route_answers_each_role_as_its_security_says() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    customer_with_user(&world, "Acme", "ayse@example.com");
    let api = api(&world).await;
    let customer = api.token("ayse@example.com", PASSWORD).await;
    let unvalidated = api.token("admin@example.com", PASSWORD).await;
    let doc = gateway::openapi();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            if !matches!(
                method,
                Method::GET | Method::POST | Method::PUT | Method::PATCH | Method::DELETE
            ) {
                continue;
            }
            let uri = concrete(path, operation);
            let needs = needs(operation);
            for (who, token) in [
                ("anonymous", None),
                ("a customer", Some(customer.as_str())),
                (
                    "an admin without the second factor",
                    Some(unvalidated.as_str()),
                ),
            ] {
                if token.is_some() && needs != Needs::Admin {
                    continue; // signed in and allowed: what they get is each route's own test
                }
                let mut request = test::TestRequest::default()
                    .method(method.clone())
                    .uri(&uri)
                    .insert_header(("content-type", "application/x-www-form-urlencoded"));
                if let Some(token) = token {
                    request = request.insert_header(("Access-Token", token));
                }
                let (status, _, body) = api.call(request).await;
                let expected = match (needs, token) {
                    (Needs::Nothing, _) => None,
                    (_, None) => Some(StatusCode::UNAUTHORIZED),
                    (_, Some(_)) => Some(StatusCode::FORBIDDEN),
                };
                let fine = match expected {
                    None => status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                    Some(expected) => status == expected,
                };
                if !fine {
                    wrong.push(format!(
                        "{method} {path} as {who}: {status} {} (documented {needs:?})",
                        String::from_utf8_lossy(&body)
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked} checks: the route table is read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
