//! The admin area's account routes through HTTP: users (create, row actions, bulk actions, the
//! list), customer companies and the audit log. Every route refuses anyone but an admin past the
//! second factor; every refused form changes nothing. Runs on SQLite, and on PostgreSQL with Redis
//! under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use accounts::service::NewUser;
use actix_web::http::StatusCode;
use common::{PASSWORD, api, audit_actions, code, customer_with_user, sample};
use desen_core::Language;
use serde_json::Value;
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

const ROUTES: [&str; 23] = [
    "/service/admin/users/get-all",
    "/service/admin/users/create",
    "/service/admin/users/update",
    "/service/admin/users/assign-password",
    "/service/admin/users/set-login-condition",
    "/service/admin/users/reset-password",
    "/service/admin/users/reset-authenticator",
    "/service/admin/users/change-account-state",
    "/service/admin/users/bulk-reset-password",
    "/service/admin/users/bulk-set-login-condition",
    "/service/admin/users/bulk-change-account-state",
    "/service/admin/customers/get-all",
    "/service/admin/customers/add-customer",
    "/service/admin/customers/set-visibility",
    "/service/admin/customers/delete",
    "/service/admin/audit/get-all",
    "/service/admin/pool/all",
    "/service/admin/pool/insert",
    "/service/admin/pool/delete",
    "/service/admin/pool/assign",
    "/service/admin/pool/search",
    "/service/admin/pool/count",
    "/service/admin/pool/explain",
];

#[actix_web::test]
async fn only_an_admin_past_the_second_factor_reaches_the_admin_routes() {
    let world = TestWorld::new();
    let (_, target) = customer_with_user(&world, "Acme", "ayse@example.com");
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    let user = api.token("ayse@example.com", PASSWORD).await;
    let unvalidated = api.token(ADMIN, PASSWORD).await;
    let suspend = [
        ("userGuid", target.as_str()),
        ("userGuids", target.as_str()),
        ("state", "stopped"),
    ];
    // The guard answers before any handler reads its body: a form sent to a JSON route included.
    for path in ROUTES {
        let (status, body) = api.form(path, None, &suspend).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::UNAUTHORIZED, "login_required"),
            "{path}"
        );
        let (status, body) = api.form(path, Some(&user), &suspend).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::FORBIDDEN, "not_authorized"),
            "{path}"
        );
        let (status, body) = api.form(path, Some(&unvalidated), &suspend).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::FORBIDDEN, "second_factor_required"),
            "{path}"
        );
    }
    // Nothing happened: the user still signs in, and the log is empty.
    api.token("ayse@example.com", PASSWORD).await;
    let admin = api.admin_token(ADMIN).await;
    let (_, log) = api
        .form("/service/admin/audit/get-all", Some(&admin), &[])
        .await;
    assert_eq!(log["totalCount"], 0);
}

#[actix_web::test]
async fn creating_a_user_checks_every_field_and_refuses_a_taken_address() {
    let world = TestWorld::new();
    let (customer, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let pool = {
        let conn = &mut world.conn();
        let saved = pools::service::save_pool(
            conn,
            &desen_core::UserGuid::new(),
            pools::dto::PoolSave {
                name: "Summer".into(),
                dtos: vec![pools::PoolCriteria::default()],
                ..Default::default()
            },
        )
        .unwrap();
        saved.uniqueid
    };
    let good: Vec<(&str, &str)> = vec![
        ("customer", &customer),
        ("name", "Mehmet Demir"),
        ("mail", "Mehmet@Example.com"),
        ("language", "tr"),
        ("loginCondition", "limited"),
        ("conditionData", "30"),
        ("pool", &pool),
        ("passwordMode", "set"),
        ("password1", "Yeni-sifre1"),
        ("password2", "Yeni-sifre1"),
        ("shopAccess", "true"),
        ("archiveAccess", "true"),
    ];
    let with = |field: &str, value: &'static str| {
        let mut form = good.clone();
        form.retain(|(k, _)| *k != field);
        form.push((Box::leak(field.to_owned().into_boxed_str()), value));
        form
    };
    let create = "/service/admin/users/create";
    let refused = [
        (with("customer", ""), "invalid_form", "customer"),
        (
            with("customer", "no-such-customer"),
            "invalid_form",
            "customer",
        ),
        (with("name", "  "), "invalid_form", "name"),
        (
            with("mail", "not-an-address"),
            "invalid_email",
            "mailAddress",
        ),
        (with("language", "de"), "invalid_form", "language"),
        (
            with("loginCondition", "sometimes"),
            "invalid_form",
            "conditionType",
        ),
        (with("conditionData", ""), "invalid_form", "conditionValue"),
        (with("conditionData", "0"), "invalid_form", "conditionValue"),
        (
            with("conditionData", "99999"),
            "invalid_form",
            "conditionValue",
        ),
        (with("pool", "no-such-pool"), "invalid_form", "pool"),
        (
            with("passwordMode", "guess"),
            "invalid_form",
            "passwordMode",
        ),
        (with("password1", "short"), "weak_password", ""),
        (with("password2", "Other-sifre1"), "passwords_mismatch", ""),
        (with("shopAccess", ""), "invalid_form", "shopAccess"),
        (
            with("archiveAccess", "maybe"),
            "invalid_form",
            "archiveAccess",
        ),
    ];
    for (form, want, field) in &refused {
        let (status, body) = api.form(create, Some(&admin), form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
        assert_eq!(code(&body), *want, "{form:?}: {body}");
        if !field.is_empty() {
            assert_eq!(body["field"], *field, "{form:?}: {body}");
        }
    }
    let (_, list) = api
        .form("/service/admin/users/get-all", Some(&admin), &[])
        .await;
    assert_eq!(list["totalCount"], 2, "nothing was created: {list}");

    let (status, body) = api.form(create, Some(&admin), &good).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let created = body["userGuid"].as_str().unwrap().to_owned();
    let (status, body) = api
        .form(create, Some(&admin), &with("mail", "mehmet@example.com"))
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "duplicate_email")
    );

    // The new user signs in with the password set, sees their pool, and their row says so.
    api.token("mehmet@example.com", "Yeni-sifre1").await;
    let (_, list) = api
        .form(
            "/service/admin/users/get-all",
            Some(&admin),
            &[("query", "mehmet")],
        )
        .await;
    let row = &list["items"][0];
    assert_eq!(row["userGuid"], created.as_str());
    assert_eq!(row["poolName"], "Summer");
    assert_eq!(row["loginCondition"], "day_limit");
    assert_eq!(row["loginDayLimit"], 30);
    assert_eq!(row["language"], "tr");
    assert_eq!(row["companyName"], "Acme");

    // An invitation: no password, a mail with a link to create one.
    let mut invite = with("passwordMode", "invite");
    invite.retain(|(k, _)| !k.starts_with("password") || *k == "passwordMode");
    invite.retain(|(k, _)| *k != "mail");
    invite.push(("mail", "zeynep@example.com"));
    let (status, body) = api.form(create, Some(&admin), &invite).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        world
            .mails()
            .iter()
            .any(|m| m.contains("zeynep@example.com") && m.contains("/create-password")),
        "an invitation mail"
    );
    let (status, body) = api.login("zeynep@example.com", "anything").await;
    assert_eq!(body["responseCode"], 6, "{status} {body}");

    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("action", "user_created")],
        )
        .await;
    assert_eq!(audit_actions(&log), ["user_created", "user_created"]);
    assert_eq!(log["items"][0]["actorEmail"], ADMIN);
    assert_eq!(log["items"][0]["subjectName"], "zeynep@example.com");
    assert_eq!(log["items"][0]["details"], "invited");
}

#[actix_web::test]
async fn row_actions_change_the_account_and_end_its_sessions() {
    // The user signs in after every change: more often than the login limit allows.
    let mut settings = accounts::settings::AccountsSettings::default();
    settings.rate_limits.login_per_email.max = 100;
    let world = TestWorld::with_settings(settings);
    let (_, ayse) = customer_with_user(&world, "Acme", "ayse@example.com");
    world.user(ADMIN, PASSWORD, true);
    world.user("second-admin@example.com", PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;

    // A new password: old sessions end, the old password fails, the new one works.
    let session = api.token("ayse@example.com", PASSWORD).await;
    let assign = "/service/admin/users/assign-password";
    let (status, body) = api
        .form(
            assign,
            Some(&admin),
            &[("userGuid", &ayse), ("newPassword", "weak")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "weak_password")
    );
    let (status, _) = api
        .form(
            assign,
            Some(&admin),
            &[("userGuid", &ayse), ("newPassword", "Baska-sifre2")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(api.is_valid(&session).await, false);
    let (_, body) = api.login("ayse@example.com", PASSWORD).await;
    assert_eq!(body["responseCode"], 1);
    api.token("ayse@example.com", "Baska-sifre2").await;

    // Login restriction: addresses first (the tests call from 203.0.113.9), then the day count.
    let condition = "/service/admin/users/set-login-condition";
    let (status, body) = api
        .form(
            condition,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("conditionType", "unlimited"),
                ("allowedIps", "10.0.0.0/8, not-an-ip"),
            ],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("allowedIps"))
    );
    api.token("ayse@example.com", "Baska-sifre2").await;
    let (status, _) = api
        .form(
            condition,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("conditionType", "unlimited"),
                ("allowedIps", "10.0.0.0/8"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = api.login("ayse@example.com", "Baska-sifre2").await;
    assert_eq!(body["responseCode"], 3, "restricted address: {body}");
    let (status, _) = api
        .form(
            condition,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("conditionType", "limited"),
                ("conditionValue", "7"),
                ("allowedIps", "203.0.113.0/24"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    api.token("ayse@example.com", "Baska-sifre2").await;
    {
        // Eight days later the seven days are over.
        let conn = &mut world.conn();
        let mut user = accounts::repo::user_by_guid(conn, &ayse).unwrap().unwrap();
        user.login_condition_from = Some(desen_core::time::now() - chrono::Duration::days(8));
        accounts::repo::save_user(conn, &user).unwrap();
    }
    let (_, body) = api.login("ayse@example.com", "Baska-sifre2").await;
    assert_eq!(body["responseCode"], 2, "day limit: {body}");
    let (status, _) = api
        .form(
            condition,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("conditionType", "limited"),
                ("conditionValue", "7"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "a renewed limit counts from now");
    api.token("ayse@example.com", "Baska-sifre2").await;

    // A reset mail.
    let before = world.mails().len();
    let (status, _) = api
        .form(
            "/service/admin/users/reset-password",
            Some(&admin),
            &[("userGuid", &ayse)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(world.mails().len(), before + 1);

    // Suspension ends the running session at once; activation lets the user back in.
    let session = api.token("ayse@example.com", "Baska-sifre2").await;
    let quiet = api.token("ayse@example.com", "Baska-sifre2").await;
    let state = "/service/admin/users/change-account-state";
    let (status, _) = api
        .form(
            state,
            Some(&admin),
            &[("userGuid", &ayse), ("state", "stopped")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api
        .form("/service/search/design/basic/0/25", Some(&session), &[])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNAUTHORIZED, "login_required")
    );
    let (_, body) = api.login("ayse@example.com", "Baska-sifre2").await;
    assert_eq!(body["responseCode"], 4, "suspended: {body}");
    let (status, _) = api
        .form(
            state,
            Some(&admin),
            &[("userGuid", &ayse), ("state", "active")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        api.is_valid(&quiet).await,
        false,
        "a session unused while suspended ended too, not only while the suspension lasted"
    );
    api.token("ayse@example.com", "Baska-sifre2").await;
    let me = accounts::repo::user_by_email(&mut world.conn(), ADMIN)
        .unwrap()
        .unwrap();
    let (status, _) = api
        .form(
            state,
            Some(&admin),
            &[("userGuid", &me.guid), ("state", "stopped")],
        )
        .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "an admin cannot suspend themself"
    );

    // Another admin's authenticator: reset, their session ends and the next sign-in enrolls again.
    let second = api.admin_token("second-admin@example.com").await;
    let other = accounts::repo::user_by_email(&mut world.conn(), "second-admin@example.com")
        .unwrap()
        .unwrap();
    let (status, _) = api
        .form(
            "/service/admin/users/reset-authenticator",
            Some(&admin),
            &[("userGuid", &other.guid)],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(api.is_valid(&second).await, false);
    let token = api.token("second-admin@example.com", PASSWORD).await;
    let (_, body) = api
        .form("/service/account/validate-token", Some(&token), &[])
        .await;
    assert_eq!(body["secondFactor"], "enroll");

    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("subjectGuid", &ayse)],
        )
        .await;
    assert_eq!(
        audit_actions(&log),
        [
            "account_state_changed",
            "account_state_changed",
            "password_reset_sent",
            "login_condition_set",
            "login_condition_set",
            "login_condition_set",
            "password_assigned",
        ]
    );
    assert_eq!(log["items"][2]["details"], "");
    assert_eq!(log["items"][4]["details"], "7 days; from 203.0.113.0/24");
}

#[actix_web::test]
async fn bulk_actions_change_hundreds_of_users_or_none() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (customer, first) = customer_with_user(&world, "Acme", "user0@example.com");
    let mut ids = vec![first];
    {
        let conn = &mut world.conn();
        for n in 1..600 {
            let user = accounts::service::create_user(
                conn,
                NewUser {
                    email: format!("user{n}@example.com"),
                    name: format!("User {n}"),
                    password: None,
                    is_admin: false,
                    is_in_house: false,
                    language: Language::En,
                    customer_guid: Some(customer.clone()),
                },
            )
            .unwrap();
            ids.push(user.guid);
        }
    }
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let session = api.token("user0@example.com", PASSWORD).await;
    let all = ids.join(",");
    let count = |status: &'static str| {
        let api = &api;
        let admin = admin.clone();
        async move {
            api.form(
                "/service/admin/users/get-all",
                Some(&admin),
                &[("status", status)],
            )
            .await
            .1["totalCount"]
                .as_i64()
                .unwrap()
        }
    };

    // One unknown id: nothing changes.
    let with_unknown = format!("{all},no-such-user");
    let state = "/service/admin/users/bulk-change-account-state";
    let (status, _) = api
        .form(
            state,
            Some(&admin),
            &[("userGuids", &with_unknown), ("state", "stopped")],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(count("stopped").await, 0);
    let too_many = (0..=accounts::admin::MAX_BULK_USERS)
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let (status, body) = api
        .form(
            state,
            Some(&admin),
            &[("userGuids", &too_many), ("state", "stopped")],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("userGuids"))
    );

    let (status, body) = api
        .form(
            state,
            Some(&admin),
            &[("userGuids", &all), ("state", "stopped")],
        )
        .await;
    assert_eq!(
        (status, body["changed"].as_i64()),
        (StatusCode::OK, Some(600))
    );
    assert_eq!(count("stopped").await, 600);
    let (status, _) = api
        .form("/service/search/design/basic/0/25", Some(&session), &[])
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the suspended user's session ended"
    );
    let (status, _) = api
        .form(
            state,
            Some(&admin),
            &[("userGuids", &all), ("state", "active")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count("active").await, 601);

    let (status, body) = api
        .form(
            "/service/admin/users/bulk-set-login-condition",
            Some(&admin),
            &[
                ("userGuids", &all),
                ("conditionType", "limited"),
                ("conditionValue", "90"),
            ],
        )
        .await;
    assert_eq!(
        (status, body["changed"].as_i64()),
        (StatusCode::OK, Some(600)),
        "{body}"
    );
    let (_, page) = api
        .form(
            "/service/admin/users/get-all",
            Some(&admin),
            &[("query", "user59"), ("pageSize", "200")],
        )
        .await;
    for row in page["items"].as_array().unwrap() {
        assert_eq!(
            (
                row["loginCondition"].as_str(),
                row["loginDayLimit"].as_i64()
            ),
            (Some("day_limit"), Some(90))
        );
    }

    let before = world.mails().len();
    let some: Vec<&str> = ids.iter().take(3).map(String::as_str).collect();
    let (status, body) = api
        .form(
            "/service/admin/users/bulk-reset-password",
            Some(&admin),
            &[("userGuids", &some.join(","))],
        )
        .await;
    assert_eq!(
        (status, body["changed"].as_i64()),
        (StatusCode::OK, Some(3))
    );
    assert_eq!(world.mails().len(), before + 3);

    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("action", "login_condition_set")],
        )
        .await;
    assert_eq!(log["totalCount"], 600);
}

#[actix_web::test]
async fn the_users_list_filters_sorts_and_pages() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (acme, _) = customer_with_user(&world, "Acme", "ayse@example.com");
    customer_with_user(&world, "Beta Tekstil", "burak@example.com");
    customer_with_user(&world, "Beta Tekstil", "cem@example.com");
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    api.token("cem@example.com", PASSWORD).await;
    api.token("cem@example.com", PASSWORD).await;
    let list = |fields: Vec<(&'static str, String)>| {
        let api = &api;
        let admin = admin.clone();
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, body) = api
                .form("/service/admin/users/get-all", Some(&admin), &fields)
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let emails: Vec<String> = body["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["email"].as_str().unwrap().to_owned())
                .collect();
            (emails, body["totalCount"].as_i64().unwrap())
        }
    };
    let s = |v: &str| v.to_owned();
    assert_eq!(list(vec![("query", s("beta"))]).await.1, 2);
    assert_eq!(
        list(vec![("customerGuid", acme.clone())]).await.0,
        ["ayse@example.com"]
    );
    assert_eq!(
        list(vec![
            ("sort", s("loginCount")),
            ("descending", s("true")),
            ("pageSize", s("1"))
        ])
        .await
        .0,
        ["cem@example.com"]
    );
    // Never signed in: ayse and burak (the admin and cem have).
    assert_eq!(
        list(vec![("inactiveDays", s("30")), ("sort", s("email"))])
            .await
            .0,
        ["ayse@example.com", "burak@example.com"]
    );
    // Pages of one row each follow the order asked for, and never overlap. (Rows without a value
    // of the key, such as the admin's company, are left out of the order check: the databases
    // sort a missing value differently.)
    let all = api
        .form("/service/admin/users/get-all", Some(&admin), &[])
        .await
        .1["items"]
        .as_array()
        .unwrap()
        .clone();
    let row_of = |email: &str| all.iter().find(|r| r["email"] == email).unwrap().clone();
    for (sort, field) in [
        ("name", "name"),
        ("email", "email"),
        ("company", "companyName"),
        ("created", "createdAt"),
        ("lastLogin", "lastLoginAt"),
        ("loginCount", "loginCount"),
        ("status", "status"),
    ] {
        for descending in [false, true] {
            let mut seen = Vec::new();
            for page in 0..4 {
                let (emails, total) = list(vec![
                    ("sort", s(sort)),
                    ("descending", descending.to_string()),
                    ("pageSize", s("1")),
                    ("page", page.to_string()),
                ])
                .await;
                assert_eq!(total, 4);
                seen.extend(emails);
            }
            let keys: Vec<Value> = seen
                .iter()
                .map(|e| row_of(e)[field].clone())
                .filter(|k| !k.is_null())
                .collect();
            let ordered = keys.windows(2).all(|w| {
                let order = match (&w[0], &w[1]) {
                    (Value::Number(a), Value::Number(b)) => {
                        a.as_i64().unwrap().cmp(&b.as_i64().unwrap())
                    }
                    (a, b) => a.as_str().unwrap().cmp(b.as_str().unwrap()),
                };
                if descending {
                    order.is_ge()
                } else {
                    order.is_le()
                }
            });
            assert!(ordered, "{sort} descending={descending}: {keys:?}");
            let mut distinct = seen.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 4, "{sort} {descending}");
        }
    }
    let (status, body) = api
        .form(
            "/service/admin/users/get-all",
            Some(&admin),
            &[("sort", "shoe size")],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("sort"))
    );
    let (status, body) = api
        .form(
            "/service/admin/users/get-all",
            Some(&admin),
            &[("pageSize", "1000")],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("pageSize"))
    );
}

#[actix_web::test]
async fn customers_are_added_shown_hidden_and_deleted_with_care() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let (_, _) = customer_with_user(&world, "Open Tekstil", "olga@example.com");
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let add = "/service/admin/customers/add-customer";

    let (status, body) = api
        .form(add, Some(&admin), &[("name", "  "), ("address", "x")])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "customer_name_required")
    );
    assert_eq!(body["message"], "Company name field is required.");
    let (status, body) = api
        .form(
            add,
            Some(&admin),
            &[
                ("name", "Şule Örme"),
                ("address", "İstanbul"),
                ("code", "SO-1"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sule = body["customerGuid"].as_str().unwrap().to_owned();
    let (status, body) = api.form(add, Some(&admin), &[("name", "sule orme")]).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "customer_name_taken")
    );

    let (_, page) = api
        .form(
            "/service/admin/customers/get-all",
            Some(&admin),
            &[("query", "so-1")],
        )
        .await;
    assert_eq!(page["totalCount"], 1);
    assert_eq!(page["items"][0]["customerName"], "Şule Örme");
    assert_eq!(page["items"][0]["address"], "İstanbul");
    let (_, page) = api
        .form("/service/admin/customers/get-all", Some(&admin), &[])
        .await;
    let open = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["customerName"] == "Open Tekstil")
        .unwrap()
        .clone();
    assert_eq!(
        (open["userCount"].as_i64(), open["designCount"].as_i64()),
        (Some(1), Some(0))
    );

    // A customer's user knows of their own company only, visible or not; staff see every
    // customer, with the visibility switch as a flag (the archive filter offers visible ones).
    let olga = api.token("olga@example.com", PASSWORD).await;
    let listed = |token: String| {
        let api = &api;
        async move {
            let (_, body) = api
                .form("/service/get/customers/basic", Some(&token), &[])
                .await;
            body.as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let name = c["customerName"].as_str().unwrap().to_owned();
                    (name, c["visible"].as_bool().unwrap())
                })
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        listed(olga.clone()).await,
        [("Open Tekstil".to_owned(), true)]
    );
    assert!(
        listed(admin.clone())
            .await
            .contains(&("Şule Örme".to_owned(), true))
    );
    let visibility = "/service/admin/customers/set-visibility";
    let (status, _) = api
        .form(
            visibility,
            Some(&admin),
            &[("customerGuid", &sule), ("val", "false")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        listed(admin.clone())
            .await
            .contains(&("Şule Örme".to_owned(), false))
    );
    assert_eq!(listed(olga.clone()).await.len(), 1);
    let (status, body) = api
        .form(
            visibility,
            Some(&admin),
            &[("customerGuid", &sule), ("val", "perhaps")],
        )
        .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("val"))
    );

    // A customer still referred to is kept unless the deletion cascades.
    let delete = "/service/admin/customers/delete";
    let open_guid = open["customerGuid"].as_str().unwrap();
    let (status, body) = api
        .form(delete, Some(&admin), &[("customerGuid", open_guid)])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "customer_in_use")
    );
    api.token("olga@example.com", PASSWORD).await;
    let (status, _) = api
        .form(
            delete,
            Some(&admin),
            &[("customerGuid", open_guid), ("cascade", "true")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api
        .form("/service/get/customers/basic", Some(&olga), &[])
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the deleted user's session ended"
    );
    let (_, body) = api.login("olga@example.com", PASSWORD).await;
    assert_eq!(body["responseCode"], 1);
    let (status, _) = api
        .form(delete, Some(&admin), &[("customerGuid", &sule)])
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "an unused customer goes without cascade"
    );
    let (status, _) = api
        .form(delete, Some(&admin), &[("customerGuid", &sule)])
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (_, log) = api
        .form("/service/admin/audit/get-all", Some(&admin), &[])
        .await;
    assert_eq!(
        audit_actions(&log),
        [
            "customer_deleted",
            "customer_deleted",
            "customer_visibility_changed",
            "customer_added"
        ]
    );
    assert_eq!(
        log["items"][1]["details"],
        "1 users deleted, 0 designs kept"
    );
}

#[actix_web::test]
async fn editing_a_user_changes_only_what_is_sent() {
    let world = TestWorld::new();
    let (acme, ayse) = customer_with_user(&world, "Acme", "ayse@example.com");
    let (beta, _) = customer_with_user(&world, "Beta", "burak@example.com");
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let update = "/service/admin/users/update";
    let row = |query: &'static str| {
        let api = &api;
        let admin = admin.clone();
        async move {
            api.form(
                "/service/admin/users/get-all",
                Some(&admin),
                &[("query", query)],
            )
            .await
            .1["items"][0]
                .clone()
        }
    };
    let refused = [
        (vec![("name", " ")], "invalid_form", Some("name")),
        (vec![("mail", "nope")], "invalid_email", Some("mailAddress")),
        (vec![("language", "xx")], "invalid_form", Some("language")),
        (
            vec![("customer", "no-such")],
            "invalid_form",
            Some("customer"),
        ),
        (vec![("customer", "")], "invalid_form", Some("customer")),
        (
            vec![("shopAccess", "maybe")],
            "invalid_form",
            Some("shopAccess"),
        ),
    ];
    for (fields, want, field) in refused {
        let mut form = vec![("userGuid", ayse.as_str())];
        form.extend(fields.iter().copied());
        let (status, body) = api.form(update, Some(&admin), &form).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::BAD_REQUEST, want),
            "{form:?}"
        );
        assert_eq!(body["field"].as_str(), field, "{form:?}");
    }
    let (status, body) = api
        .form(
            update,
            Some(&admin),
            &[("userGuid", &ayse), ("mail", "BURAK@example.com")],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "duplicate_email")
    );
    assert_eq!(
        row("ayse").await["companyName"],
        "Acme",
        "nothing changed yet"
    );

    let (status, _) = api
        .form(
            update,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("name", "Ayşe Yılmaz"),
                ("mail", "ayse.yilmaz@example.com"),
                ("customer", &beta),
                ("shopAccess", "false"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let after = row("yilmaz").await;
    assert_eq!(after["name"], "Ayşe Yılmaz");
    assert_eq!(after["companyName"], "Beta");
    assert_eq!(
        (
            after["shopAccess"].as_bool(),
            after["archiveAccess"].as_bool()
        ),
        (Some(false), Some(true))
    );
    assert_eq!(after["language"], "en", "not sent, not changed");
    api.token("ayse.yilmaz@example.com", PASSWORD).await;
    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("action", "user_edited")],
        )
        .await;
    assert_eq!(
        log["items"][0]["details"],
        "name, mail, customer, shopAccess"
    );

    // Studio staff: an admin makes the user in-house (the whole archive, no customer needed),
    // then a customer's user again, which needs a customer.
    let (status, body) = api
        .form(
            update,
            Some(&admin),
            &[("userGuid", &ayse), ("isInHouse", "true"), ("customer", "")],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let staff = row("yilmaz").await;
    assert_eq!(
        (staff["isInHouse"].as_bool(), staff["companyName"].is_null()),
        (Some(true), true),
        "{staff}"
    );
    let (status, body) = api
        .form(
            update,
            Some(&admin),
            &[("userGuid", &ayse), ("isInHouse", "false")],
        )
        .await;
    assert_eq!(
        (status, code(&body), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, "invalid_form", Some("customer"))
    );
    let (status, _) = api
        .form(
            update,
            Some(&admin),
            &[
                ("userGuid", &ayse),
                ("isInHouse", "false"),
                ("customer", &acme),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(row("yilmaz").await["isInHouse"], false);
}

/// Taking a user's archive access away ends their sessions at once, as suspension does; and a
/// session is refused at its next request whenever the account lost the access, however it did
/// (another instance's store, a change made in the database).
#[actix_web::test]
async fn taking_archive_access_away_ends_the_sessions() {
    let world = TestWorld::new();
    let (_, ayse) = customer_with_user(&world, "Acme", "ayse@example.com");
    world.user(ADMIN, PASSWORD, true);
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let token = api.token("ayse@example.com", PASSWORD).await;
    assert_eq!(api.is_valid(&token).await, true);
    let (status, _) = api
        .form(
            "/service/admin/users/update",
            Some(&admin),
            &[("userGuid", &ayse), ("archiveAccess", "false")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(api.is_valid(&token).await, false, "the session ended");
    let (_, body) = api
        .form(
            "/service/account/login_collection",
            None,
            &[("mailAddress", "ayse@example.com"), ("password", PASSWORD)],
        )
        .await;
    assert_ne!(body["responseCode"], 0, "no new session: {body}");

    // Access back, a new session; then the access taken away behind the server's back.
    let (status, _) = api
        .form(
            "/service/admin/users/update",
            Some(&admin),
            &[("userGuid", &ayse), ("archiveAccess", "true")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = api.token("ayse@example.com", PASSWORD).await;
    let guid = ayse.parse::<uuid::Uuid>().unwrap().to_string();
    let mut user = accounts::repo::user_by_guid(&mut world.conn(), &guid)
        .unwrap()
        .unwrap();
    user.archive_access = false;
    world.save(&user);
    assert_eq!(
        api.is_valid(&token).await,
        false,
        "refused at the next request"
    );
}

#[actix_web::test]
async fn deleting_a_customer_keeps_its_designs_in_the_archive() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let customer =
        accounts::service::ensure_customer(&mut world.conn(), "Paisley Tekstil").unwrap();
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let added = api
        .import_designs(
            &admin,
            archive.id,
            &[("paisley.psb", sample(&world, "paisley.psb"))],
        )
        .await;
    let design = added[0]["designGuid"].as_str().unwrap().to_owned();
    let confine = serde_urlencoded::to_string([
        ("isConfined", "true"),
        ("customerId", customer.guid.as_str()),
    ])
    .unwrap();
    let (status, _, _) = api
        .call(
            actix_web::test::TestRequest::put()
                .uri(&format!("/service/design/header/{design}"))
                .insert_header(("Access-Token", admin.as_str()))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload(confine),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let path = format!("/service/admin/design/header/{design}");
    let (_, before) = api.form(&path, Some(&admin), &[]).await;
    assert_eq!(
        before["customer"]["customerName"], "Paisley Tekstil",
        "{before}"
    );

    let (_, page) = api
        .form(
            "/service/admin/customers/get-all",
            Some(&admin),
            &[("query", "paisley")],
        )
        .await;
    assert_eq!(
        (
            page["items"][0]["userCount"].as_i64(),
            page["items"][0]["designCount"].as_i64()
        ),
        (Some(0), Some(1))
    );
    let delete = "/service/admin/customers/delete";
    let (status, body) = api
        .form(delete, Some(&admin), &[("customerGuid", &customer.guid)])
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "customer_in_use")
    );
    let (status, _) = api
        .form(
            delete,
            Some(&admin),
            &[("customerGuid", &customer.guid), ("cascade", "true")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, after) = api.form(&path, Some(&admin), &[]).await;
    assert_eq!(status, StatusCode::OK, "the design stays: {after}");
    assert_eq!(after["customer"], Value::Null);
    assert_eq!(
        after["isConfined"], true,
        "still closed: only staff see it now"
    );
}
