//! Image routes: thumbnails, previews and deep-zoom tiles of colorways. The browser fetches them
//! without headers, so they accept the session's HttpOnly image cookie as well as the
//! `Access-Token` header, and every request passes the same visibility rule as the design
//! header: an invisible design's images are "not found", byte for byte like a missing one.

use accounts::ImageViewer;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use catalog::CatalogError;
use catalog::service;
use db::DbPool;
use imaging::render::{names, thumbnail_variant, urls};
use serde::Deserialize;
use storage::Storage;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/design/thumbnail/c/d/{direction}/{design}/{colorway}",
        web::get().to(colorway_thumbnail),
    )
    .route(
        "/design/thumbnail/{device}/{direction}/{design}/{colorway}",
        web::get().to(thumbnail),
    )
    .route(
        "/design/preview/{design}/{colorway}",
        web::get().to(preview),
    )
    .route(
        "/design/tiles/{design}/{colorway}/{version}/image.dzi",
        web::get().to(tile_descriptor),
    )
    .route(
        "/design/tiles/{design}/{colorway}/{version}/image_files/{level}/{tile}",
        web::get().to(tile),
    );
}

#[derive(Debug, Deserialize)]
pub(crate) struct Version {
    v: Option<String>,
}

/// A colorway's thumbnail for a device and direction; `v` is the version the URL names.
#[utoipa::path(get, path = "/service/design/thumbnail/{device}/{direction}/{design}/{colorway}", security(("accessToken" = []), ("imageCookie" = [])),
    params(("device" = String, Path, pattern = "^(d|m)$", description = "`d` desktop or `m` mobile (mobile is horizontal only)"),
        ("direction" = String, Path, pattern = "^(h|v)$", description = "`h` horizontal or `v` vertical"), ("design" = String, Path, description = "the design's guid"),
        ("colorway" = String, Path, description = "the colorway's guid"), ("v" = Option<String>, Query, description = "the rendition version; when current, the answer may be kept for good")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 304, description = "`If-None-Match` names the current version"), (status = 404, description = "`design_not_found`: no such design or colorway, one the user may not see, or no such rendition", body = ApiError)))]
pub(crate) async fn thumbnail(
    req: HttpRequest,
    viewer: ImageViewer,
    path: web::Path<(String, String, String, String)>,
    version: web::Query<Version>,
) -> Result<HttpResponse, ApiError> {
    let (device, direction, design, colorway) = path.into_inner();
    let variant = format!("{device}/{direction}");
    serve_variant(
        req,
        viewer,
        &variant,
        design,
        colorway,
        version.into_inner().v,
    )
    .await
}

/// A colorway's thumbnail of the colorway strip in a direction.
#[utoipa::path(get, path = "/service/design/thumbnail/c/d/{direction}/{design}/{colorway}", security(("accessToken" = []), ("imageCookie" = [])),
    params(("direction" = String, Path, pattern = "^(h|v)$", description = "`h` horizontal or `v` vertical"), ("design" = String, Path), ("colorway" = String, Path), ("v" = Option<String>, Query)),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 304, description = "`If-None-Match` names the current version"), (status = 404, description = "`design_not_found`: no such design or colorway, one the user may not see, or no such rendition", body = ApiError)))]
pub(crate) async fn colorway_thumbnail(
    req: HttpRequest,
    viewer: ImageViewer,
    path: web::Path<(String, String, String)>,
    version: web::Query<Version>,
) -> Result<HttpResponse, ApiError> {
    let (direction, design, colorway) = path.into_inner();
    let variant = format!("c/d/{direction}");
    serve_variant(
        req,
        viewer,
        &variant,
        design,
        colorway,
        version.into_inner().v,
    )
    .await
}

async fn serve_variant(
    req: HttpRequest,
    viewer: ImageViewer,
    variant: &str,
    design: String,
    colorway: String,
    version: Option<String>,
) -> Result<HttpResponse, ApiError> {
    let file = thumbnail_variant(variant).ok_or(CatalogError::DesignNotFound)?;
    serve(req, viewer, design, colorway, file.name.to_owned(), version).await
}

/// A colorway's preview picture.
#[utoipa::path(get, path = "/service/design/preview/{design}/{colorway}", security(("accessToken" = []), ("imageCookie" = [])),
    params(("design" = String, Path), ("colorway" = String, Path), ("v" = Option<String>, Query)),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 304, description = "`If-None-Match` names the current version"), (status = 404, description = "`design_not_found`: no such design or colorway, one the user may not see, or no such rendition", body = ApiError)))]
pub(crate) async fn preview(
    req: HttpRequest,
    viewer: ImageViewer,
    path: web::Path<(String, String)>,
    version: web::Query<Version>,
) -> Result<HttpResponse, ApiError> {
    let (design, colorway) = path.into_inner();
    serve(
        req,
        viewer,
        design,
        colorway,
        names::PREVIEW.into(),
        version.into_inner().v,
    )
    .await
}

/// The deep-zoom descriptor of a colorway's tiles.
#[utoipa::path(get, path = "/service/design/tiles/{design}/{colorway}/{version}/image.dzi", security(("accessToken" = []), ("imageCookie" = [])),
    params(("design" = String, Path), ("colorway" = String, Path), ("version" = String, Path)),
    responses((status = 200, content_type = "application/xml", body = String), (status = 304, description = "`If-None-Match` names the current version"), (status = 404, description = "`design_not_found`: no such design or colorway, one the user may not see, or no such rendition", body = ApiError)))]
pub(crate) async fn tile_descriptor(
    req: HttpRequest,
    viewer: ImageViewer,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (design, colorway, version) = path.into_inner();
    serve(
        req,
        viewer,
        design,
        colorway,
        names::DZI.into(),
        Some(version),
    )
    .await
}

/// One deep-zoom tile (`{column}_{row}.jpg`) of a level (at most 40).
#[utoipa::path(get, path = "/service/design/tiles/{design}/{colorway}/{version}/image_files/{level}/{tile}", security(("accessToken" = []), ("imageCookie" = [])),
    params(("design" = String, Path), ("colorway" = String, Path), ("version" = String, Path),
        ("level" = u32, Path, maximum = 40), ("tile" = String, Path, pattern = "^[0-9]{1,9}_[0-9]{1,9}\\.jpg$", description = "`{column}_{row}.jpg`")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 304, description = "`If-None-Match` names the current version"), (status = 404, description = "`design_not_found`: no such design or colorway, one the user may not see, or no such rendition", body = ApiError)))]
pub(crate) async fn tile(
    req: HttpRequest,
    viewer: ImageViewer,
    path: web::Path<(String, String, String, u32, String)>,
) -> Result<HttpResponse, ApiError> {
    let (design, colorway, version, level, tile) = path.into_inner();
    let name = names::tile_named(level, &tile)
        .filter(|_| level <= 40)
        .ok_or(CatalogError::DesignNotFound)?;
    serve(req, viewer, design, colorway, name, Some(version)).await
}

/// Checks visibility, then answers the file under the colorway's renditions.
async fn serve(
    req: HttpRequest,
    ImageViewer(session): ImageViewer,
    design: String,
    colorway: String,
    name: String,
    version: Option<String>,
) -> Result<HttpResponse, ApiError> {
    let pool = req.app_data::<web::Data<DbPool>>().cloned();
    let storage = req.app_data::<web::Data<Storage>>().cloned();
    let (Some(pool), Some(storage)) = (pool, storage) else {
        return Err(ApiError::internal());
    };
    let viewer = session.viewer();
    // A malformed id names no design, like an unknown one.
    let (Ok(design), Ok(colorway)) = (design.parse(), colorway.parse()) else {
        return Err(CatalogError::DesignNotFound.into());
    };
    let db = pool.clone();
    let key = blocking(move || service::rendition_of(&mut *db.get()?, &viewer, &design, &colorway))
        .await?;
    let current = urls::version_of(&key).to_owned();
    let etag = format!("\"{current}\"");
    // Renditions under a key are never rewritten: a URL naming the key can be kept for good.
    let cache = if version.as_deref() == Some(current.as_str()) {
        "private, max-age=31536000, immutable"
    } else {
        "private, no-cache"
    };
    if web_api::if_none_match(&req, &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)))
            .finish());
    }
    let bytes = blocking(move || {
        storage
            .get(&format!("{key}/{name}"))?
            .ok_or(CatalogError::DesignNotFound)
    })
    .await?;
    let content_type = if req.path().ends_with(".dzi") {
        "application/xml"
    } else {
        "image/jpeg"
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)))
        .content_type(content_type)
        .body(bytes))
}
