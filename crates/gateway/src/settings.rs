//! Configuration: `config/default.toml` (or the file in `DESEN_CONFIG`), then `DESEN_*` variables,
//! then `DATABASE_URL` and `REDIS_URL`.

use accounts::AccountsSettings;
use accounts::mail::SmtpSettings;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use std::path::PathBuf;
use storage::{S3Settings, Storage};

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub listen: String,
    pub data_dir: PathBuf,
    pub static_dir: PathBuf,
    #[serde(default)]
    pub workers: usize,
    #[serde(default = "text")]
    pub log_format: String,
    pub mail_from: String,
    pub redis_prefix: String,
    #[serde(default)]
    pub accounts: AccountsSettings,
    #[serde(default)]
    pub smtp: Option<SmtpSettings>,
    #[serde(default)]
    pub import: import::ImportSettings,
    #[serde(default)]
    pub favorites: favorites::routes::FavoritesSettings,
    #[serde(default)]
    pub cad: cad::CadSettings,
    #[serde(default)]
    pub database_pool_size: Option<u32>,
    /// Memory for remembered search totals, page starts and colour rankings; 0 turns it off.
    #[serde(default = "search_cache_megabytes")]
    pub search_cache_megabytes: usize,
    /// Colour search's palette index: every palette colour in memory (about 40 bytes each), so a
    /// typed colour is ranked in milliseconds; off, such colours are scored in the database.
    #[serde(default = "yes")]
    pub palette_index: bool,
    /// Where the web app sends design uploads until an admin sets another in the general
    /// settings (`DESEN_UPLOAD_BASE`; empty: this server).
    #[serde(default)]
    pub upload_base: String,
    /// Addresses of other `desen` instances whose web app may call this one
    /// (`DESEN_ALLOWED_ORIGINS`, comma-separated), e.g. the main app on an upload instance.
    #[serde(default)]
    pub allowed_origins: Vec<String>,
    /// The AI search switch: whether customers may search by picture (staff always may).
    #[serde(default = "yes")]
    pub ai_search: bool,
    /// Where design files live (`DESEN_STORAGE_URL`): unset or empty, `<data_dir>/objects`;
    /// `s3://BUCKET[/FOLDER]?endpoint=URL&region=NAME`, an S3-compatible bucket.
    #[serde(default)]
    pub storage_url: Option<String>,
    /// The bucket's key (`DESEN_STORAGE_ACCESS_KEY_ID`, `DESEN_STORAGE_SECRET_ACCESS_KEY`);
    /// unset, the standard `AWS_*` variables or the machine's role.
    #[serde(default)]
    pub storage_access_key_id: Option<String>,
    #[serde(default)]
    pub storage_secret_access_key: Option<SecretString>,
    /// From `DATABASE_URL`; defaults to `sqlite://<data_dir>/archive.db`.
    #[serde(skip)]
    pub database_url: Option<SecretString>,
    /// From `REDIS_URL`; sessions and rate limits stay in process without it.
    #[serde(skip)]
    pub redis_url: Option<SecretString>,
}

fn search_cache_megabytes() -> usize {
    search::cache::DEFAULT_BUDGET_BYTES >> 20
}

fn yes() -> bool {
    true
}

fn text() -> String {
    "text".into()
}

impl Settings {
    pub fn load() -> anyhow::Result<Settings> {
        let file = std::env::var("DESEN_CONFIG").unwrap_or_else(|_| "config/default.toml".into());
        let mut settings: Settings = config::Config::builder()
            .set_default("listen", "127.0.0.1:8080")?
            .set_default("data_dir", "data")?
            .set_default("static_dir", "frontend/dist")?
            .set_default("mail_from", "Desen <no-reply@desen.local>")?
            .set_default("redis_prefix", "desen:")?
            .add_source(config::File::with_name(&file).required(false))
            .add_source(
                config::Environment::with_prefix("DESEN")
                    .prefix_separator("_")
                    .separator("__")
                    .try_parsing(true)
                    .list_separator(",")
                    .with_list_parse_key("accounts.trusted_proxies")
                    .with_list_parse_key("accounts.previous_secret_keys")
                    .with_list_parse_key("allowed_origins")
                    .with_list_parse_key("cad.company_codes")
                    .with_list_parse_key("cad.formats"),
            )
            .build()?
            .try_deserialize()?;
        settings.database_url = std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .map(SecretString::from);
        settings.redis_url = std::env::var("REDIS_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .map(SecretString::from);
        Ok(settings)
    }

    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.expose_secret().to_owned(),
            None => format!("sqlite://{}", self.data_dir.join("archive.db").display()),
        }
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// Where the accounts secret key is kept when none is configured (made on the first start,
    /// mode 0600). Back it up apart from the database: the TOTP secrets do not open without it.
    pub fn secret_key_file(&self) -> PathBuf {
        self.data_dir.join("secret.key")
    }

    /// The archive's file store: the bucket `storage_url` names, else `<data_dir>/objects`.
    pub fn storage(&self) -> anyhow::Result<Storage> {
        match self.storage_url.as_deref().filter(|url| !url.is_empty()) {
            None => Ok(Storage::local(&self.data_dir.join("objects"))?),
            Some(url) => {
                let mut s3 = S3Settings::parse(url)?;
                s3.access_key_id = self.storage_access_key_id.clone();
                s3.secret_access_key = self.storage_secret_access_key.clone();
                Ok(Storage::s3(&s3)?)
            }
        }
    }

    /// Uploads in flight and other short-lived files.
    pub fn scratch_dir(&self) -> PathBuf {
        self.data_dir.join("scratch")
    }
}

/// A URL fit for logs: the password and user name are replaced.
pub fn redacted(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.has_host() => {
            if !parsed.username().is_empty() {
                let _ = parsed.set_username("***");
            }
            if parsed.password().is_some() {
                let _ = parsed.set_password(Some("***"));
            }
            parsed.into()
        }
        _ => url.split('?').next().unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_redacted_for_logs() {
        assert_eq!(
            redacted("postgres://desen:s3cret@db:5432/desen"),
            "postgres://***:***@db:5432/desen"
        );
        assert_eq!(
            redacted("redis://:pw@cache:6379"),
            "redis://:***@cache:6379"
        );
        assert_eq!(
            redacted("sqlite://data/archive.db"),
            "sqlite://data/archive.db"
        );
    }
}
