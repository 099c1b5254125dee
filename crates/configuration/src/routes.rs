//! `GET /get/configuration` (anyone), `GET` and `PUT /admin/settings/general` (admins).

use crate::service;
use crate::settings::{ClientConfiguration, Defaults, GeneralSettings, ParameterName};
use accounts::Admin;
use actix_web::{HttpResponse, web};
use db::DbPool;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/get/configuration", web::get().to(configuration))
        .route("/admin/settings/general", web::get().to(general))
        .route("/admin/settings/general", web::put().to(save_general));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(configuration, general, save_general),
    components(schemas(ClientConfiguration, GeneralSettings, ParameterName))
)]
pub struct ConfigurationApi;

type Pool = web::Data<DbPool>;

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
#[utoipa::path(get, path = "/service/admin/settings/general",
    responses((status = 200, body = GeneralSettings), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn general(
    _: Admin,
    pool: Pool,
    defaults: web::Data<Defaults>,
) -> Result<HttpResponse, ApiError> {
    let settings = blocking(move || service::current(&mut *pool.get()?, &defaults)).await?;
    Ok(HttpResponse::Ok().json(settings))
}

/// Saves every general setting; applies at once on every instance; audited.
#[utoipa::path(put, path = "/service/admin/settings/general", request_body = GeneralSettings,
    responses((status = 200, body = GeneralSettings), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn save_general(
    Admin(session): Admin,
    pool: Pool,
    defaults: web::Data<Defaults>,
    settings: web::Json<GeneralSettings>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let settings = settings.into_inner();
    let saved =
        blocking(move || service::save(&mut *pool.get()?, &actor, &defaults, settings)).await?;
    Ok(HttpResponse::Ok().json(saved))
}
