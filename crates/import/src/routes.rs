//! Import routes (staff only): the spec's job steps, each answering the job as it now is.

use crate::dto::*;
use crate::error::ImportError;
use crate::service::{self, ImportContext};
use crate::upload;
use crate::worker::Waker;
use accounts::{Admin, ImageViewer};
use actix_multipart::Multipart;
use actix_web::{HttpResponse, web};
use db::DbPool;
use futures::TryStreamExt;
use serde::Deserialize;
use utoipa::ToSchema;
use web_api::{ApiError, blocking, checked};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/design/import", web::put().to(upload_files))
        .route("/design/import", web::get().to(open_jobs))
        .route("/design/import/retry", web::post().to(retry))
        .route("/design/import/{job}", web::get().to(job))
        .route("/design/import/{job}/{file}", web::delete().to(remove_file))
        .route(
            "/design/import/{job}/{file}/thumbnail",
            web::get().to(file_thumbnail),
        )
        .route("/design/process", web::post().to(process))
        .route("/design/rename-numerator-main", web::post().to(number_main))
        .route(
            "/design/rename-numerator-internal",
            web::post().to(number_internal),
        )
        .route("/design/merge-internal", web::post().to(merge_internal))
        .route("/design/add-to-archive", web::post().to(add_to_archive))
        .route(
            "/design/complete-transfer",
            web::post().to(complete_transfer),
        )
        .route("/design/cancel", web::post().to(cancel))
        .route("/design/dispose", web::post().to(dispose));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        upload_files,
        file_thumbnail,
        open_jobs,
        job,
        retry,
        remove_file,
        process,
        number_main,
        number_internal,
        merge_internal,
        add_to_archive,
        complete_transfer,
        cancel,
        dispose
    ),
    components(schemas(
        ImportJobView,
        ImportFileView,
        RefusedFile,
        AddedDesignView,
        JobForm,
        FileMergeForm,
        RetryForm,
        AddedAnswer
    ))
)]
pub struct ImportApi;

type Pool = web::Data<DbPool>;
type Ctx = web::Data<ImportContext>;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobForm {
    pub job_id: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileMergeForm {
    pub job_id: String,
    /// Optional JSON array of arrays of file ids: each inner list becomes one design. Without
    /// it the name rule's proposal is applied.
    pub groups: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetryForm {
    pub job_id: String,
    pub file_id: String,
}

#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddedAnswer {
    pub designs: Vec<AddedDesignView>,
    pub job: ImportJobView,
}

/// What an upload asks of its form beyond the form's schema (the gateway narrows the document's
/// body with it): files that are not empty, and the archive of a new job or the open job to add
/// to.
pub const BODY_RULES: &[(&str, &str, &str)] = &[(
    "put",
    "/service/design/import",
    r#"{"properties": {"files": {"items": {"minLength": 1}}},
        "anyOf": [{"required": ["archiveId"], "properties": {"archiveId": {"pattern": "[0-9]"}}}, {"required": ["jobId"], "properties": {"jobId": {"pattern": "\\S"}}}]}"#,
)];

/// The multipart form of an upload: the archive (or the job to add to) and the files.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct ImportUpload {
    /// The archive a new job imports into.
    #[schema(value_type = Option<String>, pattern = "^ *-?[0-9]{1,9} *$")]
    archive_id: Option<String>,
    /// `true` starts a new job even when one is open.
    is_new_import: Option<String>,
    /// The open job to add the files to.
    job_id: Option<String>,
    /// TIFF, PSD or PSB files (any field name with a file name).
    #[schema(value_type = Vec<String>, format = Binary, min_items = 1)]
    files: Vec<Vec<u8>>,
}

/// Upload files into a new job (archiveId, isNewImport) or an open one (jobId). Fields must come
/// before the files. Accepted files are kept even when others are refused; `refused` says why.
#[utoipa::path(put, path = "/service/design/import", security(("accessToken" = ["admin"])), request_body(content = ImportUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
async fn upload_files(
    Admin(session): Admin,
    pool: Pool,
    ctx: Ctx,
    mut payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut archive_id: Option<String> = None;
    let mut is_new_import = true;
    let mut job_id: Option<String> = None;
    let mut refused = Vec::new();
    let mut received = 0usize;
    let user = session.user_id()?;
    let scratch = ctx.scratch.join("uploads");
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|_| ImportError::UploadInterrupted)?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let file_name = field
            .content_disposition()
            .and_then(|cd| cd.get_filename())
            .map(str::to_owned);
        match (name.as_str(), file_name) {
            ("archiveId", None) => archive_id = Some(upload::text(&mut field).await?),
            ("isNewImport", None) => {
                is_new_import = checked(Some(&upload::text(&mut field).await?))
            }
            ("jobId", None) => {
                job_id = Some(upload::text(&mut field).await?).filter(|j| !j.trim().is_empty())
            }
            (_, Some(file_name)) => {
                received += 1;
                // The job exists before the first file is kept.
                let job = match &job_id {
                    Some(job) => job.clone(),
                    None => {
                        let archive = archive_id
                            .as_deref()
                            .and_then(|a| a.trim().parse::<i32>().ok());
                        let pool = pool.clone();
                        let job = blocking(move || {
                            service::create_job(
                                &mut *pool.get()?,
                                archive,
                                is_new_import,
                                Some(&user),
                            )
                        })
                        .await?;
                        job_id = Some(job.id.clone());
                        job.id
                    }
                };
                if service::extension_of(&file_name).is_none() {
                    while field
                        .try_next()
                        .await
                        .map_err(|_| ImportError::UploadInterrupted)?
                        .is_some()
                    {}
                    refused.push(service::refused(
                        &file_name,
                        &ImportError::UnsupportedFileType,
                    ));
                    continue;
                }
                let (scratch_file, staged) = match upload::receive(
                    &mut field,
                    &scratch,
                    ctx.settings.max_file_bytes,
                )
                .await
                {
                    Ok(received) => received,
                    Err(error @ ImportError::FileTooLarge(_)) => {
                        refused.push(service::refused(&file_name, &error));
                        continue;
                    }
                    Err(error) => return Err(error.into()),
                };
                let (pool, ctx) = (pool.clone(), ctx.clone());
                let name = file_name.clone();
                let outcome = web::block(move || {
                    let _scratch = scratch_file;
                    let mut conn = pool.get().map_err(ImportError::from)?;
                    service::accept_file(
                        &mut conn,
                        &ctx,
                        &job,
                        &name,
                        &staged.path,
                        &staged.hash,
                        staged.size,
                    )
                })
                .await
                .map_err(|e| ApiError::from(ImportError::Internal(e.to_string())))?;
                match outcome {
                    Ok(_) => {}
                    Err(error) if error.refuses_the_file() => {
                        refused.push(service::refused(&file_name, &error));
                    }
                    Err(error) => return Err(error.into()),
                }
            }
            _ => {
                // Unknown text field: read and ignore.
                upload::text(&mut field).await?;
            }
        }
    }
    if received == 0 {
        return Err(match (&job_id, &archive_id) {
            (None, None) => ImportError::ArchiveRequired,
            _ => ImportError::NoFiles,
        }
        .into());
    }
    let job = job_id.ok_or(ImportError::NoFiles)?;
    let mut view = blocking(move || service::job_view(&mut *pool.get()?, &job)).await?;
    view.refused = refused;
    Ok(HttpResponse::Ok().json(view))
}

async fn answer_job(pool: Pool, job: String) -> Result<HttpResponse, ApiError> {
    let view = blocking(move || service::job_view(&mut *pool.get()?, &job)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Import jobs not yet completed or cancelled.
#[utoipa::path(get, path = "/service/design/import", security(("accessToken" = ["admin"])), responses((status = 200, body = Vec<ImportJobView>)))]
async fn open_jobs(_: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let jobs = blocking(move || service::open_jobs(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(jobs))
}

/// One job with its files' states and progress.
#[utoipa::path(get, path = "/service/design/import/{job}", security(("accessToken" = ["admin"])), responses((status = 200, body = ImportJobView), (status = 404, body = ApiError)))]
async fn job(_: Admin, pool: Pool, job: web::Path<String>) -> Result<HttpResponse, ApiError> {
    answer_job(pool, job.into_inner()).await
}

/// Queue the job's files for processing.
#[utoipa::path(post, path = "/service/design/process", security(("accessToken" = ["admin"])), request_body(content = JobForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
async fn process(
    _: Admin,
    pool: Pool,
    waker: web::Data<Waker>,
    form: web::Form<JobForm>,
) -> Result<HttpResponse, ApiError> {
    let job = form.into_inner().job_id;
    let (p, j) = (pool.clone(), job.clone());
    blocking(move || service::process(&mut *p.get()?, &j)).await?;
    waker.wake();
    answer_job(pool, job).await
}

/// Process a failed file again.
#[utoipa::path(post, path = "/service/design/import/retry", security(("accessToken" = ["admin"])), request_body(content = RetryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
async fn retry(
    _: Admin,
    pool: Pool,
    waker: web::Data<Waker>,
    form: web::Form<RetryForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let (p, j) = (pool.clone(), form.job_id.clone());
    blocking(move || service::retry_file(&mut *p.get()?, &j, &form.file_id)).await?;
    waker.wake();
    answer_job(pool, form.job_id).await
}

/// Take a file out of a job.
#[utoipa::path(delete, path = "/service/design/import/{job}/{file}", security(("accessToken" = ["admin"])), responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
async fn remove_file(
    _: Admin,
    pool: Pool,
    ctx: Ctx,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (job, file) = path.into_inner();
    let (p, j) = (pool.clone(), job.clone());
    blocking(move || service::remove_file(&mut *p.get()?, &ctx, &j, &file)).await?;
    answer_job(pool, job).await
}

/// The thumbnail of a processed file, for confirming merges. An image route: the browser loads
/// it with the image cookie, and only admins past the second factor get it.
#[utoipa::path(get, path = "/service/design/import/{job}/{file}/thumbnail", security(("accessToken" = ["admin"]), ("imageCookie" = ["admin"])),
    params(("job" = String, Path), ("file" = String, Path)),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, description = "`import_job_not_found` / `import_file_not_found`, or no thumbnail yet", body = ApiError)))]
async fn file_thumbnail(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    ctx: Ctx,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    if !(session.user.is_admin && session.second_factor_validated) {
        return Err(accounts::AccountError::NotAuthorized.into());
    }
    let (job, file) = path.into_inner();
    let bytes = blocking(move || {
        let key = service::file_renditions(&mut *pool.get()?, &job, &file)?;
        ctx.storage
            .get(&format!("{key}/thumb/d-h.jpg"))?
            .ok_or(ImportError::FileNotFound)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("image/jpeg")
        .insert_header(("Cache-Control", "private, no-cache"))
        .body(bytes))
}

macro_rules! job_step {
    ($(#[$doc:meta])* $name:ident, $path:literal, |$conn:ident, $ctx:ident, $job:ident| $body:expr) => {
        $(#[$doc])*
        #[utoipa::path(post, path = $path, security(("accessToken" = ["admin"])), request_body(content = JobForm, content_type = "application/x-www-form-urlencoded"),
            responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
        async fn $name(_: Admin, pool: Pool, ctx: Ctx, form: web::Form<JobForm>) -> Result<HttpResponse, ApiError> {
            let job = form.into_inner().job_id;
            let (p, j) = (pool.clone(), job.clone());
            blocking(move || {
                let $conn = &mut *p.get()?;
                let $ctx = &*ctx;
                let $job = j.as_str();
                let _ = $ctx;
                $body
            })
            .await?;
            answer_job(pool, job).await
        }
    };
}

job_step!(
    /// Give each design of the job the next number of the archive's sequence.
    number_main, "/service/design/rename-numerator-main", |conn, ctx, job| service::number_main(conn, job)
);
job_step!(
    /// Name each design's colorways VR-1, VR-2, ...
    number_internal, "/service/design/rename-numerator-internal", |conn, ctx, job| service::number_internal(conn, job)
);
job_step!(
    /// Close an added job; files that were not added are removed.
    complete_transfer, "/service/design/complete-transfer", |conn, ctx, job| service::complete_transfer(conn, ctx, job)
);
job_step!(
    /// Stop a job before it is added; its files are removed.
    cancel, "/service/design/cancel", |conn, ctx, job| service::cancel(conn, ctx, job)
);

/// Merge files that are colorways of one design (explicit groups, or the name rule's proposal).
#[utoipa::path(post, path = "/service/design/merge-internal", security(("accessToken" = ["admin"])), request_body(content = FileMergeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ImportJobView), (status = "4XX", body = ApiError)))]
async fn merge_internal(
    _: Admin,
    pool: Pool,
    form: web::Form<FileMergeForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let groups = match form
        .groups
        .as_deref()
        .map(str::trim)
        .filter(|g| !g.is_empty())
    {
        None => None,
        Some(text) => Some(
            serde_json::from_str::<Vec<Vec<String>>>(text)
                .map_err(|_| ImportError::InvalidForm("groups"))?,
        ),
    };
    let (p, j) = (pool.clone(), form.job_id.clone());
    blocking(move || service::merge_internal(&mut *p.get()?, &j, groups)).await?;
    answer_job(pool, form.job_id).await
}

/// Make the job's designs in the archive, all at once.
#[utoipa::path(post, path = "/service/design/add-to-archive", security(("accessToken" = ["admin"])), request_body(content = JobForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = AddedAnswer), (status = "4XX", body = ApiError)))]
async fn add_to_archive(
    _: Admin,
    pool: Pool,
    form: web::Form<JobForm>,
) -> Result<HttpResponse, ApiError> {
    let job = form.into_inner().job_id;
    let answer = blocking(move || {
        let mut conn = pool.get()?;
        let designs = service::add_to_archive(&mut conn, &job)?;
        let job = service::job_view(&mut conn, &job)?;
        Ok::<_, ImportError>(AddedAnswer { designs, job })
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, serde::Serialize, ToSchema)]
pub struct DisposedAnswer {
    pub disposed: bool,
}

/// Forget a job (designs it added stay).
#[utoipa::path(post, path = "/service/design/dispose", security(("accessToken" = ["admin"])), request_body(content = JobForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DisposedAnswer), (status = "4XX", body = ApiError)))]
async fn dispose(
    _: Admin,
    pool: Pool,
    ctx: Ctx,
    form: web::Form<JobForm>,
) -> Result<HttpResponse, ApiError> {
    let job = form.into_inner().job_id;
    blocking(move || service::dispose(&mut *pool.get()?, &ctx, &job)).await?;
    Ok(HttpResponse::Ok().json(DisposedAnswer { disposed: true }))
}
