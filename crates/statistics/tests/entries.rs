//! The statistics tables against a reference count over generated records, on SQLite (and on
//! PostgreSQL with `DESEN_TEST_BACKEND=postgres`): each filter alone and together, date presets
//! and custom spans, paging, the summary, names of today, and the CSV of every entry.
#![expect(clippy::unwrap_used, reason = "tests")]

use chrono::{Duration, NaiveDate, NaiveDateTime};
use db::schema::users;
use desen_core::PageRequest;
use diesel::prelude::*;
use statistics::chart;
use statistics::dto::{ChartKind, EntriesForm};
use statistics::entries::{self, EntryFilter};
use test_support::TestWorld;
use usage::{CadRecord, Record, SignInRecord, ViewRecord};

/// Noon of 2026-11-25, the tests' today.
fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
}

struct Event {
    user: usize,
    at: NaiveDateTime,
}

#[test]
fn entries_match_a_reference_count_under_every_filter() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    // Three users: two of Acme, one of no company.
    let acme = accounts::service::ensure_customer(conn, "Acme")
        .unwrap()
        .guid;
    let people: Vec<(String, Option<String>)> = ["a@example.com", "b@example.com", "c@example.com"]
        .iter()
        .enumerate()
        .map(|(i, email)| {
            let user = w.user(email, "Passw0rd!", false);
            let company = (i < 2).then(|| acme.clone());
            diesel::update(users::table.find(&user.guid))
                .set(users::customer_guid.eq(&company))
                .execute(conn)
                .unwrap();
            (user.guid, company)
        })
        .collect();
    let rose = w.design("01-0001", 2);
    // The design carries two labels: every view counts once for each.
    let floral =
        catalog::service::create_label(conn, ["Çiçek", "Floral", "Цветы"], None, false).unwrap();
    let summer =
        catalog::service::create_label(conn, ["Yaz", "Summer", "Лето"], None, false).unwrap();
    catalog::service::set_design_labels(conn, &rose.guid, vec![floral, summer]).unwrap();
    // 60 events of each kind over 60 days, spread over the users.
    let noon = today().and_hms_opt(12, 0, 0).unwrap();
    let events: Vec<Event> = (0..60)
        .map(|i| Event {
            user: i % 3,
            at: noon - Duration::days(i as i64) - Duration::minutes(i as i64),
        })
        .collect();
    for (i, e) in events.iter().enumerate() {
        let (user, company) = &people[e.user];
        usage::write(
            conn,
            &[
                Record::SignIn(SignInRecord {
                    id: format!("s{i}"),
                    user_guid: Some(user.clone()),
                    email: format!("user{}@example.com", e.user),
                    customer_guid: company.clone(),
                    ip: "203.0.113.9".into(),
                    outcome: "success".into(),
                    at: e.at,
                }),
                Record::View(ViewRecord {
                    id: format!("v{i}"),
                    user_guid: user.clone(),
                    customer_guid: company.clone(),
                    design_guid: rose.guid.to_string(),
                    colorway_guid: rose.colorways[i % 2].to_string(),
                    viewed_at: e.at,
                }),
                Record::Cad(CadRecord {
                    id: format!("c{i}"),
                    user_guid: user.clone(),
                    user_email: format!("user{}@example.com", e.user),
                    customer_guid: company.clone(),
                    design_guid: rose.guid.to_string(),
                    design_number: "01-0001".into(),
                    colorway_guid: rose.colorways[0].to_string(),
                    colorway_name: "VR-1".into(),
                    format: "production".into(),
                    kind: "download".into(),
                    bytes: 1000 + i as i64,
                    created_at: e.at,
                }),
            ],
        )
        .unwrap();
    }

    let form =
        |company: bool, user: Option<usize>, preset: Option<u8>, span: Option<(&str, &str)>| {
            EntriesForm {
                company_guid: company.then(|| acme.clone()),
                user_guid: user.map(|u| people[u].0.clone()),
                date_range: preset.map(|p| p.to_string()),
                from: span.map(|s| s.0.to_owned()),
                to: span.map(|s| s.1.to_owned()),
                page_size: Some(500),
                ..EntriesForm::default()
            }
        };
    let reference =
        |company: bool, user: Option<usize>, from: NaiveDateTime, until: NaiveDateTime| {
            let admitted: Vec<&Event> = events
                .iter()
                .filter(|e| !company || people[e.user].1.is_some())
                .filter(|e| user.is_none_or(|u| e.user == u))
                .filter(|e| e.at >= from && e.at < until)
                .collect();
            let users: std::collections::BTreeSet<usize> =
                admitted.iter().map(|e| e.user).collect();
            let companies = admitted
                .iter()
                .filter_map(|e| people[e.user].1.as_ref())
                .collect::<std::collections::BTreeSet<_>>();
            (
                admitted.len() as i64,
                users.len() as i64,
                companies.len() as i64,
            )
        };
    let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap();
    let ever = (
        midnight(today() - Duration::days(1000)),
        midnight(today() + Duration::days(1)),
    );
    let last_7 = (
        midnight(today() - Duration::days(6)),
        midnight(today() + Duration::days(1)),
    );
    let last_30 = (
        midnight(today() - Duration::days(29)),
        midnight(today() + Duration::days(1)),
    );
    let custom = (
        midnight(today() - Duration::days(20)),
        midnight(today() - Duration::days(9)),
    );
    let cases = [
        (
            form(false, None, None, None),
            reference(false, None, ever.0, ever.1),
        ),
        (
            form(true, None, None, None),
            reference(true, None, ever.0, ever.1),
        ),
        (
            form(false, Some(2), None, None),
            reference(false, Some(2), ever.0, ever.1),
        ),
        (
            form(false, None, Some(9), None),
            reference(false, None, last_7.0, last_7.1),
        ),
        (
            form(true, Some(1), Some(10), None),
            reference(true, Some(1), last_30.0, last_30.1),
        ),
        (
            form(false, None, None, Some(("2026-11-05", "2026-11-15"))),
            reference(false, None, custom.0, custom.1),
        ),
    ];
    for (i, (form, (total, users, companies))) in cases.iter().enumerate() {
        let (filter, page) = form.parse(today()).unwrap();
        let (cad, summary) = entries::cad_entries(conn, &filter, page).unwrap();
        assert_eq!(
            (summary.total, summary.users, summary.companies),
            (*total, *users, *companies),
            "cad case {i}"
        );
        assert_eq!(cad.len() as i64, *total, "cad case {i}");
        let (logins, summary) = entries::login_entries(conn, &filter, page).unwrap();
        assert_eq!(
            (summary.total, logins.len() as i64),
            (*total, *total),
            "login case {i}"
        );
        let (views, summary) = entries::colorway_entries(conn, &filter, page).unwrap();
        assert_eq!(
            (summary.total, views.len() as i64),
            (*total, *total),
            "views case {i}"
        );
        let (labels, summary) = entries::label_entries(conn, &filter, page).unwrap();
        assert_eq!(
            (
                summary.total,
                summary.users,
                summary.companies,
                labels.len() as i64
            ),
            (2 * total, *users, *companies, 2 * total),
            "labels case {i}"
        );
        // The charts count the same records, every period present.
        for (kind, want) in [
            (ChartKind::Cad, *total),
            (ChartKind::Login, *total),
            (ChartKind::Colorway, *total),
            (ChartKind::Label, 2 * total),
        ] {
            let drawn = chart::chart(conn, kind, &filter, today()).unwrap();
            let sum: i64 = drawn.points.iter().map(|p| p.count).sum();
            assert_eq!(sum, want, "{kind:?} chart case {i}");
            assert!(drawn.points.windows(2).all(|p| p[0].period < p[1].period));
            if kind == ChartKind::Label && *total > 0 {
                let top: Vec<(i32, &str, i64)> = drawn
                    .top
                    .iter()
                    .map(|t| (t.label_id, t.label.as_str(), t.count))
                    .collect();
                assert_eq!(
                    top,
                    [(floral, "Floral", *total), (summer, "Summer", *total)]
                );
            }
        }
        // Newest first, with today's names.
        assert!(cad.windows(2).all(|p| p[0].at >= p[1].at), "case {i}");
        if let Some(first) = views.first() {
            assert_eq!(first.design_number.as_deref(), Some("01-0001"));
            assert!(first.who.user_name.is_some());
        }
    }

    // A month a point for a long range, a day a point for a short one.
    let ever = EntryFilter::default();
    let drawn = chart::chart(conn, ChartKind::Colorway, &ever, today()).unwrap();
    assert_eq!((drawn.bucket, drawn.points.len()), ("day", 60));
    let (year, _) = form(false, None, Some(11), None).parse(today()).unwrap();
    let drawn = chart::chart(conn, ChartKind::Colorway, &year, today()).unwrap();
    assert_eq!((drawn.bucket, drawn.points.len()), ("month", 13));

    // Sorted by the user's name, then by the company's (users without one last or first).
    for (sort, names) in [("user.asc", true), ("user.desc", false)] {
        let (filter, page) = EntriesForm {
            sort: Some(sort.into()),
            page_size: Some(100),
            ..EntriesForm::default()
        }
        .parse(today())
        .unwrap();
        let (rows, _) = entries::colorway_entries(conn, &filter, page).unwrap();
        let users: Vec<String> = rows
            .iter()
            .map(|r| r.who.user_name.clone().unwrap())
            .collect();
        let mut sorted = users.clone();
        sorted.sort();
        if !names {
            sorted.reverse();
        }
        assert_eq!(users, sorted, "{sort}");
    }
    let (filter, page) = EntriesForm {
        sort: Some("at.asc".into()),
        ..EntriesForm::default()
    }
    .parse(today())
    .unwrap();
    let (rows, _) = entries::cad_entries(conn, &filter, page).unwrap();
    assert!(rows.windows(2).all(|p| p[0].at <= p[1].at));

    // Paging: pages of 25 cover the 60, the summary counts them all.
    let all = EntryFilter::default();
    let (page_2, summary) =
        entries::cad_entries(conn, &all, Some(PageRequest::new(2, 25))).unwrap();
    assert_eq!((page_2.len(), summary.total), (10, 60));
    assert_eq!(page_2[0].bytes, 1050);

    // Bad filters are refused by name.
    let bad = |f: EntriesForm| {
        f.parse(today())
            .err()
            .map(|e| desen_core::DomainError::field(&e))
    };
    assert_eq!(
        bad(EntriesForm {
            date_range: Some("99".into()),
            ..EntriesForm::default()
        }),
        Some(Some("dateRange"))
    );
    assert_eq!(
        bad(EntriesForm {
            from: Some("25.11.2026".into()),
            ..EntriesForm::default()
        }),
        Some(Some("from"))
    );
    assert_eq!(
        bad(EntriesForm {
            from: Some("2026-11-10".into()),
            to: Some("2026-11-01".into()),
            ..EntriesForm::default()
        }),
        Some(Some("to"))
    );
    assert_eq!(
        bad(EntriesForm {
            sort: Some("name".into()),
            ..EntriesForm::default()
        }),
        Some(Some("sort"))
    );
    assert_eq!(
        bad(EntriesForm {
            format: Some("xls".into()),
            ..EntriesForm::default()
        }),
        Some(Some("format"))
    );

    // CSV: every entry the filter admits.
    let (filter, page) = EntriesForm {
        format: Some("csv".into()),
        ..EntriesForm::default()
    }
    .parse(today())
    .unwrap();
    assert!(page.is_none());
    let (rows, _) = entries::login_entries(conn, &filter, page).unwrap();
    assert_eq!(rows.len(), 60);
}

/// The daily counts follow their records: a record written again counts once, a view counts for
/// the labels its design carried then (relabelling later keeps history), a merge moves a label's
/// counts and a delete drops them, and counting everything again gives the same numbers.
#[test]
fn counts_follow_retries_relabelling_merges_and_deletes() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let admin = w.user("admin@example.com", "Passw0rd!", true);
    let viewer = w.user("viewer@example.com", "Passw0rd!", false);
    let rose = w.design("01-0001", 1);
    let label = |conn: &mut db::DbConnection, en: &str| {
        catalog::service::create_label(conn, [en, en, en], None, false).unwrap()
    };
    let (floral, summer, roses) = (
        label(conn, "Floral"),
        label(conn, "Summer"),
        label(conn, "Roses"),
    );
    catalog::service::set_design_labels(conn, &rose.guid, vec![floral, summer]).unwrap();
    let noon = today().and_hms_opt(12, 0, 0).unwrap();
    let view = |i: usize| {
        Record::View(ViewRecord {
            id: format!("v{i}"),
            user_guid: viewer.guid.to_string(),
            customer_guid: None,
            design_guid: rose.guid.to_string(),
            colorway_guid: rose.colorways[0].to_string(),
            viewed_at: noon - Duration::days(i as i64),
        })
    };
    let top = |conn: &mut db::DbConnection| -> Vec<(String, i64)> {
        chart::chart(conn, ChartKind::Label, &EntryFilter::default(), today())
            .unwrap()
            .top
            .into_iter()
            .map(|t| (t.label, t.count))
            .collect()
    };
    let views = |conn: &mut db::DbConnection| {
        entries::colorway_entries(conn, &EntryFilter::default(), None)
            .unwrap()
            .1
            .total
    };
    usage::write(conn, &[view(0), view(1)]).unwrap();
    // A retry (the same event ids) counts nothing more.
    usage::write(conn, &[view(1), view(0)]).unwrap();
    assert_eq!(views(conn), 2);
    assert_eq!(top(conn), [("Floral".into(), 2), ("Summer".into(), 2)]);

    // Relabelled: the two views keep their labels, a new view counts the new ones.
    catalog::service::set_design_labels(conn, &rose.guid, vec![roses, summer]).unwrap();
    usage::write(conn, &[view(2)]).unwrap();
    assert_eq!(
        top(conn),
        [
            ("Summer".into(), 3),
            ("Floral".into(), 2),
            ("Roses".into(), 1)
        ]
    );

    // Floral merged into Roses: a view that looked at both counts once.
    let admin: desen_core::UserGuid = admin.guid.parse().unwrap();
    let english = desen_core::Language::En;
    curation::labels::merge(conn, &admin, floral, roses, english).unwrap();
    assert_eq!(top(conn), [("Summer".into(), 3), ("Roses".into(), 3)]);
    let (rows, summary) = entries::label_entries(conn, &EntryFilter::default(), None).unwrap();
    assert_eq!((rows.len(), summary.total), (6, 6));

    // Summer deleted: its counts go with it.
    catalog::service::set_design_labels(conn, &rose.guid, vec![roses]).unwrap();
    curation::labels::delete(conn, &admin, summer).unwrap();
    assert_eq!(top(conn), [("Roses".into(), 3)]);
    let (_, summary) = entries::label_entries(conn, &EntryFilter::default(), None).unwrap();
    assert_eq!((summary.total, summary.users), (3, 1));

    // Counting every record again gives the same numbers (from the labels carried now).
    usage::rebuild(conn).unwrap();
    assert_eq!((views(conn), top(conn)), (3, vec![("Roses".into(), 3)]));
}
