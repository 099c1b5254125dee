//! Validated values: e-mail addresses, the password policy, Argon2id hashes, TOTP codes, tokens.

use crate::error::AccountError;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use base64::Engine;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// An e-mail address as stored: trimmed and lower-cased, under 100 characters, well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub const MAX_LEN: usize = 100;

    pub fn parse(raw: &str) -> Result<Email, AccountError> {
        let email = raw.trim().to_lowercase();
        let well_formed = email.split_once('@').is_some_and(|(local, domain)| {
            let allowed = |c: char| c.is_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c);
            !local.is_empty()
                && local.chars().all(allowed)
                && !local.starts_with('.')
                && !local.ends_with('.')
                && !local.contains("..")
                && domain.contains('.')
                && domain.split('.').all(|label| {
                    !label.is_empty()
                        && !label.starts_with('-')
                        && !label.ends_with('-')
                        && label.chars().all(|c| c.is_alphanumeric() || c == '-')
                })
        });
        if email.is_empty() || email.chars().count() >= Self::MAX_LEN || !well_formed {
            return Err(AccountError::InvalidEmail);
        }
        Ok(Email(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The spec's password rule: at least 8 characters, an upper-case and a lower-case letter, both
/// entries equal. An upper bound keeps hashing cheap for hostile input.
pub fn check_new_password(password1: &str, password2: &str) -> Result<(), AccountError> {
    let long_enough = password1.chars().count() >= 8 && password1.len() <= 256;
    if !long_enough
        || !password1.chars().any(char::is_uppercase)
        || !password1.chars().any(char::is_lowercase)
    {
        return Err(AccountError::WeakPassword);
    }
    if password1 != password2 {
        return Err(AccountError::PasswordsMismatch);
    }
    Ok(())
}

/// OWASP's Argon2id setting: 19 MiB, 2 passes, 1 lane.
pub fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_password(password: &str) -> Result<String, AccountError> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| AccountError::Internal(format!("hashing failed: {e}")))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    if password.len() > 256 {
        return false;
    }
    PasswordHash::new(hash).is_ok_and(|parsed| {
        argon2()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Spends the same time as a real verification, for unknown e-mails.
pub fn verify_against_dummy(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let hash = DUMMY.get_or_init(|| hash_password("Dummy-password-1").unwrap_or_default());
    let _ = verify_password(password, hash);
}

/// 256 random bits, URL-safe: session tokens and link tokens.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Tokens are stored only as this hash.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub mod totp {
    use super::*;
    use totp_rs::{Algorithm as TotpAlgorithm, Secret, TOTP};

    pub const STEP: u64 = 30;

    pub fn new_secret() -> String {
        let mut bytes = [0u8; 20];
        OsRng.fill_bytes(&mut bytes);
        Secret::Raw(bytes.to_vec()).to_encoded().to_string()
    }

    fn totp(secret: &str, account: &str) -> Result<TOTP, AccountError> {
        let bytes = Secret::Encoded(secret.to_owned())
            .to_bytes()
            .map_err(|e| AccountError::Internal(format!("stored TOTP secret unreadable: {e:?}")))?;
        TOTP::new(
            TotpAlgorithm::SHA1,
            6,
            1,
            STEP,
            bytes,
            Some("Desen".into()),
            account.replace(':', "_"),
        )
        .map_err(|e| AccountError::Internal(format!("TOTP: {e}")))
    }

    pub fn otpauth_url(secret: &str, account: &str) -> Result<String, AccountError> {
        Ok(totp(secret, account)?.get_url())
    }

    /// The time step the code belongs to, looking one step back and one ahead for clock drift.
    pub fn matching_step(
        secret: &str,
        code: &str,
        unix_time: u64,
    ) -> Result<Option<u64>, AccountError> {
        let totp = totp(secret, "check")?;
        let current = unix_time / STEP;
        Ok([current.saturating_sub(1), current, current + 1]
            .into_iter()
            .find(|step| constant_time_eq(totp.generate(step * STEP).as_bytes(), code.as_bytes())))
    }

    pub fn code_at(secret: &str, unix_time: u64) -> Result<String, AccountError> {
        Ok(totp(secret, "check")?.generate(unix_time))
    }

    fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// Whether an allowed-address entry (an address, or a CIDR range) admits `ip`.
pub fn ip_entry_admits(entry: &str, ip: std::net::IpAddr) -> bool {
    match entry.parse::<ipnet::IpNet>() {
        Ok(net) => net.contains(&ip),
        Err(_) => entry
            .parse::<std::net::IpAddr>()
            .is_ok_and(|single| single == ip),
    }
}

/// Whether `entry` is an address or a CIDR range.
pub fn is_ip_entry(entry: &str) -> bool {
    entry.parse::<ipnet::IpNet>().is_ok() || entry.parse::<std::net::IpAddr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(
            Email::parse("  Ayse@Example.COM ").map(|e| e.0).ok(),
            Some("ayse@example.com".into())
        );
        for bad in [
            "",
            "no-at",
            "a@b",
            "a b@c.de",
            "@c.de",
            "a@.de",
            "a..b@c.de",
            "x'; DROP TABLE users;--@a",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad} must be refused");
        }
        let long = format!("{}@example.com", "a".repeat(90));
        assert!(matches!(
            Email::parse(&long),
            Err(AccountError::InvalidEmail)
        ));
        assert!(Email::parse(&format!("{}@example.com", "a".repeat(86))).is_ok());
    }

    #[test]
    fn the_password_policy_of_the_spec() {
        assert!(check_new_password("Passw0rd", "Passw0rd").is_ok());
        assert!(matches!(
            check_new_password("Short1A", "Short1A"),
            Err(AccountError::WeakPassword)
        ));
        assert!(matches!(
            check_new_password("alllowercase", "alllowercase"),
            Err(AccountError::WeakPassword)
        ));
        assert!(matches!(
            check_new_password("ALLUPPERCASE", "ALLUPPERCASE"),
            Err(AccountError::WeakPassword)
        ));
        assert!(matches!(
            check_new_password("Passw0rdA", "Passw0rdB"),
            Err(AccountError::PasswordsMismatch)
        ));
    }

    #[test]
    fn argon2id_hashes_verify_and_carry_their_parameters() {
        let hash = hash_password("Passw0rd!").expect("hash");
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_password("Passw0rd!", &hash));
        assert!(!verify_password("passw0rd!", &hash));
        assert!(!verify_password("Passw0rd!", "not a hash"));
    }

    #[test]
    fn totp_accepts_one_step_of_drift_and_no_more() {
        let secret = totp::new_secret();
        let now = 1_800_000_000;
        let code = totp::code_at(&secret, now).expect("code");
        assert_eq!(
            totp::matching_step(&secret, &code, now).expect("check"),
            Some(now / 30)
        );
        assert_eq!(
            totp::matching_step(&secret, &code, now + 30).expect("check"),
            Some(now / 30)
        );
        assert_eq!(
            totp::matching_step(&secret, &code, now - 30).expect("check"),
            Some(now / 30)
        );
        assert_eq!(
            totp::matching_step(&secret, &code, now + 90).expect("check"),
            None
        );
        assert_eq!(
            totp::matching_step(&secret, "000000x", now).expect("check"),
            None
        );
    }

    #[test]
    fn tokens_are_long_random_and_stored_hashed() {
        let a = new_token();
        assert_ne!(a, new_token());
        assert_eq!(a.len(), 43);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }
}
