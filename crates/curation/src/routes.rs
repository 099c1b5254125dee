//! Label, tagging and pin routes (admins only): extract, call the service on the blocking pool,
//! answer.

use crate::dto::*;
use crate::{labels, pins, tagging};
use accounts::{Admin, CurrentSession};
use actix_web::{HttpResponse, web};
use db::DbPool;
use search::SimilarIndex;
use serde::Deserialize;
use utoipa::IntoParams;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/labels", web::get().to(all_labels))
        .route("/admin/labels", web::post().to(create_label))
        .route("/admin/labels/{id}", web::put().to(update_label))
        .route("/admin/labels/{id}", web::delete().to(delete_label))
        .route("/admin/labels/{id}/merge", web::post().to(merge_labels))
        .route("/admin/tags/unlabeled", web::get().to(next_unlabeled))
        .route("/admin/tags/unlabeled", web::patch().to(save_labels))
        .route(
            "/admin/tags/unlabeled/{design}",
            web::get().to(design_to_label),
        )
        .route("/admin/pins", web::get().to(all_pins))
        .route("/admin/pins", web::put().to(set_pins));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        all_labels,
        create_label,
        update_label,
        delete_label,
        merge_labels,
        next_unlabeled,
        save_labels,
        design_to_label,
        all_pins,
        set_pins
    ),
    components(schemas(
        LabelNames,
        LabelForm,
        ManagedLabel,
        MergeForm,
        MergeAnswer,
        LabelDeleted,
        TaggingSave,
        TaggingAnswer,
        TaggedDesign,
        TaggingProgress,
        LabelSuggestion,
        PinsForm,
        Pin
    ))
)]
pub struct CurationApi;

type Pool = web::Data<DbPool>;
type Similar = web::Data<SimilarIndex>;

#[derive(Debug, Deserialize, IntoParams)]
struct LanguageQuery {
    /// `tr`, `en` or `ru` (the web app's language); the account's language otherwise.
    language: Option<String>,
}

fn language(session: &CurrentSession, query: &web::Query<LanguageQuery>) -> desen_core::Language {
    session.language(query.language.as_deref())
}

/// Every label with its usage counts, grouped.
#[utoipa::path(get, path = "/service/admin/labels", security(("accessToken" = ["admin"])), params(LanguageQuery),
    responses((status = 200, body = Vec<ManagedLabel>), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn all_labels(
    Admin(session): Admin,
    pool: Pool,
    query: web::Query<LanguageQuery>,
) -> Result<HttpResponse, ApiError> {
    let language = language(&session, &query);
    let answer = blocking(move || labels::all(&mut *pool.get()?, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Creates a label; audited.
#[utoipa::path(post, path = "/service/admin/labels", security(("accessToken" = ["admin"])), params(LanguageQuery), request_body = LabelForm,
    responses((status = 201, body = ManagedLabel), (status = 400, body = ApiError), (status = 409, body = ApiError)))]
async fn create_label(
    Admin(session): Admin,
    pool: Pool,
    query: web::Query<LanguageQuery>,
    form: web::Json<LabelForm>,
) -> Result<HttpResponse, ApiError> {
    let (actor, language) = (session.user_id()?, language(&session, &query));
    let answer =
        blocking(move || labels::create(&mut *pool.get()?, &actor, &form, language)).await?;
    Ok(HttpResponse::Created().json(answer))
}

/// Renames (tr, en, ru) and regroups a label; audited.
#[utoipa::path(put, path = "/service/admin/labels/{id}", security(("accessToken" = ["admin"])), params(("id" = i32, Path), LanguageQuery), request_body = LabelForm,
    responses((status = 200, body = ManagedLabel), (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn update_label(
    Admin(session): Admin,
    pool: Pool,
    id: web::Path<i32>,
    query: web::Query<LanguageQuery>,
    form: web::Json<LabelForm>,
) -> Result<HttpResponse, ApiError> {
    let (actor, language, id) = (session.user_id()?, language(&session, &query), *id);
    let answer =
        blocking(move || labels::update(&mut *pool.get()?, &actor, id, &form, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Deletes a label, saying how many designs carried it; refused while a pool or smart group
/// searches by it. Audited.
#[utoipa::path(delete, path = "/service/admin/labels/{id}", security(("accessToken" = ["admin"])), params(("id" = i32, Path)),
    responses((status = 200, body = LabelDeleted), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn delete_label(
    Admin(session): Admin,
    pool: Pool,
    id: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (session.user_id()?, *id);
    let answer = blocking(move || labels::delete(&mut *pool.get()?, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Merges the label into another (designs, wear models, pools and smart groups follow); audited.
#[utoipa::path(post, path = "/service/admin/labels/{id}/merge", security(("accessToken" = ["admin"])), params(("id" = i32, Path), LanguageQuery), request_body = MergeForm,
    responses((status = 200, body = MergeAnswer), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn merge_labels(
    Admin(session): Admin,
    pool: Pool,
    id: web::Path<i32>,
    query: web::Query<LanguageQuery>,
    form: web::Json<MergeForm>,
) -> Result<HttpResponse, ApiError> {
    let (actor, language, id) = (session.user_id()?, language(&session, &query), *id);
    let answer =
        blocking(move || labels::merge(&mut *pool.get()?, &actor, id, form.into, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The next design without a label, reserved for this admin, with the progress and suggestions.
#[utoipa::path(get, path = "/service/admin/tags/unlabeled", security(("accessToken" = ["admin"])), params(TaggingQuery),
    responses((status = 200, body = TaggingAnswer), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn next_unlabeled(
    Admin(session): Admin,
    pool: Pool,
    similar: Similar,
    query: web::Query<TaggingQuery>,
) -> Result<HttpResponse, ApiError> {
    let admin = session.user_id()?;
    let TaggingQuery { name, skip } = query.into_inner();
    let answer = blocking(move || {
        tagging::next(
            &mut *pool.get()?,
            &similar,
            &admin,
            name.as_deref(),
            skip.as_deref(),
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// This design to label (labelled or not), reserved for this admin.
#[utoipa::path(get, path = "/service/admin/tags/unlabeled/{design}", security(("accessToken" = ["admin"])), params(("design" = String, Path)),
    responses((status = 200, body = TaggingAnswer), (status = 404, body = ApiError)))]
async fn design_to_label(
    Admin(session): Admin,
    pool: Pool,
    similar: Similar,
    design: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let admin = session.user_id()?;
    let answer =
        blocking(move || tagging::design(&mut *pool.get()?, &similar, &admin, &design)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Saves a design's labels (a selection is required) and answers the next design.
#[utoipa::path(patch, path = "/service/admin/tags/unlabeled", security(("accessToken" = ["admin"])), request_body = TaggingSave,
    responses((status = 200, body = TaggingAnswer), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn save_labels(
    Admin(session): Admin,
    pool: Pool,
    similar: Similar,
    form: web::Json<TaggingSave>,
) -> Result<HttpResponse, ApiError> {
    let admin = session.user_id()?;
    let form = form.into_inner();
    let answer = blocking(move || tagging::save(&mut *pool.get()?, &similar, &admin, form)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The pinned designs in order.
#[utoipa::path(get, path = "/service/admin/pins", security(("accessToken" = ["admin"])),
    responses((status = 200, body = Vec<Pin>), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn all_pins(_: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let answer = blocking(move || pins::all(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Replaces the pinned designs and their order; audited.
#[utoipa::path(put, path = "/service/admin/pins", security(("accessToken" = ["admin"])), request_body = PinsForm,
    responses((status = 200, body = Vec<Pin>), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn set_pins(
    Admin(session): Admin,
    pool: Pool,
    form: web::Json<PinsForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let answer = blocking(move || pins::set(&mut *pool.get()?, &actor, &form)).await?;
    Ok(HttpResponse::Ok().json(answer))
}
