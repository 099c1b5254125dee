//! What the accounts domain needs from the configuration.

use crate::secrets::SecretKey;
use serde::Deserialize;
use std::net::IpAddr;
use std::time::Duration;

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AccountsSettings {
    /// Where links in mails point, e.g. `https://archive.example.com`.
    pub public_url: String,
    pub session_hours: u64,
    pub remember_days: u64,
    pub reset_link_hours: u64,
    pub auto_login_minutes: u64,
    /// Proxies whose `X-Forwarded-For` is believed; otherwise the socket peer is the client.
    pub trusted_proxies: Vec<IpAddr>,
    pub rate_limits: RateLimits,
    /// Seals TOTP secrets and peppers recovery codes (base64 of 32 bytes,
    /// `DESEN_ACCOUNTS__SECRET_KEY`). Unset, `desen` keeps one in `<data_dir>/secret.key`.
    /// Shown as `<redacted>` by `Debug`.
    pub secret_key: Option<SecretKey>,
    /// Keys `secret_key` replaced (`DESEN_ACCOUNTS__PREVIOUS_SECRET_KEYS`, comma-separated): what
    /// they sealed still opens and is sealed anew with `secret_key` at the next start; recovery
    /// codes made under them keep working while they are listed.
    pub previous_secret_keys: Vec<SecretKey>,
    /// Recovery codes an admin gets at enrolment and at each regeneration.
    pub recovery_codes: usize,
}

impl Default for AccountsSettings {
    fn default() -> Self {
        AccountsSettings {
            public_url: "http://127.0.0.1:8080".into(),
            session_hours: 12,
            remember_days: 30,
            reset_link_hours: 24,
            auto_login_minutes: 15,
            trusted_proxies: Vec::new(),
            rate_limits: RateLimits::default(),
            secret_key: None,
            previous_secret_keys: Vec::new(),
            recovery_codes: 10,
        }
    }
}

impl AccountsSettings {
    pub fn session_ttl(&self, remember: bool) -> Duration {
        if remember {
            Duration::from_secs(self.remember_days * 86_400)
        } else {
            Duration::from_secs(self.session_hours * 3_600)
        }
    }
}

/// A limit: at most `max` requests per `window_seconds`; past it, a cooldown to the window's end.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Limit {
    pub max: u32,
    #[serde(default = "quarter_hour")]
    pub window_seconds: u64,
}

fn quarter_hour() -> u64 {
    15 * 60
}

impl Limit {
    pub fn window(&self) -> Duration {
        Duration::from_secs(self.window_seconds)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct RateLimits {
    pub login_per_email: Limit,
    pub login_per_ip: Limit,
    pub reset_per_email: Limit,
    pub reset_per_ip: Limit,
    /// create-password, second-factor codes and auto-login, per account or link.
    pub verify_per_account: Limit,
    /// Searches by picture per user: each decodes a picture and reads its features (about a
    /// tenth of a second of CPU), so one client cannot keep the cores busy.
    pub picture_search_per_user: Limit,
}

impl Default for RateLimits {
    fn default() -> Self {
        let quarter = 15 * 60;
        RateLimits {
            login_per_email: Limit {
                max: 10,
                window_seconds: quarter,
            },
            login_per_ip: Limit {
                max: 50,
                window_seconds: quarter,
            },
            reset_per_email: Limit {
                max: 3,
                window_seconds: quarter,
            },
            reset_per_ip: Limit {
                max: 20,
                window_seconds: quarter,
            },
            verify_per_account: Limit {
                max: 10,
                window_seconds: quarter,
            },
            picture_search_per_user: Limit {
                max: 60,
                window_seconds: 60,
            },
        }
    }
}
