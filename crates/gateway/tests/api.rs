//! Every account route through the composed application, on a fresh database per test (SQLite, or
//! PostgreSQL with DESEN_TEST_BACKEND=postgres).
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use accounts::credentials::totp;
use accounts::settings::{AccountsSettings, Limit};
use actix_web::http::StatusCode;
use actix_web::test;
use common::*;
use serde_json::Value;
use test_support::TestWorld;

#[actix_web::test]
async fn login_answers_with_the_spec_shape_and_codes() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;

    let (status, body) = api.login("ayse@example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["responseCode"], 0);
    assert_eq!(body["user"]["email"], "ayse@example.com");
    assert_eq!(
        (body["isAdmin"].clone(), body["isInHouse"].clone()),
        (Value::Bool(false), Value::Bool(false))
    );
    assert_eq!(body["is2FaValidated"], true);
    assert!(body["accessToken"].as_str().unwrap().len() >= 43);

    let (status, body) = api.login("ayse@example.com", "Wrong-pass1").await;
    assert_eq!(
        (status, code(&body), body["responseCode"].as_i64()),
        (StatusCode::UNAUTHORIZED, "invalid_credentials", Some(1))
    );
    let (status, body) = api.login("nobody@example.com", PASSWORD).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "invalid_credentials")
    );
}

#[actix_web::test]
async fn tokens_validate_and_logout_ends_them() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let token = api.token("ayse@example.com", PASSWORD).await;

    let (_, body) = api
        .form("/service/account/validate-token", Some(&token), &[])
        .await;
    assert_eq!(
        (body["isValid"].clone(), body["user"]["name"].clone()),
        (Value::Bool(true), Value::from("Test ayse@example.com"))
    );
    let (_, body) = api
        .form(
            "/service/account/validate-token",
            Some("made-up-token"),
            &[],
        )
        .await;
    assert_eq!(body, serde_json::json!({ "isValid": false }));
    let (_, body) = api.form("/service/account/validate-token", None, &[]).await;
    assert_eq!(body["isValid"], false);

    let (status, _) = api.form("/service/account/logout", Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = api
        .form("/service/account/validate-token", Some(&token), &[])
        .await;
    assert_eq!(body["isValid"], false);
    let (status, body) = api.form("/service/account/logout", Some(&token), &[]).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "login_required")
    );
}

#[actix_web::test]
async fn admin_routes_need_an_admin_with_a_validated_second_factor() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    world.user("admin@example.com", PASSWORD, true);
    let api = api(&world).await;
    let users = "/service/admin/users/get-all";

    let (status, body) = api.form(users, None, &[]).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "login_required")
    );
    let user_token = api.token("ayse@example.com", PASSWORD).await;
    let (status, body) = api.form(users, Some(&user_token), &[]).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "not_authorized")
    );

    let unvalidated = api.token("admin@example.com", PASSWORD).await;
    let (_, body) = api
        .form("/service/account/validate-token", Some(&unvalidated), &[])
        .await;
    assert_eq!(
        (body["is2FaValidated"].clone(), body["secondFactor"].clone()),
        (Value::Bool(false), Value::from("enroll"))
    );
    for path in [
        users,
        "/service/admin/users/auto-login-link",
        "/service/admin/users/change-account-state",
    ] {
        let (status, body) = api.form(path, Some(&unvalidated), &[]).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::FORBIDDEN, "second_factor_required"),
            "{path}"
        );
    }

    let admin = api.admin_token("admin@example.com").await;
    let (status, body) = api
        .form(
            users,
            Some(&admin),
            &[("page", "0"), ("pageSize", "1"), ("query", "AYSE")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            body["totalCount"].as_i64(),
            body["items"][0]["email"].as_str()
        ),
        (Some(1), Some("ayse@example.com"))
    );
    let (_, body) = api.form(users, Some(&admin), &[("pageSize", "1")]).await;
    assert_eq!(
        (body["totalCount"].as_i64(), body["totalPage"].as_i64()),
        (Some(2), Some(2))
    );
}

#[actix_web::test]
async fn second_factor_enrolls_once_and_refuses_replays() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let api = api(&world).await;
    let token = api.token("admin@example.com", PASSWORD).await;
    let (status, enrollment) = api
        .form("/service/account/second-factor/enroll", Some(&token), &[])
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        enrollment["otpauthUrl"]
            .as_str()
            .unwrap()
            .starts_with("otpauth://totp/")
    );
    let secret = enrollment["secret"].as_str().unwrap();
    let now = chrono::Utc::now().timestamp() as u64;
    let code_now = totp::code_at(secret, now).unwrap();
    let (status, body) = api
        .form(
            "/service/account/second-factor/verify",
            Some(&token),
            &[("code", "123")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );
    let (status, _) = api
        .form(
            "/service/account/second-factor/verify",
            Some(&token),
            &[("code", &code_now)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api
        .form("/service/account/second-factor/enroll", Some(&token), &[])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "already_enrolled")
    );

    let again = api.token("admin@example.com", PASSWORD).await;
    let (_, body) = api.login("admin@example.com", PASSWORD).await;
    assert_eq!(body["secondFactor"], "verify");
    let (status, body) = api
        .form(
            "/service/account/second-factor/verify",
            Some(&again),
            &[("code", &code_now)],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "code_already_used")
    );
}

#[actix_web::test]
async fn reset_create_password_and_sign_in() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let (status, body) = api
        .form(
            "/service/account/reset-password",
            None,
            &[("mailAddress", "ayse@example.com")],
        )
        .await;
    assert_eq!(
        (status, body["sent"].clone()),
        (StatusCode::OK, Value::Bool(true))
    );
    let (status, _) = api
        .form(
            "/service/account/reset-password",
            None,
            &[("mailAddress", "ghost@example.com")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = world.link_param("token").unwrap();
    let form = |p1: &'static str, p2: &'static str, token: String| {
        vec![
            ("mailAddress", "ayse@example.com".to_owned()),
            ("password1", p1.into()),
            ("password2", p2.into()),
            ("token", token),
        ]
    };
    let send = |fields: Vec<(&'static str, String)>| {
        let body = serde_urlencoded::to_string(fields).unwrap();
        api.raw("/service/account/create-password", None, body)
    };
    let (status, body) = send(form("short", "short", token.clone())).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "weak_password")
    );
    let (status, body) = send(form("Strong-pass1", "Strong-pass2", token.clone())).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "passwords_mismatch")
    );
    let (status, body) = send(form("Strong-pass1", "Strong-pass1", "forged".into())).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "token_invalid")
    );
    let (status, _) = send(form("Strong-pass1", "Strong-pass1", token.clone())).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send(form("Strong-pass2", "Strong-pass2", token)).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "token_invalid")
    );
    api.token("ayse@example.com", "Strong-pass1").await;
}

#[actix_web::test]
async fn auto_login_and_suspension_through_http() {
    let world = TestWorld::new();
    let user = world.user("ayse@example.com", PASSWORD, false);
    world.user("admin@example.com", PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token("admin@example.com").await;
    let (status, link) = api
        .form(
            "/service/admin/users/auto-login-link",
            Some(&admin),
            &[("userGuid", &user.guid)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (page, token) = link["url"].as_str().unwrap().split_once("#token=").unwrap();
    assert!(page.ends_with("/auto-login"), "{link}");
    let token = token.to_owned();
    let (status, body) = api
        .form("/service/account/auto-login", None, &[("token", &token)])
        .await;
    assert_eq!(
        (status, body["responseCode"].as_i64()),
        (StatusCode::OK, Some(0))
    );
    let session = body["accessToken"].as_str().unwrap().to_owned();
    let (status, body) = api
        .form("/service/account/auto-login", None, &[("token", &token)])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "token_invalid")
    );

    let (status, _) = api
        .form(
            "/service/admin/users/change-account-state",
            Some(&admin),
            &[("userGuid", &user.guid), ("state", "stopped")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = api
        .form("/service/account/validate-token", Some(&session), &[])
        .await;
    assert_eq!(body["isValid"], false);
    let (status, body) = api.login("ayse@example.com", PASSWORD).await;
    assert_eq!(
        (status, code(&body), body["responseCode"].as_i64()),
        (StatusCode::FORBIDDEN, "account_stopped", Some(4))
    );
}

#[actix_web::test]
async fn bad_input_gets_coded_errors_and_changes_nothing() {
    let world = TestWorld::new();
    let user = world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let login = "/service/account/login_collection";

    let (status, body) = api.form(login, None, &[("password", PASSWORD)]).await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, "invalid_form", Some("mailAddress"))
    );
    let (status, body) = api
        .form(login, None, &[("mailAddress", "ayse@example.com")])
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("password"))
    );
    let (status, body) = api.raw(login, None, "%%%=&&mailAddress=%ZZ".into()).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );
    let big = format!(
        "mailAddress=ayse%40example.com&password={}",
        "A".repeat(10 * 1024 * 1024)
    );
    let (status, body) = api.raw(login, None, big).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
    );
    let long = format!("{}@example.com", "a".repeat(100));
    let (status, body) = api.login(&long, PASSWORD).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_email")
    );
    for (email, password) in [
        ("' OR 1=1 --", "x"),
        ("ayse@example.com", "'; DROP TABLE users; --"),
        ("<script>@x.io", "<b>"),
    ] {
        let (status, body) = api.login(email, password).await;
        assert!(status.is_client_error(), "{email}: {status}");
        assert!(
            ["invalid_email", "invalid_credentials"].contains(&code(&body)),
            "{body}"
        );
    }
    let (status, body) = api
        .form(
            "/service/account/reset-password",
            None,
            &[("mailAddress", "not an address")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_email")
    );
    let (status, body) = api
        .form(
            "/service/account/create-password",
            None,
            &[("mailAddress", "ayse@example.com")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );

    let stored = world.reload(&user);
    assert_eq!(
        (stored.password_hash, stored.login_count, stored.status),
        (user.password_hash, 0, user.status)
    );
    api.token("ayse@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn brute_force_is_rate_limited_with_a_cooldown() {
    let mut settings = AccountsSettings::default();
    settings.rate_limits.login_per_ip = Limit {
        max: 4,
        window_seconds: 600,
    };
    settings.rate_limits.reset_per_email = Limit {
        max: 2,
        window_seconds: 600,
    };
    let world = TestWorld::with_settings(settings);
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    for i in 0..4 {
        let (status, _) = api
            .login(&format!("guess{i}@example.com"), "Guess-1234")
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = api.login("ayse@example.com", PASSWORD).await;
    assert_eq!(
        (status, code(&body), body["responseCode"].as_i64()),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited", Some(5))
    );
    assert!(body["retryAfter"].as_u64().unwrap() > 500);
    for expected in [
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::TOO_MANY_REQUESTS,
    ] {
        let (status, _) = api
            .form(
                "/service/account/reset-password",
                None,
                &[("mailAddress", "ayse@example.com")],
            )
            .await;
        assert_eq!(status, expected);
    }
    assert_eq!(world.mails().len(), 2);
}

#[actix_web::test]
async fn the_gateway_serves_health_openapi_errors_and_the_app() {
    let world = TestWorld::new();
    let api = api(&world).await;
    let get = |path: &str| test::TestRequest::get().uri(path).to_request();

    let response = test::call_service(&api.app, get("/service/health")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("x-frame-options").unwrap(), "DENY");
    let health = |body: Value| body["paletteIndex"].as_str().unwrap().to_owned();
    assert_eq!(health(test::read_body_json(response).await), "not ready");
    api.state
        .search_cache
        .palette()
        .load(&mut world.conn())
        .unwrap();
    let response = test::call_service(&api.app, get("/service/health")).await;
    assert!(response.headers().get("content-security-policy").is_some());
    assert_eq!(
        response.headers().get("x-request-id").map(|id| id.len()),
        Some(36),
        "request ids reach the client"
    );
    assert_eq!(health(test::read_body_json(response).await), "ready");

    let doc: Value = test::call_and_read_body_json(&api.app, get("/service/openapi.json")).await;
    for path in [
        "/service/account/login_collection",
        "/service/account/validate-token",
        "/service/account/create-password",
        "/service/favorites/lists",
        "/service/favorites/add",
        "/service/favorites/share",
        "/service/search/favorites/{id}/{page}/{pageSize}",
        "/service/admin/favorites/shared",
        "/service/health",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} in openapi.json");
    }

    let response = test::call_service(&api.app, get("/service/no-such-thing")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = test::read_body_json(response).await;
    assert_eq!(code(&body), "not_found");

    // The app's page at every client-side route, with the configuration the app reads first;
    // revalidated on each load (a saved setting reaches the next page load).
    for route in ["/", "/archive", "/design/abc/def", "/admin/pools"] {
        let response = test::call_service(&api.app, get(route)).await;
        assert_eq!(response.status(), StatusCode::OK, "{route}");
        assert_eq!(response.headers().get("cache-control").unwrap(), "no-cache");
        let page = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
        assert!(page.contains("<title>Desen"), "{page}");
        assert!(
            page.contains(r#"<script id="desen-configuration" type="application/json">{"#)
                && page.contains(r#""pageSize":25"#),
            "{route}: {page}"
        );
    }
    let response = test::call_service(
        &api.app,
        test::TestRequest::default()
            .method(actix_web::http::Method::HEAD)
            .uri("/")
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
}

/// Client settings are kept per user on the server: set in one session, read in another (another
/// browser); a malformed or too long value is refused and changes nothing.
#[actix_web::test]
async fn client_settings_follow_the_user_to_another_session() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    world.user("can@example.com", PASSWORD, false);
    let api = api(&world).await;
    let laptop = api.token("ayse@example.com", PASSWORD).await;
    let phone = api.token("ayse@example.com", PASSWORD).await;
    let other = api.token("can@example.com", PASSWORD).await;
    let put = |token: &str, body: Value| {
        let api = &api;
        let token = token.to_owned();
        async move {
            let (status, _, bytes) = api
                .call(
                    test::TestRequest::put()
                        .uri("/service/account/client-settings")
                        .insert_header(("Access-Token", token.as_str()))
                        .set_json(&body),
                )
                .await;
            (status, json(&bytes))
        }
    };
    let get = |token: &str| {
        let api = &api;
        let token = token.to_owned();
        async move {
            api.send(
                actix_web::http::Method::GET,
                "/service/account/client-settings",
                Some(&token),
                &[],
            )
            .await
        }
    };

    let (status, none) = get(&laptop).await;
    assert_eq!((status, none), (StatusCode::OK, serde_json::json!({})));
    let (status, _) = api
        .send(
            actix_web::http::Method::GET,
            "/service/account/client-settings",
            None,
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let chosen = serde_json::json!({
        "combineLabelSearch": false,
        "selectedCollection": "list-1",
        "isRememberFavoriteSelection": true,
        "infinityScroll": false,
    });
    let (status, saved) = put(&laptop, chosen.clone()).await;
    assert_eq!((status, &saved), (StatusCode::OK, &chosen));
    assert_eq!(get(&phone).await.1, chosen, "the other session reads them");
    assert_eq!(
        get(&other).await.1,
        serde_json::json!({}),
        "another user's are their own"
    );

    for bad in [
        serde_json::json!({ "selectedCollection": "x".repeat(101) }),
        serde_json::json!({ "infinityScroll": "yes" }),
        serde_json::json!({ "somethingElse": true }),
    ] {
        let (status, body) = put(&phone, bad.clone()).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::BAD_REQUEST, "invalid_form"),
            "{bad}"
        );
    }
    assert_eq!(
        get(&laptop).await.1,
        chosen,
        "a refused change changes nothing"
    );
}

#[actix_web::test]
async fn admins_get_recovery_codes_once_and_pass_the_second_factor_with_one() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let token = api.token("admin@example.com", PASSWORD).await;
    let (_, enrollment) = api
        .form("/service/account/second-factor/enroll", Some(&token), &[])
        .await;
    let secret = enrollment["secret"].as_str().unwrap();
    let code_now = totp::code_at(secret, chrono::Utc::now().timestamp() as u64).unwrap();
    let (status, verified) = api
        .form(
            "/service/account/second-factor/verify",
            Some(&token),
            &[("code", &code_now)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{verified}");
    let codes: Vec<String> = verified["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes.len(), 10);
    assert!(
        codes
            .iter()
            .all(|c| c.len() == 14 && c.matches('-').count() == 2)
    );
    let (status, left) = api
        .get(
            "/service/account/second-factor/recovery-codes",
            Some(&token),
        )
        .await;
    assert_eq!(
        (status, left["recoveryCodesLeft"].as_i64()),
        (StatusCode::OK, Some(10))
    );

    // The next sign-in: no recovery codes in a plain verify; a wrong recovery code is refused
    // with its code, a good one passes the second factor once.
    let again = api.token("admin@example.com", PASSWORD).await;
    let (status, body) = api
        .get(
            "/service/account/second-factor/recovery-codes",
            Some(&again),
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "second_factor_required")
    );
    let (status, body) = api
        .form("/service/account/second-factor/recover", Some(&again), &[])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "invalid_form")
    );
    assert_eq!(body["field"], "recoveryCode");
    let (status, body) = api
        .form(
            "/service/account/second-factor/recover",
            Some(&again),
            &[("recoveryCode", "2222-3333-4444")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "invalid_recovery_code")
    );
    let (status, body) = api
        .form(
            "/service/account/second-factor/recover",
            Some(&again),
            &[("recoveryCode", &codes[0].to_lowercase())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["is2FaValidated"], true);
    assert_eq!(body["recoveryCodesLeft"], 9);
    let (status, _) = api
        .form("/service/admin/users/get-all", Some(&again), &[])
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the session passed the second factor"
    );
    let (_, log) = api
        .form("/service/admin/audit/get-all", Some(&again), &[])
        .await;
    assert_eq!(audit_actions(&log)[0], "recovery_code_used");

    let third = api.token("admin@example.com", PASSWORD).await;
    let (status, body) = api
        .form(
            "/service/account/second-factor/recover",
            Some(&third),
            &[("recoveryCode", &codes[0])],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "invalid_recovery_code"),
        "a code works once"
    );

    // Regenerated by the validated admin who proves the second factor again (here with a
    // recovery code): the old codes die, the count is back to ten.
    let (status, body) = api
        .form(
            "/service/account/second-factor/recovery-codes",
            Some(&again),
            &[],
        )
        .await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, "invalid_form", Some("code"))
    );
    let (status, body) = api
        .form(
            "/service/account/second-factor/recovery-codes",
            Some(&again),
            &[("code", "2222-3333-4444")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "invalid_recovery_code")
    );
    let (status, fresh) = api
        .form(
            "/service/account/second-factor/recovery-codes",
            Some(&again),
            &[("code", &codes[3])],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(fresh["recoveryCodes"].as_array().unwrap().len(), 10);
    assert_eq!(fresh["recoveryCodesLeft"], 10);
    let (status, body) = api
        .form(
            "/service/account/second-factor/recover",
            Some(&third),
            &[("recoveryCode", &codes[1])],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "invalid_recovery_code")
    );

    // A customer has no recovery codes to use or make.
    let customer = api.token("ayse@example.com", PASSWORD).await;
    let (status, body) = api
        .form(
            "/service/account/second-factor/recover",
            Some(&customer),
            &[("recoveryCode", &codes[2])],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::FORBIDDEN, "not_authorized")
    );
    let (status, _) = api
        .form(
            "/service/account/second-factor/recovery-codes",
            Some(&customer),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let doc = gateway::openapi();
    for path in [
        "/service/account/second-factor/recover",
        "/service/account/second-factor/recovery-codes",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} in openapi.json");
    }
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers_and_the_app_has_no_inline_script() {
    let world = TestWorld::new();
    let api = api(&world).await;
    for path in [
        "/service/health",
        "/",
        "/admin/settings",
        "/service/no-such-thing",
    ] {
        let (_, headers, _) = api.bytes(path, None).await;
        let header = |name: &str| {
            headers
                .get(name)
                .map(|v| v.to_str().unwrap().to_owned())
                .unwrap_or_default()
        };
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
        let csp = header("content-security-policy");
        let directives: Vec<&str> = csp.split(';').map(str::trim).collect();
        for wanted in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "connect-src 'self'",
        ] {
            assert!(directives.contains(&wanted), "{path}: {wanted} in {csp}");
        }
        assert!(
            !csp.contains("unsafe-eval") && !directives[1].contains("unsafe-inline"),
            "{path}: {csp}"
        );
    }
    // script-src 'self' holds for the real app: the page has no inline script (the route
    // preloads are a file the webpack plugin emits), in the template and in a build if present.
    let frontend = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend");
    for page in ["public/index.html", "dist/index.html"] {
        let Ok(html) = std::fs::read_to_string(frontend.join(page)) else {
            continue;
        };
        for tag in html.split("<script").skip(1) {
            let open = tag.split('>').next().unwrap();
            assert!(
                open.contains("src="),
                "{page}: an inline script: <script{open}>"
            );
        }
    }
    let webpack = std::fs::read_to_string(frontend.join("webpack.config.js")).unwrap();
    assert!(
        webpack.contains("emitAsset(file") && webpack.contains("src: `${publicPath}${file}`"),
        "RoutePreloadPlugin must keep its script an external file (CSP script-src 'self')"
    );
}

#[actix_web::test]
async fn the_image_cookie_is_secure_behind_tls_and_believes_only_trusted_proxies() {
    let login = |peer: &str, proto: Option<&str>| {
        let mut request = test::TestRequest::post()
            .uri("/service/account/login_collection")
            .peer_addr(peer.parse().unwrap())
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload("mailAddress=ayse%40example.com&password=Passw0rd%21");
        if let Some(proto) = proto {
            request = request.insert_header(("X-Forwarded-Proto", proto));
        }
        request
    };
    let cookie_of = |headers: &actix_web::http::header::HeaderMap| {
        headers
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    };

    // Plain http, no proxy: not Secure; whatever a client claims, it is not believed.
    let settings = AccountsSettings {
        trusted_proxies: vec!["10.0.0.2".parse().unwrap()],
        ..Default::default()
    };
    let world = TestWorld::with_settings(settings);
    world.user("ayse@example.com", PASSWORD, false);
    let plain = api(&world).await;
    let (status, headers, _) = plain.call(login("203.0.113.9:5000", None)).await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie_of(&headers);
    assert!(
        cookie.starts_with("desen_images=")
            && cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict")
            && cookie.contains("Path=/service/")
            && !cookie.contains("Secure"),
        "{cookie}"
    );
    let (_, headers, _) = plain.call(login("203.0.113.9:5000", Some("https"))).await;
    assert!(
        !cookie_of(&headers).contains("Secure"),
        "an untrusted peer's header"
    );
    // Through the trusted proxy that terminated TLS: Secure.
    let (_, headers, _) = plain.call(login("10.0.0.2:4000", Some("https"))).await;
    assert!(cookie_of(&headers).contains("Secure"));
    let (_, headers, _) = plain.call(login("10.0.0.2:4000", Some("http"))).await;
    assert!(!cookie_of(&headers).contains("Secure"));

    // A public address on https: always Secure.
    let settings = AccountsSettings {
        public_url: "https://archive.example.com".into(),
        ..Default::default()
    };
    let world = TestWorld::with_settings(settings);
    world.user("ayse@example.com", PASSWORD, false);
    let tls = api(&world).await;
    let (_, headers, _) = tls.call(login("203.0.113.9:5000", None)).await;
    let cookie = cookie_of(&headers);
    assert!(
        cookie.contains("Secure") && cookie.contains("HttpOnly"),
        "{cookie}"
    );
}

#[actix_web::test]
async fn the_image_cookie_alone_opens_no_other_route() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let api = api(&world).await;
    let (status, headers, _) = api
        .call(
            test::TestRequest::post()
                .uri("/service/account/login_collection")
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("mailAddress=ayse%40example.com&password=Passw0rd%21"),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let cookie = headers.get("set-cookie").unwrap().to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_owned();
    // Reads and changes outside the GET image and file routes need the Access-Token header.
    for (method, path) in [
        (
            actix_web::http::Method::GET,
            "/service/account/client-settings",
        ),
        (
            actix_web::http::Method::PUT,
            "/service/account/client-settings",
        ),
        (actix_web::http::Method::POST, "/service/account/logout"),
        (actix_web::http::Method::PUT, "/service/favorites/create"),
        (
            actix_web::http::Method::POST,
            "/service/search/design/basic/0/20",
        ),
    ] {
        let (status, _, bytes) = api
            .call(
                test::TestRequest::default()
                    .method(method.clone())
                    .uri(path)
                    .insert_header(("Cookie", cookie.as_str()))
                    .insert_header(("content-type", "application/x-www-form-urlencoded")),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}");
        assert_eq!(code(&json(&bytes)), "login_required", "{method} {path}");
    }
}
