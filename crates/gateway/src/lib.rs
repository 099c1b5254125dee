#![doc = include_str!("../README.md")]

pub mod contract;
pub mod images;
pub mod settings;

use accounts::AccountsContext;
use accounts::mail::{Mailer, OutboxMailer, SmtpMailer};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{Compress, DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpMessage, HttpResponse, web};
use cad::files::Workshop;
use cad::routes::CadContext;
use db::DbPool;
use desen_core::ErrorKind;
use favorites::routes::FavoritesSettings;
use import::service::ImportContext;
use import::worker::{Waker, Workers};
use search::{SearchCache, SimilarIndex};
use secrecy::ExposeSecret;
use settings::Settings;
use std::path::PathBuf;
use std::sync::Arc;
use storage::Storage;
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use web_api::ApiError;

/// Everything the routes share, built once at start-up.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub accounts: AccountsContext,
    pub storage: Storage,
    pub import: ImportContext,
    /// Wakes the import workers when files are queued.
    pub import_waker: Waker,
    pub static_dir: PathBuf,
    pub sessions_backend: &'static str,
    /// Totals, page starts and colour rankings of recent searches (per process).
    pub search_cache: Arc<SearchCache>,
    /// The similar-design search's in-memory index (per process, following the database).
    pub similar: Arc<SimilarIndex>,
    /// The boards each scope sees, for the current catalog revision (per process).
    pub boards_cache: Arc<collections::BoardsCache>,
    /// Where shared favorite lists are mailed.
    pub favorites: FavoritesSettings,
    /// CAD rights, switches and the workshop that makes the files.
    pub cad: CadContext,
    /// Decoded tiles and wear models the views at scale keep (per process).
    pub views: Arc<wear::ViewCache>,
    /// Where the web app sends design uploads until an admin sets another (empty: here).
    pub upload_base: String,
    /// Web app origins (other `desen` instances' addresses) that may call this one.
    pub allowed_origins: Arc<[String]>,
}

impl AppState {
    pub fn build(settings: &Settings) -> anyhow::Result<AppState> {
        let pool = db::pool(&settings.database_url(), settings.database_pool_size)?;
        let redis = settings
            .redis_url
            .as_ref()
            .map(|url| url.expose_secret().to_owned());
        let stores = kv::Stores::open(redis.as_deref(), &settings.redis_prefix)?;
        let mailer: Arc<dyn Mailer> = match &settings.smtp {
            Some(smtp) => Arc::new(SmtpMailer::new(smtp, &settings.mail_from)?),
            None => Arc::new(OutboxMailer {
                dir: settings.outbox_dir(),
                from: settings.mail_from.clone(),
            }),
        };
        let recorder = usage::Recorder::start(pool.clone(), &settings.data_dir.join("usage"))?;
        let mut accounts_settings = settings.accounts.clone();
        if accounts_settings.secret_key.is_none() {
            // No key configured: the one kept in the data folder, made on the first start.
            let path = settings.secret_key_file();
            let keys = accounts::secrets::SecretKey::load_or_create(&path)
                .map_err(|e| anyhow::anyhow!("reading or creating {}: {e}", path.display()))?;
            accounts_settings.secret_key = Some(keys.current);
            accounts_settings.previous_secret_keys.extend(keys.previous);
        }
        let mut state = AppState::assemble_on(
            settings.storage()?,
            pool,
            AccountsContext {
                stores,
                mailer,
                settings: accounts_settings,
                recorder,
            },
            if redis.is_some() { "redis" } else { "memory" },
            settings.static_dir.clone(),
            &settings.data_dir,
            settings.import.clone(),
        )?;
        state.search_cache = Arc::new(SearchCache::new(settings.search_cache_megabytes << 20));
        state.similar = Arc::new(SimilarIndex::new(settings.ai_search));
        state.favorites = settings.favorites.clone();
        state.cad.settings = settings.cad.clone();
        state.cad.workshop.limits = settings.import.image_limits();
        state.upload_base = settings.upload_base.clone();
        state.allowed_origins = settings.allowed_origins.iter().map(|o| origin(o)).collect();
        Ok(state)
    }

    /// The state over given parts; files go under `data_dir` (`objects/`, `scratch/`).
    pub fn assemble(
        pool: DbPool,
        accounts: AccountsContext,
        sessions_backend: &'static str,
        static_dir: PathBuf,
        data_dir: &std::path::Path,
        import: import::ImportSettings,
    ) -> anyhow::Result<AppState> {
        let storage = Storage::local(&data_dir.join("objects"))?;
        AppState::assemble_on(
            storage,
            pool,
            accounts,
            sessions_backend,
            static_dir,
            data_dir,
            import,
        )
    }

    /// The state over given parts and file store; short-lived files go under `data_dir/scratch`.
    pub fn assemble_on(
        storage: Storage,
        pool: DbPool,
        accounts: AccountsContext,
        sessions_backend: &'static str,
        static_dir: PathBuf,
        data_dir: &std::path::Path,
        import: import::ImportSettings,
    ) -> anyhow::Result<AppState> {
        Ok(AppState {
            pool,
            import: ImportContext {
                storage: storage.clone(),
                settings: import,
                scratch: data_dir.join("scratch"),
            },
            cad: CadContext {
                settings: cad::CadSettings::default(),
                workshop: Workshop {
                    storage: storage.clone(),
                    scratch: data_dir.join("scratch").join("cad"),
                    limits: imaging::Limits::default(),
                },
                waker: Waker::default(),
                recorder: accounts.recorder.clone(),
            },
            storage,
            import_waker: Waker::default(),
            accounts,
            static_dir,
            sessions_backend,
            search_cache: Arc::default(),
            similar: Arc::new(SimilarIndex::new(true)),
            boards_cache: Arc::default(),
            favorites: FavoritesSettings::default(),
            views: Arc::default(),
            upload_base: String::new(),
            allowed_origins: Arc::new([]),
        })
    }

    /// Starts the download-all zip builders of this process.
    pub fn start_cad_workers(&self) -> Workers {
        cad::bundle::start(
            self.pool.clone(),
            self.cad.workshop.clone(),
            self.cad.waker.clone(),
            self.cad.settings.bundle_workers,
        )
    }

    /// Starts the import workers of this process.
    pub fn start_import_workers(&self) -> Workers {
        import::worker::start(
            self.pool.clone(),
            self.import.clone(),
            self.import_waker.clone(),
        )
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Desen", description = "The archive of a textile print studio"),
    paths(
        health,
        openapi_json,
        images::thumbnail,
        images::colorway_thumbnail,
        images::preview,
        images::tile_descriptor,
        images::tile
    ),
    components(schemas(ApiError))
)]
struct GatewayApi;

/// The OpenAPI document of every route, completed with the security schemes and the error answers
/// every route shares (see [`contract`]). JSON, not utoipa's model: the completed document uses
/// JSON Schema that the model does not hold (a body narrowed with `anyOf` beside `required`).
pub fn openapi() -> serde_json::Value {
    let mut value = serde_json::to_value(annotated_openapi()).unwrap_or_default();
    for (method, path, rule) in accounts::routes::BODY_RULES
        .iter()
        .chain(collections::routes::BODY_RULES)
        .chain(statistics::routes::BODY_RULES)
        .chain(wear::routes::BODY_RULES)
        .chain(pools::routes::BODY_RULES)
        .chain(cad::routes::BODY_RULES)
        .chain(import::routes::BODY_RULES)
        .chain(configuration::routes::BODY_RULES)
    {
        contract::narrow(&mut value, method, path, rule);
    }
    for (method, path, documented_method, documented) in collections::routes::SPELLINGS
        .iter()
        .chain(search::routes::SPELLINGS)
    {
        contract::alias(&mut value, method, path, documented_method, documented);
    }
    contract::complete(&mut value);
    value
}

/// The document as the routes' annotations make it.
fn annotated_openapi() -> utoipa::openapi::OpenApi {
    let mut doc = GatewayApi::openapi();
    doc.merge(accounts::routes::AccountsApi::openapi());
    doc.merge(cad::routes::CadApi::openapi());
    doc.merge(catalog::routes::CatalogApi::openapi());
    doc.merge(collections::routes::CollectionsApi::openapi());
    doc.merge(configuration::routes::ConfigurationApi::openapi());
    doc.merge(curation::routes::CurationApi::openapi());
    doc.merge(favorites::routes::FavoritesApi::openapi());
    doc.merge(import::routes::ImportApi::openapi());
    doc.merge(pools::routes::PoolsApi::openapi());
    doc.merge(search::routes::SearchApi::openapi());
    doc.merge(statistics::routes::StatisticsApi::openapi());
    doc.merge(wear::routes::WearApi::openapi());
    doc
}

/// The whole application with its middleware; used by `desen serve` and by the tests alike.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .wrap(Compress::default())
        .wrap(from_fn(cross_origin))
        .wrap(from_fn(page_policy))
        .wrap(security_headers())
        .wrap(from_fn(request_id_header))
        .wrap(TracingLogger::default())
        .configure(configure(state))
}

/// The general settings before an admin saves any: this process's configuration.
fn general_defaults(state: &AppState) -> configuration::Defaults {
    use configuration::{ClientConfiguration, GeneralSettings};
    let cad = &state.cad.settings;
    let shipped = GeneralSettings::default();
    configuration::Defaults(GeneralSettings {
        client: ClientConfiguration {
            ai_search: state.similar.for_customers,
            cad_selection: cad.selection,
            cad_download_all: cad.download_all,
            export: cad.export,
            upload_base: state.upload_base.clone(),
            ..shipped.client
        },
        studio_mail: state.favorites.studio_mail.clone().unwrap_or_default(),
        cad_company_codes: cad.company_codes.clone(),
        cad_formats: cad.formats.clone(),
    })
}

/// Composes the routes and shared data.
fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let static_dir = state.static_dir.clone();
        cfg.app_data(web::Data::new(state.pool.clone()))
            .app_data(web::Data::new(state.accounts.clone()))
            .app_data(web::Data::new(state.accounts.recorder.clone()))
            .app_data(web::Data::new(state.storage.clone()))
            .app_data(web::Data::new(state.import.clone()))
            .app_data(web::Data::new(state.import_waker.clone()))
            .app_data(web::Data::from(state.search_cache.clone()))
            .app_data(web::Data::from(state.similar.clone()))
            .app_data(web::Data::from(state.boards_cache.clone()))
            .app_data(web::Data::new(state.favorites.clone()))
            .app_data(web::Data::new(state.cad.clone()))
            .app_data(web::Data::new(general_defaults(&state)))
            .app_data(web::Data::from(state.views.clone()))
            .app_data(web::Data::new(state.clone()))
            .app_data(web_api::form_config())
            .app_data(web_api::json_config())
            .app_data(web_api::path_config())
            .app_data(web_api::query_config())
            .service(
                web::scope("/service")
                    .wrap(from_fn(admin_area_guard))
                    .wrap(from_fn(web_api::refuse_nul))
                    .route("/health", web::get().to(health))
                    .route("/openapi.json", web::get().to(openapi_json))
                    .configure(accounts::routes::configure)
                    .configure(cad::routes::configure)
                    .configure(catalog::routes::configure)
                    .configure(collections::routes::configure)
                    .configure(configuration::routes::configure)
                    .configure(curation::routes::configure)
                    .configure(favorites::routes::configure)
                    .configure(import::routes::configure)
                    .configure(pools::routes::configure)
                    .configure(search::routes::configure)
                    .configure(statistics::routes::configure)
                    .configure(wear::routes::configure)
                    .configure(images::configure)
                    .default_service(web::to(unknown_route)),
            )
            // The app's page at / and at every client-side route (the history fallback), with the
            // studio's configuration in it; every other path is a file of the built app.
            .route("/", web::get().to(app_page))
            .route("/", web::head().to(app_page))
            .service(
                actix_files::Files::new("/", static_dir)
                    .use_etag(true)
                    .default_handler(web::to(app_page)),
            );
    }
}

/// Headers every answer carries (docs/SECURITY.md): no MIME sniffing, no framing
/// (`X-Frame-Options` and `frame-ancestors`), no referrer to other sites, and a CSP the built app
/// passes: scripts only from this origin (the route-preload script is a file, not inline: the
/// webpack `RoutePreloadPlugin`), inline styles (MUI's emotion injects `<style>`) and data:
/// images (the TOTP QR code), nothing from elsewhere.
fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()",
        ))
        .add((header::CONTENT_SECURITY_POLICY, content_policy("", "")))
}

/// The Content-Security-Policy: this server only, plus the content image server (for images)
/// and the upload server (for requests) when the general settings name them.
fn content_policy(image_base: &str, upload_base: &str) -> String {
    let extra = |base: &str| match base {
        "" => String::new(),
        base => format!(" {}", origin(base)),
    };
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{}; connect-src 'self'{}; font-src 'self' data:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        extra(image_base),
        extra(upload_base)
    )
}

/// The web app's page gets the policy of the settings in force (admins change the content image
/// and upload servers at run time, on every instance), read when the page is loaded; `app_page`
/// sets it from its own read, which is left as it is.
async fn page_policy(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let defaults = req
        .app_data::<web::Data<configuration::Defaults>>()
        .cloned();
    let mut response = next.call(req).await?;
    let is_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    let has_policy = response
        .headers()
        .contains_key(header::CONTENT_SECURITY_POLICY);
    if let (true, false, Some(state), Some(defaults)) = (is_page, has_policy, state, defaults) {
        let settings = web::block(move || {
            let mut conn = state.pool.get().ok()?;
            configuration::service::current(&mut conn, &defaults).ok()
        })
        .await
        .ok()
        .flatten();
        if let Some(client) = settings.map(|s| s.client)
            && let Ok(policy) = HeaderValue::from_str(&content_policy(
                &client.content_image_base,
                &client.upload_base,
            ))
        {
            response
                .headers_mut()
                .insert(header::CONTENT_SECURITY_POLICY, policy);
        }
    }
    Ok(response)
}

/// An origin as browsers send it: scheme, host and port, no path or trailing slash.
fn origin(address: &str) -> String {
    match url::Url::parse(address.trim()) {
        Ok(url) => url.origin().ascii_serialization(),
        Err(_) => address.trim().trim_end_matches('/').to_owned(),
    }
}

/// Lets the web app of another of the studio's `desen` instances call this one, so that uploads
/// can go to an instance next to the file server (spec section 5's "separate local API base").
/// Only the configured origins, and only with the `Access-Token` header: no cookie is allowed
/// across origins, so no other site gains anything. Requests from anywhere else pass untouched.
async fn cross_origin(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let allowed = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|origin| origin.to_str().ok())
        .filter(|origin| {
            req.app_data::<web::Data<AppState>>()
                .is_some_and(|state| state.allowed_origins.iter().any(|o| o == origin))
        })
        .and_then(|origin| HeaderValue::from_str(origin).ok());
    let Some(origin) = allowed else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    };
    let with_origin = |headers: &mut header::HeaderMap| {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    };
    if req.method() == actix_web::http::Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
    {
        let mut answer = HttpResponse::NoContent();
        answer
            .insert_header((
                header::ACCESS_CONTROL_ALLOW_METHODS,
                "GET, POST, PUT, PATCH, DELETE",
            ))
            .insert_header((
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                "Access-Token, Content-Type",
            ))
            .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"));
        let mut answer = answer.finish();
        with_origin(answer.headers_mut());
        return Ok(req.into_response(answer).map_into_right_body());
    }
    let mut response = next.call(req).await?;
    with_origin(response.headers_mut());
    Ok(response.map_into_left_body())
}

/// The staff's operations outside `/service/admin/` (the import's steps, editing and deleting
/// designs, ...), by method and route pattern, as the route table documents them
/// (`security(("accessToken" = ["admin"]))`).
static STAFF_OPERATIONS: std::sync::LazyLock<std::collections::HashSet<(String, String)>> =
    std::sync::LazyLock::new(|| {
        let doc = openapi();
        let mut staff = std::collections::HashSet::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, operation) in item.as_object().into_iter().flatten() {
                let admin = operation["security"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(serde_json::Value::as_object)
                    .flat_map(|requirement| requirement.values())
                    .any(|scopes| {
                        scopes
                            .as_array()
                            .is_some_and(|s| s.contains(&"admin".into()))
                    });
                if admin {
                    staff.insert((method.to_uppercase(), path.clone()));
                }
            }
        }
        staff
    });

/// Every route under `/service/admin/`, and every other operation the route table gives to the
/// staff, answers only an admin past the second factor, checked before the handler reads its
/// body: a new admin route cannot forget the check, and a malformed form tells an outsider
/// nothing. (Handlers still take the `Admin` extractor for the session.)
async fn admin_area_guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let staff = req.path().starts_with("/service/admin/")
        || req.request().match_pattern().is_some_and(|pattern| {
            STAFF_OPERATIONS.contains(&(req.method().as_str().to_owned(), pattern))
        });
    if staff
        && let Err(refused) =
            <accounts::Admin as actix_web::FromRequest>::extract(req.request()).await
    {
        let answer = actix_web::ResponseError::error_response(&refused);
        return Ok(req.into_response(answer).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Copies the request id of the tracing span into an `X-Request-Id` answer header, so that a user's
/// report can be matched with the log.
async fn request_id_header(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .extensions()
        .get::<tracing_actix_web::RequestId>()
        .map(|id| id.to_string());
    let mut response = next.call(req).await?;
    if let Some(value) = id.and_then(|id| HeaderValue::from_str(&id).ok()) {
        response
            .headers_mut()
            .insert(header::HeaderName::from_static("x-request-id"), value);
    }
    Ok(response)
}

#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Health {
    status: &'static str,
    database: &'static str,
    sessions: &'static str,
    /// "ready" once colour search's palette index is read (in the background at start-up);
    /// "not ready" while it loads or when `palette_index` is off: typed colours are then scored
    /// in the database.
    palette_index: &'static str,
}

/// Liveness and database reachability.
#[utoipa::path(get, path = "/service/health", responses((status = 200, body = Health), (status = 503, body = Health)))]
async fn health(state: web::Data<AppState>) -> HttpResponse {
    let pool = state.pool.clone();
    let database_ok = web::block(move || {
        use diesel::connection::SimpleConnection;
        pool.get()
            .ok()
            .is_some_and(|mut conn| conn.batch_execute("SELECT 1").is_ok())
    })
    .await
    .unwrap_or(false);
    let body = Health {
        status: if database_ok { "ok" } else { "degraded" },
        database: if database_ok { "ok" } else { "unreachable" },
        sessions: state.sessions_backend,
        palette_index: if state.search_cache.palette().is_loaded() {
            "ready"
        } else {
            "not ready"
        },
    };
    if database_ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

/// This document.
#[utoipa::path(get, path = "/service/openapi.json", responses((status = 200, description = "the OpenAPI 3.1 document of every route", content_type = "application/json", body = Object)))]
async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(openapi())
}

async fn unknown_route() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(
        ErrorKind::NotFound,
        "not_found",
        "no such route",
    ))
}

/// The web app's page (`index.html`) at / and at any path that is not a file (a client-side
/// route), with the client configuration (`GET /service/get/configuration`) in it as a JSON data
/// block: the app's first search needs it, and reading it from the page saves the round trip
/// that came before that search on every cold load (docs/API.md). A data block is not a script,
/// so `script-src 'self'` still holds; `<`, `>` and `&` are escaped in it, so no setting an
/// admin saves can close the block. The page's policy follows the same read (`page_policy`).
async fn app_page(
    state: web::Data<AppState>,
    defaults: web::Data<configuration::Defaults>,
) -> HttpResponse {
    let index = state.static_dir.join("index.html");
    let read = web::block(move || {
        let page = std::fs::read_to_string(index).ok()?;
        let client = state
            .pool
            .get()
            .ok()
            .and_then(|mut conn| configuration::service::current(&mut conn, &defaults).ok())
            .map(|settings| settings.client);
        Some((page, client))
    })
    .await
    .ok()
    .flatten();
    let Some((page, client)) = read else {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The web app is not built yet: run `just build-frontend`.");
    };
    let mut response = HttpResponse::Ok();
    response
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    let Some(client) = client else {
        // The database does not answer: the page as built; the app asks for the configuration.
        return response.body(page);
    };
    if let Ok(policy) = HeaderValue::from_str(&content_policy(
        &client.content_image_base,
        &client.upload_base,
    )) {
        response.insert_header((header::CONTENT_SECURITY_POLICY, policy));
    }
    response.body(with_configuration(&page, &client))
}

/// `page` with `client` as `<script id="desen-configuration" type="application/json">` before
/// `</head>` (the page as it is without one).
fn with_configuration(page: &str, client: &configuration::ClientConfiguration) -> String {
    let Ok(json) = serde_json::to_string(client) else {
        return page.to_owned();
    };
    // Outside strings JSON has none of these characters; inside, the escapes read the same.
    let json = json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    match page.find("</head>") {
        Some(at) => format!(
            "{}<script id=\"desen-configuration\" type=\"application/json\">{json}</script>{}",
            &page[..at],
            &page[at..]
        ),
        None => page.to_owned(),
    }
}
