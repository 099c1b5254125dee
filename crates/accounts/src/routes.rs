//! Account routes: extract, call the service on the blocking pool, answer.

use crate::auth::{Admin, SignedIn, client_ip, image_cookie, image_cookie_removal, token_of};
use crate::dto::*;
use crate::error::AccountError;
use crate::service::{self, AccountsContext, CreatePasswordInput, LoginInput, SignedInSession};
use actix_web::{HttpRequest, HttpResponse, web};
use db::DbPool;
use desen_core::PageRequest;
use web_api::{ApiError, blocking, checked};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/account/login_collection", web::post().to(login))
        .route("/account/validate-token", web::post().to(validate_token))
        .route("/account/logout", web::post().to(logout))
        .route("/account/second-factor/enroll", web::post().to(enroll))
        .route("/account/second-factor/verify", web::post().to(verify))
        .route("/account/reset-password", web::post().to(reset_password))
        .route("/account/create-password", web::post().to(create_password))
        .route("/account/auto-login", web::post().to(auto_login))
        .route(
            "/admin/users/auto-login-link",
            web::post().to(auto_login_link),
        )
        .route("/admin/users/get-all", web::post().to(list_users))
        .route(
            "/admin/users/change-account-state",
            web::post().to(change_account_state),
        )
        .route("/get/customers/basic", web::post().to(customers_basic));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        login,
        validate_token,
        logout,
        enroll,
        verify,
        reset_password,
        create_password,
        auto_login,
        auto_login_link,
        list_users,
        change_account_state,
        customers_basic
    ),
    components(schemas(web_api::ApiError))
)]
pub struct AccountsApi;

type Ctx = web::Data<AccountsContext>;
type Pool = web::Data<DbPool>;

/// Sign-in failures carry the spec's numeric `responseCode` next to the coded error.
fn sign_in_error(error: ApiError, code: i32) -> ApiError {
    error.with_response_code(code)
}

async fn signed_in_answer(
    pool: Pool,
    ctx: &Ctx,
    result: Result<SignedInSession, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let signed_in = result?;
    let session = signed_in.session.clone();
    let company = blocking(move || service::company_name(&mut *pool.get()?, &session.user)).await?;
    Ok(HttpResponse::Ok()
        .cookie(image_cookie(&signed_in.token, &ctx.settings))
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
        Ok(Err(error)) => {
            let code = error.response_code();
            Err(sign_in_error(error.into(), code))
        }
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
    let form = form.into_inner();
    let input = LoginInput {
        email: form.mail_address,
        password: form.password,
        remember: checked(form.remember.as_deref()),
        ip: client_ip(&req, &ctx.settings.trusted_proxies),
        previous_token: token_of(&req),
    };
    let ctx_for_cookie = ctx.clone();
    let result = run_sign_in(&pool, move |conn| service::login(conn, &ctx, input)).await;
    signed_in_answer(pool, &ctx_for_cookie, result).await
}

/// Is the `Access-Token` a live session?
#[utoipa::path(post, path = "/service/account/validate-token", responses((status = 200, body = ValidateAnswer)))]
async fn validate_token(req: HttpRequest, ctx: Ctx, pool: Pool) -> Result<HttpResponse, ApiError> {
    let Some(token) = token_of(&req) else {
        return Ok(HttpResponse::Ok().json(ValidateAnswer::invalid()));
    };
    let cookie = image_cookie(&token, &ctx.settings);
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
#[utoipa::path(post, path = "/service/account/logout", responses((status = 200, body = OkAnswer)))]
async fn logout(SignedIn(session): SignedIn, ctx: Ctx) -> Result<HttpResponse, ApiError> {
    blocking(move || service::logout(&ctx, &session)).await?;
    Ok(HttpResponse::Ok()
        .cookie(image_cookie_removal())
        .json(OkAnswer { ok: true }))
}

/// Start TOTP enrollment (admins without an authenticator).
#[utoipa::path(post, path = "/service/account/second-factor/enroll", responses((status = 200, body = EnrollAnswer)))]
async fn enroll(SignedIn(session): SignedIn, pool: Pool) -> Result<HttpResponse, ApiError> {
    let enrollment =
        blocking(move || service::enroll_second_factor(&mut *pool.get()?, &session)).await?;
    Ok(HttpResponse::Ok().json(EnrollAnswer {
        secret: enrollment.secret,
        otpauth_url: enrollment.otpauth_url,
    }))
}

/// Check a TOTP code and validate the session's second factor.
#[utoipa::path(post, path = "/service/account/second-factor/verify", request_body(content = CodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = VerifyAnswer), (status = "4XX", body = ApiError)))]
async fn verify(
    SignedIn(session): SignedIn,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<CodeForm>,
) -> Result<HttpResponse, ApiError> {
    let code = form.into_inner().code;
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    blocking(move || service::verify_second_factor(&mut *pool.get()?, &ctx, &session, code, now))
        .await?;
    Ok(HttpResponse::Ok().json(VerifyAnswer {
        is_2fa_validated: true,
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
    let email = form.into_inner().mail_address;
    blocking(move || service::request_password_reset(&mut *pool.get()?, &ctx, email, ip)).await?;
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
    let form = form.into_inner();
    let input = CreatePasswordInput {
        email: form.mail_address,
        password1: form.password1,
        password2: form.password2,
        token: form.token,
    };
    blocking(move || service::create_password(&mut *pool.get()?, &ctx, input)).await?;
    Ok(HttpResponse::Ok().json(OkAnswer { ok: true }))
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
    let token = form.into_inner().token;
    let ctx_for_cookie = ctx.clone();
    let result = run_sign_in(&pool, move |conn| {
        service::auto_login(conn, &ctx, token, ip)
    })
    .await;
    signed_in_answer(pool, &ctx_for_cookie, result).await
}

/// Issue an auto-login link for a user (admin).
#[utoipa::path(post, path = "/service/admin/users/auto-login-link", request_body(content = UserGuidForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = AutoLoginLink), (status = "4XX", body = ApiError)))]
async fn auto_login_link(
    _admin: Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<UserGuidForm>,
) -> Result<HttpResponse, ApiError> {
    let guid = form.into_inner().user_guid;
    let (url, expires_at) =
        blocking(move || service::issue_auto_login(&mut *pool.get()?, &ctx, guid)).await?;
    Ok(HttpResponse::Ok().json(AutoLoginLink { url, expires_at }))
}

/// A page of users (admin).
#[utoipa::path(post, path = "/service/admin/users/get-all", request_body(content = UserListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = UserPage), (status = "4XX", body = ApiError)))]
async fn list_users(
    _admin: Admin,
    pool: Pool,
    form: web::Form<UserListForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let page = PageRequest::new(form.page.unwrap_or(0), form.page_size.unwrap_or(25));
    let found = blocking(move || service::list_users(&mut *pool.get()?, form.query, page)).await?;
    Ok(HttpResponse::Ok().json(UserPage {
        items: found.items.into_iter().map(UserRow::from).collect(),
        total_count: found.total_count,
        total_page: found.total_page,
        current_page: found.current_page,
    }))
}

/// Activate, suspend, cancel or expire an account (admin). Leaving `active` ends its sessions.
#[utoipa::path(post, path = "/service/admin/users/change-account-state", request_body(content = AccountStateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = OkAnswer), (status = "4XX", body = ApiError)))]
async fn change_account_state(
    _admin: Admin,
    ctx: Ctx,
    pool: Pool,
    form: web::Form<AccountStateForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    blocking(move || {
        service::change_account_state(&mut *pool.get()?, &ctx, form.user_guid, form.state)
    })
    .await?;
    Ok(HttpResponse::Ok().json(OkAnswer { ok: true }))
}

/// Customers for the search filter: staff get every customer, others their own and the visible
/// ones.
#[utoipa::path(post, path = "/service/get/customers/basic", responses((status = 200, body = [CustomerBasic])))]
async fn customers_basic(
    SignedIn(session): SignedIn,
    pool: Pool,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let customers = blocking(move || service::customers_for(&mut *pool.get()?, &viewer)).await?;
    Ok(HttpResponse::Ok().json(customers))
}
