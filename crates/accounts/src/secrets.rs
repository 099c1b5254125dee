//! Secrets at rest: the installation's key, the TOTP secrets sealed with it (XChaCha20-Poly1305,
//! bound to their user) and the pepper of recovery codes (HMAC-SHA256). The key never leaves this
//! module in clear: not in `Debug`, not in an error, not in a log.

use crate::error::AccountError;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::{self, Write};
use std::path::Path;

/// 256 bits that seal TOTP secrets and pepper recovery codes. Configured as base64
/// (`accounts.secret_key`, `DESEN_ACCOUNTS__SECRET_KEY`), or kept in `<data_dir>/secret.key`.
#[derive(Clone)]
pub struct SecretKey([u8; 32]);

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretKey(<redacted>)")
    }
}

impl<'de> serde::Deserialize<'de> for SecretKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        SecretKey::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl SecretKey {
    pub fn generate() -> SecretKey {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        SecretKey(bytes)
    }

    /// 32 bytes as base64 (standard or URL-safe, padded or not). The error never repeats the text.
    pub fn parse(text: &str) -> Result<SecretKey, String> {
        let text = text.trim();
        let bytes = STANDARD
            .decode(text)
            .or_else(|_| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')))
            .map_err(|_| "the secret key is not base64".to_owned())?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|_| "the secret key must be 32 bytes (44 characters of base64)".to_owned())?;
        Ok(SecretKey(bytes))
    }

    pub fn to_base64(&self) -> String {
        STANDARD.encode(self.0)
    }

    /// The keys in `path`, or a new key written there first (mode 0600, its folder made). Two
    /// processes starting at once agree: the file is created only if absent, else read.
    pub fn load_or_create(path: &Path) -> io::Result<KeyFile> {
        match std::fs::read_to_string(path) {
            Ok(text) => return KeyFile::read(path, &text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let keys = KeyFile {
            current: SecretKey::generate(),
            previous: Vec::new(),
        };
        match private_file(path, true) {
            Ok(file) => {
                keys.write_to(file)?;
                sync_folder_of(path)?;
                Ok(keys)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                KeyFile::read(path, &std::fs::read_to_string(path)?)
            }
            Err(e) => Err(e),
        }
    }

    /// A short name of the key for logs and the stored recovery codes: 12 hex digits derived from
    /// it (not a part of it), so that the start can say which key something rests on.
    pub fn id(&self) -> String {
        hex::encode(&self.derive("desen key-id v1")[..6])
    }

    /// A key for one purpose, so that sealing and peppering never share key material.
    fn derive(&self, purpose: &str) -> [u8; 32] {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(purpose.as_bytes());
        mac.finalize().into_bytes().into()
    }
}

/// The keys kept in `<data_dir>/secret.key` when none is configured: one base64 key a line, the
/// current first, then the keys it replaced (newest first), kept to open what they sealed.
#[derive(Debug)]
pub struct KeyFile {
    pub current: SecretKey,
    pub previous: Vec<SecretKey>,
}

/// A file only its owner reads: `create_new` for a first key, truncated for a rotation's copy.
fn private_file(path: &Path, create_new: bool) -> io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if create_new {
        options.create_new(true);
    } else {
        options.create(true).truncate(true);
    }
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Makes a file's entry in its folder durable (a new file, a rename): without it a crash soon
/// after could bring back the old key file while secrets are already sealed with the new key.
fn sync_folder_of(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::File::open(dir)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

impl KeyFile {
    fn read(path: &Path, text: &str) -> io::Result<KeyFile> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(path)?.permissions().mode();
            if mode & 0o077 != 0 {
                tracing::warn!(
                    path = %path.display(),
                    "the secret key file can be read by others than its owner: chmod 600 it"
                );
            }
        }
        let invalid = |e: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {e}", path.display()),
            )
        };
        let mut keys = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(SecretKey::parse);
        let current = keys
            .next()
            .unwrap_or_else(|| Err("the file holds no key".to_owned()))
            .map_err(invalid)?;
        let previous = keys.collect::<Result<Vec<_>, _>>().map_err(invalid)?;
        Ok(KeyFile { current, previous })
    }

    fn write_to(&self, mut file: std::fs::File) -> io::Result<()> {
        let mut text = String::new();
        for key in std::iter::once(&self.current).chain(&self.previous) {
            text.push_str(&key.to_base64());
            text.push('\n');
        }
        file.write_all(text.as_bytes())?;
        file.sync_all()
    }

    /// Puts a new key first in the file at `path`, keeping the others to open what they sealed
    /// (the next start seals every TOTP secret anew). The file is replaced whole, never left
    /// half written.
    pub fn rotate(path: &Path) -> io::Result<KeyFile> {
        let old = KeyFile::read(path, &std::fs::read_to_string(path)?)?;
        let mut previous = vec![old.current];
        previous.extend(old.previous);
        let keys = KeyFile {
            current: SecretKey::generate(),
            previous,
        };
        let fresh = path.with_extension("key.new");
        keys.write_to(private_file(&fresh, false)?)?;
        std::fs::rename(&fresh, path)?;
        sync_folder_of(path)?;
        Ok(keys)
    }
}

/// The key of the accounts settings and the keys it replaced, or an internal error when none was
/// configured (the binary always sets one: `gateway::AppState::build`).
pub fn keyring(settings: &crate::AccountsSettings) -> Result<Keyring<'_>, AccountError> {
    let current = settings
        .secret_key
        .as_ref()
        .ok_or_else(|| AccountError::Internal("no accounts secret key is configured".into()))?;
    Ok(Keyring {
        current,
        previous: &settings.previous_secret_keys,
    })
}

/// The key that seals now, and the keys it replaced: a rotation keeps the old keys listed so that
/// what they sealed or peppered still opens, until it is sealed anew.
#[derive(Debug, Clone, Copy)]
pub struct Keyring<'a> {
    pub current: &'a SecretKey,
    pub previous: &'a [SecretKey],
}

/// A stored TOTP secret, opened.
#[derive(Debug)]
pub struct Opened {
    pub secret: String,
    /// Stored in clear, or sealed by a replaced key: to be sealed with the current key.
    pub stale: bool,
}

impl Keyring<'_> {
    pub fn seal_totp(&self, user: &str, secret: &str) -> Result<String, AccountError> {
        seal_totp(self.current, user, secret)
    }

    /// Opens a stored secret with the current key, else with the replaced ones (newest first).
    pub fn open_totp(&self, user: &str, stored: &str) -> Result<Opened, AccountError> {
        if !is_sealed(stored) {
            return Ok(Opened {
                secret: stored.to_owned(),
                stale: true,
            });
        }
        let mut failure = None;
        for (n, key) in std::iter::once(self.current)
            .chain(self.previous)
            .enumerate()
        {
            match open_totp(key, user, stored) {
                Ok(secret) => {
                    return Ok(Opened {
                        secret,
                        stale: n > 0,
                    });
                }
                Err(e) => failure = Some(e),
            }
        }
        Err(failure.unwrap_or_else(|| unreachable!("the current key was tried")))
    }

    /// The stored forms a typed recovery code may have: under the current key first, then under
    /// each replaced key (codes made before a rotation keep working while their key is listed).
    pub fn recovery_code_hashes(&self, normalized_code: &str) -> Vec<String> {
        std::iter::once(self.current)
            .chain(self.previous)
            .map(|key| recovery_code_hash(key, normalized_code))
            .collect()
    }
}

/// Sealed values start with this; a TOTP secret in base32 never contains a colon.
const SEALED: &str = "v1:";
const NONCE_LEN: usize = 24;

/// Whether a stored TOTP secret is sealed (else it is a clear one from before sealing).
pub fn is_sealed(stored: &str) -> bool {
    stored.starts_with(SEALED)
}

fn totp_cipher(key: &SecretKey) -> XChaCha20Poly1305 {
    XChaCha20Poly1305::new(&key.derive("desen accounts totp-secret v1").into())
}

/// The associated data: a sealed secret opens only on its own user's row.
fn totp_aad(user: &str) -> Vec<u8> {
    format!("desen:totp:{user}").into_bytes()
}

/// Seals a TOTP secret of `user` for storage: `v1:` and base64url of nonce and ciphertext.
pub fn seal_totp(key: &SecretKey, user: &str, secret: &str) -> Result<String, AccountError> {
    let mut nonce = [0u8; NONCE_LEN];
    OsRng.fill_bytes(&mut nonce);
    let aad = totp_aad(user);
    let sealed = totp_cipher(key)
        .encrypt(
            XNonce::from_slice(&nonce),
            Payload {
                msg: secret.as_bytes(),
                aad: &aad,
            },
        )
        .map_err(|_| AccountError::Internal("sealing a TOTP secret failed".into()))?;
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    Ok(format!("{SEALED}{}", URL_SAFE_NO_PAD.encode(bytes)))
}

/// The TOTP secret of a stored value: opened when sealed, as is when stored in clear before
/// sealing existed. A sealed value that does not open (another key, another user's row, altered)
/// is an internal error that names neither the value nor the key.
pub fn open_totp(key: &SecretKey, user: &str, stored: &str) -> Result<String, AccountError> {
    let Some(body) = stored.strip_prefix(SEALED) else {
        return Ok(stored.to_owned());
    };
    let unreadable =
        || AccountError::Internal("a stored TOTP secret does not open with the secret key".into());
    let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|_| unreadable())?;
    if bytes.len() <= NONCE_LEN {
        return Err(unreadable());
    }
    let (nonce, sealed) = bytes.split_at(NONCE_LEN);
    let aad = totp_aad(user);
    let secret = totp_cipher(key)
        .decrypt(
            XNonce::from_slice(nonce),
            Payload {
                msg: sealed,
                aad: &aad,
            },
        )
        .map_err(|_| unreadable())?;
    String::from_utf8(secret).map_err(|_| unreadable())
}

/// The stored form of a recovery code: HMAC-SHA256 under a pepper derived from the key, in hex.
/// The codes carry 60 random bits, so a fast keyed hash suffices: without the key a leaked table
/// cannot even be tested against guesses, and the lookup stays one indexed probe.
pub fn recovery_code_hash(key: &SecretKey, normalized_code: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key.derive("desen recovery-code v1"))
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(normalized_code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_only_with_their_key_and_user() {
        let key = SecretKey::generate();
        let sealed = seal_totp(&key, "user-a", "JBSWY3DPEHPK3PXP").unwrap();
        assert!(is_sealed(&sealed));
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_ne!(
            sealed,
            seal_totp(&key, "user-a", "JBSWY3DPEHPK3PXP").unwrap()
        );
        assert_eq!(
            open_totp(&key, "user-a", &sealed).unwrap(),
            "JBSWY3DPEHPK3PXP"
        );
        assert!(open_totp(&key, "user-b", &sealed).is_err(), "another row");
        assert!(open_totp(&SecretKey::generate(), "user-a", &sealed).is_err());
        let mut altered = sealed.clone();
        altered.pop();
        altered.push(if sealed.ends_with('A') { 'B' } else { 'A' });
        assert!(open_totp(&key, "user-a", &altered).is_err());
        // A secret stored before sealing reads as it is.
        assert_eq!(
            open_totp(&key, "user-a", "JBSWY3DPEHPK3PXP").unwrap(),
            "JBSWY3DPEHPK3PXP"
        );
    }

    #[test]
    fn the_key_never_shows_and_parses_from_base64() {
        let key = SecretKey::generate();
        let text = key.to_base64();
        assert_eq!(format!("{key:?}"), "SecretKey(<redacted>)");
        assert_eq!(SecretKey::parse(&text).unwrap().0, key.0);
        assert_eq!(
            SecretKey::parse(&URL_SAFE_NO_PAD.encode(key.0)).unwrap().0,
            key.0
        );
        let short = SecretKey::parse(&STANDARD.encode([1u8; 16])).unwrap_err();
        assert!(short.contains("32 bytes"), "{short}");
        assert!(SecretKey::parse("not base64!").is_err());
        let settings: crate::AccountsSettings =
            serde_json::from_value(serde_json::json!({ "secret_key": text })).unwrap();
        assert!(!format!("{settings:?}").contains(&text));
    }

    #[test]
    fn a_missing_key_file_is_created_private_reused_and_rotated() {
        let dir = std::env::temp_dir().join(format!("desen-key-{}", uuid::Uuid::new_v4()));
        let path = dir.join("keys").join("secret.key");
        let first = SecretKey::load_or_create(&path).unwrap();
        let again = SecretKey::load_or_create(&path).unwrap();
        assert_eq!(first.current.0, again.current.0);
        assert!(again.previous.is_empty());
        let private = |path: &Path| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(path).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o600);
            }
        };
        private(&path);

        // Rotated twice: a new key first, the replaced ones after it, newest first.
        let rotated = KeyFile::rotate(&path).unwrap();
        KeyFile::rotate(&path).unwrap();
        let read = SecretKey::load_or_create(&path).unwrap();
        assert_ne!(read.current.0, rotated.current.0);
        let previous: Vec<_> = read.previous.iter().map(|k| k.0).collect();
        assert_eq!(previous, [rotated.current.0, first.current.0]);
        private(&path);
        assert_eq!(
            std::fs::read_dir(path.parent().unwrap()).unwrap().count(),
            1
        );

        std::fs::write(&path, "garbage").unwrap();
        let refused = SecretKey::load_or_create(&path).unwrap_err();
        assert!(!refused.to_string().contains("garbage"));
        std::fs::write(&path, "\n").unwrap();
        assert!(SecretKey::load_or_create(&path).is_err(), "no key");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_keyring_opens_what_replaced_keys_sealed_and_says_it_is_stale() {
        let (old, older, new) = (
            SecretKey::generate(),
            SecretKey::generate(),
            SecretKey::generate(),
        );
        let previous = [old.clone(), older.clone()];
        let ring = Keyring {
            current: &new,
            previous: &previous,
        };
        let fresh = ring.seal_totp("user-a", "JBSWY3DPEHPK3PXP").unwrap();
        let opened = ring.open_totp("user-a", &fresh).unwrap();
        assert_eq!(
            (opened.secret.as_str(), opened.stale),
            ("JBSWY3DPEHPK3PXP", false)
        );
        assert!(
            open_totp(&new, "user-a", &fresh).is_ok(),
            "sealed with the current key"
        );
        for key in [&old, &older] {
            let sealed = seal_totp(key, "user-a", "JBSWY3DPEHPK3PXP").unwrap();
            let opened = ring.open_totp("user-a", &sealed).unwrap();
            assert_eq!(
                (opened.secret.as_str(), opened.stale),
                ("JBSWY3DPEHPK3PXP", true)
            );
            assert!(ring.open_totp("user-b", &sealed).is_err(), "another row");
        }
        let clear = ring.open_totp("user-a", "JBSWY3DPEHPK3PXP").unwrap();
        assert!(clear.stale, "a clear secret is sealed anew");
        let unknown = seal_totp(&SecretKey::generate(), "user-a", "JBSWY3DPEHPK3PXP").unwrap();
        assert!(ring.open_totp("user-a", &unknown).is_err());

        let hashes = ring.recovery_code_hashes("ABCDEFGHJKLM");
        assert_eq!(
            hashes,
            [
                recovery_code_hash(&new, "ABCDEFGHJKLM"),
                recovery_code_hash(&old, "ABCDEFGHJKLM"),
                recovery_code_hash(&older, "ABCDEFGHJKLM"),
            ]
        );
    }

    #[test]
    fn recovery_hashes_are_keyed() {
        let key = SecretKey::generate();
        let a = recovery_code_hash(&key, "ABCDEFGHJKLM");
        assert_eq!(a, recovery_code_hash(&key, "ABCDEFGHJKLM"));
        assert_ne!(a, recovery_code_hash(&key, "ABCDEFGHJKLN"));
        assert_ne!(
            a,
            recovery_code_hash(&SecretKey::generate(), "ABCDEFGHJKLM")
        );
        assert_eq!(a.len(), 64);
    }
}
