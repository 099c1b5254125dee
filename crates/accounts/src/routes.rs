//! Account routes: extract, call the service on the blocking pool, answer.

use crate::admin;
use crate::auth::{Admin, SignedIn, client_ip, image_cookie, image_cookie_removal, token_of};
use crate::dto::*;
use crate::error::AccountError;
use crate::preferences::{self, ClientSettings};
use crate::second_factor;
use crate::service::{self, AccountsContext, LoginInput, SignedInSession};
use actix_web::{HttpRequest, HttpResponse, web};
use db::DbPool;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/account/login_collection", web::post().to(login))
        .route("/account/validate-token", web::post().to(validate_token))
        .route("/account/logout", web::post().to(logout))
        .route("/account/second-factor/enroll", web::post().to(enroll))
        .route("/account/second-factor/verify", web::post().to(verify))
        .route("/account/second-factor/recover", web::post().to(recover))
        .route(
            "/account/second-factor/recovery-codes",
            web::get().to(recovery_codes_left),
        )
        .route(
            "/account/second-factor/recovery-codes",
            web::post().to(regenerate_recovery_codes),
        )
        .route("/account/reset-password", web::post().to(reset_password))
        .route("/account/create-password", web::post().to(create_password))
        .route("/account/auto-login", web::post().to(auto_login))
        .route("/account/client-settings", web::get().to(client_settings))
        .route(
            "/account/client-settings",
            web::put().to(save_client_settings),
        )
        .route(
            "/admin/users/auto-login-link",
            web::post().to(auto_login_link),
        )
        .route("/admin/users/get-all", web::post().to(list_users))
        .route("/admin/users/create", web::post().to(create_user))
        .route("/admin/users/update", web::post().to(update_user))
        .route(
            "/admin/users/assign-password",
            web::post().to(assign_password),
        )
        .route(
            "/admin/users/set-login-condition",
            web::post().to(set_login_condition),
        )
        .route(
            "/admin/users/reset-password",
            web::post().to(admin_reset_password),
        )
        .route(
            "/admin/users/reset-authenticator",
            web::post().to(reset_authenticator),
        )
        .route(
            "/admin/users/change-account-state",
            web::post().to(change_account_state),
        )
        .route(
            "/admin/users/bulk-reset-password",
            web::post().to(bulk_reset_password),
        )
        .route(
            "/admin/users/bulk-set-login-condition",
            web::post().to(bulk_set_login_condition),
        )
        .route(
            "/admin/users/bulk-change-account-state",
            web::post().to(bulk_change_account_state),
        )
        .route("/admin/customers/get-all", web::post().to(list_customers))
        .route(
            "/admin/customers/add-customer",
            web::post().to(add_customer),
        )
        .route(
            "/admin/customers/set-visibility",
            web::post().to(set_customer_visibility),
        )
        .route("/admin/customers/delete", web::post().to(delete_customer))
        .route("/admin/audit/get-all", web::post().to(audit_log))
        .route("/get/customers/basic", web::post().to(customers_basic));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        client_settings,
        save_client_settings,
        login,
        validate_token,
        logout,
        enroll,
        verify,
        recover,
        recovery_codes_left,
        regenerate_recovery_codes,
        reset_password,
        create_password,
        auto_login,
        auto_login_link,
        list_users,
        create_user,
        update_user,
        assign_password,
        set_login_condition,
        admin_reset_password,
        reset_authenticator,
        change_account_state,
        bulk_reset_password,
        bulk_set_login_condition,
        bulk_change_account_state,
        list_customers,
        add_customer,
        set_customer_visibility,
        delete_customer,
        audit_log,
        customers_basic
    ),
    components(schemas(web_api::ApiError, ClientSettings))
)]
pub struct AccountsApi;

type Ctx = web::Data<AccountsContext>;
type Pool = web::Data<DbPool>;

/// Runs a change on the blocking pool and answers `{ok: true}`.
async fn done<T: Send + 'static>(
    change: impl FnOnce() -> Result<T, AccountError> + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    blocking(change).await?;
    Ok(HttpResponse::Ok().json(OkAnswer { ok: true }))
}

/// The signed-in user's client settings (the fields they set; the others keep the app's default).
#[utoipa::path(get, path = "/service/account/client-settings", security(("accessToken" = [])), responses((status = 200, body = ClientSettings), (status = 401, body = ApiError)))]
async fn client_settings(
    SignedIn(session): SignedIn,
    pool: Pool,
) -> Result<HttpResponse, ApiError> {
    let user = session.user_id()?;
    let settings = blocking(move || preferences::client_settings(&mut *pool.get()?, &user)).await?;
    Ok(HttpResponse::Ok().json(settings))
}

/// Replaces the signed-in user's client settings (JSON), so that they follow the user to another browser.
#[utoipa::path(put, path = "/service/account/client-settings", security(("accessToken" = [])), request_body = ClientSettings,
    responses((status = 200, body = ClientSettings), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
async fn save_client_settings(
    SignedIn(session): SignedIn,
    pool: Pool,
    settings: web::Json<ClientSettings>,
) -> Result<HttpResponse, ApiError> {
    let user = session.user_id()?;
    let settings = settings.into_inner().parse()?;
    let saved =
        blocking(move || preferences::save_client_settings(&mut *pool.get()?, &user, &settings))
            .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Sign-in failures carry the spec's numeric `responseCode` next to the coded error.
/// A sign-in refused: the error with the spec's numeric `responseCode`.
fn sign_in_error(error: AccountError) -> ApiError {
    let code = error.response_code();
    ApiError::from(error).with_response_code(code)
}

async fn signed_in_answer(
    req: &HttpRequest,
    pool: Pool,
    ctx: &Ctx,
    result: Result<SignedInSession, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let signed_in = result?;
    let session = signed_in.session.clone();
    let company = blocking(move || service::company_name(&mut *pool.get()?, &session.user)).await?;
    Ok(HttpResponse::Ok()
        .cookie(image_cookie(req, &signed_in.token, &ctx.settings))
        .json(SignInAnswer::new(
            signed_in.token,
            &signed_in.session,
            company,
        )))
}

async fn run_sign_in(
    pool: &Pool,
    work: impl FnOnce(&mut db::DbConnection) -> Result<SignedInSession, AccountError> + Send + 'static,
) -> Result<SignedInSession, ApiError> {
    let pool = pool.clone();
    match web::block(move || {
        pool.get()
            .map_err(AccountError::from)
            .and_then(|mut conn| work(&mut conn))
    })
    .await
    {
        Ok(Ok(session)) => Ok(session),
        Ok(Err(error)) => Err(sign_in_error(error)),
        Err(_) => Err(ApiError::internal().with_response_code(99)),
    }
}

/// Sign in with e-mail and password.
#[utoipa::path(post, path = "/service/account/login_collection", request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SignInAnswer), (status = "4XX", body = ApiError)))]
async fn login(
    req: HttpRequest,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, ApiError> {
    let (email, password, remember) = form.into_inner().parse().map_err(sign_in_error)?;
    let input = LoginInput {
        email,
        password,
        remember,
        ip: client_ip(&req, &ctx.settings.trusted_proxies),
        previous_token: token_of(&req),
    };
    let ctx_for_cookie = ctx.clone();
    let result = run_sign_in(&pool, move |conn| service::login(conn, &ctx, input)).await;
    signed_in_answer(&req, pool, &ctx_for_cookie, result).await
}

/// Is the `Access-Token` a live session?
#[utoipa::path(post, path = "/service/account/validate-token", responses((status = 200, body = ValidateAnswer)))]
async fn validate_token(req: HttpRequest, ctx: Ctx, pool: Pool) -> Result<HttpResponse, ApiError> {
    let Some(token) = token_of(&req) else {
        return Ok(HttpResponse::Ok().json(ValidateAnswer::invalid()));
    };
    let cookie = image_cookie(&req, &token, &ctx.settings);
    let answer = blocking(move || {
        let mut conn = pool.get()?;
        match service::current_session(&mut conn, &ctx, &token)? {
            Some(session) => {
                let company = service::company_name(&mut conn, &session.user)?;
                Ok::<_, AccountError>(ValidateAnswer::valid(&session, company))
            }
            None => Ok(ValidateAnswer::invalid()),
        }
    })
    .await?;
    // A live session (re)gets its image cookie, e.g. after the browser dropped it.
    let mut response = HttpResponse::Ok();
    if answer.is_valid {
        response.cookie(cookie);
    }
    Ok(response.json(answer))
}

/// End this session.
#[utoipa::path(post, path = "/service/account/logout", security(("accessToken" = [])), responses((status = 200, body = OkAnswer)))]
async fn logout(SignedIn(session): SignedIn, ctx: Ctx) -> Result<HttpResponse, ApiError> {
    blocking(move || service::logout(&ctx, &session)).await?;
    Ok(HttpResponse::Ok()
        .cookie(image_cookie_removal())
        .json(OkAnswer { ok: true }))
}

/// Start TOTP enrollment (admins without an authenticator).
#[utoipa::path(post, path = "/service/account/second-factor/enroll", security(("accessToken" = [])), responses((status = 200, body = EnrollAnswer),
    (status = 403, description = "`not_authorized`: not an admin", body = ApiError),
    (status = 409, description = "`already_enrolled`: the account has an authenticator", body = ApiError)))]
async fn enroll(
    SignedIn(session): SignedIn,
    ctx: Ctx,
    pool: Pool,
) -> Result<HttpResponse, ApiError> {
    let enrollment =
        blocking(move || service::enroll_second_factor(&mut *pool.get()?, &ctx, &session)).await?;
    Ok(HttpResponse::Ok().json(EnrollAnswer {
        secret: enrollment.secret,
        otpauth_url: enrollment.otpauth_url,
    }))
}

/// Check a TOTP code and validate the session's second factor.
#[utoipa::path(post, path = "/service/account/second-factor/verify", security(("accessToken" = [])), request_body(content = CodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = VerifyAnswer), (status = "4XX", body = ApiError)))]
async fn verify(
    SignedIn(session): SignedIn,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<CodeForm>,
) -> Result<HttpResponse, ApiError> {
    let code = form.into_inner().parse()?;
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    let verified = blocking(move || {
        service::verify_second_factor(&mut *pool.get()?, &ctx, &session, &code, now)
    })
    .await?;
    Ok(HttpResponse::Ok().json(VerifyAnswer {
        is_2fa_validated: true,
        recovery_codes: verified.recovery_codes,
    }))
}

/// Pass the second factor with a single-use recovery code instead of a TOTP code (admins who lost
/// their authenticator). Counted against the same limit as codes; each use is audited.
#[utoipa::path(post, path = "/service/account/second-factor/recover", security(("accessToken" = [])), request_body(content = RecoveryCodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = RecoverAnswer), (status = 400, body = ApiError, description = "`invalid_form`: no `recoveryCode`"),
        (status = 401, body = ApiError, description = "`invalid_recovery_code`: wrong or already used; `login_required`"),
        (status = 403, body = ApiError, description = "`not_authorized`: not an admin"),
        (status = 429, body = ApiError, description = "`rate_limited`")))]
async fn recover(
    SignedIn(session): SignedIn,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<RecoveryCodeForm>,
) -> Result<HttpResponse, ApiError> {
    let code = form.into_inner().parse()?;
    let left = blocking(move || {
        second_factor::recover_second_factor(&mut *pool.get()?, &ctx, &session, &code)
    })
    .await?;
    Ok(HttpResponse::Ok().json(RecoverAnswer {
        is_2fa_validated: true,
        recovery_codes_left: left,
    }))
}

/// How many unused recovery codes the signed-in admin has left.
#[utoipa::path(get, path = "/service/account/second-factor/recovery-codes", security(("accessToken" = ["admin"])),
    responses((status = 200, body = RecoveryCodesLeft), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn recovery_codes_left(Admin(session): Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let left =
        blocking(move || second_factor::recovery_codes_left(&mut *pool.get()?, &session)).await?;
    Ok(HttpResponse::Ok().json(RecoveryCodesLeft {
        recovery_codes_left: left,
    }))
}

/// New recovery codes for the signed-in admin, shown this once; the old ones stop working. The
/// admin proves the second factor again (a code of the authenticator, or a recovery code, spent).
/// Audited.
#[utoipa::path(post, path = "/service/account/second-factor/recovery-codes", security(("accessToken" = ["admin"])),
    request_body(content = ProofForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = RecoveryCodesAnswer), (status = 400, body = ApiError, description = "`invalid_form`: no `code`"),
        (status = 401, body = ApiError, description = "`invalid_code`, `code_already_used`, `invalid_recovery_code`: the proof is wrong; `login_required`"),
        (status = 403, body = ApiError, description = "`second_factor_required`; `not_authorized`: no authenticator"),
        (status = 429, body = ApiError, description = "`rate_limited`")))]
async fn regenerate_recovery_codes(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<ProofForm>,
) -> Result<HttpResponse, ApiError> {
    let proof = form.into_inner().parse()?;
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    let codes = blocking(move || {
        second_factor::regenerate_recovery_codes(&mut *pool.get()?, &ctx, &session, &proof, now)
    })
    .await?;
    Ok(HttpResponse::Ok().json(RecoveryCodesAnswer {
        recovery_codes_left: codes.len() as i64,
        recovery_codes: codes,
    }))
}

/// Mail a password-reset link.
#[utoipa::path(post, path = "/service/account/reset-password", request_body(content = MailForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SentAnswer), (status = "4XX", body = ApiError)))]
async fn reset_password(
    req: HttpRequest,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<MailForm>,
) -> Result<HttpResponse, ApiError> {
    let ip = client_ip(&req, &ctx.settings.trusted_proxies);
    let email = form.into_inner().parse()?;
    blocking(move || service::request_password_reset(&mut *pool.get()?, &ctx, &email, ip)).await?;
    Ok(HttpResponse::Ok().json(SentAnswer { sent: true }))
}

/// Set a password with a reset or invitation link's token.
#[utoipa::path(post, path = "/service/account/create-password", request_body(content = CreatePasswordForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn create_password(
    ctx: Ctx,
    pool: Pool,
    form: web::Form<CreatePasswordForm>,
) -> Result<HttpResponse, ApiError> {
    let input = form.into_inner().parse()?;
    done(move || service::create_password(&mut *pool.get()?, &ctx, input)).await
}

/// Sign in with a single-use auto-login link.
#[utoipa::path(post, path = "/service/account/auto-login", request_body(content = TokenForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SignInAnswer), (status = "4XX", body = ApiError)))]
async fn auto_login(
    req: HttpRequest,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, ApiError> {
    let ip = client_ip(&req, &ctx.settings.trusted_proxies);
    let token = form.into_inner().parse().map_err(sign_in_error)?;
    let ctx_for_cookie = ctx.clone();
    let result = run_sign_in(&pool, move |conn| {
        service::auto_login(conn, &ctx, &token, ip)
    })
    .await;
    signed_in_answer(&req, pool, &ctx_for_cookie, result).await
}

/// Issue an auto-login link for a user (admin).
#[utoipa::path(post, path = "/service/admin/users/auto-login-link", security(("accessToken" = ["admin"])), request_body(content = UserGuidForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = AutoLoginLink), (status = "4XX", body = ApiError)))]
async fn auto_login_link(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<UserGuidForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let user = user_id(form.into_inner().user_guid, "userGuid")?;
    let (url, expires_at) =
        blocking(move || service::issue_auto_login(&mut *pool.get()?, &ctx, &actor, &user)).await?;
    Ok(HttpResponse::Ok().json(AutoLoginLink { url, expires_at }))
}

/// A page of users (admin): filters, search, sort.
#[utoipa::path(post, path = "/service/admin/users/get-all", security(("accessToken" = ["admin"])), request_body(content = UserListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = UserPage), (status = "4XX", body = ApiError)))]
async fn list_users(
    _admin: Admin,
    pool: Pool,
    form: web::Form<UserListForm>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = form.into_inner().parse()?;
    let found = blocking(move || service::list_users(&mut *pool.get()?, &filter, page)).await?;
    Ok(HttpResponse::Ok().json(UserPage {
        items: found.items.into_iter().map(UserRow::from).collect(),
        total_count: found.total_count,
        total_page: found.total_page,
        current_page: found.current_page,
    }))
}

/// What a route asks of its form beyond the form's schema (the gateway narrows the document's
/// body with it): a user made with a password (`passwordMode` `set`) is sent it twice.
pub const BODY_RULES: &[(&str, &str, &str)] = &[(
    "post",
    "/service/admin/users/create",
    r#"{"if": {"required": ["passwordMode"], "properties": {"passwordMode": {"pattern": "^ *set *$"}}},
        "then": {"required": ["password1", "password2"]}}"#,
)];

/// Creates a customer's user (admin): the password is set now, or an invitation is mailed.
#[utoipa::path(post, path = "/service/admin/users/create", security(("accessToken" = ["admin"])), request_body(content = CreateUserForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = UserGuidAnswer), (status = "4XX", body = ApiError)))]
async fn create_user(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<CreateUserForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let input = form.into_inner().parse()?;
    let user = blocking(move || admin::create_user(&mut *pool.get()?, &ctx, &actor, input)).await?;
    Ok(HttpResponse::Ok().json(UserGuidAnswer {
        user_guid: user.guid,
    }))
}

/// Changes a user's name, address, language, customer and access (admin).
#[utoipa::path(post, path = "/service/admin/users/update", security(("accessToken" = ["admin"])), request_body(content = UpdateUserForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn update_user(
    Admin(session): Admin,
    pool: Pool,
    ctx: Ctx,
    form: web::Form<UpdateUserForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let edit = form.into_inner().parse()?;
    done(move || admin::update_user(&mut *pool.get()?, &ctx, &actor, edit)).await
}

/// Sets a user's password (admin); their sessions end.
#[utoipa::path(post, path = "/service/admin/users/assign-password", security(("accessToken" = ["admin"])), request_body(content = AssignPasswordForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn assign_password(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<AssignPasswordForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (user, password) = form.into_inner().parse()?;
    done(move || admin::assign_password(&mut *pool.get()?, &ctx, &actor, &user, &password)).await
}

/// Sets a user's login condition and allowed addresses (admin).
#[utoipa::path(post, path = "/service/admin/users/set-login-condition", security(("accessToken" = ["admin"])), request_body(content = LoginConditionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn set_login_condition(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<LoginConditionForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (user, rule) = form.into_inner().parse()?;
    done(move || admin::set_login_condition(&mut *pool.get()?, &actor, &[user], &rule)).await
}

/// Mails a user a link to set a new password (admin).
#[utoipa::path(post, path = "/service/admin/users/reset-password", security(("accessToken" = ["admin"])), request_body(content = UserGuidForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn admin_reset_password(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<UserGuidForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let ids = user_ids(form.into_inner().user_guid)?;
    done(move || admin::send_password_resets(&mut *pool.get()?, &ctx, &actor, &ids)).await
}

/// Removes a user's authenticator (admin): the next sign-in enrolls a new one.
#[utoipa::path(post, path = "/service/admin/users/reset-authenticator", security(("accessToken" = ["admin"])), request_body(content = UserGuidForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn reset_authenticator(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<UserGuidForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let user = user_id(form.into_inner().user_guid, "userGuid")?;
    done(move || admin::reset_authenticator(&mut *pool.get()?, &ctx, &actor, &user)).await
}

/// Activate, suspend, cancel or expire an account (admin). Leaving `active` ends its sessions.
#[utoipa::path(post, path = "/service/admin/users/change-account-state", security(("accessToken" = ["admin"])), request_body(content = AccountStateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn change_account_state(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<AccountStateForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (ids, state) = form.into_inner().parse()?;
    done(move || admin::change_account_state(&mut *pool.get()?, &ctx, &actor, &ids, state)).await
}

/// Mails each user a link to set a new password (admin, bulk).
#[utoipa::path(post, path = "/service/admin/users/bulk-reset-password", security(("accessToken" = ["admin"])), request_body(content = BulkUsersForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = BulkAnswer), (status = "4XX", body = ApiError)))]
async fn bulk_reset_password(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<BulkUsersForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let ids = form.into_inner().users()?;
    let changed =
        blocking(move || admin::send_password_resets(&mut *pool.get()?, &ctx, &actor, &ids))
            .await?;
    Ok(HttpResponse::Ok().json(BulkAnswer { changed }))
}

/// Sets the login condition of every listed user (admin, bulk).
#[utoipa::path(post, path = "/service/admin/users/bulk-set-login-condition", security(("accessToken" = ["admin"])), request_body(content = BulkUsersForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = BulkAnswer), (status = "4XX", body = ApiError)))]
async fn bulk_set_login_condition(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<BulkUsersForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let f = form.into_inner();
    let (ids, rule) = (f.users()?, f.rule()?);
    let changed =
        blocking(move || admin::set_login_condition(&mut *pool.get()?, &actor, &ids, &rule))
            .await?;
    Ok(HttpResponse::Ok().json(BulkAnswer { changed }))
}

/// Changes the account state of every listed user (admin, bulk).
#[utoipa::path(post, path = "/service/admin/users/bulk-change-account-state", security(("accessToken" = ["admin"])), request_body(content = BulkUsersForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = BulkAnswer), (status = "4XX", body = ApiError)))]
async fn bulk_change_account_state(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<BulkUsersForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let f = form.into_inner();
    let (ids, state) = (f.users()?, f.state()?);
    let changed =
        blocking(move || admin::change_account_state(&mut *pool.get()?, &ctx, &actor, &ids, state))
            .await?;
    Ok(HttpResponse::Ok().json(BulkAnswer { changed }))
}

/// A page of customer companies with their user and design counts (admin).
#[utoipa::path(post, path = "/service/admin/customers/get-all", security(("accessToken" = ["admin"])), request_body(content = CustomerListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CustomerPage), (status = "4XX", body = ApiError)))]
async fn list_customers(
    _admin: Admin,
    pool: Pool,
    form: web::Form<CustomerListForm>,
) -> Result<HttpResponse, ApiError> {
    let (query, page) = form.into_inner().parse()?;
    let found = blocking(move || admin::customers(&mut *pool.get()?, query, page)).await?;
    Ok(HttpResponse::Ok().json(CustomerPage {
        items: found.items.into_iter().map(CustomerRow::from).collect(),
        total_count: found.total_count,
        total_page: found.total_page,
        current_page: found.current_page,
    }))
}

/// Adds a customer company (admin).
#[utoipa::path(post, path = "/service/admin/customers/add-customer", security(("accessToken" = ["admin"])), request_body(content = NewCustomerForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CustomerBasic), (status = "4XX", body = ApiError)))]
async fn add_customer(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<NewCustomerForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let details = form.into_inner().parse()?;
    let customer =
        blocking(move || admin::add_customer(&mut *pool.get()?, &actor, details)).await?;
    Ok(HttpResponse::Ok().json(CustomerBasic {
        customer_guid: customer.guid,
        customer_name: customer.name,
        visible: customer.visible,
    }))
}

/// Shows or hides a customer in other customers' filters (admin).
#[utoipa::path(post, path = "/service/admin/customers/set-visibility", security(("accessToken" = ["admin"])), request_body(content = CustomerVisibilityForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn set_customer_visibility(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<CustomerVisibilityForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (customer, visible) = form.into_inner().parse()?;
    done(move || admin::set_customer_visibility(&mut *pool.get()?, &actor, &customer, visible))
        .await
}

/// Deletes a customer company (admin); refused with `customer_in_use` while users or designs
/// refer to it, unless `cascade` is set.
#[utoipa::path(post, path = "/service/admin/customers/delete", security(("accessToken" = ["admin"])), request_body(content = DeleteCustomerForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn delete_customer(
    Admin(session): Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<DeleteCustomerForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (customer, cascade) = form.into_inner().parse()?;
    done(move || admin::delete_customer(&mut *pool.get()?, &ctx, &actor, &customer, cascade)).await
}

/// A page of the admins' audit log, newest first (admin).
#[utoipa::path(post, path = "/service/admin/audit/get-all", security(("accessToken" = ["admin"])), request_body(content = AuditListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = AuditPage), (status = "4XX", body = ApiError)))]
async fn audit_log(
    _admin: Admin,
    pool: Pool,
    form: web::Form<AuditListForm>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = form.into_inner().parse()?;
    let found = blocking(move || admin::audit_events(&mut *pool.get()?, &filter, page)).await?;
    Ok(HttpResponse::Ok().json(AuditPage {
        items: found.items,
        total_count: found.total_count,
        total_page: found.total_page,
        current_page: found.current_page,
    }))
}

/// Customers for the filters and forms: staff get every customer, a customer's user only their
/// own company (never the studio's other customers).
#[utoipa::path(post, path = "/service/get/customers/basic", security(("accessToken" = [])), responses((status = 200, body = [CustomerBasic])))]
async fn customers_basic(
    SignedIn(session): SignedIn,
    pool: Pool,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let customers = blocking(move || service::customers_for(&mut *pool.get()?, &viewer)).await?;
    Ok(HttpResponse::Ok().json(customers))
}
