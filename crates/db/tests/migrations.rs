use db::testing::TestDatabase;
use db::{revert_all_migrations, run_migrations};
use diesel::connection::SimpleConnection;

#[test]
fn twin_migration_trees_have_the_same_folders() {
    let names = |tree: &str| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../migrations")
            .join(tree);
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("migration tree exists")
            .map(|entry| {
                entry
                    .expect("readable entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    };
    let sqlite = names("sqlite");
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, names("postgres"));
}

#[test]
fn migrations_run_up_down_up() {
    let database = TestDatabase::new().expect("test database");
    let mut conn = database.connect().expect("connection");
    let applied = run_migrations(&mut conn).expect("up");
    assert!(applied > 0);
    assert_eq!(revert_all_migrations(&mut conn).expect("down"), applied);
    assert_eq!(run_migrations(&mut conn).expect("up again"), applied);
    conn.batch_execute("SELECT count(*) FROM users")
        .expect("users table exists after up-down-up");
}

#[test]
fn pooled_sqlite_connections_enforce_foreign_keys() {
    if db::testing::test_backend() != db::Backend::Sqlite {
        return;
    }
    let database = TestDatabase::new().expect("test database");
    let pool = db::pool(&database.url, Some(2)).expect("pool");
    let mut conn = pool.get().expect("connection");
    run_migrations(&mut conn).expect("up");
    let orphan = conn.batch_execute(
        "INSERT INTO account_links VALUES ('h', 'no-such-user', 'reset', '2026-01-01 00:00:00', '2026-01-02 00:00:00', NULL)",
    );
    assert!(
        orphan.is_err(),
        "foreign keys must be on for every pooled connection"
    );
}
