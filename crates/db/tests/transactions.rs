//! A transaction that reads, then writes, while another connection writes in between: both
//! succeed on whichever backend the tests run. On SQLite the transaction holds the write lock
//! from its start and the other writer waits for it, so neither write is lost.
#![expect(clippy::unwrap_used, reason = "tests")]

use db::testing::TestDatabase;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use std::sync::mpsc;
use std::time::Duration;

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[test]
fn a_transaction_that_reads_then_writes_survives_a_concurrent_writer() {
    let database = TestDatabase::new().unwrap();
    let mut setup = database.connect().unwrap();
    setup
        .batch_execute("CREATE TABLE tally (n BIGINT NOT NULL); INSERT INTO tally VALUES (0);")
        .unwrap();
    let (read, go) = mpsc::channel();
    let other = {
        let mut conn = database.connect().unwrap();
        std::thread::spawn(move || {
            go.recv().unwrap();
            conn.batch_execute("UPDATE tally SET n = n + 1").unwrap();
        })
    };
    let mut conn = database.connect().unwrap();
    conn.transaction(|conn| {
        let before: Count = diesel::sql_query("SELECT n FROM tally").get_result(conn)?;
        read.send(()).unwrap();
        // The other connection tries to write now.
        std::thread::sleep(Duration::from_millis(200));
        diesel::sql_query(format!("UPDATE tally SET n = {} + 10", before.n)).execute(conn)?;
        Ok::<_, diesel::result::Error>(())
    })
    .unwrap();
    other.join().unwrap();
    let after: Count = diesel::sql_query("SELECT n FROM tally")
        .get_result(&mut setup)
        .unwrap();
    if db::testing::test_backend() == db::Backend::Sqlite {
        assert_eq!(after.n, 11);
    }
}
