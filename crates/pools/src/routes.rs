//! Pool administration: list, save, delete, assign. (The preview of what a criteria set admits,
//! `/admin/pool/search` and `/count`, is a search: it lives in `catalog`.)

use crate::dto::{AssignForm, ExplainForm, PoolAnswer, PoolForm, PoolSave};
use crate::explain::{Explanation, SearchVerdict};
use crate::service;
use accounts::Admin;
use actix_web::{HttpResponse, web};
use db::DbPool;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/pool/all", web::post().to(all_pools))
        .route("/admin/pool/insert", web::post().to(save_pool))
        .route("/admin/pool/delete", web::post().to(delete_pool))
        .route("/admin/pool/assign", web::post().to(assign_pool))
        .route("/admin/pool/explain", web::post().to(explain));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(all_pools, save_pool, delete_pool, assign_pool, explain),
    components(schemas(PoolAnswer, PoolSave, crate::PoolCriteria, Explanation, SearchVerdict))
)]
pub struct PoolsApi;

type Pool = web::Data<DbPool>;

/// Every pool with its searches, designs, wear models and counts.
#[utoipa::path(post, path = "/service/admin/pool/all", security(("accessToken" = ["admin"])), responses((status = 200, body = [PoolAnswer])))]
async fn all_pools(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let pools = blocking(move || {
        let mut conn = pool.get()?;
        service::all_pools(&mut conn)
    })
    .await?;
    Ok(HttpResponse::Ok().json(pools))
}

/// What a save asks of its form beyond the form's schema (the gateway narrows the document's body
/// with it): a pool admits something, a search or a design.
pub const BODY_RULES: &[(&str, &str, &str)] = &[(
    "post",
    "/service/admin/pool/insert",
    r#"{"anyOf": [{"required": ["dtos"], "properties": {"dtos": {"minItems": 1}}}, {"required": ["extraGuids"], "properties": {"extraGuids": {"minItems": 1}}}]}"#,
)];

/// Creates or replaces a pool (JSON body), then recomputes what it admits.
#[utoipa::path(post, path = "/service/admin/pool/insert", security(("accessToken" = ["admin"])), request_body = PoolSave,
    responses((status = 200, body = PoolAnswer), (status = 400, body = ApiError), (status = 409, body = ApiError)))]
async fn save_pool(
    Admin(session): Admin,
    pool: Pool,
    save: web::Json<PoolSave>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let save = save.into_inner();
    let saved = blocking(move || service::save_pool(&mut *pool.get()?, &actor, save)).await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Deletes a pool; its users see the open archive again.
#[utoipa::path(post, path = "/service/admin/pool/delete", security(("accessToken" = ["admin"])), request_body(content = PoolForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_pool(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<PoolForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    blocking(move || service::delete_pool(&mut *pool.get()?, &actor, &form.bag_id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Assigns a pool to a user (spec: bagId, userGuid).
#[utoipa::path(post, path = "/service/admin/pool/assign", security(("accessToken" = ["admin"])), request_body(content = AssignForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn assign_pool(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<AssignForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (user, bag) = form.into_inner().parse()?;
    blocking(move || service::assign(&mut *pool.get()?, &actor, &user, bag.as_deref())).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Why the user can or cannot see the design: the pool rule that admits or hides it.
#[utoipa::path(post, path = "/service/admin/pool/explain", security(("accessToken" = ["admin"])), request_body(content = ExplainForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Explanation), (status = 404, body = ApiError)))]
async fn explain(
    _admin: Admin,
    pool: Pool,
    form: web::Form<ExplainForm>,
) -> Result<HttpResponse, ApiError> {
    let (user, design) = form.into_inner().parse()?;
    let answer =
        blocking(move || crate::explain::explain(&mut *pool.get()?, &user, &design)).await?;
    Ok(HttpResponse::Ok().json(answer))
}
