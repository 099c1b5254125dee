//! CAD routes (spec section 7: `/cad/download`, `/cad/download-all`, plus the user's rights and
//! the download-all zips): extract, call the service on the blocking pool, answer. File routes
//! take the image cookie as well as the header, so a plain link can fetch a finished zip.

use crate::dto::*;
use crate::error::CadError;
use crate::export::SheetFormat;
use crate::files::Workshop;
use crate::model::RecordKind;
use crate::service::{self, Downloader};
use crate::settings::CadSettings;
use accounts::{CurrentSession, ImageViewer, SignedIn};
use actix_files::NamedFile;
use actix_web::http::header::{
    self, ContentDisposition, DispositionParam, DispositionType, HeaderValue,
};
use actix_web::{HttpRequest, HttpResponse, web};
use db::DbPool;
use desen_core::background::Waker;
use favorites::service::Owner;
use web_api::{ApiError, blocking};

/// What the CAD routes share.
#[derive(Clone)]
pub struct CadContext {
    pub settings: CadSettings,
    pub workshop: Workshop,
    /// Wakes the zip builders when a download-all is queued.
    pub waker: Waker,
    /// Where downloads and exports are recorded, off the request path.
    pub recorder: usage::Recorder,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/cad/rights", web::get().to(rights))
        .route("/cad/download", web::post().to(download))
        .route("/cad/download-all", web::post().to(download_all))
        .route("/cad/export", web::post().to(export))
        .route(
            "/cad/export/search/{format}/{page}/{pageSize}",
            web::post().to(export_search),
        )
        .route("/cad/downloads/{id}", web::get().to(bundle))
        .route("/cad/downloads/{id}/file", web::get().to(bundle_file));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        rights,
        download,
        download_all,
        export,
        export_search,
        bundle,
        bundle_file
    ),
    components(schemas(
        RightsAnswer,
        FormatAnswer,
        BundleAnswer,
        DownloadForm,
        DownloadAllForm,
        ExportForm
    ))
)]
pub struct CadApi;

type Pool = web::Data<DbPool>;
type Context = web::Data<CadContext>;

fn downloader(session: &CurrentSession) -> Result<Downloader, ApiError> {
    Ok(Downloader {
        user: session.user_id()?,
        email: session.user.email.clone(),
        customer: session.user.customer_guid.clone(),
    })
}

/// What the signed-in user may do with CAD files: the UI shows only these buttons.
#[utoipa::path(get, path = "/service/cad/rights", security(("accessToken" = [])), responses((status = 200, body = RightsAnswer), (status = 401, body = ApiError)))]
async fn rights(
    SignedIn(session): SignedIn,
    pool: Pool,
    ctx: Context,
) -> Result<HttpResponse, ApiError> {
    let who = downloader(&session)?;
    let viewer = session.viewer();
    let answer = blocking(move || {
        let rights = service::rights(&mut *pool.get()?, &who, &viewer, &ctx.settings)?;
        Ok::<_, CadError>(rights.answer())
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A colorway's production file in the format `cadId` names (the first offered when blank):
/// for users of an admitted company and staff, for designs their pool shows.
#[utoipa::path(post, path = "/service/cad/download", security(("accessToken" = []), ("imageCookie" = [])), request_body(content = DownloadForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the file, as an attachment"), (status = 400, body = ApiError), (status = 401, body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn download(
    req: HttpRequest,
    ImageViewer(session): ImageViewer,
    pool: Pool,
    ctx: Context,
    views: web::Data<wear::ViewCache>,
    form: web::Form<DownloadForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let who = downloader(&session)?;
    let viewer = session.viewer();
    let made = blocking(move || {
        let mut conn = pool.get()?;
        let rights = service::rights(&mut conn, &who, &viewer, &ctx.settings)?;
        let format = rights.format(given(&form.cad_id))?;
        let design = given(&form.design_guid).ok_or(CadError::InvalidForm("designGuid"))?;
        let colorway = given(&form.colorway_guid).ok_or(CadError::InvalidForm("colorwayGuid"))?;
        let scope = pools::scope_of(&mut conn, &viewer)?;
        let piece = service::piece(&mut conn, &scope, design, colorway)?;
        let made = match given(&form.wear_guid) {
            // On a wear model: the render the design page shows, at its largest.
            Some(wear) => {
                let model = wear::service::usable_model(&mut conn, &viewer, wear)?;
                let shown = wear::views::shown_colorway(&mut conn, &viewer, design, colorway)?;
                drop(conn);
                let bytes = wear::views::wear_render(
                    &ctx.workshop.storage,
                    &views,
                    &shown,
                    &model,
                    WEAR_RENDER_SIZE,
                )?;
                Delivered::Worn {
                    name: format!(
                        "{}_{}.jpg",
                        piece.stem(),
                        crate::files::file_safe(&model.name_en)
                    ),
                    bytes,
                }
            }
            None => {
                drop(conn); // making a file may take a while
                Delivered::File(ctx.workshop.make(&piece, format)?)
            }
        };
        let (kind, bytes) = match &made {
            Delivered::Worn { bytes, .. } => ("jpg", bytes.len() as u64),
            Delivered::File(file) => (format.as_str(), file.bytes),
        };
        ctx.recorder.record(service::records(
            &who,
            &[(&piece.design, &piece.colorway, bytes)],
            kind,
            RecordKind::Download,
        ));
        Ok::<_, CadError>(made)
    })
    .await?;
    match made {
        Delivered::File(made) => attachment(&req, made.file, &made.name),
        Delivered::Worn { name, bytes } => Ok(HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(NO_STORE)))
            .insert_header((header::CONTENT_DISPOSITION, disposition(&name)))
            .content_type("image/jpeg")
            .body(bytes)),
    }
}

/// The long side of a colorway delivered on a wear model.
const WEAR_RENDER_SIZE: u32 = 2048;

/// What a download hands out: a production file, or the colorway worn by a wear model.
enum Delivered {
    File(crate::files::Made),
    Worn { name: String, bytes: Vec<u8> },
}

/// The colorways a design-or-list form names, as the user may see them, with a title: the
/// design's number or the list's name.
fn named_pieces(
    conn: &mut db::DbConnection,
    who: &Downloader,
    scope: &pools::Scope,
    design: Option<&str>,
    list: Option<&str>,
) -> Result<(String, Vec<crate::files::Piece>), CadError> {
    match (design, list) {
        (Some(design), None) => {
            let pieces = service::design_pieces(conn, scope, design)?;
            let number = pieces
                .first()
                .map_or(String::new(), |p| p.design.number.clone());
            Ok((number, pieces))
        }
        (None, Some(list)) => {
            let owner = Owner {
                user: &who.user,
                scope,
            };
            service::list_pieces(conn, &owner, list)
        }
        _ => Err(CadError::InvalidForm("designGuid")),
    }
}

/// What the routes ask of their forms beyond the forms' schemas (the gateway narrows the
/// document's bodies with them): a line sheet or a bundle is of a design or of a list, one of
/// the two; a sheet names its format.
pub const BODY_RULES: &[(&str, &str, &str)] = &[
    (
        "post",
        "/service/cad/export",
        r#"{"required": ["format"], "properties": {"format": {"pattern": "^ *([cC][sS][vV]|[pP][dD][fF]) *$"}}, "oneOf": [{"required": ["designGuid"], "properties": {"designGuid": {"pattern": "\\S"}}}, {"required": ["listId"], "properties": {"listId": {"pattern": "\\S"}}}]}"#,
    ),
    (
        "post",
        "/service/cad/download-all",
        r#"{"oneOf": [{"required": ["designGuid"], "properties": {"designGuid": {"pattern": "\\S"}}}, {"required": ["listId"], "properties": {"listId": {"pattern": "\\S"}}}]}"#,
    ),
];

/// A line sheet of a design's colorways (`designGuid`) or of one of the user's lists (`listId`)
/// as CSV or PDF (`format`), in the user's language, behind the "export" switch.
#[utoipa::path(post, path = "/service/cad/export", security(("accessToken" = [])), request_body(content = ExportForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the sheet, as an attachment"), (status = 400, body = ApiError), (status = 401, body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 413, body = ApiError)))]
async fn export(
    SignedIn(session): SignedIn,
    pool: Pool,
    ctx: Context,
    form: web::Form<ExportForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let who = downloader(&session)?;
    let viewer = session.viewer();
    let language = session.language(None);
    let (bytes, name, format) = blocking(move || {
        let mut conn = pool.get()?;
        let rights = service::rights(&mut conn, &who, &viewer, &ctx.settings)?;
        if !rights.export {
            return Err(CadError::SwitchedOff);
        }
        let format = given(&form.format)
            .and_then(SheetFormat::parse)
            .ok_or(CadError::InvalidForm("format"))?;
        let scope = pools::scope_of(&mut conn, &viewer)?;
        let (title, pieces) = named_pieces(
            &mut conn,
            &who,
            &scope,
            given(&form.design_guid),
            given(&form.list_id),
        )?;
        let (bytes, name) =
            recorded_sheet(&mut conn, &ctx, &who, &pieces, &title, format, language)?;
        Ok::<_, CadError>((bytes, name, format))
    })
    .await?;
    Ok(sheet_response(bytes, &name, format))
}

/// A line sheet of one page of the archive search (the search form as
/// `/search/design/basic/{page}/{pageSize}` takes it): each result's shown colorway, as CSV or
/// PDF, behind the "export" switch.
#[utoipa::path(post, path = "/service/cad/export/search/{format}/{page}/{pageSize}", security(("accessToken" = [])),
    params(("format" = String, Path, pattern = "^(csv|pdf)$", description = "csv or pdf"), ("page" = u32, Path, description = "0-based"), ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100")),
    request_body(content = search::SearchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the sheet, as an attachment"), (status = 400, body = ApiError), (status = 401, body = ApiError),
        (status = 403, body = ApiError)))]
async fn export_search(
    SignedIn(session): SignedIn,
    pool: Pool,
    ctx: Context,
    cache: web::Data<search::SearchCache>,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<search::SearchForm>,
) -> Result<HttpResponse, ApiError> {
    let (format, page, size) = path.into_inner();
    let format = SheetFormat::parse(&format).ok_or(CadError::InvalidForm("format"))?;
    let page = search::form::page_of(page, size)?;
    let form = form.into_inner();
    let language = session.language(form.language.as_deref());
    let filters = search::SearchFilters::parse(&form, chrono::Utc::now().date_naive())?;
    let who = downloader(&session)?;
    let viewer = session.viewer();
    let (bytes, name) = blocking(move || {
        let mut conn = pool.get()?;
        let rights = service::rights(&mut conn, &who, &viewer, &ctx.settings)?;
        if !rights.export {
            return Err(CadError::SwitchedOff);
        }
        let answer =
            search::service::search_as(&mut conn, &cache, &viewer, &filters, page, language)?;
        let scope = pools::scope_of(&mut conn, &viewer)?;
        let mut pieces = Vec::with_capacity(answer.results.len());
        for result in &answer.results {
            let shown = result
                .active_variant_guid
                .as_ref()
                .or(result.original_variant_guid.as_ref());
            if let Some(colorway) = shown {
                pieces.push(service::piece(
                    &mut conn,
                    &scope,
                    &result.design_guid,
                    colorway,
                )?);
            }
        }
        let title = crate::export::search_title(language, page.page + 1);
        let (bytes, name) =
            recorded_sheet(&mut conn, &ctx, &who, &pieces, &title, format, language)?;
        Ok::<_, CadError>((bytes, name))
    })
    .await?;
    Ok(sheet_response(bytes, &name, format))
}

/// A line sheet of `pieces` and its file name, recorded: its size shared out over its colorways
/// so that sums stay true.
fn recorded_sheet(
    conn: &mut db::DbConnection,
    ctx: &CadContext,
    who: &Downloader,
    pieces: &[crate::files::Piece],
    title: &str,
    format: SheetFormat,
    language: desen_core::Language,
) -> Result<(Vec<u8>, String), CadError> {
    let bytes = service::line_sheet(conn, &ctx.workshop.storage, pieces, title, format, language)?;
    let share = bytes.len() as u64 / pieces.len().max(1) as u64;
    let handed: Vec<_> = pieces
        .iter()
        .map(|p| (&p.design, &p.colorway, share))
        .collect();
    ctx.recorder.record(service::records(
        who,
        &handed,
        format.as_str(),
        RecordKind::Export,
    ));
    let name = format!("{}.{}", service::file_name(title), format.as_str());
    Ok((bytes, name))
}

fn sheet_response(bytes: Vec<u8>, name: &str, format: SheetFormat) -> HttpResponse {
    let content_type = match format {
        SheetFormat::Csv => "text/csv; charset=utf-8",
        SheetFormat::Pdf => "application/pdf",
    };
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(disposition(name))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(NO_STORE)))
        .body(bytes)
}

/// Queues every colorway of a design (`designGuid`) or of one of the user's lists (`listId`)
/// as one zip in the format `cadId` names; answers the zip's progress to poll.
#[utoipa::path(post, path = "/service/cad/download-all", security(("accessToken" = [])), request_body(content = DownloadAllForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 202, body = BundleAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError), (status = 413, body = ApiError)))]
async fn download_all(
    SignedIn(session): SignedIn,
    pool: Pool,
    ctx: Context,
    form: web::Form<DownloadAllForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let who = downloader(&session)?;
    let viewer = session.viewer();
    let waker = ctx.waker.clone();
    let answer = blocking(move || {
        let mut conn = pool.get()?;
        let rights = service::rights(&mut conn, &who, &viewer, &ctx.settings)?;
        let format = rights.format(given(&form.cad_id))?;
        if !rights.download_all {
            return Err(CadError::SwitchedOff);
        }
        refuse_wear_model(&form.wear_guid)?;
        let scope = pools::scope_of(&mut conn, &viewer)?;
        let (name, pieces) = named_pieces(
            &mut conn,
            &who,
            &scope,
            given(&form.design_guid),
            given(&form.list_id),
        )?;
        service::queue_bundle(&mut conn, &who, &name, &pieces, format, &ctx.settings)
    })
    .await?;
    waker.wake();
    Ok(HttpResponse::Accepted().json(answer))
}

/// One of the user's download-all zips: how far it is.
#[utoipa::path(get, path = "/service/cad/downloads/{id}", security(("accessToken" = [])), params(("id" = String, Path, description = "the zip")),
    responses((status = 200, body = BundleAnswer), (status = 401, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn bundle(
    SignedIn(session): SignedIn,
    pool: Pool,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = session.user_id()?;
    let answer = blocking(move || {
        let bundle = service::own_bundle(&mut *pool.get()?, &user, &id)?;
        Ok::<_, CadError>(BundleAnswer::from(bundle))
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A finished download-all zip, to its owner only, until it expires.
#[utoipa::path(get, path = "/service/cad/downloads/{id}/file", security(("accessToken" = []), ("imageCookie" = [])), params(("id" = String, Path, description = "the zip")),
    responses((status = 200, description = "the zip"), (status = 401, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn bundle_file(
    req: HttpRequest,
    ImageViewer(session): ImageViewer,
    pool: Pool,
    ctx: Context,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = session.user_id()?;
    let (file, name) = blocking(move || {
        let bundle = service::own_bundle(&mut *pool.get()?, &user, &id)?;
        let key = bundle
            .file_key
            .filter(|_| bundle.state == crate::model::BundleState::Ready.as_str())
            .ok_or(CadError::BundleNotReady)?;
        let path = ctx
            .workshop
            .storage
            .fetch(&key, &ctx.workshop.scratch)?
            .ok_or(CadError::BundleNotFound)?;
        Ok::<_, CadError>((std::fs::File::open(path)?, bundle.name))
    })
    .await?;
    attachment(&req, file, &name)
}

/// Files handed out are the user's alone: never kept by a shared cache.
const NO_STORE: &str = "private, no-store";

fn disposition(name: &str) -> ContentDisposition {
    ContentDisposition {
        disposition: DispositionType::Attachment,
        parameters: vec![DispositionParam::Filename(name.to_owned())],
    }
}

/// Streams an open file as a download named `name`.
fn attachment(
    req: &HttpRequest,
    file: std::fs::File,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    let named = NamedFile::from_file(file, name)
        .map_err(|e| ApiError::from(CadError::Io(e)))?
        .use_etag(false)
        .use_last_modified(false)
        .set_content_disposition(disposition(name));
    let mut response = named.into_response(req);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_STORE));
    Ok(response)
}
