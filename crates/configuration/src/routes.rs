//! `GET /get/configuration` (anyone), `GET` and `PUT /admin/settings/general` (admins).

use crate::banners::{self, MAX_BANNER_BYTES, Size, Uploaded};
use crate::error::ConfigurationError;
use crate::service;
use crate::settings::{Banner, ClientConfiguration, Defaults, GeneralSettings, ParameterName};
use accounts::{Admin, ImageViewer};
use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};
use db::DbPool;
use futures::TryStreamExt;
use storage::Storage;
use utoipa::ToSchema;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/get/configuration", web::get().to(configuration))
        .route("/admin/settings/general", web::get().to(general))
        .route("/admin/settings/general", web::put().to(save_general))
        .route("/admin/settings/banners", web::post().to(upload_banner))
        .route("/banner/{id}/{size}", web::get().to(banner));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(configuration, general, save_general, upload_banner, banner),
    components(schemas(ClientConfiguration, GeneralSettings, ParameterName, Banner, Uploaded))
)]
pub struct ConfigurationApi;

type Pool = web::Data<DbPool>;
type Files = web::Data<Storage>;

/// The configuration the web app reads: switches, archive defaults, parameter names.
#[utoipa::path(get, path = "/service/get/configuration", responses((status = 200, body = ClientConfiguration)))]
async fn configuration(
    pool: Pool,
    defaults: web::Data<Defaults>,
) -> Result<HttpResponse, ApiError> {
    let settings = blocking(move || service::current(&mut *pool.get()?, &defaults)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(settings.client))
}

/// Every general setting in force.
#[utoipa::path(get, path = "/service/admin/settings/general", security(("accessToken" = ["admin"])),
    responses((status = 200, body = GeneralSettings), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn general(
    _: Admin,
    pool: Pool,
    defaults: web::Data<Defaults>,
) -> Result<HttpResponse, ApiError> {
    let settings = blocking(move || service::current(&mut *pool.get()?, &defaults)).await?;
    Ok(HttpResponse::Ok().json(settings))
}

/// What a save asks of the settings beyond their schemas (the gateway narrows the document's body
/// with it; the schemas also describe answers, where a banner's title may be empty): each
/// parameter named in every language, CAD company codes not blank, CAD formats 1 to 3, each once.
pub const BODY_RULES: &[(&str, &str, &str)] = &[(
    "put",
    "/service/admin/settings/general",
    r#"{"properties": {
        "parameterNames": {"items": {"properties": {
            "tr": {"pattern": "\\S", "maxLength": 60},
            "en": {"pattern": "\\S", "maxLength": 60},
            "ru": {"pattern": "\\S", "maxLength": 60}}}},
        "cadCompanyCodes": {"items": {"pattern": "\\S", "maxLength": 50}},
        "cadFormats": {"uniqueItems": true, "items": {"minimum": 1, "maximum": 3}}}}"#,
)];

/// Saves every general setting; applies at once on every instance; audited.
#[utoipa::path(put, path = "/service/admin/settings/general", security(("accessToken" = ["admin"])), request_body = GeneralSettings,
    responses((status = 200, body = GeneralSettings), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn save_general(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    defaults: web::Data<Defaults>,
    settings: web::Json<GeneralSettings>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let settings = settings.into_inner();
    let saved =
        blocking(move || service::save(&mut *pool.get()?, &files, &actor, &defaults, settings))
            .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// The multipart form of a banner upload.
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct BannerUpload {
    /// JPEG, PNG or WebP, at most 20 MB and 40 megapixels.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Uploads a banner image (multipart field `file`: JPEG, PNG or WebP, at most 20 MB and 40
/// megapixels); a banner naming it is then saved with the general settings.
#[utoipa::path(post, path = "/service/admin/settings/banners", security(("accessToken" = ["admin"])), request_body(content = BannerUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Uploaded), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 413, body = ApiError)))]
async fn upload_banner(
    _: Admin,
    files: Files,
    mut payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut bytes = None;
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|_| ConfigurationError::UploadInterrupted)?
    {
        if field.name() == Some("file") {
            bytes = Some(
                web_api::field_bytes(&mut field, MAX_BANNER_BYTES)
                    .await
                    .map_err(|e| match e {
                        web_api::FieldError::Interrupted => ConfigurationError::UploadInterrupted,
                        web_api::FieldError::TooLarge(max) => {
                            ConfigurationError::PhotoTooLarge(format!("{max} bytes"))
                        }
                    })?,
            );
        }
    }
    let bytes = bytes.ok_or(ConfigurationError::InvalidForm("file"))?;
    let uploaded = blocking(move || banners::upload(&files, &bytes)).await?;
    Ok(HttpResponse::Ok().json(uploaded))
}

/// A banner's image (`thumb` or `large`), for a signed-in user.
#[utoipa::path(get, path = "/service/banner/{id}/{size}", security(("accessToken" = []), ("imageCookie" = [])), params(("id" = String, Path), ("size" = String, Path, pattern = "^(thumb|large)$", description = "thumb or large")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn banner(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    defaults: web::Data<Defaults>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, size) = path.into_inner();
    let size = Size::parse(&size).ok_or(ConfigurationError::BannerNotFound)?;
    let viewer = session.viewer();
    let admin = viewer.is_admin && viewer.second_factor_validated;
    let bytes =
        blocking(move || banners::image(&mut *pool.get()?, &files, &defaults, &id, size, admin))
            .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, max-age=31536000, immutable"),
        ))
        .content_type("image/jpeg")
        .body(bytes))
}
