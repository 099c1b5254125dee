//! `desen`: serve the archive, migrate the database, manage accounts from the shell.

use accounts::service::{self, NewUser};
use actix_web::HttpServer;
use anyhow::Context;
use clap::{Parser, Subcommand};
use desen_core::Language;
use gateway::settings::{Settings, redacted};
use gateway::{AppState, app};
use rand::Rng;

/// jemalloc, not glibc's malloc: with a blocking thread per request in flight, glibc's per-thread
/// arenas kept about 3 GB of freed memory under 200 customers (`just soak`); jemalloc returns it
/// and holds about 170 MB.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(
    name = "desen",
    version,
    about = "Desen: the archive of a textile print studio"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the API and the web app (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create a user; prints a generated password when none is given.
    CreateUser {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        admin: bool,
        #[arg(long)]
        password: Option<String>,
        /// tr, en or ru.
        #[arg(long, default_value = "en")]
        language: String,
        /// The customer company's name (created when missing).
        #[arg(long)]
        customer: Option<String>,
        /// The company's code, set when it has none yet (CAD rights go by it).
        #[arg(long, requires = "customer")]
        customer_code: Option<String>,
    },
    /// Give a user a new generated password (printed once) and end their sessions.
    ResetPassword {
        #[arg(long)]
        email: String,
    },
    /// Import TIFF/PSD/PSB files or whole folders into an archive (created when missing), through
    /// the same checks and pipeline as uploads.
    Import {
        /// The archive's name, code or id.
        #[arg(long)]
        archive: String,
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
    },
    /// Create a design label with its names in Turkish, English and Russian.
    CreateLabel {
        #[arg(long)]
        tr: String,
        #[arg(long)]
        en: String,
        #[arg(long)]
        ru: String,
    },
    /// Fill an empty archive with the demo designs (does nothing when designs exist).
    Demo {
        /// Six small designs, one of each kind of file, with the same labels, companies,
        /// collection, mood board and wear models (for quick runs such as the API fuzzer's).
        #[arg(long)]
        small: bool,
    },
    /// Make the similar-design search's features of every colorway that has none of the current
    /// version (after an upgrade of the search, or for colorways imported before it), with
    /// progress. The import workers do the same in the background.
    Reindex,
    /// Write sample production files into a folder (two colorways as TIFF, a PSB, a fake TIFF).
    SampleFiles { dir: std::path::PathBuf },
    /// Put a new accounts secret key first in `<data_dir>/secret.key`, keeping the old ones to
    /// open what they sealed: the next start seals every TOTP secret with the new key. With a key
    /// configured in `accounts.secret_key`, prints a new key and what to configure instead.
    RotateSecretKey,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let settings = Settings::load().context("reading the configuration")?;
    init_logging(&settings);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(settings),
        Command::Migrate => {
            let applied = migrate(&settings)?;
            println!("migrations applied: {applied}");
            Ok(())
        }
        Command::CreateUser {
            email,
            name,
            admin,
            password,
            language,
            customer,
            customer_code,
        } => {
            migrate(&settings)?;
            let state = AppState::build(&settings)?;
            let mut conn = state.pool.get()?;
            let customer_guid = match customer {
                Some(name) => {
                    let company = service::ensure_customer(&mut conn, &name)?;
                    if let Some(code) = customer_code.filter(|_| company.code.is_empty()) {
                        service::set_customer_code(&mut conn, &company.guid, &code)?;
                    }
                    Some(company.guid)
                }
                None => None,
            };
            let generated = password.is_none().then(generated_password);
            let name = name.unwrap_or_else(|| email.split('@').next().unwrap_or("user").to_owned());
            let language = language
                .parse::<Language>()
                .map_err(|()| anyhow::anyhow!("language must be tr, en or ru"))?;
            let user = service::create_user(
                &mut conn,
                NewUser {
                    email,
                    name,
                    password: password.or_else(|| generated.clone()),
                    is_admin: admin,
                    is_in_house: admin,
                    language,
                    customer_guid,
                },
            )?;
            println!(
                "created {} {} ({})",
                if user.is_admin { "admin" } else { "user" },
                user.email,
                user.guid
            );
            if let Some(password) = generated {
                println!("password: {password}");
            }
            Ok(())
        }
        Command::Import { archive, paths } => import_command(&settings, &archive, &paths),
        Command::CreateLabel { tr, en, ru } => {
            migrate(&settings)?;
            let state = AppState::build(&settings)?;
            let id = catalog::service::create_label(
                &mut *state.pool.get()?,
                [&tr, &en, &ru],
                None,
                false,
            )?;
            println!("created label {id}: {en}");
            Ok(())
        }
        Command::Demo { small } => {
            migrate(&settings)?;
            let state = AppState::build(&settings)?;
            let size = if small {
                demo::DemoSize::Small
            } else {
                demo::DemoSize::Full
            };
            let added = demo::seed_with(
                &state.pool,
                &state.import,
                &settings.scratch_dir().join("demo"),
                size,
            )?;
            println!("demo archive: {added} designs added");
            reindex(&state, None)?;
            Ok(())
        }
        Command::Reindex => {
            migrate(&settings)?;
            let state = AppState::build(&settings)?;
            let total = import::similar::pending(&mut *state.pool.get()?)?.max(0) as u64;
            let bar = indicatif::ProgressBar::new(total);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} colorways {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let done = reindex(&state, Some(&bar))?;
            bar.finish_and_clear();
            println!("similar search: {done} colorways indexed");
            Ok(())
        }
        Command::SampleFiles { dir } => {
            for path in demo::write_sample_files(&dir)? {
                println!("{}", path.display());
            }
            Ok(())
        }
        Command::RotateSecretKey => rotate_secret_key(&settings),
        Command::ResetPassword { email } => {
            migrate(&settings)?;
            let state = AppState::build(&settings)?;
            let password = generated_password();
            service::set_password(&mut *state.pool.get()?, &state.accounts, &email, &password)?;
            println!("new password for {email}: {password}");
            Ok(())
        }
    }
}

/// `desen rotate-secret-key`: the key file gets a new first key; a configured key is the
/// operator's to replace on every instance, so it gets the steps and a fresh key to paste.
fn rotate_secret_key(settings: &Settings) -> anyhow::Result<()> {
    use accounts::secrets::{KeyFile, SecretKey};
    if settings.accounts.secret_key.is_some() {
        println!(
            "The key is configured (accounts.secret_key). On every instance: add this new key to \
             accounts.previous_secret_keys and restart; then make it accounts.secret_key, move \
             the old key to accounts.previous_secret_keys, and restart again.\n{}",
            SecretKey::generate().to_base64()
        );
        return Ok(());
    }
    let path = settings.secret_key_file();
    let keys = KeyFile::rotate(&path)
        .with_context(|| format!("rotating the key in {}", path.display()))?;
    println!(
        "{}: a new key, and the {} it replaced kept to open what they sealed. Restart desen: the \
         start seals every TOTP secret with the new key.",
        path.display(),
        keys.previous.len()
    );
    Ok(())
}

/// Indexes every colorway still without similar-search features; answers how many.
fn reindex(state: &AppState, bar: Option<&indicatif::ProgressBar>) -> anyhow::Result<usize> {
    let mut total = 0;
    loop {
        let done = import::similar::index_pending(&mut *state.pool.get()?, &state.storage, 16)?;
        if done == 0 {
            return Ok(total);
        }
        total += done;
        if let Some(bar) = bar {
            bar.inc(done as u64);
        }
    }
}

/// `desen import`: a progress bar, then one summary line and each refused file with the reason.
fn import_command(
    settings: &Settings,
    archive: &str,
    paths: &[std::path::PathBuf],
) -> anyhow::Result<()> {
    migrate(settings)?;
    let state = AppState::build(settings)?;
    let (archive, created) =
        catalog::service::find_or_create_archive(&mut *state.pool.get()?, archive)?;
    if created {
        println!(
            "created archive {} (code {})",
            archive.name_en, archive.code
        );
    }
    let bar = ProgressBar(indicatif::ProgressBar::new(100));
    let summary = import::shell::import_paths(&state.pool, &state.import, archive.id, paths, &bar)?;
    println!(
        "imported {} designs, {} colorways; refused {} files",
        summary.designs,
        summary.colorways,
        summary.refused.len()
    );
    for (path, why) in &summary.refused {
        println!("  {}: {why}", path.display());
    }
    Ok(())
}

struct ProgressBar(indicatif::ProgressBar);

impl import::shell::ShellProgress for ProgressBar {
    fn files(&self, total: usize) {
        self.0.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos:>3}% {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        self.0.set_message(format!("{total} files"));
    }

    fn processing(&self, percent: i32, current: &str) {
        self.0.set_position(percent.clamp(0, 100) as u64);
        if !current.is_empty() {
            self.0.set_message(current.to_owned());
        }
    }

    fn done(&self) {
        self.0.finish_and_clear();
    }
}

fn init_logging(settings: &Settings) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("DESEN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,actix_server=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if settings.log_format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

fn migrate(settings: &Settings) -> anyhow::Result<usize> {
    let url = settings.database_url();
    let mut conn = db::connect(&url).with_context(|| format!("opening {}", redacted(&url)))?;
    let applied = db::run_migrations(&mut conn)?;
    // Designs stored before the swatch index existed, or new swatches: index them now.
    if catalog::swatch_index::ensure_current(&mut conn).context("building the swatch index")? {
        tracing::info!("swatch index rebuilt");
    }
    Ok(applied)
}

/// 20 characters with upper- and lower-case letters and digits: always passes the policy.
fn generated_password() -> String {
    const SETS: [&[u8]; 3] = [
        b"ABCDEFGHJKLMNPQRSTUVWXYZ",
        b"abcdefghijkmnopqrstuvwxyz",
        b"23456789",
    ];
    let mut rng = rand::thread_rng();
    (0..20)
        .map(|i| {
            let set = SETS[if i < 3 { i } else { rng.gen_range(0..3) }];
            char::from(set[rng.gen_range(0..set.len())])
        })
        .collect()
}

/// The archive a fresh installation starts with: code and names in tr, en, ru.
const DEFAULT_ARCHIVE: (&str, [&str; 3]) = ("01", ["Ana Arşiv", "Main Archive", "Основной архив"]);

/// Colour search's palette index, read in the background: until it is, colour searches are
/// scored in the database.
fn load_palettes(state: &AppState) {
    let (pool, cache) = (state.pool.clone(), state.search_cache.clone());
    std::thread::spawn(move || {
        let started = std::time::Instant::now();
        let loaded = pool
            .get()
            .map_err(anyhow::Error::from)
            .and_then(|mut conn| Ok(cache.palette().load(&mut conn)?));
        match loaded {
            Ok(()) => tracing::info!(
                colours = cache.palette().len(),
                ms = started.elapsed().as_millis() as u64,
                "palette index loaded"
            ),
            Err(e) => tracing::error!(
                "palette index not loaded, colours are scored in the database: {e:#}"
            ),
        }
    });
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    let applied = migrate(&settings)?;
    let state = AppState::build(&settings)?;
    tracing::info!(
        database = %redacted(&settings.database_url()),
        storage = %state.storage,
        sessions = state.sessions_backend,
        migrations_applied = applied,
        "starting desen"
    );
    {
        let mut conn = state.pool.get()?;
        // TOTP secrets in clear (from an older Desen) or under a replaced key: sealed with the key now.
        let sealed = accounts::second_factor::seal_stored_secrets(&mut conn, &state.accounts)?;
        if sealed.sealed > 0 {
            tracing::info!(
                sealed = sealed.sealed,
                "TOTP secrets sealed with the current secret key"
            );
        }
        if sealed.unreadable > 0 {
            tracing::error!(
                admins = sealed.unreadable,
                "TOTP secrets that no configured secret key opens (was the key changed without \
                 listing the old one in accounts.previous_secret_keys?): those admins cannot pass \
                 the second factor until their authenticator is reset"
            );
        }
        // What the replaced keys still check, so the operator knows when one may go.
        for key in &sealed.replaced_keys {
            if key.admins_with_codes > 0 {
                tracing::info!(
                    key = %key.id,
                    replaced_key = key.position,
                    admins = key.admins_with_codes,
                    "a replaced secret key still checks these admins' recovery codes: keep it \
                     listed until they make new codes (Admin > Settings)"
                );
            }
        }
        if sealed.admins_with_codes_of_unknown_key > 0 && !sealed.replaced_keys.is_empty() {
            tracing::info!(
                admins = sealed.admins_with_codes_of_unknown_key,
                "recovery codes made before Desen kept their key's id: keep every replaced secret \
                 key listed until these admins make new codes (Admin > Settings)"
            );
        }
        for key in sealed.droppable_keys() {
            tracing::info!(
                key = %key.id,
                replaced_key = key.position,
                "a replaced secret key no longer opens anything: it can be removed from \
                 accounts.previous_secret_keys (or the key file)"
            );
        }
        if !service::has_admin(&mut conn)? {
            // First start: an admin to sign in with, shown once on the terminal (never logged).
            let password = generated_password();
            let user = service::create_user(
                &mut conn,
                NewUser {
                    email: "admin@desen.local".into(),
                    name: "Desen Admin".into(),
                    password: Some(password.clone()),
                    is_admin: true,
                    is_in_house: true,
                    language: Language::En,
                    customer_guid: None,
                },
            )?;
            println!(
                "\n  First start: an admin was created.\n  e-mail:   {}\n  password: {password}\n",
                user.email
            );
        }
    }
    // Uploads need an archive to go into; a fresh installation starts with one.
    catalog::service::ensure_archive(
        &mut *state.pool.get()?,
        DEFAULT_ARCHIVE.0,
        DEFAULT_ARCHIVE.1,
    )?;
    let listen = settings.listen.clone();
    let workers = if settings.workers == 0 {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    } else {
        settings.workers
    };
    let import_workers = state.start_import_workers();
    let cad_workers = state.start_cad_workers();
    if settings.palette_index {
        load_palettes(&state);
    }
    let recorder = state.accounts.recorder.clone();
    let served = actix_web::rt::System::new().block_on(async move {
        let server = HttpServer::new(move || app(state.clone()))
            .workers(workers)
            .shutdown_timeout(20)
            .bind(&listen)
            .with_context(|| format!("binding {listen}"))?;
        println!("Desen is serving on http://{listen}");
        server.run().await.context("server")
    });
    import_workers.stop();
    cad_workers.stop();
    // What requests recorded is written before leaving (else the next start writes it from the
    // spool).
    recorder.flush();
    served
}
