//! Wear routes: the admins' wear models (`/admin/wears/…`), the design page's models and renders
//! (`/wear/…`), and the colorway's fabric and repeated views (`/design/fabric/…`,
//! `/design/repeat/…`). Extract, call the service or the views on the blocking pool, answer.
//! Every picture route checks the viewer may see the design (and the model) first.

use crate::ViewCache;
use crate::dto::*;
use crate::error::WearError;
use crate::files::MAX_IMAGE_BYTES;
use crate::service::{self, WearForm};
use crate::views::{self, FabricAsk};
use accounts::{Admin, ImageViewer, SignedIn};
use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use db::DbPool;
use futures::TryStreamExt;
use serde::Deserialize;
use storage::Storage;
use utoipa::{IntoParams, ToSchema};
use web_api::{ApiError, DeletedAnswer, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/wears/get-all", web::post().to(all_models))
        .route("/admin/wears/set-state", web::post().to(set_state))
        .route("/admin/wears", web::put().to(create))
        .route("/admin/wears/{guid}", web::patch().to(edit))
        .route("/admin/wears/{guid}", web::delete().to(delete))
        .route("/wear/get-models", web::post().to(models))
        .route("/wear/thumbnail/{guid}", web::get().to(thumbnail))
        .route(
            "/wear/render/{wear}/{design}/{colorway}",
            web::get().to(render),
        )
        .route("/design/fabric/{design}/{colorway}", web::get().to(fabric))
        .route("/design/repeat/{design}/{colorway}", web::get().to(repeat))
        .route(
            "/design/repeat/{design}/{colorway}/{version}/image.dzi",
            web::get().to(repeat_descriptor),
        )
        .route(
            "/design/repeat/{design}/{colorway}/{version}/image_files/{level}/{tile}",
            web::get().to(repeat_tile),
        );
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        all_models,
        set_state,
        create,
        edit,
        delete,
        models,
        thumbnail,
        render,
        fabric,
        repeat,
        repeat_descriptor,
        repeat_tile
    ),
    components(schemas(WearModelAnswer, WearLabel, WearNames, StateForm, RepeatView))
)]
pub struct WearApi;

type Pool = web::Data<DbPool>;
type Files = web::Data<Storage>;
type Cache = web::Data<ViewCache>;

#[derive(Debug, Deserialize, IntoParams)]
struct LanguageQuery {
    /// `tr`, `en` or `ru` (the web app's language); the account's language otherwise.
    language: Option<String>,
}

/// A picture that changes when `etag` does: revalidated each time, answered 304 when unchanged.
fn picture(req: &HttpRequest, etag: &str, bytes: impl FnOnce() -> Vec<u8>) -> HttpResponse {
    let etag = format!("\"{etag}\"");
    let cache = HeaderValue::from_static("private, no-cache");
    if web_api::if_none_match(req, &etag) {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, cache))
            .finish();
    }
    HttpResponse::Ok()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, cache))
        .content_type("image/jpeg")
        .body(bytes())
}

/// A picture whose URL names its version: kept for good when it is the current one.
fn versioned(body: Vec<u8>, content_type: &str, current: bool) -> HttpResponse {
    let cache = if current {
        "private, max-age=31536000, immutable"
    } else {
        "private, no-cache"
    };
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)))
        .content_type(content_type.to_owned())
        .body(body)
}

// ---- admin ------------------------------------------------------------------------------------

/// Every wear model, enabled or not, with its three names.
#[utoipa::path(post, path = "/service/admin/wears/get-all", security(("accessToken" = ["admin"])), params(LanguageQuery),
    responses((status = 200, body = Vec<WearModelAnswer>), (status = 403, body = ApiError)))]
async fn all_models(
    Admin(session): Admin,
    pool: Pool,
    query: web::Query<LanguageQuery>,
) -> Result<HttpResponse, ApiError> {
    let language = session.language(query.language.as_deref());
    let answer = blocking(move || service::all_models(&mut *pool.get()?, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Shows (`isEnabled=true`) or hides a model in the online archive.
#[utoipa::path(post, path = "/service/admin/wears/set-state", security(("accessToken" = ["admin"])), request_body(content = StateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "`{wearGuid, isEnabled}`"), (status = 404, body = ApiError)))]
async fn set_state(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<StateForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let form = form.into_inner();
    let enabled = web_api::flag(Some(&form.is_enabled), "isEnabled")
        .map_err(WearError::InvalidForm)?
        .ok_or(WearError::InvalidForm("isEnabled"))?;
    let guid = form.wear_guid.clone();
    blocking(move || service::set_state(&mut *pool.get()?, &actor, &guid, enabled)).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "wearGuid": form.wear_guid, "isEnabled": enabled })))
}

/// Reads one uploaded field of at most `max` bytes; `name` is the field a refusal names.
async fn field_bytes(
    field: &mut actix_multipart::Field,
    max: u64,
    name: &'static str,
) -> Result<Vec<u8>, WearError> {
    web_api::field_bytes(field, max).await.map_err(|e| match e {
        web_api::FieldError::Interrupted => WearError::UploadInterrupted,
        web_api::FieldError::TooLarge(max) => {
            WearError::ImageTooLarge(name, format!("{max} bytes"))
        }
    })
}

/// The multipart form of a create or an edit: names, order, width, labels, state, images.
async fn read_form(mut payload: Multipart) -> Result<WearForm, WearError> {
    let mut form = WearForm::default();
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|_| WearError::UploadInterrupted)?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let image = match name.as_str() {
            "garment" => Some(("garment", &mut form.upload.garment)),
            "mask" => Some(("mask", &mut form.upload.mask)),
            "shading" => Some(("shading", &mut form.upload.shading)),
            "displacement" => Some(("displacement", &mut form.upload.displacement)),
            _ => None,
        };
        if let Some((field_name, slot)) = image {
            let bytes = field_bytes(&mut field, MAX_IMAGE_BYTES, field_name).await?;
            // An empty file input is no file.
            *slot = (!bytes.is_empty()).then_some(bytes);
            continue;
        }
        let bytes = field_bytes(&mut field, 8 << 10, "form")
            .await
            .map_err(|_| WearError::InvalidForm("form"))?;
        let text = String::from_utf8(bytes).map_err(|_| WearError::InvalidForm("form"))?;
        let trimmed = text.trim();
        match name.as_str() {
            "nameTr" => form.name_tr = Some(text),
            "nameEn" => form.name_en = Some(text),
            "nameRu" => form.name_ru = Some(text),
            "wearOrder" if !trimmed.is_empty() => {
                form.wear_order = Some(
                    trimmed
                        .parse()
                        .map_err(|_| WearError::InvalidForm("wearOrder"))?,
                )
            }
            "widthCm" if !trimmed.is_empty() => {
                form.width_cm = Some(
                    trimmed
                        .replace(',', ".")
                        .parse()
                        .map_err(|_| WearError::InvalidForm("widthCm"))?,
                )
            }
            "labelIds" => {
                form.label_ids = Some(
                    trimmed
                        .split(',')
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .map(|t| t.parse().map_err(|_| WearError::InvalidForm("labelIds")))
                        .collect::<Result<_, _>>()?,
                )
            }
            "isEnabled" => {
                form.is_enabled =
                    web_api::flag(Some(&text), "isEnabled").map_err(WearError::InvalidForm)?
            }
            _ => {}
        }
    }
    Ok(form)
}

/// The multipart form of a wear model (a create needs the names, `widthCm`, `garment` and `mask`).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct WearUpload {
    /// Not blank, at most 80 characters; the same for `nameEn` and `nameRu`.
    #[schema(max_length = 80, pattern = r"\S")]
    name_tr: Option<String>,
    #[schema(max_length = 80, pattern = r"\S")]
    name_en: Option<String>,
    #[schema(max_length = 80, pattern = r"\S")]
    name_ru: Option<String>,
    /// 0 to 100,000: the place in the wear picker.
    #[schema(value_type = Option<String>, pattern = "^ *(100000|[0-9]{1,5})? *$")]
    wear_order: Option<String>,
    /// The garment image's real width in cm, 5 to 500 (`,` or `.` decimals).
    #[schema(value_type = Option<String>, pattern = "^ *(500([.,]0{1,6})?|([5-9]|[1-9][0-9]|[1-4][0-9]{2})([.,][0-9]{1,6})?)? *$")]
    width_cm: Option<String>,
    /// Label ids, comma-separated.
    #[schema(value_type = Option<String>, pattern = "^ *([0-9]{1,9}( *, *[0-9]{1,9})*)? *$")]
    label_ids: Option<String>,
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    is_enabled: Option<String>,
    #[schema(value_type = Option<String>, format = Binary)]
    garment: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    mask: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    shading: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    displacement: Option<Vec<u8>>,
}

/// What a new model needs of the form it shares with the edit (the gateway narrows the document's
/// body of `PUT /admin/wears` with it): the three names, the real width, the garment and its
/// mask.
pub const BODY_RULES: &[(&str, &str, &str)] = &[(
    "put",
    "/service/admin/wears",
    r#"{"required": ["nameTr", "nameEn", "nameRu", "widthCm", "garment", "mask"], "properties": {"widthCm": {"pattern": "\\S"}, "garment": {"minLength": 1}, "mask": {"minLength": 1}}}"#,
)];

/// Creates a model: `nameTr`, `nameEn`, `nameRu`, `widthCm` (the garment image's real width),
/// `garment` and `mask` images, optionally `shading`, `displacement`, `wearOrder`, `labelIds`
/// (comma-separated) and `isEnabled`.
#[utoipa::path(put, path = "/service/admin/wears", security(("accessToken" = ["admin"])), params(LanguageQuery), request_body(content = WearUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = WearModelAnswer), (status = 400, body = ApiError), (status = 409, body = ApiError), (status = 413, body = ApiError)))]
async fn create(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    query: web::Query<LanguageQuery>,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let language = session.language(query.language.as_deref());
    let form = read_form(payload).await?;
    let answer =
        blocking(move || service::create(&mut *pool.get()?, &files, &actor, form, language))
            .await?;
    Ok(HttpResponse::Created().json(answer))
}

/// Edits a model: the fields sent; new images when `garment` (with its `mask`) is sent.
#[utoipa::path(patch, path = "/service/admin/wears/{guid}", security(("accessToken" = ["admin"])), params(("guid" = String, Path), LanguageQuery), request_body(content = WearUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = WearModelAnswer), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn edit(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    path: web::Path<String>,
    query: web::Query<LanguageQuery>,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let language = session.language(query.language.as_deref());
    let guid = path.into_inner();
    let form = read_form(payload).await?;
    let answer =
        blocking(move || service::edit(&mut *pool.get()?, &files, &actor, &guid, form, language))
            .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Deletes a model with its files and renders.
#[utoipa::path(delete, path = "/service/admin/wears/{guid}", security(("accessToken" = ["admin"])), params(("guid" = String, Path)),
    responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn delete(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let guid = path.into_inner();
    blocking(move || service::delete(&mut *pool.get()?, &files, &actor, &guid)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

// ---- design page --------------------------------------------------------------------------------

/// The models the design page offers: enabled ones, and for a pooled user only their pool's.
#[utoipa::path(post, path = "/service/wear/get-models", security(("accessToken" = [])), params(LanguageQuery), responses((status = 200, body = Vec<WearModelAnswer>)))]
async fn models(
    SignedIn(session): SignedIn,
    pool: Pool,
    query: web::Query<LanguageQuery>,
) -> Result<HttpResponse, ApiError> {
    let language = session.language(query.language.as_deref());
    let viewer = session.viewer();
    let answer =
        blocking(move || service::models_for(&mut *pool.get()?, &viewer, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
struct VersionQuery {
    v: Option<String>,
}

/// A model's thumbnail, for a viewer who may use the model.
#[utoipa::path(get, path = "/service/wear/thumbnail/{guid}", security(("accessToken" = []), ("imageCookie" = [])), params(("guid" = String, Path), VersionQuery),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn thumbnail(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    path: web::Path<String>,
    query: web::Query<VersionQuery>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let guid = path.into_inner();
    let (bytes, version) = blocking(move || {
        let model = service::usable_model(&mut *pool.get()?, &viewer, &guid)?;
        Ok::<_, WearError>((
            crate::files::thumbnail(&files, &model.image_key)?,
            model.version().to_owned(),
        ))
    })
    .await?;
    Ok(versioned(
        bytes,
        "image/jpeg",
        query.v.as_deref() == Some(version.as_str()),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
struct RenderQuery {
    /// Long side in pixels: 512, 1024 or 2048 (the default).
    size: Option<u32>,
}

/// The colorway worn by the model at true scale, with its repeat. Made once, then kept.
#[utoipa::path(get, path = "/service/wear/render/{wear}/{design}/{colorway}", security(("accessToken" = []), ("imageCookie" = [])), params(("wear" = String, Path), ("design" = String, Path), ("colorway" = String, Path), RenderQuery),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn render(
    req: HttpRequest,
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    cache: Cache,
    path: web::Path<(String, String, String)>,
    query: web::Query<RenderQuery>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (wear, design, colorway) = path.into_inner();
    let size = query.size.unwrap_or(2048);
    let (model, shown) = blocking(move || {
        let conn = &mut *pool.get()?;
        // The design first: an invisible design answers like a missing one whatever the model.
        let shown = views::shown_colorway(conn, &viewer, &design, &colorway)?;
        Ok::<_, WearError>((service::usable_model(conn, &viewer, &wear)?, shown))
    })
    .await?;
    let etag = format!(
        "{}-{}-{}-{size}",
        model.version(),
        imaging::render::urls::version_of(&shown.renditions_key),
        shown.repeat_code(false)
    );
    let bytes = blocking(move || views::wear_render(&files, &cache, &shown, &model, size)).await?;
    Ok(picture(&req, &etag, || bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
struct FabricQuery {
    /// Fabric width in cm (the 75 and 150 cm views; a screen's width for print size).
    #[param(minimum = 1.0, maximum = 400.0)]
    width_cm: f64,
    /// Fabric length in cm (at least 100 for the fabric views).
    #[param(minimum = 1.0, maximum = 1000.0)]
    length_cm: f64,
    /// Pixels per cm of the picture.
    #[param(minimum = 0.5, maximum = 200.0)]
    px_per_cm: f64,
    /// `true` mirrors every other copy.
    mirror: Option<bool>,
}

/// The colorway repeated on fabric `widthCm` wide and `lengthCm` long at `pxPerCm`, from the
/// left selvedge: the 75 and 150 cm views and print size. At most 4096 px a side, 12 MP.
#[utoipa::path(get, path = "/service/design/fabric/{design}/{colorway}", security(("accessToken" = []), ("imageCookie" = [])), params(("design" = String, Path), ("colorway" = String, Path), FabricQuery),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 413, body = ApiError)))]
async fn fabric(
    req: HttpRequest,
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    cache: Cache,
    path: web::Path<(String, String)>,
    query: web::Query<FabricQuery>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway) = path.into_inner();
    let ask = FabricAsk {
        width_cm: query.width_cm,
        length_cm: query.length_cm,
        px_per_cm: query.px_per_cm,
        mirror: query.mirror.unwrap_or(false),
    };
    ask.size()?;
    let shown =
        blocking(move || views::shown_colorway(&mut *pool.get()?, &viewer, &design, &colorway))
            .await?;
    let etag = format!(
        "{}-{}-{}x{}@{}",
        imaging::render::urls::version_of(&shown.renditions_key),
        shown.repeat_code(ask.mirror),
        ask.width_cm,
        ask.length_cm,
        ask.px_per_cm
    );
    let bytes = blocking(move || views::fabric_jpeg(&files, &cache, &shown, &ask)).await?;
    Ok(picture(&req, &etag, || bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
struct MirrorQuery {
    mirror: Option<bool>,
}

/// The repeated view: the plane's DZI, its copies and shift, and for staff the seam check.
#[utoipa::path(get, path = "/service/design/repeat/{design}/{colorway}", security(("accessToken" = [])), params(("design" = String, Path), ("colorway" = String, Path), MirrorQuery),
    responses((status = 200, body = RepeatView), (status = 404, body = ApiError)))]
async fn repeat(
    SignedIn(session): SignedIn,
    pool: Pool,
    files: Files,
    cache: Cache,
    path: web::Path<(String, String)>,
    query: web::Query<MirrorQuery>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway) = path.into_inner();
    let mirror = query.mirror.unwrap_or(false);
    let answer = blocking(move || {
        let shown = views::shown_colorway(&mut *pool.get()?, &viewer, &design, &colorway)?;
        views::repeat_view(&files, &cache, &shown, mirror)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .json(answer))
}

/// The repeated plane's DZI descriptor.
#[utoipa::path(get, path = "/service/design/repeat/{design}/{colorway}/{version}/image.dzi", security(("accessToken" = []), ("imageCookie" = [])), params(("design" = String, Path), ("colorway" = String, Path), ("version" = String, Path)),
    responses((status = 200, content_type = "application/xml", body = String), (status = 404, body = ApiError)))]
async fn repeat_descriptor(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway, version) = path.into_inner();
    let mirror = views::mirror_of(&version);
    let shown =
        blocking(move || views::shown_colorway(&mut *pool.get()?, &viewer, &design, &colorway))
            .await?;
    let current = shown.repeat_version(mirror) == version;
    Ok(versioned(
        views::repeat_descriptor(&shown, mirror).into_bytes(),
        "application/xml",
        current,
    ))
}

/// A tile of the repeated plane.
#[utoipa::path(get, path = "/service/design/repeat/{design}/{colorway}/{version}/image_files/{level}/{tile}", security(("accessToken" = []), ("imageCookie" = [])), params(("design" = String, Path), ("colorway" = String, Path), ("version" = String, Path), ("level" = u32, Path, maximum = 40), ("tile" = String, Path, pattern = "^[0-9]{1,7}_[0-9]{1,7}\\.jpg$", description = "`{col}_{row}.jpg`, each under 2^20")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn repeat_tile(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    cache: Cache,
    path: web::Path<(String, String, String, u32, String)>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway, version, level, tile) = path.into_inner();
    let (col, row) = imaging::render::names::tile_position(&tile)
        .filter(|(c, r)| level <= 40 && *c < 1 << 20 && *r < 1 << 20)
        .ok_or(WearError::DesignNotFound)?;
    let mirror = views::mirror_of(&version);
    let (bytes, current) = blocking(move || {
        let shown = views::shown_colorway(&mut *pool.get()?, &viewer, &design, &colorway)?;
        let current = shown.repeat_version(mirror) == version;
        let bytes = views::repeat_tile(&files, &cache, &shown, mirror, level, col, row)?;
        Ok::<_, WearError>((bytes, current))
    })
    .await?;
    Ok(versioned(bytes, "image/jpeg", current))
}
