//! Pool administration: list, save, delete, assign. (The preview of what a criteria set admits,
//! `/admin/pool/search` and `/count`, is a search: it lives in `catalog`.)

use crate::dto::{PoolAnswer, PoolSave};
use crate::explain::{Explanation, SearchVerdict};
use crate::service;
use accounts::Admin;
use actix_web::{HttpResponse, web};
use db::DbPool;
use diesel::Connection;
use serde::Deserialize;
use utoipa::ToSchema;
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
#[utoipa::path(post, path = "/service/admin/pool/all", responses((status = 200, body = [PoolAnswer])))]
async fn all_pools(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let pools = blocking(move || {
        let mut conn = pool.get()?;
        service::all_pools(&mut conn)
    })
    .await?;
    Ok(HttpResponse::Ok().json(pools))
}

/// Creates or replaces a pool (JSON body), then recomputes what it admits.
#[utoipa::path(post, path = "/service/admin/pool/insert", request_body = PoolSave,
    responses((status = 200, body = PoolAnswer), (status = 400, body = ApiError), (status = 409, body = ApiError)))]
async fn save_pool(
    Admin(session): Admin,
    pool: Pool,
    save: web::Json<PoolSave>,
) -> Result<HttpResponse, ApiError> {
    let save = save.into_inner();
    let saved = blocking(move || {
        let mut conn = pool.get()?;
        conn.transaction(|conn| service::save_pool(conn, &session.user.guid, save))
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolForm {
    pub bag_id: String,
}

/// Deletes a pool; its users see the open archive again.
#[utoipa::path(post, path = "/service/admin/pool/delete", request_body(content = PoolForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_pool(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<PoolForm>,
) -> Result<HttpResponse, ApiError> {
    blocking(move || {
        let mut conn = pool.get()?;
        conn.transaction(|conn| service::delete_pool(conn, &session.user.guid, &form.bag_id))
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignForm {
    /// The pool; empty to take the user's pool away.
    pub bag_id: Option<String>,
    pub user_guid: String,
}

/// Assigns a pool to a user (spec: bagId, userGuid).
#[utoipa::path(post, path = "/service/admin/pool/assign", request_body(content = AssignForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn assign_pool(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<AssignForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    blocking(move || {
        let mut conn = pool.get()?;
        let bag = form.bag_id.as_deref().filter(|b| !b.trim().is_empty());
        conn.transaction(|conn| service::assign(conn, &session.user.guid, &form.user_guid, bag))
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplainForm {
    pub user_guid: String,
    /// The design's number (or its id).
    pub design_number: String,
}

/// Why the user can or cannot see the design: the pool rule that admits or hides it.
#[utoipa::path(post, path = "/service/admin/pool/explain", request_body(content = ExplainForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Explanation), (status = 404, body = ApiError)))]
async fn explain(
    _admin: Admin,
    pool: Pool,
    form: web::Form<ExplainForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let answer = blocking(move || {
        crate::explain::explain(&mut *pool.get()?, &form.user_guid, &form.design_number)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}
