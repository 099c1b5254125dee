//! The funnel against counts made by hand (SQLite, or PostgreSQL under
//! `DESEN_TEST_BACKEND=postgres`): per design and per company, views → favorites → CAD
//! downloads → orders under the company, user and date filters, and the designs never viewed.
#![expect(clippy::unwrap_used, reason = "tests")]

use chrono::{Duration, NaiveDateTime};
use db::schema::users;
use desen_core::PageRequest;
use diesel::prelude::*;
use statistics::entries::EntryFilter;
use statistics::funnel::{self, FunnelBy};
use test_support::TestWorld;
use usage::{CadRecord, FavoriteRecord, Record, ViewRecord};

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
    // Every record goes through the writer the server uses, which keeps the funnel's counts.
    let view = |user: &str,
                company: &str,
                design: &test_support::TestDesign,
                at: NaiveDateTime,
                n: usize| {
        let records: Vec<Record> = (0..n)
            .map(|_| {
                Record::View(ViewRecord {
                    id: uuid::Uuid::new_v4().to_string(),
                    user_guid: user.into(),
                    customer_guid: Some(company.into()),
                    design_guid: design.guid.to_string(),
                    colorway_guid: design.colorways[0].to_string(),
                    viewed_at: at,
                })
            })
            .collect();
        usage::write(&mut w.conn(), &records).unwrap();
    };
    // Rose: Ayşe 3 views, 1 favorite, 1 download, an Acme order; Boris 1 view (40 days ago).
    // Tulip: Boris 2 views and a favorite. Plain: never viewed.
    view(&ayse, &acme, &rose, now, 3);
    view(&boris, &bolt, &rose, old, 1);
    view(&boris, &bolt, &tulip, now, 2);
    for (id, (user, company), design) in [
        ("f1", (&ayse, &acme), &rose),
        ("f2", (&boris, &bolt), &tulip),
    ] {
        let favorite = Record::Favorite(FavoriteRecord {
            id: id.into(),
            user_guid: user.clone(),
            customer_guid: Some(company.clone()),
            design_guid: design.guid.to_string(),
            colorway_guid: design.colorways[0].to_string(),
            added_at: now,
        });
        usage::write(conn, &[favorite]).unwrap();
    }
    let download = Record::Cad(CadRecord {
        id: "c1".into(),
        user_guid: ayse.clone(),
        user_email: "ayse@example.com".into(),
        customer_guid: Some(acme.clone()),
        design_guid: rose.guid.to_string(),
        design_number: "01-0001".into(),
        colorway_guid: rose.colorways[0].to_string(),
        colorway_name: "VR-1".into(),
        format: "production".into(),
        kind: "download".into(),
        bytes: 10,
        created_at: now,
    });
    usage::write(conn, &[download]).unwrap();
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
    // A page past the last still answers the totals and the count.
    let past = funnel::funnel(
        &mut w.conn(),
        FunnelBy::Design,
        &all,
        PageRequest::new(3, 25),
    )
    .unwrap();
    assert!(past.items.is_empty());
    assert_eq!((past.total_count, past.totals.views), (2, 6));
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
    let past = funnel::unviewed(&mut w.conn(), &all, PageRequest::new(3, 25)).unwrap();
    assert!(past.items.is_empty());
    assert_eq!(past.total_count, 1);
    let bolt_recent = EntryFilter {
        company: Some(bolt),
        from: recent.from,
        ..EntryFilter::default()
    };
    assert_eq!(
        unviewed(&bolt_recent),
        [plain.number.clone(), rose.number.clone()]
    );

    // Rose deleted: it leaves the designs, its order leaves Acme's funnel (as it leaves the
    // records); the views stay with the company, as the view records do.
    let storage = storage::Storage::local(&w.files.join("objects")).unwrap();
    let admin = w.user("admin@example.com", "Passw0rd!", true);
    let staff = desen_core::Viewer {
        user_guid: admin.guid,
        customer_guid: None,
        is_admin: true,
        is_in_house: false,
        second_factor_validated: true,
    };
    catalog::service::delete_design(&mut w.conn(), &storage, &staff, "01-0001").unwrap();
    assert_eq!(
        rows(FunnelBy::Design, &all).0,
        [("01-0002".into(), 2, 1, 0, 0)]
    );
    let of_acme = EntryFilter {
        company: Some(acme),
        ..EntryFilter::default()
    };
    for filter in [&all, &of_acme] {
        assert_eq!(
            rows(FunnelBy::Company, filter).0[0],
            ("Acme".into(), 3, 1, 1, 0)
        );
    }
}
