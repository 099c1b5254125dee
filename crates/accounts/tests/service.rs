//! The rules of signing in, against a real database (SQLite, or PostgreSQL with
//! DESEN_TEST_BACKEND=postgres) and real stores.
#![expect(clippy::unwrap_used, reason = "tests")]

use accounts::AccountError;
use accounts::admin;
use accounts::credentials::Email;
use accounts::credentials::totp;
use accounts::dto::AccountStateForm;
use accounts::dto::{CodeForm, CreatePasswordForm, LoginForm};
use accounts::model::AccountStatus;
use accounts::service::{self, LoginInput, SecondFactorStep, SignedInSession};
use accounts::settings::{AccountsSettings, Limit};
use desen_core::UserGuid;
use std::net::IpAddr;
use test_support::TestWorld;

const PASSWORD: &str = "Passw0rd!";

fn ip() -> IpAddr {
    "203.0.113.7".parse().unwrap()
}

fn login(world: &TestWorld, email: &str, password: &str) -> Result<SignedInSession, AccountError> {
    login_from(world, email, password, ip(), None)
}

fn login_from(
    world: &TestWorld,
    email: &str,
    password: &str,
    ip: IpAddr,
    previous_token: Option<String>,
) -> Result<SignedInSession, AccountError> {
    let (email, password, remember) = LoginForm {
        mail_address: Some(email.into()),
        password: Some(password.into()),
        remember: None,
        language: None,
        view: None,
    }
    .parse()?;
    let input = LoginInput {
        email,
        password,
        remember,
        ip,
        previous_token,
    };
    service::login(&mut world.conn(), &world.accounts, input)
}

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

#[test]
fn a_user_signs_in_and_every_sign_in_rotates_the_session() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let first = login(&world, " Ayse@Example.com ", PASSWORD).unwrap();
    assert_eq!(first.session.second_factor_step(), SecondFactorStep::None);
    let second = login_from(
        &world,
        "ayse@example.com",
        PASSWORD,
        ip(),
        Some(first.token.clone()),
    )
    .unwrap();
    assert_ne!(first.token, second.token);
    assert!(
        service::current_session(&mut world.conn(), &world.accounts, &first.token)
            .unwrap()
            .is_none()
    );
    let current = service::current_session(&mut world.conn(), &world.accounts, &second.token)
        .unwrap()
        .unwrap();
    assert_eq!(current.user.login_count, 2);
    assert!(current.user.last_login_at.is_some());
}

#[test]
fn wrong_passwords_and_unknown_emails_get_the_same_answer_and_are_recorded() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    assert!(matches!(
        login(&world, "ayse@example.com", "Wrong-pass1"),
        Err(AccountError::InvalidCredentials)
    ));
    assert!(matches!(
        login(&world, "nobody@example.com", PASSWORD),
        Err(AccountError::InvalidCredentials)
    ));
    assert!(matches!(
        login(&world, "not-an-email", PASSWORD),
        Err(AccountError::InvalidEmail)
    ));
    login(&world, "ayse@example.com", PASSWORD).unwrap();
    // Written off the request path: wait for the writer.
    world.accounts.recorder.flush();
    let records = accounts::repo::sign_ins_of(&mut world.conn(), "ayse@example.com").unwrap();
    let outcomes: Vec<&str> = records.iter().map(|r| r.outcome.as_str()).collect();
    assert_eq!(outcomes, ["invalid_credentials", "success"]);
    assert!(
        records
            .iter()
            .all(|r| r.ip == "203.0.113.7" && r.user_guid.is_some())
    );
    let unknown = accounts::repo::sign_ins_of(&mut world.conn(), "nobody@example.com").unwrap();
    assert_eq!(unknown.len(), 1);
    assert!(unknown[0].user_guid.is_none());
}

#[test]
fn account_states_and_restrictions_refuse_with_their_own_codes() {
    let world = TestWorld::new();
    let user = world.user("ayse@example.com", PASSWORD, false);
    let attempt = |change: &dyn Fn(&mut accounts::model::User)| {
        let mut changed = user.clone();
        change(&mut changed);
        world.save(&changed);
        login(&world, "ayse@example.com", PASSWORD)
            .err()
            .map(|e| e.response_code())
    };
    assert_eq!(attempt(&|u| u.status = "stopped".into()), Some(4));
    assert_eq!(attempt(&|u| u.status = "cancelled".into()), Some(7));
    assert_eq!(attempt(&|u| u.status = "expired".into()), Some(8));
    assert_eq!(attempt(&|u| u.archive_access = false), Some(9));
    assert_eq!(
        attempt(&|u| u.allowed_ips = "198.51.100.1, 10.0.0.0/8".into()),
        Some(3)
    );
    assert_eq!(
        attempt(&|u| u.allowed_ips = "198.51.100.1, 203.0.113.0/24".into()),
        None
    );
    assert_eq!(
        attempt(&|u| {
            u.login_condition = "day_limit".into();
            u.login_day_limit = Some(3);
            u.login_condition_from = Some(desen_core::time::now() - chrono::Duration::days(4));
        }),
        Some(2)
    );
    assert_eq!(
        attempt(&|u| {
            u.login_condition = "day_limit".into();
            u.login_day_limit = Some(3);
            u.login_condition_from = Some(desen_core::time::now() - chrono::Duration::days(1));
        }),
        None
    );
}

#[test]
fn an_account_without_password_is_told_to_create_one_and_gets_a_link() {
    let world = TestWorld::new();
    let mut user = world.user("new@example.com", PASSWORD, false);
    user.password_hash = None;
    world.save(&user);
    let error = login(&world, "new@example.com", "anything").err().unwrap();
    assert_eq!(error.response_code(), 6);
    let token = world.link_param("token").unwrap();
    assert_eq!(world.link_param("mail").as_deref(), Some("new@example.com"));
    let input = CreatePasswordForm {
        mail_address: Some("new@example.com".into()),
        password1: Some("Fresh-pass1".into()),
        password2: Some("Fresh-pass1".into()),
        token: Some(token),
    }
    .parse()
    .unwrap();
    service::create_password(&mut world.conn(), &world.accounts, input).unwrap();
    login(&world, "new@example.com", "Fresh-pass1").unwrap();
}

#[test]
fn brute_force_hits_the_limit_and_changes_nothing() {
    let mut settings = AccountsSettings::default();
    settings.rate_limits.login_per_email = Limit {
        max: 5,
        window_seconds: 900,
    };
    let world = TestWorld::with_settings(settings);
    let user = world.user("ayse@example.com", PASSWORD, false);
    for _ in 0..5 {
        assert!(matches!(
            login(&world, "ayse@example.com", "Guess-1234"),
            Err(AccountError::InvalidCredentials)
        ));
    }
    let limited = login(&world, "ayse@example.com", PASSWORD).err().unwrap();
    assert!(matches!(
        limited,
        AccountError::RateLimited { retry_after: 1.. }
    ));
    assert_eq!(limited.response_code(), 5);
    let after = world.reload(&user);
    assert_eq!(
        (after.login_count, after.password_hash),
        (0, user.password_hash)
    );
    // Another address of the same office is limited per e-mail, another e-mail is not.
    world.user("other@example.com", PASSWORD, false);
    login(&world, "other@example.com", PASSWORD).unwrap();
}

#[test]
fn admins_enroll_totp_then_verify_and_a_code_is_never_accepted_twice() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    assert!(!signed.session.second_factor_validated);
    assert_eq!(
        signed.session.second_factor_step(),
        SecondFactorStep::Enroll
    );

    let enrollment =
        service::enroll_second_factor(&mut world.conn(), &world.accounts, &signed.session).unwrap();
    assert!(
        enrollment
            .otpauth_url
            .starts_with("otpauth://totp/Desen:admin%40example.com?")
    );
    let wrong = service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        "000000",
        0,
    );
    assert!(matches!(wrong, Err(AccountError::InvalidCode)));
    let code = totp::code_at(&enrollment.secret, now()).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code.clone(),
        now(),
    )
    .unwrap();
    let validated = service::current_session(&mut world.conn(), &world.accounts, &signed.token)
        .unwrap()
        .unwrap();
    assert!(validated.second_factor_validated);
    assert!(matches!(
        service::enroll_second_factor(&mut world.conn(), &world.accounts, &validated),
        Err(AccountError::AlreadyEnrolled)
    ));

    // Next sign-in: asked for the code; the code just used is refused, the next step's is taken.
    let again = login(&world, "admin@example.com", PASSWORD).unwrap();
    assert_eq!(again.session.second_factor_step(), SecondFactorStep::Verify);
    let replay = service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &again.session,
        &code,
        now(),
    );
    assert!(matches!(replay, Err(AccountError::CodeAlreadyUsed)));
    let next = totp::code_at(&enrollment.secret, now() + 30).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &again.session,
        &next,
        now(),
    )
    .unwrap();
    let malformed = CodeForm {
        code: Some("12ab56".into()),
    }
    .parse();
    assert!(matches!(malformed, Err(AccountError::InvalidForm("code"))));
}

#[test]
fn reset_links_work_once_for_their_own_address_and_end_old_sessions() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    let session = login(&world, "ayse@example.com", PASSWORD).unwrap();
    service::request_password_reset(
        &mut world.conn(),
        &world.accounts,
        &Email::parse("AYSE@example.com").unwrap(),
        ip(),
    )
    .unwrap();
    service::request_password_reset(
        &mut world.conn(),
        &world.accounts,
        &Email::parse("nobody@example.com").unwrap(),
        ip(),
    )
    .unwrap();
    assert_eq!(
        world.mails().len(),
        1,
        "unknown addresses get the same answer and no mail"
    );
    let token = world.link_param("token").unwrap();
    let create = |email: &str, p1: &str, p2: &str, token: &str| {
        CreatePasswordForm {
            mail_address: Some(email.into()),
            password1: Some(p1.into()),
            password2: Some(p2.into()),
            token: Some(token.into()),
        }
        .parse()
        .and_then(|input| service::create_password(&mut world.conn(), &world.accounts, input))
    };
    assert!(matches!(
        create("ayse@example.com", "weak", "weak", &token),
        Err(AccountError::WeakPassword)
    ));
    assert!(matches!(
        create("ayse@example.com", "Strong-pass1", "Strong-pass2", &token),
        Err(AccountError::PasswordsMismatch)
    ));
    assert!(matches!(
        create("other@example.com", "Strong-pass1", "Strong-pass1", &token),
        Err(AccountError::TokenInvalid)
    ));
    create("ayse@example.com", "Strong-pass1", "Strong-pass1", &token).unwrap();
    assert!(matches!(
        create("ayse@example.com", "Strong-pass2", "Strong-pass2", &token),
        Err(AccountError::TokenInvalid)
    ));
    assert!(
        service::current_session(&mut world.conn(), &world.accounts, &session.token)
            .unwrap()
            .is_none()
    );
    assert!(matches!(
        login(&world, "ayse@example.com", PASSWORD),
        Err(AccountError::InvalidCredentials)
    ));
    login(&world, "ayse@example.com", "Strong-pass1").unwrap();
}

#[test]
fn an_expired_reset_link_is_refused() {
    let settings = AccountsSettings {
        reset_link_hours: 0,
        ..Default::default()
    };
    let world = TestWorld::with_settings(settings);
    world.user("ayse@example.com", PASSWORD, false);
    service::request_password_reset(
        &mut world.conn(),
        &world.accounts,
        &Email::parse("ayse@example.com").unwrap(),
        ip(),
    )
    .unwrap();
    let input = CreatePasswordForm {
        mail_address: Some("ayse@example.com".into()),
        password1: Some("Strong-pass1".into()),
        password2: Some("Strong-pass1".into()),
        token: world.link_param("token"),
    }
    .parse()
    .unwrap();
    assert!(matches!(
        service::create_password(&mut world.conn(), &world.accounts, input),
        Err(AccountError::TokenInvalid)
    ));
    login(&world, "ayse@example.com", PASSWORD).unwrap();
}

#[test]
fn suspending_or_cancelling_ends_every_session_at_once() {
    let world = TestWorld::new();
    let user = world.user("ayse@example.com", PASSWORD, false);
    let a = login(&world, "ayse@example.com", PASSWORD).unwrap();
    let b = login(&world, "ayse@example.com", PASSWORD).unwrap();
    admin::change_account_state(
        &mut world.conn(),
        &world.accounts,
        &UserGuid::new(),
        &[user.guid.parse().unwrap()],
        AccountStatus::Stopped,
    )
    .unwrap();
    for token in [a.token, b.token] {
        assert!(
            service::current_session(&mut world.conn(), &world.accounts, &token)
                .unwrap()
                .is_none()
        );
    }
    assert_eq!(world.reload(&user).status(), AccountStatus::Stopped);
    let bad = AccountStateForm {
        user_guid: Some(user.guid),
        state: Some("frozen".into()),
    }
    .parse();
    assert!(matches!(bad, Err(AccountError::InvalidForm("state"))));
}

#[test]
fn auto_login_links_are_single_use() {
    let world = TestWorld::new();
    let user = world.user("ayse@example.com", PASSWORD, false);
    let (url, _) = service::issue_auto_login(
        &mut world.conn(),
        &world.accounts,
        &UserGuid::new(),
        &user.guid.parse().unwrap(),
    )
    .unwrap();
    // The token rides in the fragment, which no request log sees.
    let (page, token) = url.split_once("#token=").unwrap();
    assert!(page.ends_with("/auto-login"), "{url}");
    let token = token.to_owned();
    let signed = service::auto_login(&mut world.conn(), &world.accounts, &token, ip()).unwrap();
    assert_eq!(signed.session.user.guid, user.guid);
    let again = service::auto_login(&mut world.conn(), &world.accounts, &token, ip());
    assert!(matches!(again, Err(AccountError::TokenInvalid)));
}

#[test]
fn hostile_strings_are_just_text() {
    let world = TestWorld::new();
    world.user("ayse@example.com", PASSWORD, false);
    for (email, password) in [
        ("ayse@example.com' OR '1'='1", "x"),
        ("ayse@example.com", "' OR '1'='1' --"),
        (
            "<script>alert(1)</script>@x.io",
            "<img src=x onerror=alert(1)>",
        ),
    ] {
        let error = login(&world, email, password).err().unwrap();
        assert!(
            matches!(
                error,
                AccountError::InvalidCredentials | AccountError::InvalidEmail
            ),
            "{error:?}"
        );
    }
    login(&world, "ayse@example.com", PASSWORD).unwrap();
    let duplicate = service::create_user(
        &mut world.conn(),
        service::NewUser {
            email: "AYSE@example.com".into(),
            name: "Again".into(),
            password: None,
            is_admin: false,
            is_in_house: false,
            language: desen_core::Language::Tr,
            customer_guid: None,
        },
    );
    assert!(matches!(duplicate, Err(AccountError::DuplicateEmail)));
}

#[test]
fn one_code_used_concurrently_validates_exactly_one_session() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let first = login(&world, "admin@example.com", PASSWORD).unwrap();
    let enrollment =
        service::enroll_second_factor(&mut world.conn(), &world.accounts, &first.session).unwrap();
    let code = totp::code_at(&enrollment.secret, now()).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &first.session,
        &code,
        now(),
    )
    .unwrap();

    let sessions: Vec<_> = (0..4)
        .map(|_| login(&world, "admin@example.com", PASSWORD).unwrap())
        .collect();
    let next = totp::code_at(&enrollment.secret, now() + 30).unwrap();
    let accepted = std::thread::scope(|scope| {
        let handles: Vec<_> = sessions
            .iter()
            .map(|signed| {
                let next = next.clone();
                let world = &world;
                scope.spawn(move || {
                    service::verify_second_factor(
                        &mut world.conn(),
                        &world.accounts,
                        &signed.session,
                        &next,
                        now(),
                    )
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .filter(Result::is_ok)
            .count()
    });
    assert_eq!(accepted, 1);
}

// ---- secrets at rest and recovery codes ------------------------------------------------------

/// Signs an admin in and enrolls their authenticator; the secret and the recovery codes shown.
fn enrolled_admin(world: &TestWorld, email: &str) -> (String, Vec<String>) {
    world.user(email, PASSWORD, true);
    let signed = login(world, email, PASSWORD).unwrap();
    let enrollment =
        service::enroll_second_factor(&mut world.conn(), &world.accounts, &signed.session).unwrap();
    let code = totp::code_at(&enrollment.secret, now()).unwrap();
    let verified = service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    )
    .unwrap();
    (enrollment.secret, verified.recovery_codes.unwrap())
}

fn stored_user(world: &TestWorld, email: &str) -> accounts::model::User {
    accounts::repo::user_by_email(&mut world.conn(), email)
        .unwrap()
        .unwrap()
}

fn audit_actions(world: &TestWorld, subject: &str) -> Vec<String> {
    let filter = audit::AuditFilter {
        subject_guid: Some(subject.to_owned()),
        ..Default::default()
    };
    admin::audit_events(
        &mut world.conn(),
        &filter,
        desen_core::PageRequest::new(0, 50),
    )
    .unwrap()
    .items
    .into_iter()
    .map(|event| event.action)
    .collect()
}

#[test]
fn totp_secrets_are_stored_sealed_and_open_only_on_their_own_row() {
    let world = TestWorld::new();
    world.user("admin@example.com", PASSWORD, true);
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    let enrollment =
        service::enroll_second_factor(&mut world.conn(), &world.accounts, &signed.session).unwrap();
    let pending = stored_user(&world, "admin@example.com")
        .totp_pending_secret
        .unwrap();
    assert!(pending.starts_with("v1:"), "{pending}");
    assert!(!pending.contains(&enrollment.secret));
    let code = totp::code_at(&enrollment.secret, now()).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    )
    .unwrap();
    let admin = stored_user(&world, "admin@example.com");
    assert_eq!(admin.totp_secret.as_deref(), Some(pending.as_str()));
    assert_eq!(admin.totp_pending_secret, None);

    // The sealed value copied onto another admin's row does not open there.
    let mut other = world.user("other@example.com", PASSWORD, true);
    other.totp_secret = admin.totp_secret.clone();
    world.save(&other);
    let other_session = login(&world, "other@example.com", PASSWORD).unwrap();
    let next = totp::code_at(&enrollment.secret, now() + 30).unwrap();
    let refused = service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &other_session.session,
        &next,
        now(),
    );
    assert!(
        matches!(refused, Err(AccountError::Internal(_))),
        "{refused:?}"
    );
    let message = refused.err().unwrap().to_string();
    assert!(!message.contains(&pending) && !message.contains(&enrollment.secret));
}

#[test]
fn clear_secrets_from_before_sealing_keep_working_and_get_sealed() {
    let world = TestWorld::new();
    let clear = totp::new_secret();
    let clear = clear.as_str();
    let clear_second = totp::new_secret();
    // Written as an older Desen wrote them: in clear.
    let mut first = world.user("first@example.com", PASSWORD, true);
    first.totp_secret = Some(clear.into());
    world.save(&first);
    let mut second = world.user("second@example.com", PASSWORD, true);
    second.totp_secret = Some(clear_second.clone());
    world.save(&second);
    let mut third = world.user("third@example.com", PASSWORD, true);
    third.totp_pending_secret = Some(totp::new_secret());
    world.save(&third);

    // On read: a clear secret still verifies, and is sealed once it proved to work.
    let signed = login(&world, "first@example.com", PASSWORD).unwrap();
    let code = totp::code_at(clear, now()).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    )
    .unwrap();
    let sealed = stored_user(&world, "first@example.com")
        .totp_secret
        .unwrap();
    assert!(sealed.starts_with("v1:") && !sealed.contains(clear));

    // At start: every other clear secret is sealed; a second run finds nothing to do.
    let report =
        accounts::second_factor::seal_stored_secrets(&mut world.conn(), &world.accounts).unwrap();
    assert_eq!(report.sealed, 2);
    assert_eq!(report.unreadable, 0);
    let again =
        accounts::second_factor::seal_stored_secrets(&mut world.conn(), &world.accounts).unwrap();
    assert_eq!(again.sealed, 0);
    let second = stored_user(&world, "second@example.com");
    assert!(second.totp_secret.unwrap().starts_with("v1:"));
    let third = stored_user(&world, "third@example.com");
    assert!(third.totp_pending_secret.unwrap().starts_with("v1:"));

    // The sealed secrets still verify.
    let signed = login(&world, "second@example.com", PASSWORD).unwrap();
    let code = totp::code_at(&clear_second, now()).unwrap();
    service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    )
    .unwrap();

    // Under another key, the sealed secrets are counted as unreadable, never overwritten.
    let mut other_key = world.accounts.clone();
    other_key.settings.secret_key = Some(accounts::secrets::SecretKey::generate());
    let report =
        accounts::second_factor::seal_stored_secrets(&mut world.conn(), &other_key).unwrap();
    assert_eq!(report.sealed, 0);
    assert_eq!(report.unreadable, 3);
}

#[test]
fn recovery_codes_are_shown_once_spent_once_audited_and_regenerated() {
    // More tries than the default limit allows (the limit has its own test).
    let mut settings = AccountsSettings::default();
    settings.rate_limits.verify_per_account.max = 100;
    let world = TestWorld::with_settings(settings);
    let (secret, codes) = enrolled_admin(&world, "admin@example.com");
    assert_eq!(codes.len(), 10);
    let guid = stored_user(&world, "admin@example.com").guid;
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    assert_eq!(
        accounts::second_factor::recovery_codes_left(&mut world.conn(), &signed.session).unwrap(),
        10
    );

    // Typed in lower case with spaces: accepted, the session passes, one code fewer.
    let typed = codes[0].to_lowercase().replace('-', " ");
    let left = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &typed,
    )
    .unwrap();
    assert_eq!(left, 9);
    let validated = service::current_session(&mut world.conn(), &world.accounts, &signed.token)
        .unwrap()
        .unwrap();
    assert!(validated.second_factor_validated);
    assert_eq!(audit_actions(&world, &guid), ["recovery_code_used"]);

    // Used once only; a made-up code and a TOTP code are refused alike.
    let again = login(&world, "admin@example.com", PASSWORD).unwrap();
    for wrong in [codes[0].as_str(), "2222-3333-4444", "123456"] {
        let refused = accounts::second_factor::recover_second_factor(
            &mut world.conn(),
            &world.accounts,
            &again.session,
            wrong,
        );
        assert!(
            matches!(refused, Err(AccountError::InvalidRecoveryCode)),
            "{wrong}: {refused:?}"
        );
    }
    assert!(
        !service::current_session(&mut world.conn(), &world.accounts, &again.token)
            .unwrap()
            .unwrap()
            .second_factor_validated
    );

    // Regenerated only with the second factor proved again: a session past it is not enough.
    let regenerate = |proof: &str, at: u64| {
        accounts::second_factor::regenerate_recovery_codes(
            &mut world.conn(),
            &world.accounts,
            &validated,
            proof,
            at,
        )
    };
    for (wrong, refused) in [
        ("2222-3333-4444", AccountError::InvalidRecoveryCode),
        (codes[0].as_str(), AccountError::InvalidRecoveryCode),
        ("12345", AccountError::InvalidRecoveryCode),
    ] {
        let answer = regenerate(wrong, now());
        assert_eq!(
            answer.map_err(|e| e.to_string()),
            Err(refused.to_string()),
            "{wrong}"
        );
    }
    let code = totp::code_at(&secret, now() + 30).unwrap();
    let wrong_code = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    assert!(matches!(
        regenerate(&wrong_code, now() + 30),
        Err(AccountError::InvalidCode)
    ));
    assert_eq!(
        accounts::second_factor::recovery_codes_left(&mut world.conn(), &validated).unwrap(),
        9,
        "nothing changed"
    );
    // With a code of the authenticator: ten new codes, the old unused ones die; the code's time
    // step is spent like a sign-in's.
    let fresh = regenerate(&code, now() + 30).unwrap();
    assert!(matches!(
        regenerate(&code, now() + 30),
        Err(AccountError::CodeAlreadyUsed)
    ));
    assert_eq!(fresh.len(), 10);
    assert!(fresh.iter().all(|code| !codes.contains(code)));
    let old = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &again.session,
        &codes[1],
    );
    assert!(matches!(old, Err(AccountError::InvalidRecoveryCode)));
    accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &again.session,
        &fresh[3],
    )
    .unwrap();
    // With a recovery code as the proof: spent, and replaced by ten new ones.
    let newest = regenerate(&fresh[5], now()).unwrap();
    assert!(matches!(
        regenerate(&fresh[5], now()),
        Err(AccountError::InvalidRecoveryCode)
    ));
    assert_eq!(
        accounts::second_factor::recovery_codes_left(&mut world.conn(), &validated).unwrap(),
        10
    );
    assert!(newest.iter().all(|code| !fresh.contains(code)));
    assert_eq!(
        audit_actions(&world, &guid),
        [
            "recovery_codes_regenerated",
            "recovery_code_used",
            "recovery_codes_regenerated",
            "recovery_code_used"
        ]
    );

    // An authenticator reset takes the codes with it.
    let (_, _) = enrolled_admin(&world, "boss@example.com");
    let boss = stored_user(&world, "boss@example.com").guid;
    admin::reset_authenticator(
        &mut world.conn(),
        &world.accounts,
        &boss.parse::<UserGuid>().unwrap(),
        &guid.parse::<UserGuid>().unwrap(),
    )
    .unwrap();
    let after_reset = login(&world, "admin@example.com", PASSWORD).unwrap();
    assert_eq!(
        accounts::second_factor::recovery_codes_left(&mut world.conn(), &after_reset.session)
            .unwrap(),
        0
    );
    let refused = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &after_reset.session,
        &fresh[4],
    );
    assert!(matches!(refused, Err(AccountError::InvalidRecoveryCode)));
}

#[test]
fn recovery_codes_share_the_code_limit_and_are_for_admins_only() {
    let mut settings = AccountsSettings::default();
    settings.rate_limits.verify_per_account = Limit {
        max: 3,
        window_seconds: 900,
    };
    let world = TestWorld::with_settings(settings);
    let (secret, codes) = enrolled_admin(&world, "admin@example.com");
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    // The enrolment's code was the first try of the window.
    for _ in 0..2 {
        let refused = accounts::second_factor::recover_second_factor(
            &mut world.conn(),
            &world.accounts,
            &signed.session,
            "2222-3333-4444",
        );
        assert!(matches!(refused, Err(AccountError::InvalidRecoveryCode)));
    }
    let limited = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &codes[0],
    );
    assert!(matches!(limited, Err(AccountError::RateLimited { .. })));
    let code = totp::code_at(&secret, now() + 30).unwrap();
    let limited = service::verify_second_factor(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    );
    assert!(matches!(limited, Err(AccountError::RateLimited { .. })));
    // Proving the second factor again for new codes draws on the same limit.
    let limited = accounts::second_factor::regenerate_recovery_codes(
        &mut world.conn(),
        &world.accounts,
        &signed.session,
        &code,
        now(),
    );
    assert!(matches!(limited, Err(AccountError::RateLimited { .. })));

    world.user("ayse@example.com", PASSWORD, false);
    let customer = login(&world, "ayse@example.com", PASSWORD).unwrap();
    let refused = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &world.accounts,
        &customer.session,
        &codes[1],
    );
    assert!(matches!(refused, Err(AccountError::NotAuthorized)));
    assert!(matches!(
        accounts::second_factor::regenerate_recovery_codes(
            &mut world.conn(),
            &world.accounts,
            &customer.session,
            &codes[1],
            now(),
        ),
        Err(AccountError::NotAuthorized)
    ));
}

#[test]
fn the_start_says_which_replaced_keys_still_check_recovery_codes() {
    use accounts::second_factor::{ReplacedKey, recover_second_factor, seal_stored_secrets};
    use diesel::prelude::*;
    let world = TestWorld::new();
    let (_, codes) = enrolled_admin(&world, "admin@example.com");
    let old = world.accounts.settings.secret_key.clone().unwrap();
    let mut rotated = world.accounts.clone();
    rotated.settings.secret_key = Some(accounts::secrets::SecretKey::generate());
    rotated.settings.previous_secret_keys = vec![old.clone()];
    let droppable = |report: &accounts::second_factor::SealReport| -> Vec<String> {
        report
            .droppable_keys()
            .iter()
            .map(|key| key.id.clone())
            .collect()
    };

    // The admin's codes were made under the old key: it must stay.
    let report = seal_stored_secrets(&mut world.conn(), &rotated).unwrap();
    assert_eq!(
        report.replaced_keys,
        vec![ReplacedKey {
            id: old.id(),
            position: 1,
            admins_with_codes: 1
        }]
    );
    assert!(droppable(&report).is_empty());
    assert_ne!(old.id(), rotated.settings.secret_key.as_ref().unwrap().id());

    // New codes are hashed under the new key: the old one checks nothing any more.
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    recover_second_factor(&mut world.conn(), &rotated, &signed.session, &codes[0]).unwrap();
    let validated = service::current_session(&mut world.conn(), &rotated, &signed.token)
        .unwrap()
        .unwrap();
    accounts::second_factor::regenerate_recovery_codes(
        &mut world.conn(),
        &rotated,
        &validated,
        &codes[1],
        now(),
    )
    .unwrap();
    let report = seal_stored_secrets(&mut world.conn(), &rotated).unwrap();
    assert_eq!(report.replaced_keys[0].admins_with_codes, 0);
    assert_eq!(droppable(&report), vec![old.id()]);

    // Codes from before key ids were kept could rest on any key: none is said to be droppable.
    diesel::update(db::schema::recovery_codes::table)
        .set(db::schema::recovery_codes::key_id.eq(None::<String>))
        .execute(&mut world.conn())
        .unwrap();
    let report = seal_stored_secrets(&mut world.conn(), &rotated).unwrap();
    assert_eq!(report.admins_with_codes_of_unknown_key, 1);
    assert!(droppable(&report).is_empty());
}

#[test]
fn a_rotated_key_opens_what_the_old_one_sealed_until_everything_is_sealed_anew() {
    let world = TestWorld::new();
    let (secret, codes) = enrolled_admin(&world, "admin@example.com");
    let (other_secret, _) = enrolled_admin(&world, "other@example.com");
    let old = world.accounts.settings.secret_key.clone().unwrap();
    let new = accounts::secrets::SecretKey::generate();
    let with_keys = |current: &accounts::secrets::SecretKey,
                     previous: &[&accounts::secrets::SecretKey]| {
        let mut ctx = world.accounts.clone();
        ctx.settings.secret_key = Some(current.clone());
        ctx.settings.previous_secret_keys = previous.iter().map(|k| (*k).clone()).collect();
        ctx
    };
    let rotated = with_keys(&new, &[&old]);
    let new_only = with_keys(&new, &[]);

    // After the rotation the admin still passes with the authenticator, and the secret that
    // proved to work is sealed with the new key at once.
    let signed = login(&world, "admin@example.com", PASSWORD).unwrap();
    let code = totp::code_at(&secret, now() + 30).unwrap();
    service::verify_second_factor(&mut world.conn(), &rotated, &signed.session, &code, now())
        .unwrap();
    let report =
        accounts::second_factor::seal_stored_secrets(&mut world.conn(), &new_only).unwrap();
    assert_eq!(
        (report.sealed, report.unreadable),
        (0, 1),
        "the other admin's is still old"
    );

    // The start seals the rest; after it the old key is no longer needed for any secret.
    let report = accounts::second_factor::seal_stored_secrets(&mut world.conn(), &rotated).unwrap();
    assert_eq!((report.sealed, report.unreadable), (1, 0));
    let report =
        accounts::second_factor::seal_stored_secrets(&mut world.conn(), &new_only).unwrap();
    assert_eq!((report.sealed, report.unreadable), (0, 0));
    let other = login(&world, "other@example.com", PASSWORD).unwrap();
    let code = totp::code_at(&other_secret, now() + 30).unwrap();
    service::verify_second_factor(&mut world.conn(), &new_only, &other.session, &code, now())
        .unwrap();

    // Recovery codes made under the old key work while it is listed, and no longer without it.
    let again = login(&world, "admin@example.com", PASSWORD).unwrap();
    accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &rotated,
        &again.session,
        &codes[0],
    )
    .unwrap();
    let refused = accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &new_only,
        &again.session,
        &codes[1],
    );
    assert!(matches!(refused, Err(AccountError::InvalidRecoveryCode)));
    // Codes made after the rotation need only the new key.
    let validated = service::current_session(&mut world.conn(), &rotated, &again.token)
        .unwrap()
        .unwrap();
    let fresh = accounts::second_factor::regenerate_recovery_codes(
        &mut world.conn(),
        &rotated,
        &validated,
        &codes[2],
        now(),
    )
    .unwrap();
    let third = login(&world, "admin@example.com", PASSWORD).unwrap();
    accounts::second_factor::recover_second_factor(
        &mut world.conn(),
        &new_only,
        &third.session,
        &fresh[0],
    )
    .unwrap();
}
