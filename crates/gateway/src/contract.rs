//! Completes the OpenAPI document the domain crates annotate with what the shared layers answer,
//! so that no route has to repeat it (and none can forget it):
//!
//! - the security schemes: the `Access-Token` header, and the image cookie that image routes also
//!   take; an operation's `security` says which it needs, scope `admin` for an admin past the
//!   second factor;
//! - on every operation the error answers of those layers, each with the `{code, message}` envelope
//!   (`ApiError`): 401 where a session is needed, 403 where an admin is, 400 where a form, path or
//!   query is parsed, 413 where a body is read, 404 where the path names something.
//!
//! Answers a route documents itself are kept as written. A route that shares its form's schema
//! with others but asks more of it (a field the others may leave out) has its body narrowed
//! (`narrow`), so the document says what the route itself accepts.

use serde_json::{Map, Value, json};

/// The error answers the extractors and parsers give, by status: (status, description).
fn shared_errors(operation: &Map<String, Value>) -> Vec<(&'static str, &'static str)> {
    let security = operation
        .get("security")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let needs_session = !security.is_empty();
    let needs_admin = security.iter().any(|requirement| {
        requirement
            .get("accessToken")
            .and_then(Value::as_array)
            .is_some_and(|scopes| scopes.iter().any(|s| s == "admin"))
    });
    let parameters = operation
        .get("parameters")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let has_body = operation.contains_key("requestBody");
    let names_something = parameters.iter().any(|p| p["in"] == "path");
    let mut errors = Vec::new();
    if has_body || !parameters.is_empty() {
        errors.push((
            "400",
            "`invalid_form` (a field, path segment or query parameter missing or malformed; \
             `field` names it when known) or the route's own refusals",
        ));
    }
    if needs_session {
        errors.push((
            "401",
            "`login_required`: no valid session (missing, unknown, expired or revoked token)",
        ));
    }
    if needs_admin {
        errors.push((
            "403",
            "`not_authorized` (not an admin) or `second_factor_required` (the admin's session has \
             not passed the second factor)",
        ));
    }
    if names_something {
        errors.push((
            "404",
            "what the path names does not exist or is not the user's to see",
        ));
    }
    if has_body {
        errors.push((
            "413",
            "`payload_too_large`: the body is over the route's limit",
        ));
    }
    errors
}

/// A form field is sent or not, never `null`: the schemas of form bodies lose their `null` type
/// (utoipa writes one for every `Option` field), so that a generated client does not send `None`.
fn forms_without_null(doc: &mut Value) {
    let mut forms = std::collections::BTreeSet::new();
    if let Some(paths) = doc["paths"].as_object() {
        for operation in paths
            .values()
            .filter_map(Value::as_object)
            .flat_map(|i| i.values())
        {
            let Some(content) = operation["requestBody"]["content"].as_object() else {
                continue;
            };
            for (media, body) in content {
                let form =
                    media == "application/x-www-form-urlencoded" || media == "multipart/form-data";
                // A narrowed body (`narrow`) keeps its form's reference first in `allOf`.
                let reference = body["schema"]["$ref"]
                    .as_str()
                    .or_else(|| body["schema"]["allOf"][0]["$ref"].as_str());
                if let Some(name) = reference
                    .and_then(|r| r.strip_prefix("#/components/schemas/"))
                    .filter(|_| form)
                {
                    forms.insert(name.to_owned());
                }
            }
        }
    }
    for name in forms {
        let Some(properties) = doc["components"]["schemas"][&name]["properties"].as_object_mut()
        else {
            continue;
        };
        for property in properties.values_mut() {
            if let Some(types) = property.get_mut("type").and_then(Value::as_array_mut) {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    property["type"] = types[0].clone();
                }
            }
            if let Some(choices) = property.get_mut("oneOf").and_then(Value::as_array_mut) {
                choices.retain(|c| c["type"] != "null");
                if choices.len() == 1 {
                    *property = choices[0].clone();
                }
            }
        }
    }
}

/// utoipa writes `"default": null` for a field whose default is its type's (`#[serde(default)]`),
/// which would say that the default is `null`: such defaults are left unsaid.
fn without_null_defaults(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.get("default").is_some_and(Value::is_null) {
                map.remove("default");
            }
            map.values_mut().for_each(without_null_defaults);
        }
        Value::Array(items) => items.iter_mut().for_each(without_null_defaults),
        _ => {}
    }
}

/// Adds the security schemes and the shared error answers to the document.
pub fn complete(doc: &mut Value) {
    without_null_defaults(doc);
    forms_without_null(doc);
    let schemes = &mut doc["components"]["securitySchemes"];
    if !schemes.is_object() {
        *schemes = json!({});
    }
    schemes["accessToken"] = json!({
        "type": "apiKey", "in": "header", "name": accounts::auth::TOKEN_HEADER,
        "description": "The session token of a sign-in (`accessToken` of `SignIn`)."
    });
    schemes["imageCookie"] = json!({
        "type": "apiKey", "in": "cookie", "name": accounts::auth::IMAGE_COOKIE,
        "description": "The HttpOnly cookie a sign-in sets; image and file routes take it in place of the header."
    });
    let envelope =
        json!({ "application/json": { "schema": { "$ref": "#/components/schemas/ApiError" } } });
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for item in paths.values_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for (method, operation) in item.iter_mut() {
            if !matches!(
                method.as_str(),
                "get" | "put" | "post" | "delete" | "patch" | "head" | "options"
            ) {
                continue;
            }
            let Some(operation) = operation.as_object_mut() else {
                continue;
            };
            let errors = shared_errors(operation);
            let responses = operation.entry("responses").or_insert_with(|| json!({}));
            for (status, description) in errors {
                let answer = responses.as_object_mut().map(|r| {
                    r.entry(status)
                        .or_insert_with(|| json!({"description": description}))
                });
                if let Some(answer) = answer.and_then(Value::as_object_mut) {
                    answer.entry("content").or_insert_with(|| envelope.clone());
                }
            }
        }
    }
}

/// Documents `path` (`method`) as the operation at `documented` (`documented_method`): a second
/// spelling of the same handler. Path parameters the alias lacks are query parameters there.
pub fn alias(doc: &mut Value, method: &str, path: &str, documented_method: &str, documented: &str) {
    let Some(mut operation) = doc["paths"][documented][documented_method]
        .as_object()
        .cloned()
    else {
        return;
    };
    if let Some(id) = operation.get("operationId").and_then(Value::as_str) {
        let id = format!("{id}_alias");
        operation.insert("operationId".into(), Value::String(id));
    }
    if let Some(parameters) = operation
        .get_mut("parameters")
        .and_then(Value::as_array_mut)
    {
        for parameter in parameters.iter_mut() {
            let name = parameter["name"].as_str().unwrap_or_default().to_owned();
            if parameter["in"] == "path" && !path.contains(&format!("{{{name}}}")) {
                parameter["in"] = json!("query");
                parameter["required"] = json!(false);
            }
        }
    }
    let item = &mut doc["paths"][path];
    if !item.is_object() {
        *item = json!({});
    }
    item[method] = Value::Object(operation);
}

/// Narrows the request body of `path` (`method`) to what the route accepts of a form it shares
/// with other routes: the body must match its form's schema and `rule` (a JSON Schema, such as
/// the fields this route requires), as `allOf`.
pub fn narrow(doc: &mut Value, method: &str, path: &str, rule: &str) {
    let rule: Value = serde_json::from_str(rule).unwrap_or_else(|e| {
        panic!("the body rule of {method} {path} is not JSON: {e}");
    });
    let Some(content) = doc["paths"][path][method]["requestBody"]["content"].as_object_mut() else {
        panic!("{method} {path} has no documented request body to narrow");
    };
    for body in content.values_mut() {
        let schema = body["schema"].take();
        body["schema"] = json!({ "allOf": [schema, rule.clone()] });
    }
}
