#![doc = include_str!("../README.md")]
#![expect(clippy::unwrap_used, reason = "test fixtures fail loudly")]

use accounts::mail::OutboxMailer;
use accounts::model::User;
use accounts::service::{self, NewUser};
use accounts::{AccountsContext, AccountsSettings};
use catalog::model::DesignType;
use catalog::service::{NewColorway, NewDesign};
use db::testing::TestDatabase;
use db::{DbConnection, DbPool};
use desen_core::{ColorwayGuid, DesignGuid, Language};
use std::path::PathBuf;
use std::sync::Arc;

pub struct TestWorld {
    pub database: TestDatabase,
    pub pool: DbPool,
    pub accounts: AccountsContext,
    pub outbox: PathBuf,
    /// A scratch folder of this test (objects, uploads), removed at the end.
    pub files: PathBuf,
    _files: TempDir,
}

/// A folder removed when the test ends.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl TestWorld {
    pub fn new() -> TestWorld {
        TestWorld::with_settings(AccountsSettings::default())
    }

    pub fn with_settings(mut settings: AccountsSettings) -> TestWorld {
        // The binary always has a key (configured or kept in the data folder); so do the tests.
        if settings.secret_key.is_none() {
            settings.secret_key = Some(accounts::secrets::SecretKey::generate());
        }
        let database = TestDatabase::new().unwrap();
        let pool = db::pool(&database.url, Some(4)).unwrap();
        db::run_migrations(&mut pool.get().unwrap()).unwrap();
        let files =
            std::env::temp_dir().join(format!("desen-files-{}", uuid::Uuid::new_v4().simple()));
        let outbox = files.join("outbox");
        let redis = std::env::var("DESEN_TEST_REDIS_URL").ok();
        let prefix = format!("desen-test:{}:", uuid::Uuid::new_v4().simple());
        let stores = kv::Stores::open(redis.as_deref(), &prefix).unwrap();
        let mailer = Arc::new(OutboxMailer {
            dir: outbox.clone(),
            from: "Desen <no-reply@desen.test>".into(),
        });
        let accounts = AccountsContext {
            stores,
            mailer,
            settings,
            recorder: usage::Recorder::start(pool.clone(), &files.join("usage")).unwrap(),
        };
        TestWorld {
            database,
            pool,
            accounts,
            outbox,
            files: files.clone(),
            _files: TempDir(files),
        }
    }

    pub fn conn(&self) -> r2d2::PooledConnection<db::PoolManager> {
        self.pool.get().unwrap()
    }

    /// An active user with a password; `admin` users also get the in-house flag.
    pub fn user(&self, email: &str, password: &str, admin: bool) -> User {
        let conn: &mut DbConnection = &mut self.conn();
        service::create_user(
            conn,
            NewUser {
                email: email.into(),
                name: format!("Test {email}"),
                password: Some(password.into()),
                is_admin: admin,
                is_in_house: false,
                language: Language::En,
                customer_guid: None,
            },
        )
        .unwrap()
    }

    pub fn reload(&self, user: &User) -> User {
        accounts::repo::user_by_guid(&mut self.conn(), &user.guid)
            .unwrap()
            .unwrap()
    }

    pub fn save(&self, user: &User) {
        accounts::repo::save_user(&mut self.conn(), user).unwrap();
    }

    /// Every mail sent so far, oldest first, as raw text.
    pub fn mails(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.outbox) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        paths
            .into_iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// The value `name` in the fragment (`#mail=…&token=…`) of the first link in the newest mail.
    pub fn link_param(&self, name: &str) -> Option<String> {
        let mail = self.mails().pop()?;
        let link = mail
            .split_whitespace()
            .find(|word| word.starts_with("http"))?;
        let url = url::Url::parse(link).ok()?;
        url::form_urlencoded::parse(url.fragment()?.as_bytes())
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.into_owned())
    }
}

/// A design stored without files, and its colorways in order (`VR-1`, `VR-2`, ...).
pub struct TestDesign {
    pub guid: DesignGuid,
    pub number: String,
    pub colorways: Vec<ColorwayGuid>,
}

impl TestWorld {
    /// The archive `01`, made on first use.
    pub fn archive(&self) -> i32 {
        catalog::service::ensure_archive(&mut self.conn(), "01", ["Ana", "Main", "Основной"])
            .unwrap()
            .id
    }

    /// A digital design of the archive `01` with `colorways` colorways, stored through the catalog
    /// service without image files: for tests of what refers to designs, not of images.
    pub fn design(&self, number: &str, colorways: usize) -> TestDesign {
        let archive_id = self.archive();
        let added = catalog::service::add_design(
            &mut self.conn(),
            NewDesign {
                number: number.into(),
                archive_id,
                design_type: DesignType::Digital,
                layer_count: 1,
                width_px: 100,
                height_px: 100,
                dpi: 100.0,
                color_mode: "rgb".into(),
                bit_depth: 8,
                original_name: format!("{number}.tif"),
                channels: Vec::new(),
                colorways: (0..colorways)
                    .map(|k| NewColorway {
                        name: catalog::service::colorway_name(k),
                        inks: Vec::new(),
                        source_key: None,
                        source_name: String::new(),
                        source_hash: None,
                        renditions_key: format!("renditions/{number}/{k}"),
                        preview_size: (100, 100),
                        tile_levels: 0,
                        thumbnails: Default::default(),
                        palette: Vec::new(),
                    })
                    .collect(),
                uploaded_at: chrono::Utc::now().naive_utc(),
            },
        )
        .unwrap();
        TestDesign {
            guid: added.guid.parse().unwrap(),
            number: added.number,
            colorways: added
                .colorways
                .iter()
                .map(|(guid, _)| guid.parse().unwrap())
                .collect(),
        }
    }
}

impl Default for TestWorld {
    fn default() -> Self {
        TestWorld::new()
    }
}
