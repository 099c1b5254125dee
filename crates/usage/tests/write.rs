//! The writer on SQLite (and PostgreSQL with `DESEN_TEST_BACKEND=postgres`): a record written
//! again counts once, and counting everything again gives what was counted on the way.
#![expect(clippy::unwrap_used, reason = "tests")]

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use test_support::TestWorld;
use usage::{Record, SignInRecord};

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    day: String,
    #[diesel(sql_type = Text)]
    user_guid: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn counts(conn: &mut db::DbConnection) -> Vec<Row> {
    diesel::sql_query(
        "SELECT kind, day, user_guid, CAST(n AS BIGINT) AS n FROM usage_days \
         ORDER BY kind, day, user_guid",
    )
    .load(conn)
    .unwrap()
}

#[test]
fn a_record_written_again_counts_once_and_a_rebuild_agrees() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let day = |d: u32, h: u32| {
        NaiveDate::from_ymd_opt(2026, 11, d)
            .unwrap()
            .and_hms_opt(h, 0, 0)
            .unwrap()
    };
    let sign_in = |id: &str, user: Option<&str>, at| {
        Record::SignIn(SignInRecord {
            id: id.into(),
            user_guid: user.map(Into::into),
            email: "someone@example.com".into(),
            customer_guid: None,
            ip: "203.0.113.9".into(),
            outcome: "success".into(),
            at,
        })
    };
    let records = [
        sign_in("a", None, day(20, 9)),
        sign_in("b", None, day(20, 23)),
        sign_in("c", None, day(21, 0)),
    ];
    usage::write(conn, &records).unwrap();
    // A retry of the whole batch, and one of a single record.
    usage::write(conn, &records).unwrap();
    usage::write(conn, &records[2..]).unwrap();
    let counted = counts(conn);
    let want = |day: &str, n| Row {
        kind: "login".into(),
        day: day.into(),
        user_guid: String::new(),
        n,
    };
    assert_eq!(counted, [want("2026-11-20", 2), want("2026-11-21", 1)]);
    usage::rebuild(conn).unwrap();
    assert_eq!(counts(conn), counted);
}

fn sign_in(id: &str, at: chrono::NaiveDateTime) -> Record {
    Record::SignIn(SignInRecord {
        id: id.into(),
        user_guid: None,
        email: "someone@example.com".into(),
        customer_guid: None,
        ip: "203.0.113.9".into(),
        outcome: "success".into(),
        at,
    })
}

fn sign_ins(conn: &mut db::DbConnection) -> i64 {
    counts(conn).iter().map(|r| r.n).sum()
}

/// A spool a stopped instance left (its last line cut short by the crash, one record written
/// already) is written at the next start, each record once, and removed; a live instance's
/// spool is left alone; what is recorded is written off the caller's path and the spool emptied.
#[test]
fn the_recorder_writes_off_the_request_path_and_survives_a_restart() {
    let w = TestWorld::new();
    let dir = w.files.join("recorder");
    std::fs::create_dir_all(&dir).unwrap();
    let at = NaiveDate::from_ymd_opt(2026, 11, 20)
        .unwrap()
        .and_hms_opt(9, 0, 0)
        .unwrap();
    let left = [sign_in("x", at), sign_in("y", at), sign_in("z", at)];
    usage::write(&mut w.conn(), &left[..1]).unwrap();
    let mut spool = String::new();
    for record in &left {
        spool.push_str(&serde_json::to_string(record).unwrap());
        spool.push('\n');
    }
    spool.push_str("{\"SignIn\":{\"id\":\"cut");
    std::fs::write(dir.join("1-1.spool"), spool).unwrap();

    let recorder = usage::Recorder::start(w.pool.clone(), &dir).unwrap();
    assert_eq!(sign_ins(&mut w.conn()), 3);
    let spools = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect()
    };
    let own = spools();
    assert_eq!(own.len(), 1, "the stopped instance's spool is gone");

    // Another instance starting meanwhile leaves this one's spool alone.
    let other = usage::Recorder::start(w.pool.clone(), &dir).unwrap();
    assert!(own[0].exists());
    assert_eq!(spools().len(), 2);

    recorder.record(vec![sign_in("a", at), sign_in("b", at)]);
    other.record(vec![sign_in("b", at)]);
    recorder.flush();
    other.flush();
    assert_eq!(sign_ins(&mut w.conn()), 5);
    assert_eq!(
        std::fs::metadata(&own[0]).unwrap().len(),
        0,
        "emptied once written"
    );
}
