//! The admins' way back in without their authenticator: single-use recovery codes (issued when an
//! enrolment is confirmed, regenerated on demand, spent in place of a TOTP code), and the upkeep
//! of TOTP secrets at rest (sealing those stored in clear before sealing existed).

use crate::error::AccountError;
use crate::model::CurrentSession;
use crate::repo;
use crate::secrets;
use crate::service::{self, AccountsContext};
use argon2::password_hash::rand_core::{OsRng, RngCore};
use db::DbConnection;
use desen_core::time;

/// The letters of a recovery code: digits and capitals without 0, 1, I and O (no look-alikes).
const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// Letters per code: 12 of 32 letters, 60 random bits.
pub const CODE_LETTERS: usize = 12;

/// A new code as shown: `XXXX-XXXX-XXXX`.
fn new_code() -> String {
    let mut bytes = [0u8; CODE_LETTERS];
    OsRng.fill_bytes(&mut bytes);
    let letters: Vec<char> = bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
        .collect();
    letters
        .chunks(4)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed code as stored before hashing: capitals without spaces and dashes; `None` when it
/// cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LETTERS && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// Gives `user` a new set of recovery codes (the old ones, used or not, stop working) and returns
/// them in clear, for the admin to see once. Runs inside the caller's transaction.
pub(crate) fn issue_recovery_codes(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    user: &str,
) -> Result<Vec<String>, AccountError> {
    let key = secrets::keyring(&ctx.settings)?.current;
    let codes: Vec<String> = (0..ctx.settings.recovery_codes.max(1))
        .map(|_| new_code())
        .collect();
    let hashes: Vec<String> = codes
        .iter()
        .filter_map(|code| normalize(code))
        .map(|code| secrets::recovery_code_hash(key, &code))
        .collect();
    repo::replace_recovery_codes(conn, user, &hashes, &key.id(), time::now())?;
    Ok(codes)
}

/// The signed-in admin's unused recovery codes.
pub fn recovery_codes_left(
    conn: &mut DbConnection,
    session: &CurrentSession,
) -> Result<i64, AccountError> {
    if !session.user.is_admin {
        return Err(AccountError::NotAuthorized);
    }
    Ok(repo::unused_recovery_codes(conn, &session.user.guid)?)
}

/// New recovery codes for the signed-in admin (who has an authenticator); the old ones die.
/// A session past the second factor is not enough: the admin proves it again with `proof`, a code
/// of the authenticator or an unused recovery code (spent), so a stolen session cannot replace
/// the codes. Counted against the second factor's limit; audited.
pub fn regenerate_recovery_codes(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    session: &CurrentSession,
    proof: &str,
    unix_time: u64,
) -> Result<Vec<String>, AccountError> {
    let actor = session.user_id()?;
    service::limit_second_factor(ctx, session)?;
    let user = repo::user_by_guid(conn, &session.user.guid)?.ok_or(AccountError::LoginRequired)?;
    let stored = match &user.totp_secret {
        Some(stored) if user.is_admin => stored.clone(),
        _ => return Err(AccountError::NotAuthorized),
    };
    conn.transaction(|conn| {
        let proved_by = if proof.len() == 6 && proof.bytes().all(|b| b.is_ascii_digit()) {
            let matched = service::match_code(ctx, &user.guid, &stored, proof, unix_time)?;
            if !repo::claim_totp_step(conn, &user.guid, matched.step, None)? {
                return Err(AccountError::CodeAlreadyUsed);
            }
            "with a code of the authenticator"
        } else {
            let code = normalize(proof).ok_or(AccountError::InvalidRecoveryCode)?;
            let hashes = secrets::keyring(&ctx.settings)?.recovery_code_hashes(&code);
            if !repo::use_recovery_code(conn, &user.guid, &hashes, time::now())? {
                return Err(AccountError::InvalidRecoveryCode);
            }
            "with a recovery code"
        };
        let codes = issue_recovery_codes(conn, ctx, &user.guid)?;
        audit::record(
            conn,
            &actor,
            audit::Action::RecoveryCodesRegenerated,
            audit::Subject::user(&user.guid, &user.email),
            proved_by,
        )?;
        Ok(codes)
    })
}

/// Passes the second factor with a recovery code instead of a TOTP code: the code is spent (one
/// conditional write, so two uses of it cannot both pass), the use audited, the session marked
/// validated. Counted against the same limit as codes. Answers the codes left.
pub fn recover_second_factor(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    session: &CurrentSession,
    typed: &str,
) -> Result<i64, AccountError> {
    service::limit_second_factor(ctx, session)?;
    let user = repo::user_by_guid(conn, &session.user.guid)?.ok_or(AccountError::LoginRequired)?;
    if !user.is_admin {
        return Err(AccountError::NotAuthorized);
    }
    // Codes exist only beside a confirmed authenticator (a reset removes both).
    let code = normalize(typed)
        .filter(|_| user.totp_secret.is_some())
        .ok_or(AccountError::InvalidRecoveryCode)?;
    let hashes = secrets::keyring(&ctx.settings)?.recovery_code_hashes(&code);
    let actor = session.user_id()?;
    let left = conn.transaction(|conn| {
        if !repo::use_recovery_code(conn, &user.guid, &hashes, time::now())? {
            return Err(AccountError::InvalidRecoveryCode);
        }
        let left = repo::unused_recovery_codes(conn, &user.guid)?;
        audit::record(
            conn,
            &actor,
            audit::Action::RecoveryCodeUsed,
            audit::Subject::user(&user.guid, &user.email),
            &format!("{left} left"),
        )?;
        Ok::<_, AccountError>(left)
    })?;
    service::validate_session(ctx, session)?;
    Ok(left)
}

/// What sealing the stored TOTP secrets found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SealReport {
    /// Secrets that were in clear (from before sealing) or sealed by a replaced key, and are now
    /// sealed with the current key.
    pub sealed: usize,
    /// Sealed secrets no configured key opens (the key was changed without listing the old one):
    /// those admins cannot pass the second factor until their authenticator is reset.
    pub unreadable: usize,
    /// Each replaced key still listed, newest first, with what it still checks.
    pub replaced_keys: Vec<ReplacedKey>,
    /// Admins with unused recovery codes made before key ids were kept: any listed key may be
    /// theirs, so none can be told safe to drop until they make new codes.
    pub admins_with_codes_of_unknown_key: i64,
}

/// A replaced key (`accounts.previous_secret_keys` or a later line of the key file) after the
/// start sealed every TOTP secret it opens with the current key: only recovery codes may still
/// rest on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplacedKey {
    /// `SecretKey::id`: names the key without showing it.
    pub id: String,
    /// Its place among the replaced keys, from 1: in `accounts.previous_secret_keys`, or the
    /// key file's line after the first.
    pub position: usize,
    /// Admins whose unused recovery codes were hashed under this key.
    pub admins_with_codes: i64,
}

impl SealReport {
    /// The replaced keys nothing rests on any more: they may be removed from the configuration.
    pub fn droppable_keys(&self) -> Vec<&ReplacedKey> {
        if self.admins_with_codes_of_unknown_key > 0 {
            return Vec::new();
        }
        self.replaced_keys
            .iter()
            .filter(|key| key.admins_with_codes == 0)
            .collect()
    }
}

/// Seals with the current key every TOTP secret still stored in clear or sealed by a replaced
/// key, counts those no key opens, and says what each replaced key still checks. Run at every
/// start, so a rotation completes with the next start; a row changed meanwhile is left to its
/// change. Never logs or returns a secret.
pub fn seal_stored_secrets(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
) -> Result<SealReport, AccountError> {
    let keys = secrets::keyring(&ctx.settings)?;
    let mut report = SealReport::default();
    for row in repo::users_with_totp(conn)? {
        seal_row(conn, keys, row, &mut report)?;
    }
    let codes = repo::recovery_code_keys(conn)?;
    let admins_of = |id: Option<&str>| {
        codes
            .iter()
            .filter(|(key, _)| key.as_deref() == id)
            .map(|(_, admins)| admins)
            .sum::<i64>()
    };
    report.replaced_keys = keys
        .previous
        .iter()
        .enumerate()
        .map(|(n, key)| {
            let id = key.id();
            ReplacedKey {
                admins_with_codes: admins_of(Some(&id)),
                id,
                position: n + 1,
            }
        })
        .collect();
    report.admins_with_codes_of_unknown_key = admins_of(None);
    Ok(report)
}

/// Seals anew the stale TOTP secrets of one user (after a stale one proved to work).
pub(crate) fn seal_secrets_of(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    user: &str,
) -> Result<(), AccountError> {
    let keys = secrets::keyring(&ctx.settings)?;
    if let Some(found) = repo::user_by_guid(conn, user)? {
        let row = (found.guid, found.totp_secret, found.totp_pending_secret);
        seal_row(conn, keys, row, &mut SealReport::default())?;
    }
    Ok(())
}

fn seal_row(
    conn: &mut DbConnection,
    keys: secrets::Keyring<'_>,
    row: repo::StoredTotp,
    report: &mut SealReport,
) -> Result<(), AccountError> {
    let (guid, secret, pending) = &row;
    let mut stale = false;
    let mut reseal = |value: &Option<String>| -> Result<Option<String>, AccountError> {
        let Some(stored) = value else {
            return Ok(None);
        };
        match keys.open_totp(guid, stored) {
            Ok(opened) if opened.stale => {
                stale = true;
                keys.seal_totp(guid, &opened.secret).map(Some)
            }
            Ok(_) => Ok(Some(stored.clone())),
            Err(_) => {
                report.unreadable += 1;
                Ok(Some(stored.clone()))
            }
        }
    };
    let new_secret = reseal(secret)?;
    let new_pending = reseal(pending)?;
    if stale
        && repo::replace_totp_secrets(conn, &row, new_secret.as_deref(), new_pending.as_deref())?
    {
        report.sealed += 1;
    }
    Ok(())
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    #[test]
    fn codes_are_grouped_random_and_read_back_however_typed() {
        let code = new_code();
        assert_eq!(code.len(), 14);
        assert_eq!(code.matches('-').count(), 2);
        assert_ne!(code, new_code());
        let normal = normalize(&code).unwrap();
        assert_eq!(normal, code.replace('-', ""));
        assert_eq!(
            normalize(&format!(" {} ", code.to_lowercase().replace('-', " "))),
            Some(normal)
        );
        assert_eq!(normalize("ABCD-EFGH-JKL"), None, "too short");
        assert_eq!(normalize("ABCD-EFGH-JKL0"), None, "not a letter of codes");
        assert_eq!(normalize("123456"), None, "a TOTP code is no recovery code");
    }
}
