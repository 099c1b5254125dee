//! Who is asking: extractors that every domain's routes use, and the client's address.

use crate::error::AccountError;
use crate::service::{self, AccountsContext, CurrentSession};
use actix_web::HttpMessage;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use db::DbPool;
use std::future::Future;
use std::net::{IpAddr, Ipv4Addr};
use std::pin::Pin;
use web_api::{ApiError, blocking};

/// The header the spec's client sends its token in.
pub const TOKEN_HEADER: &str = "Access-Token";

pub fn token_of(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(TOKEN_HEADER)
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|token| !token.is_empty() && token.len() <= 128)
        .map(str::to_owned)
}

/// The HttpOnly cookie that carries the session token for image and file routes, which the
/// browser fetches without headers (`<img src>`). Only those GET routes accept it, so it cannot
/// be used to change anything on a user's behalf.
pub const IMAGE_COOKIE: &str = "desen_images";

/// The image cookie for a session token (set at sign-in and on token validation): HttpOnly,
/// `SameSite=Strict`, path `/service/`, and `Secure` whenever the browser reaches Desen over TLS
/// (`secure_transport`).
pub fn image_cookie(
    req: &HttpRequest,
    token: &str,
    settings: &crate::AccountsSettings,
) -> actix_web::cookie::Cookie<'static> {
    actix_web::cookie::Cookie::build(IMAGE_COOKIE, token.to_owned())
        .path("/service/")
        .http_only(true)
        .secure(secure_transport(req, settings))
        .same_site(actix_web::cookie::SameSite::Strict)
        .max_age(actix_web::cookie::time::Duration::days(
            settings.remember_days as i64,
        ))
        .finish()
}

/// Whether the browser reaches Desen over TLS: the configured `public_url` is https, or the request
/// came through a trusted proxy (`trusted_proxies`) that says `X-Forwarded-Proto: https`. The
/// header of anyone else is ignored: a client cannot talk its cookie out of `Secure` or into it.
pub fn secure_transport(req: &HttpRequest, settings: &crate::AccountsSettings) -> bool {
    if settings.public_url.starts_with("https://") {
        return true;
    }
    let from_trusted_proxy = req
        .peer_addr()
        .is_some_and(|peer| settings.trusted_proxies.contains(&peer.ip()));
    from_trusted_proxy
        && req
            .headers()
            .get("X-Forwarded-Proto")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// The cookie that removes the image cookie (sign-out).
pub fn image_cookie_removal() -> actix_web::cookie::Cookie<'static> {
    let mut cookie = actix_web::cookie::Cookie::build(IMAGE_COOKIE, "")
        .path("/service/")
        .finish();
    cookie.make_removal();
    cookie
}

/// Any signed-in user with an active account.
pub struct SignedIn(pub CurrentSession);

/// A signed-in user of an image or file route: the `Access-Token` header, else the image cookie.
pub struct ImageViewer(pub CurrentSession);

/// An admin whose session passed the second factor.
pub struct Admin(pub CurrentSession);

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

/// The request's session, looked up once per request: the admin-area guard and the handler's
/// extractor share the lookup through the request's extensions.
fn load_session(req: &HttpRequest) -> Extracted<CurrentSession> {
    if let Some(session) = req.extensions().get::<CurrentSession>().cloned() {
        return Box::pin(async move { Ok(session) });
    }
    let lookup = session_for(req, token_of(req));
    let req = req.clone();
    Box::pin(async move {
        let session = lookup.await?;
        req.extensions_mut().insert(session.clone());
        Ok(session)
    })
}

fn session_for(req: &HttpRequest, token: Option<String>) -> Extracted<CurrentSession> {
    let ctx = req.app_data::<web::Data<AccountsContext>>().cloned();
    let pool = req.app_data::<web::Data<DbPool>>().cloned();
    Box::pin(async move {
        let (Some(ctx), Some(pool)) = (ctx, pool) else {
            return Err(ApiError::from(AccountError::Internal(
                "accounts are not configured".into(),
            )));
        };
        let token = token.ok_or(AccountError::LoginRequired)?;
        blocking(move || {
            let mut conn = pool.get()?;
            service::current_session(&mut conn, &ctx, &token)?.ok_or(AccountError::LoginRequired)
        })
        .await
    })
}

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Extracted<SignedIn>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = load_session(req);
        Box::pin(async move { session.await.map(SignedIn) })
    }
}

impl FromRequest for ImageViewer {
    type Error = ApiError;
    type Future = Extracted<ImageViewer>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = token_of(req).or_else(|| {
            req.cookie(IMAGE_COOKIE)
                .map(|c| c.value().to_owned())
                .filter(|t| !t.is_empty() && t.len() <= 128)
        });
        let session = session_for(req, token);
        Box::pin(async move { session.await.map(ImageViewer) })
    }
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Extracted<Admin>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = load_session(req);
        Box::pin(async move {
            let session = session.await?;
            if !session.user.is_admin {
                return Err(AccountError::NotAuthorized.into());
            }
            if !session.second_factor_validated {
                return Err(AccountError::SecondFactorRequired.into());
            }
            Ok(Admin(session))
        })
    }
}

/// The client's address: the socket peer, unless the peer is a trusted proxy, in which case the
/// nearest address in `X-Forwarded-For` that is not itself a trusted proxy.
pub fn client_ip(req: &HttpRequest, trusted: &[IpAddr]) -> IpAddr {
    let peer = req
        .peer_addr()
        .map(|addr| addr.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    if !trusted.contains(&peer) {
        return peer;
    }
    req.headers()
        .get("X-Forwarded-For")
        .and_then(|value| value.to_str().ok())
        .and_then(|chain| {
            chain
                .rsplit(',')
                .filter_map(|hop| hop.trim().parse::<IpAddr>().ok())
                .find(|hop| !trusted.contains(hop))
        })
        .unwrap_or(peer)
}
