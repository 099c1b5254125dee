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

#[derive(diesel::QueryableByName)]
struct Distance {
    #[diesel(sql_type = diesel::sql_types::Double)]
    d: f64,
}

/// Colour search ranks by the database's `desen_ciede2000` (PL/pgSQL on PostgreSQL, the Rust
/// function on SQLite); both must agree with `desen_core::color::ciede2000`, including neutral
/// colours (zero chroma) and hues either side of 0°.
#[test]
fn the_database_ciede2000_is_the_rust_one() {
    use diesel::RunQueryDsl;
    let database = TestDatabase::new().expect("test database");
    let mut conn = database.connect().expect("connection");
    run_migrations(&mut conn).expect("up");
    let mut seed = 5u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as f64 / (1u64 << 31) as f64
    };
    let mut pairs = vec![
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0]),
        ([0.0, 0.0, 0.0], [100.0, 0.0, 0.0]),
        ([60.0, 30.0, -0.5], [60.0, 30.0, 0.5]),
        ([40.0, -0.5, 20.0], [40.0, 0.5, -20.0]),
        ([22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619]),
    ];
    for _ in 0..300 {
        let x = [
            next() * 100.0,
            next() * 256.0 - 128.0,
            next() * 256.0 - 128.0,
        ];
        let near = [
            x[0] + next() * 10.0 - 5.0,
            x[1] + next() * 20.0 - 10.0,
            x[2] + next() * 20.0 - 10.0,
        ];
        let far = [
            next() * 100.0,
            next() * 256.0 - 128.0,
            next() * 256.0 - 128.0,
        ];
        pairs.extend([(x, near), (x, far)]);
    }
    for (x, y) in pairs {
        let sql = format!(
            "SELECT desen_ciede2000({}, {}, {}, {}, {}, {}) AS d",
            x[0], x[1], x[2], y[0], y[1], y[2]
        );
        let database = diesel::sql_query(sql)
            .get_result::<Distance>(&mut conn)
            .expect("desen_ciede2000")
            .d;
        let rust = desen_core::color::ciede2000(x, y);
        assert!(
            (database - rust).abs() < 1e-9,
            "{x:?} {y:?}: {database} against {rust}"
        );
    }
}
