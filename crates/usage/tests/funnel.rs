//! The funnel's counts on SQLite (and PostgreSQL with `DESEN_TEST_BACKEND=postgres`): ten weeks
//! of records written as the server writes them (day after day, some late, two weeks without any,
//! the weeks forgotten once, orders entered with old dates and taken back), then every period of a grid of days, unbounded ones too, against
//! counts made here from the same records; then the same after counting everything again.
#![expect(clippy::unwrap_used, reason = "tests")]

use chrono::{Days, NaiveDate, NaiveDateTime};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use std::collections::BTreeMap;
use test_support::TestWorld;
use usage::funnel::{self, Step, StepTick, Subject};
use usage::{CadRecord, FavoriteRecord, Record, ViewRecord};

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = BigInt)]
    views: i64,
    #[diesel(sql_type = BigInt)]
    favorites: i64,
    #[diesel(sql_type = BigInt)]
    cad_downloads: i64,
    #[diesel(sql_type = BigInt)]
    orders: i64,
}

/// A small deterministic generator: the same records every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

const FIRST: (i32, u32, u32) = (2026, 9, 2);
const DAYS: u64 = 70;

fn first() -> NaiveDate {
    NaiveDate::from_ymd_opt(FIRST.0, FIRST.1, FIRST.2).unwrap()
}

fn at(day: NaiveDate, hour: u32) -> NaiveDateTime {
    day.and_hms_opt(hour, 0, 0).unwrap()
}

/// What the records say: per subject, key and day, the four steps.
type Expected = BTreeMap<(Subject, String, NaiveDate), [i64; 4]>;

fn expect(expected: &mut Expected, tick: &StepTick) {
    let day = tick.at.date();
    let mut add = |subject, key: &str| {
        expected.entry((subject, key.to_owned(), day)).or_default()[tick.step as usize] += tick.n;
    };
    add(Subject::Design, &tick.design);
    if let Some(company) = &tick.company {
        add(Subject::Company, company);
    }
}

fn period(
    conn: &mut db::DbConnection,
    subject: Subject,
    from: Option<NaiveDate>,
    until: Option<NaiveDate>,
) -> Vec<(String, [i64; 4])> {
    let mut sql = db::sql::Sql::new("SELECT key, views, favorites, cad_downloads, orders FROM ");
    sql.append(&funnel::period(conn, subject, from, until).unwrap())
        .push(" p ORDER BY key");
    sql.load::<Row>(conn)
        .unwrap()
        .into_iter()
        .map(|r| (r.key, [r.views, r.favorites, r.cad_downloads, r.orders]))
        .collect()
}

fn reference(
    expected: &Expected,
    subject: Subject,
    from: Option<NaiveDate>,
    until: Option<NaiveDate>,
) -> Vec<(String, [i64; 4])> {
    let mut sums: BTreeMap<String, [i64; 4]> = BTreeMap::new();
    for ((s, key, day), n) in expected {
        if *s == subject && from.is_none_or(|f| *day >= f) && until.is_none_or(|u| *day < u) {
            let sum = sums.entry(key.clone()).or_default();
            for i in 0..4 {
                sum[i] += n[i];
            }
        }
    }
    sums.into_iter()
        .filter(|(_, n)| n.iter().any(|v| *v != 0))
        .collect()
}

fn check_every_period(conn: &mut db::DbConnection, expected: &Expected, when: &str) {
    // Every third day from before the first record to after the last, and no bound at all.
    let mut bounds: Vec<Option<NaiveDate>> = (0..=DAYS / 3 + 2)
        .map(|i| Some(first() - Days::new(4) + Days::new(i * 3)))
        .collect();
    bounds.push(None);
    for subject in [Subject::Design, Subject::Company] {
        for from in &bounds {
            for until in &bounds {
                if let (Some(f), Some(u)) = (from, until)
                    && u < f
                {
                    continue;
                }
                assert_eq!(
                    period(conn, subject, *from, *until),
                    reference(expected, subject, *from, *until),
                    "{when}: {subject:?} from {from:?} until {until:?}"
                );
            }
        }
    }
}

#[test]
fn every_period_counts_what_its_days_hold_before_and_after_a_rebuild() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let mut random = Lcg(21);
    let mut expected = Expected::new();
    let designs = ["d1", "d2", "d3", "d4", "d5"];
    let companies = [Some("c1"), Some("c2"), None];
    let mut orders = Vec::new();
    // Nothing counted yet: every period is empty.
    check_every_period(conn, &expected, "empty");
    for d in 0..DAYS {
        // Two weeks with no record: the week after them is made from the totals.
        if (30..44).contains(&d) {
            continue;
        }
        // Halfway through a week, no week made (as the migration leaves an archive with records):
        // the next is made from the totals less this week's days.
        if d == 50 {
            conn.batch_execute("DELETE FROM funnel_weeks; DELETE FROM funnel_weeks_made")
                .unwrap();
        }
        let today = first() + Days::new(d);
        let mut records = Vec::new();
        let mut ticks = Vec::new();
        for i in 0..random.below(6) {
            // One record in ten is written late, up to three weeks after its day.
            let day = if random.below(10) == 0 {
                today - Days::new(random.below(21))
            } else {
                today
            };
            let design = designs[random.below(5) as usize];
            let company = companies[random.below(3) as usize].map(str::to_owned);
            let id = format!("{d}-{i}");
            let when = at(day, u32::try_from(random.below(24)).unwrap());
            let step = match random.below(3) {
                0 => Step::View,
                1 => Step::Favorite,
                _ => Step::CadDownload,
            };
            records.push(match step {
                Step::View => Record::View(ViewRecord {
                    id,
                    user_guid: "u".into(),
                    customer_guid: company.clone(),
                    design_guid: design.into(),
                    colorway_guid: "w".into(),
                    viewed_at: when,
                }),
                Step::Favorite => Record::Favorite(FavoriteRecord {
                    id,
                    user_guid: "u".into(),
                    customer_guid: company.clone(),
                    design_guid: design.into(),
                    colorway_guid: "w".into(),
                    added_at: when,
                }),
                _ => Record::Cad(CadRecord {
                    id,
                    user_guid: "u".into(),
                    user_email: "u@example.com".into(),
                    customer_guid: company.clone(),
                    design_guid: design.into(),
                    design_number: "01-0001".into(),
                    colorway_guid: "w".into(),
                    colorway_name: "VR-1".into(),
                    format: "production".into(),
                    kind: "download".into(),
                    bytes: 1,
                    created_at: when,
                }),
            });
            ticks.push(StepTick {
                step,
                design: design.into(),
                company,
                at: when,
                n: 1,
            });
        }
        // Now and then an order, dated anywhere from before the first record to today.
        if random.below(7) == 0 {
            let order = StepTick {
                step: Step::Order,
                design: designs[random.below(5) as usize].into(),
                company: companies[random.below(2) as usize].map(str::to_owned),
                at: at(first() - Days::new(5) + Days::new(random.below(d + 6)), 12),
                n: 1,
            };
            funnel::count(conn, std::slice::from_ref(&order)).unwrap();
            expect(&mut expected, &order);
            orders.push(order);
        }
        usage::write(conn, &records).unwrap();
        // A retry of the batch counts nothing again.
        usage::write(conn, &records).unwrap();
        for tick in &ticks {
            expect(&mut expected, tick);
        }
    }
    // The first order taken back (its design deleted).
    let gone = StepTick {
        n: -1,
        ..orders[0].clone()
    };
    funnel::count(conn, std::slice::from_ref(&gone)).unwrap();
    expect(&mut expected, &gone);
    // Fresh records are written as they happen; the weeks follow them.
    let weeks: i64 = diesel::sql_query("SELECT COUNT(*) AS n FROM funnel_weeks_made")
        .get_result::<Count>(conn)
        .unwrap()
        .n;
    assert!(weeks >= 6, "{weeks} weeks made for two subjects");
    check_every_period(conn, &expected, "as written");

    // A rebuild from the records: orders come from design_orders, which these ticks bypassed.
    expected.retain(|_, n| {
        n[3] = 0;
        true
    });
    usage::rebuild(conn).unwrap();
    check_every_period(conn, &expected, "rebuilt");
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}
