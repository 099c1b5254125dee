//! The search cache is keyed by the catalog revision, which triggers move forward on every change
//! to a table a search reads. These tests hold that promise to the search's actual statements: a
//! new filter reading a new table without a trigger would let the cache answer from stale data.
//! (The search tests prove the cached answers equal the reference, before and after edits.)

use db::DbConnection;
use db::sql::Sql;
use desen_core::PageRequest;
use diesel::connection::{Connection, InstrumentationEvent};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use pools::PoolCriteria;
use pools::Scope;
use search::SearchCache;
use search::{SearchFilters, SearchForm, find_page};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, PoisonError};
use test_support::TestWorld;

/// The tables named after FROM or JOIN in the statements a search runs.
fn tables_read(conn: &mut DbConnection, scope: &Scope, form: SearchForm) -> BTreeSet<String> {
    let filters =
        SearchFilters::parse(&form, chrono::Utc::now().date_naive()).expect("the form parses");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            sink.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(query.to_string());
        }
    });
    // Two pages and a fresh cache: the first-page and the later-page statements both run.
    let cache = SearchCache::default();
    for page in [0, 1] {
        find_page(conn, &cache, scope, &filters, PageRequest::new(page, 1)).expect("a page");
    }
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    let statements = seen.lock().unwrap_or_else(PoisonError::into_inner).clone();
    let mut tables = BTreeSet::new();
    for statement in statements {
        let sql = statement.split(" -- binds: ").next().unwrap_or_default();
        let words: Vec<&str> = sql
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            // A subquery after FROM or JOIN starts with a keyword, not a table.
            if ["FROM", "JOIN"].contains(&pair[0].to_uppercase().as_str())
                && !["SELECT", "WITH"].contains(&pair[1].to_uppercase().as_str())
            {
                tables.insert(pair[1].trim_matches(|c| c == '"' || c == '`').to_owned());
            }
        }
    }
    tables
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// How many triggers move the revision on a change to `table`.
fn revision_triggers(conn: &mut DbConnection, table: &str) -> i64 {
    let mut sql = match conn {
        DbConnection::Sqlite(_) => Sql::new(
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' \
             AND sql LIKE '%catalog_revision%' AND tbl_name = ",
        ),
        DbConnection::Postgresql(_) => Sql::new(
            "SELECT COUNT(*) AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
             JOIN pg_proc p ON p.oid = t.tgfoid \
             WHERE p.proname = 'desen_bump_catalog_revision' AND c.relname = ",
        ),
    };
    sql.bind(table);
    sql.get_result::<Count>(conn).expect("count triggers").n
}

#[test]
fn every_table_a_search_reads_moves_the_catalog_revision() {
    let world = TestWorld::new();
    let conn: &mut DbConnection = &mut world.conn();
    let everything = SearchForm {
        number: Some("01".into()),
        labels: Some("1,2".into()),
        label_search_mode: Some("any".into()),
        special_list_id: Some("2".into()),
        dp0: Some("silk".into()),
        dp1: Some("a1".into()),
        ..SearchForm::default()
    };
    let criteria = PoolCriteria {
        allowed_labels: vec![1],
        forbidden_labels: vec![2],
        dp2: "silk".into(),
        ..PoolCriteria::default()
    };
    let searches = [
        (Scope::Everything, SearchForm::default()),
        (Scope::Everything, everything.clone()),
        (
            Scope::Everything,
            SearchForm {
                special_list_id: Some("1".into()),
                ..SearchForm::default()
            },
        ),
        (
            Scope::Everything,
            SearchForm {
                special_list_id: Some("3".into()),
                ..SearchForm::default()
            },
        ),
        (
            Scope::Pool {
                pool: "p".into(),
                own_customer: Some("c".into()),
            },
            everything,
        ),
        (Scope::Criteria(Box::new(criteria)), SearchForm::default()),
        (
            Scope::OpenArchive {
                customer: Some("c".into()),
            },
            SearchForm {
                color: Some("#1F2A44".into()),
                ..SearchForm::default()
            },
        ),
        // A picker swatch: read from the swatch index.
        (
            Scope::Everything,
            SearchForm {
                color: Some("#1A237E".into()),
                ..SearchForm::default()
            },
        ),
    ];
    let mut read = BTreeSet::new();
    for (scope, form) in searches {
        read.extend(tables_read(conn, &scope, form));
    }
    read.remove("near"); // the colour search's own CTE
    read.remove("catalog_revision");
    for table in [
        "designs",
        "design_labels",
        "design_parameters",
        "design_orders",
        "design_pins",
        "colorway_colors",
        "pool_members",
        "swatch_designs",
    ] {
        assert!(read.contains(table), "no search read {table}: {read:?}");
    }
    for table in &read {
        assert!(
            revision_triggers(conn, table) > 0,
            "a search reads {table}, but changing it leaves the catalog revision as it is"
        );
    }
}
