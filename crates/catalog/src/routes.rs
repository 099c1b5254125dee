//! Design routes: extract, call the service on the blocking pool, answer.

use crate::disclosure::{self, DesignFields};
use crate::dto::*;
use crate::error::CatalogError;
use crate::service;
use accounts::{Admin, CurrentSession, SignedIn};
use actix_web::{HttpResponse, web};
use db::DbPool;
use desen_core::{Language, PageRequest};
use storage::Storage;
use web_api::{ApiError, DeletedAnswer, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/design/header", web::post().to(design_header))
        .route(
            "/admin/design/header/{id}",
            web::post().to(admin_design_header),
        )
        .route("/design/header/{recognizer}", web::put().to(edit_design))
        .route("/design/delete/{id}", web::delete().to(delete_design))
        .route("/admin/design/search", web::get().to(admin_search))
        .route("/admin/get/all-archives", web::get().to(all_archives))
        .route("/admin/get/all-labels", web::get().to(all_labels))
        .route("/get/archives", web::post().to(archives))
        .route("/get/labels", web::post().to(labels))
        .route("/get/design-fields", web::get().to(design_fields))
        .route(
            "/admin/settings/design-fields",
            web::get().to(customer_design_fields),
        )
        .route(
            "/admin/settings/design-fields",
            web::post().to(set_customer_design_fields),
        );
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        design_header,
        admin_design_header,
        edit_design,
        delete_design,
        admin_search,
        all_archives,
        all_labels,
        archives,
        labels,
        design_fields,
        customer_design_fields,
        set_customer_design_fields
    ),
    components(schemas(
        DesignHeader,
        DesignSummary,
        DesignSummaryPage,
        ArchiveAnswer,
        LabelAnswer,
        DesignFields,
        OrderAnswer,
        OrdersScope
    ))
)]
pub struct CatalogApi;

type Pool = web::Data<DbPool>;

/// The design header of a design the user may see.
#[utoipa::path(post, path = "/service/design/header", security(("accessToken" = [])), request_body(content = HeaderForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DesignHeader), (status = 404, body = ApiError)))]
async fn design_header(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: web::Form<HeaderForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let language = session.language(form.language.as_deref());
    let viewer = session.viewer();
    let mut header = blocking(move || {
        service::design_header(&mut *pool.get()?, &viewer, &form.design_guid, language)
    })
    .await?;
    if let Some(active) = form
        .colorway_guid
        .filter(|guid| header.colorways.iter().any(|c| &c.colorway_guid == guid))
    {
        header.active_colorway_guid = Some(active);
    }
    Ok(HttpResponse::Ok().json(header))
}

/// The design header for the design edit screen.
#[utoipa::path(post, path = "/service/admin/design/header/{id}", security(("accessToken" = ["admin"])), responses((status = 200, body = DesignHeader), (status = 404, body = ApiError)))]
async fn admin_design_header(
    Admin(session): Admin,
    pool: Pool,
    id: web::Path<String>,
    form: Option<web::Form<LanguageForm>>,
) -> Result<HttpResponse, ApiError> {
    let asked = form.and_then(|f| f.into_inner().language);
    let language = session.language(asked.as_deref());
    let viewer = session.viewer();
    let header =
        blocking(move || service::design_header(&mut *pool.get()?, &viewer, &id, language)).await?;
    Ok(HttpResponse::Ok().json(header))
}

/// Edit a design (staff).
#[utoipa::path(put, path = "/service/design/header/{recognizer}", security(("accessToken" = ["admin"])), request_body(content = EditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DesignHeader), (status = "4XX", body = ApiError)))]
async fn edit_design(
    Admin(session): Admin,
    pool: Pool,
    recognizer: web::Path<String>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, ApiError> {
    let edit = form.into_inner().parse()?;
    let language = session.language(None);
    let viewer = session.viewer();
    let header = blocking(move || {
        let mut conn = pool.get()?;
        let edited = service::edit_design(&mut conn, &viewer, &recognizer, edit)?;
        service::design_header(&mut conn, &viewer, &edited.guid, language)
    })
    .await?;
    Ok(HttpResponse::Ok().json(header))
}

/// Delete a design, its colorways and their renditions (staff).
#[utoipa::path(delete, path = "/service/design/delete/{id}", security(("accessToken" = ["admin"])), responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn delete_design(
    Admin(session): Admin,
    pool: Pool,
    storage: web::Data<Storage>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    blocking(move || service::delete_design(&mut *pool.get()?, &storage, &viewer, &id)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

/// Staff design search by number, original name, studio or notes.
#[utoipa::path(get, path = "/service/admin/design/search", security(("accessToken" = ["admin"])), params(SearchQuery), responses((status = 200, body = DesignSummaryPage)))]
async fn admin_search(
    _: Admin,
    pool: Pool,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let page = PageRequest::new(query.page.unwrap_or(0), query.page_size.unwrap_or(25));
    let text = query.query.unwrap_or_default();
    let page = blocking(move || service::admin_search(&mut *pool.get()?, &text, page)).await?;
    Ok(HttpResponse::Ok().json(DesignSummaryPage::from(page)))
}

/// A lookup answered in the asked language, else the account's.
async fn lookup<T: serde::Serialize + Send + 'static>(
    session: &CurrentSession,
    asked: Option<String>,
    pool: Pool,
    read: fn(&mut db::DbConnection, Language) -> Result<T, CatalogError>,
) -> Result<HttpResponse, ApiError> {
    let language = session.language(asked.as_deref());
    let answer = blocking(move || read(&mut *pool.get()?, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

fn asked(form: Option<web::Form<LanguageForm>>) -> Option<String> {
    form.and_then(|f| f.into_inner().language)
}

/// Every archive, in the admin's language.
#[utoipa::path(get, path = "/service/admin/get/all-archives", security(("accessToken" = ["admin"])), responses((status = 200, body = Vec<ArchiveAnswer>)))]
async fn all_archives(Admin(session): Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    lookup(&session, None, pool, service::archives).await
}

/// Every label, in the admin's language.
#[utoipa::path(get, path = "/service/admin/get/all-labels", security(("accessToken" = ["admin"])), responses((status = 200, body = Vec<LabelAnswer>)))]
async fn all_labels(Admin(session): Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    lookup(&session, None, pool, service::labels).await
}

/// Archives for the search filters.
#[utoipa::path(post, path = "/service/get/archives", security(("accessToken" = [])), responses((status = 200, body = Vec<ArchiveAnswer>)))]
async fn archives(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: Option<web::Form<LanguageForm>>,
) -> Result<HttpResponse, ApiError> {
    lookup(&session, asked(form), pool, service::archives).await
}

/// Labels for the search filters.
#[utoipa::path(post, path = "/service/get/labels", security(("accessToken" = [])), responses((status = 200, body = Vec<LabelAnswer>)))]
async fn labels(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: Option<web::Form<LanguageForm>>,
) -> Result<HttpResponse, ApiError> {
    lookup(&session, asked(form), pool, service::labels).await
}

/// The design fields the signed-in user may see and search (staff: all; customers: what the
/// studio shows them).
#[utoipa::path(get, path = "/service/get/design-fields", security(("accessToken" = [])), responses((status = 200, body = DesignFields)))]
async fn design_fields(SignedIn(session): SignedIn, pool: Pool) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let fields = blocking(move || disclosure::fields_for(&mut *pool.get()?, &viewer)).await?;
    Ok(HttpResponse::Ok().json(fields))
}

/// What customers see of a design (admin).
#[utoipa::path(get, path = "/service/admin/settings/design-fields", security(("accessToken" = ["admin"])), responses((status = 200, body = DesignFields)))]
async fn customer_design_fields(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let fields = blocking(move || disclosure::customer_fields(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(fields))
}

/// Sets what customers see of a design (admin); recorded in the audit log.
#[utoipa::path(post, path = "/service/admin/settings/design-fields", security(("accessToken" = ["admin"])), request_body = DesignFields,
    responses((status = 200, body = DesignFields), (status = 400, body = ApiError)))]
async fn set_customer_design_fields(
    Admin(session): Admin,
    pool: Pool,
    fields: web::Json<DesignFields>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let fields = fields.into_inner();
    let saved =
        blocking(move || disclosure::set_customer_fields(&mut *pool.get()?, &actor, fields))
            .await?;
    Ok(HttpResponse::Ok().json(saved))
}
