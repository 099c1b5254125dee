//! The funnel against counts made by hand (SQLite, or PostgreSQL under
//! `DESEN_TEST_BACKEND=postgres`): per design and per company, views → favorites → CAD
//! downloads → orders under the company, user and date filters, and the designs never viewed.
#![expect(clippy::unwrap_used, reason = "tests")]

use chrono::{Duration, NaiveDateTime};
use db::schema::{cad_downloads, colorway_views, favorite_entries, favorite_lists, users};
use desen_core::PageRequest;
use diesel::prelude::*;
use statistics::entries::EntryFilter;
use statistics::funnel::{self, FunnelBy};
use test_support::TestWorld;

#[test]
fn the_funnel_counts_each_step_per_design_and_company() {
    let w = TestWorld::new();
    let conn = &mut w.conn();
    let now = desen_core::time::now();
    let acme = accounts::service::ensure_customer(conn, "Acme")
        .unwrap()
        .guid;
    let bolt = accounts::service::ensure_customer(conn, "Bolt")
        .unwrap()
        .guid;
    let person = |email: &str, company: &str| {
        let user = w.user(email, "Passw0rd!", false);
        diesel::update(users::table.find(&user.guid))
            .set(users::customer_guid.eq(company))
            .execute(&mut w.conn())
            .unwrap();
        user.guid
    };
    let (ayse, boris) = (
        person("ayse@example.com", &acme),
        person("boris@example.com", &bolt),
    );
    let (rose, tulip, plain) = (
        w.design("01-0001", 1),
        w.design("01-0002", 1),
        w.design("01-0003", 1),
    );
    let old = now - Duration::days(40);
    let view = |user: &str,
                company: &str,
                design: &test_support::TestDesign,
                at: NaiveDateTime,
                n: usize| {
        for _ in 0..n {
            diesel::insert_into(colorway_views::table)
                .values((
                    colorway_views::id.eq(uuid::Uuid::new_v4().to_string()),
                    colorway_views::user_guid.eq(user),
                    colorway_views::customer_guid.eq(company),
                    colorway_views::design_guid.eq(design.guid.to_string()),
                    colorway_views::colorway_guid.eq(design.colorways[0].to_string()),
                    colorway_views::viewed_at.eq(at),
                ))
                .execute(&mut w.conn())
                .unwrap();
        }
    };
    // Rose: Ayşe 3 views, 1 favorite, 1 download, an Acme order; Boris 1 view (40 days ago).
    // Tulip: Boris 2 views and a favorite. Plain: never viewed.
    view(&ayse, &acme, &rose, now, 3);
    view(&boris, &bolt, &rose, old, 1);
    view(&boris, &bolt, &tulip, now, 2);
    for (list, user, design) in [("l-a", &ayse, &rose), ("l-b", &boris, &tulip)] {
        diesel::insert_into(favorite_lists::table)
            .values((
                favorite_lists::guid.eq(list),
                favorite_lists::user_guid.eq(user),
                favorite_lists::name.eq("Mine"),
                favorite_lists::name_key.eq(format!("mine-{list}")),
                favorite_lists::created_at.eq(now),
            ))
            .execute(conn)
            .unwrap();
        diesel::insert_into(favorite_entries::table)
            .values((
                favorite_entries::list_guid.eq(list),
                favorite_entries::colorway_guid.eq(design.colorways[0].to_string()),
                favorite_entries::design_guid.eq(design.guid.to_string()),
                favorite_entries::added_at.eq(now),
            ))
            .execute(conn)
            .unwrap();
    }
    diesel::insert_into(cad_downloads::table)
        .values((
            cad_downloads::id.eq("c1"),
            cad_downloads::user_guid.eq(&ayse),
            cad_downloads::user_email.eq("ayse@example.com"),
            cad_downloads::customer_guid.eq(&acme),
            cad_downloads::design_guid.eq(rose.guid.to_string()),
            cad_downloads::design_number.eq("01-0001"),
            cad_downloads::colorway_guid.eq(rose.colorways[0].to_string()),
            cad_downloads::colorway_name.eq("VR-1"),
            cad_downloads::format.eq("production"),
            cad_downloads::kind.eq("download"),
            cad_downloads::bytes.eq(10),
            cad_downloads::created_at.eq(now),
        ))
        .execute(conn)
        .unwrap();
    catalog::service::add_order(
        conn,
        &rose.guid,
        Some(&acme.parse().unwrap()),
        100.0,
        "sample",
        now,
    )
    .unwrap();

    let page = PageRequest::new(0, 25);
    let rows = |by, filter: &EntryFilter| {
        let answer = funnel::funnel(&mut w.conn(), by, filter, page).unwrap();
        let rows: Vec<(String, i64, i64, i64, i64)> = answer
            .items
            .iter()
            .map(|r| {
                (
                    r.name.clone(),
                    r.views,
                    r.favorites,
                    r.cad_downloads,
                    r.orders,
                )
            })
            .collect();
        (rows, answer.totals)
    };
    let all = EntryFilter::default();
    let (by_design, totals) = rows(FunnelBy::Design, &all);
    assert_eq!(
        by_design,
        [
            ("01-0001".into(), 4, 1, 1, 1),
            ("01-0002".into(), 2, 1, 0, 0)
        ]
    );
    assert_eq!(
        (
            totals.rows,
            totals.views,
            totals.favorites,
            totals.cad_downloads,
            totals.orders
        ),
        (2, 6, 2, 1, 1)
    );
    let (by_company, _) = rows(FunnelBy::Company, &all);
    assert_eq!(
        by_company,
        [("Acme".into(), 3, 1, 1, 1), ("Bolt".into(), 3, 1, 0, 0)]
    );

    // The last 30 days leave out Boris's old view; a company; a user (orders are companies').
    let recent = EntryFilter {
        from: Some(now - Duration::days(30)),
        ..EntryFilter::default()
    };
    assert_eq!(
        rows(FunnelBy::Design, &recent).0[0],
        ("01-0001".into(), 3, 1, 1, 1)
    );
    let of_bolt = EntryFilter {
        company: Some(bolt.clone()),
        ..EntryFilter::default()
    };
    assert_eq!(
        rows(FunnelBy::Design, &of_bolt).0,
        [
            ("01-0002".into(), 2, 1, 0, 0),
            ("01-0001".into(), 1, 0, 0, 0)
        ]
    );
    let of_ayse = EntryFilter {
        user: Some(ayse.clone()),
        ..EntryFilter::default()
    };
    assert_eq!(
        rows(FunnelBy::Design, &of_ayse).0,
        [("01-0001".into(), 3, 1, 1, 0)]
    );

    // Never viewed: plain always; rose too by Bolt in the last 30 days.
    let unviewed = |filter: &EntryFilter| -> Vec<String> {
        funnel::unviewed(&mut w.conn(), filter, page)
            .unwrap()
            .items
            .into_iter()
            .map(|d| d.design_number)
            .collect()
    };
    assert_eq!(unviewed(&all), std::slice::from_ref(&plain.number));
    let bolt_recent = EntryFilter {
        company: Some(bolt),
        from: recent.from,
        ..EntryFilter::default()
    };
    assert_eq!(
        unviewed(&bolt_recent),
        [plain.number.clone(), rose.number.clone()]
    );
}
