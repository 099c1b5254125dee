use crate::dto::ViewForm;
use crate::service;
use accounts::SignedIn;
use actix_web::{HttpResponse, web};
use db::DbPool;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics/record", web::post().to(record));
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(record), components(schemas(ViewForm)))]
pub struct StatisticsApi;

/// Records a colorway view (spec: designGuid, colorwayGuid).
#[utoipa::path(post, path = "/service/metrics/record", request_body(content = ViewForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn record(
    SignedIn(session): SignedIn,
    pool: web::Data<DbPool>,
    form: web::Form<ViewForm>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway) = form.into_inner().parse()?;
    blocking(move || service::record_colorway_view(&mut *pool.get()?, &viewer, &design, &colorway))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
