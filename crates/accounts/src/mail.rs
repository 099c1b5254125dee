//! Outgoing mail: SMTP when configured, otherwise files in an outbox folder, so that a fresh
//! install works with nothing else running (and tests read what was sent).

use crate::error::AccountError;
use lettre::message::{Mailbox, Message, SinglePart, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{SmtpTransport, Transport};
use std::path::PathBuf;

pub trait Mailer: Send + Sync {
    fn send(&self, to: &str, subject: &str, text: &str) -> Result<(), AccountError>;
}

fn message(from: &str, to: &str, subject: &str, text: &str) -> Result<Message, AccountError> {
    let parse = |address: &str| {
        address
            .parse::<Mailbox>()
            .map_err(|e| AccountError::Mail(e.to_string()))
    };
    // 8bit keeps the links readable in the raw message (lettre would pick quoted-printable for
    // lines over 76 characters, turning `=` into `=3D`). 8bit allows lines up to 998 octets.
    let text = text.replace("\r\n", "\n").replace('\n', "\r\n");
    if text.split("\r\n").any(|line| line.len() > 998) {
        return Err(AccountError::Mail("a line of the mail is too long".into()));
    }
    let body = lettre::message::Body::dangerous_pre_encoded(
        text.into_bytes(),
        lettre::message::header::ContentTransferEncoding::EightBit,
    );
    Message::builder()
        .from(parse(from)?)
        .to(parse(to)?)
        .subject(subject)
        .singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .body(body),
        )
        .map_err(|e| AccountError::Mail(e.to_string()))
}

/// Writes each message as an `.eml` file.
pub struct OutboxMailer {
    pub dir: PathBuf,
    pub from: String,
}

impl Mailer for OutboxMailer {
    fn send(&self, to: &str, subject: &str, text: &str) -> Result<(), AccountError> {
        let message = message(&self.from, to, subject, text)?;
        std::fs::create_dir_all(&self.dir).map_err(|e| AccountError::Mail(e.to_string()))?;
        let name = format!(
            "{}-{}.eml",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
            uuid::Uuid::new_v4().simple()
        );
        std::fs::write(self.dir.join(name), message.formatted())
            .map_err(|e| AccountError::Mail(e.to_string()))?;
        tracing::info!(
            to_domain = to.split('@').nth(1).unwrap_or(""),
            "mail written to the outbox"
        );
        Ok(())
    }
}

#[derive(Debug, Clone, serde::Deserialize)]
pub struct SmtpSettings {
    pub host: String,
    #[serde(default = "default_port")]
    pub port: u16,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    /// `starttls` (default), `tls` or `none` (a local relay only).
    #[serde(default = "default_security")]
    pub security: String,
}

fn default_port() -> u16 {
    587
}

fn default_security() -> String {
    "starttls".into()
}

pub struct SmtpMailer {
    transport: SmtpTransport,
    from: String,
}

impl SmtpMailer {
    pub fn new(settings: &SmtpSettings, from: &str) -> Result<SmtpMailer, AccountError> {
        let failed = |e: lettre::transport::smtp::Error| AccountError::Mail(e.to_string());
        let mut builder = match settings.security.as_str() {
            "tls" => SmtpTransport::relay(&settings.host).map_err(failed)?,
            "none" => SmtpTransport::builder_dangerous(&settings.host),
            _ => SmtpTransport::starttls_relay(&settings.host).map_err(failed)?,
        }
        .port(settings.port);
        if let (Some(user), Some(password)) = (&settings.username, &settings.password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(SmtpMailer {
            transport: builder.build(),
            from: from.to_owned(),
        })
    }
}

impl Mailer for SmtpMailer {
    fn send(&self, to: &str, subject: &str, text: &str) -> Result<(), AccountError> {
        let message = message(&self.from, to, subject, text)?;
        self.transport
            .send(&message)
            .map(|_| ())
            .map_err(|e| AccountError::Mail(e.to_string()))
    }
}
