//! The pool admin routes through HTTP: save with every validation message, edit, list, preview and
//! count, assign and take away, explain, delete; each change in the audit log. Runs on SQLite, and
//! on PostgreSQL with Redis under `DESEN_TEST_BACKEND=postgres`.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{PASSWORD, api, audit_actions, code, json, sample};
use serde_json::{Value, json};
use test_support::TestWorld;

const ADMIN: &str = "admin@example.com";

#[actix_web::test]
async fn pools_are_saved_listed_assigned_explained_and_deleted() {
    let world = TestWorld::new();
    world.user(ADMIN, PASSWORD, true);
    let customer = accounts::service::ensure_customer(&mut world.conn(), "Acme").unwrap();
    let user = accounts::service::create_user(
        &mut world.conn(),
        accounts::service::NewUser {
            email: "ayse@example.com".into(),
            name: "Ayşe".into(),
            password: Some(PASSWORD.into()),
            is_admin: false,
            is_in_house: false,
            language: desen_core::Language::En,
            customer_guid: Some(customer.guid.clone()),
        },
    )
    .unwrap();
    let archive =
        catalog::service::ensure_archive(&mut world.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap();
    let api = api(&world).await;
    let admin = api.admin_token(ADMIN).await;
    let read = |name: &str| sample(&world, name);
    let added = api
        .import_designs(
            &admin,
            archive.id,
            &[
                ("rose.tif", read("rose_VR1.tif")),
                ("paisley.psb", read("paisley.psb")),
            ],
        )
        .await;
    let (rose, paisley) = (
        added[0]["designGuid"].as_str().unwrap().to_owned(),
        added[1]["designGuid"].as_str().unwrap().to_owned(),
    );
    let paisley_number = added[1]["designName"].as_str().unwrap().to_owned();
    let post_json = |path: &'static str, body: Value| {
        let api = &api;
        let admin = admin.clone();
        async move {
            let (status, _, bytes) = api
                .call(
                    TestRequest::post()
                        .uri(path)
                        .insert_header(("Access-Token", admin.as_str()))
                        .set_json(&body),
                )
                .await;
            (status, json(&bytes))
        }
    };
    let insert = "/service/admin/pool/insert";

    // Every refusal, and nothing stored.
    let refused = [
        (
            json!({ "name": " ", "dtos": [{}] }),
            StatusCode::BAD_REQUEST,
            "pool_name_required",
        ),
        (
            json!({ "name": "Empty" }),
            StatusCode::BAD_REQUEST,
            "pool_empty",
        ),
        (
            json!({ "name": "Ghost", "extraGuids": ["no-such-design"] }),
            StatusCode::BAD_REQUEST,
            "design_not_found",
        ),
        (
            json!({ "name": "Odd", "dtos": [{ "allowedYears": "2020" }] }),
            StatusCode::BAD_REQUEST,
            "invalid_form",
        ),
    ];
    for (body, status, want) in refused {
        let (got, answer) = post_json(insert, body.clone()).await;
        assert_eq!((got, code(&answer)), (status, want), "{body}: {answer}");
    }
    let (_, pools) = api.form("/service/admin/pool/all", Some(&admin), &[]).await;
    assert_eq!(pools, json!([]));

    // Saved: a number search nothing matches, and rose by hand.
    let (status, saved) = post_json(
        insert,
        json!({ "name": "Spring", "description": "For Acme", "dtos": [{ "designNumber": "99-" }], "extraGuids": [rose] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let pool = saved["uniqueid"].as_str().unwrap().to_owned();
    assert_eq!(
        (saved["memberCount"].as_i64(), saved["userCount"].as_i64()),
        (Some(1), Some(0))
    );
    let (status, taken) =
        post_json(insert, json!({ "name": "spring ", "extraGuids": [rose] })).await;
    assert_eq!(
        (status, code(&taken)),
        (StatusCode::CONFLICT, "pool_name_taken"),
        "{taken}"
    );

    // The preview of a criteria set, and its count.
    let (status, preview) = post_json(
        "/service/admin/pool/search",
        json!({ "designNumber": "01-", "allowConfinedDesigns": true, "resultsPerPage": 1 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(
        (
            preview["totalCount"].as_i64(),
            preview["totalPage"].as_i64()
        ),
        (Some(2), Some(2))
    );
    let (_, count) = post_json(
        "/service/admin/pool/count",
        json!({ "designNumber": "01-" }),
    )
    .await;
    assert_eq!(count["count"], 2);

    // Assigned: the user sees rose only; the explanation says why, and why not paisley.
    let assign = "/service/admin/pool/assign";
    for (bag, who, want) in [
        ("no-such-pool", user.guid.as_str(), "pool_not_found"),
        (pool.as_str(), "no-such-user", "user_not_found"),
    ] {
        let (status, body) = api
            .form(assign, Some(&admin), &[("bagId", bag), ("userGuid", who)])
            .await;
        assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, want));
    }
    let (status, _) = api
        .form(
            assign,
            Some(&admin),
            &[("bagId", &pool), ("userGuid", &user.guid)],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let token = api.token("ayse@example.com", PASSWORD).await;
    let (_, seen) = api
        .form("/service/search/design/basic/0/25", Some(&token), &[])
        .await;
    assert_eq!(seen["totalCount"], 1);
    assert_eq!(seen["results"][0]["designGuid"], rose.as_str());
    let explain = "/service/admin/pool/explain";
    let (status, why) = api
        .form(
            explain,
            Some(&admin),
            &[("userGuid", &user.guid), ("designNumber", &paisley_number)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{why}");
    assert_eq!(
        (why["visible"].as_bool(), why["rule"].as_str()),
        (Some(false), Some("not_in_pool"))
    );
    assert_eq!(why["poolName"], "Spring");
    assert_eq!(why["searches"][0]["failing"], json!(["designNumber"]));
    let (_, why) = api
        .form(
            explain,
            Some(&admin),
            &[("userGuid", &user.guid), ("designNumber", &rose)],
        )
        .await;
    assert_eq!(
        (why["visible"].as_bool(), why["rule"].as_str()),
        (Some(true), Some("pool_design"))
    );
    let (status, body) = api
        .form(
            explain,
            Some(&admin),
            &[("userGuid", "no-such-user"), ("designNumber", &rose)],
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "user_not_found")
    );

    // Edited in place: the same pool, paisley instead of rose; the list shows it and its user.
    let (status, edited) = post_json(
        insert,
        json!({ "uniqueid": pool, "name": "Spring", "extraGuids": [paisley] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["uniqueid"], pool.as_str());
    let (_, pools) = api.form("/service/admin/pool/all", Some(&admin), &[]).await;
    assert_eq!(pools.as_array().unwrap().len(), 1);
    assert_eq!(
        (
            pools[0]["userCount"].as_i64(),
            pools[0]["memberCount"].as_i64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(pools[0]["designNumbers"][&paisley], paisley_number.as_str());
    let (_, seen) = api
        .form("/service/search/design/basic/0/25", Some(&token), &[])
        .await;
    assert_eq!(
        seen["results"][0]["designGuid"],
        paisley.as_str(),
        "at once"
    );

    // Taken away, then deleted: the user is back in the open archive (paisley is open).
    let (status, _) = api
        .form(
            assign,
            Some(&admin),
            &[("bagId", ""), ("userGuid", &user.guid)],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, why) = api
        .form(
            explain,
            Some(&admin),
            &[("userGuid", &user.guid), ("designNumber", &rose)],
        )
        .await;
    assert_eq!(why["rule"], "open_design");
    let delete = "/service/admin/pool/delete";
    let (status, _) = api.form(delete, Some(&admin), &[("bagId", &pool)]).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = api.form(delete, Some(&admin), &[("bagId", &pool)]).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::NOT_FOUND, "pool_not_found")
    );

    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("subjectGuid", &pool)],
        )
        .await;
    assert_eq!(
        audit_actions(&log),
        ["pool_deleted", "pool_saved", "pool_saved"]
    );
    let (_, log) = api
        .form(
            "/service/admin/audit/get-all",
            Some(&admin),
            &[("action", "pool_assigned")],
        )
        .await;
    assert_eq!(log["totalCount"], 2);
    assert_eq!(log["items"][0]["details"], "", "taken away");
    assert_eq!(log["items"][1]["details"], "Spring");
}
