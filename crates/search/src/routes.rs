//! Search routes: extract, call the service on the blocking pool, answer.

use crate::cache::SearchCache;
use crate::cards::{
    DesignPageCards, FavoriteCards, GroupCards, HitColorway, SearchAnswer, SearchLabel,
    SearchResult,
};
use crate::error::SearchError;
use crate::filters::SearchFilters;
use crate::form::SearchForm;
use crate::service;
use crate::similar::{
    MAX_PICTURE_BYTES, MatchOutline, SimilarAnswer, SimilarIndex, SimilarQuery, SimilarResult,
};
use accounts::service::AccountsContext;
use accounts::{Admin, SignedIn};
use actix_multipart::Multipart;
use actix_web::{HttpResponse, web};
use catalog::swatch_index::{SWATCHES, Swatch};
use db::DbPool;
use futures::TryStreamExt;
use pools::PoolCriteria;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    // A search form may carry a picture (`similarImage`, base64): room for one.
    let picture_form = web_api::form_config().limit(MAX_PICTURE_BYTES * 4 / 3 + (64 << 10));
    cfg.route("/get/color-swatches", web::get().to(color_swatches))
        .service(
            web::resource("/search/design/basic/{page}/{pageSize}")
                .app_data(picture_form)
                .route(web::post().to(search_designs)),
        )
        .route(
            "/search/similar/{page}/{pageSize}",
            web::post().to(similar_search),
        )
        .route("/search/similar/status", web::get().to(similar_status))
        .route(
            "/search/favorites/{id}/{page}/{pageSize}",
            web::get().to(favorite_cards),
        )
        .route("/search/collection/{id}", web::post().to(collection_search))
        .route(
            "/search/collection/{id}/{page}/{pageSize}",
            web::post().to(collection_search),
        )
        // The spec's spelling.
        .route("/basic-colleciton/get/{id}", web::post().to(design_page))
        .route(
            "/basic-colleciton/get/{id}/{group}/{page}/{pageSize}",
            web::post().to(design_group_page),
        )
        .route("/admin/pool/search", web::post().to(pool_search))
        .route("/admin/pool/count", web::post().to(pool_count));
}

/// Routes served under a second spelling, documented as the same operation (path parameters it
/// lacks become query parameters): (method, path, documented method, documented path).
pub const SPELLINGS: &[(&str, &str, &str, &str)] = &[(
    "post",
    "/service/search/collection/{id}",
    "post",
    "/service/search/collection/{id}/{page}/{pageSize}",
)];

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        color_swatches,
        search_designs,
        similar_search,
        similar_status,
        favorite_cards,
        collection_search,
        design_page,
        design_group_page,
        pool_search,
        pool_count
    ),
    components(schemas(
        Swatch,
        SearchAnswer,
        FavoriteCards,
        DesignPageCards,
        GroupCards,
        SearchResult,
        SearchLabel,
        HitColorway,
        SearchForm,
        CountAnswer,
        SimilarAnswer,
        SimilarResult,
        MatchOutline,
        SimilarStatus
    ))
)]
pub struct SearchApi;

type Pool = web::Data<DbPool>;
type Cache = web::Data<SearchCache>;
type Similar = web::Data<SimilarIndex>;
type Accounts = web::Data<AccountsContext>;

/// A search by picture counts against the user's limit (`picture_search_per_user`) before its
/// picture is decoded; a search by colorway decodes none and does not.
async fn count_picture_search(
    accounts: Accounts,
    viewer: &desen_core::Viewer,
    filters: &SearchFilters,
) -> Result<(), ApiError> {
    if !matches!(filters.similar, Some(SimilarQuery::Picture(_))) {
        return Ok(());
    }
    let user = viewer.user_guid.clone();
    blocking(move || accounts::service::limit_picture_search(&accounts, &user)).await
}

/// The colour picker's swatches; a swatch at the default distance is answered from the swatch
/// index.
#[utoipa::path(get, path = "/service/get/color-swatches", security(("accessToken" = [])), responses((status = 200, body = Vec<Swatch>)))]
async fn color_swatches(_signed_in: SignedIn) -> HttpResponse {
    HttpResponse::Ok().json(SWATCHES)
}

/// The archive search (spec section 7): every filter of the form, inside the user's scope.
#[utoipa::path(post, path = "/service/search/design/basic/{page}/{pageSize}", security(("accessToken" = [])),
    params(("page" = u32, Path, description = "0-based"), ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100, 25 by default")),
    request_body(content = SearchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SearchAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError),
        (status = 403, description = "`search_field_hidden`: a filter on a field hidden from the viewer", body = ApiError)))]
async fn search_designs(
    SignedIn(session): SignedIn,
    pool: Pool,
    cache: Cache,
    similar: Similar,
    accounts: Accounts,
    path: web::Path<(u32, u32)>,
    form: web::Form<SearchForm>,
) -> Result<HttpResponse, ApiError> {
    let (page, size) = path.into_inner();
    let page = crate::form::page_of(page, size)?;
    let form = form.into_inner();
    let language = session.language(form.language.as_deref());
    let filters = SearchFilters::parse(&form, chrono::Utc::now().date_naive())?;
    count_picture_search(accounts, &session.viewer(), &filters).await?;
    found(
        pool,
        cache,
        similar,
        session.viewer(),
        filters,
        page,
        language,
    )
    .await
}

/// The viewer's search answered: the archive's page, or the similar search's when the form asks
/// for likeness.
async fn found(
    pool: Pool,
    cache: Cache,
    similar: Similar,
    viewer: desen_core::Viewer,
    filters: SearchFilters,
    page: desen_core::PageRequest,
    language: desen_core::Language,
) -> Result<HttpResponse, ApiError> {
    let answer = blocking(move || {
        service::find_as(
            &mut *pool.get()?,
            &cache,
            &similar,
            &viewer,
            &filters,
            page,
            language,
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The multipart form of a search by picture: `similarImage` or `similarId`, and any field of the
/// search form as a text part.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct SimilarUpload {
    /// A JPEG, PNG, WebP or TIFF file, at most 20 MB and 50 megapixels.
    #[schema(value_type = Option<String>, format = Binary)]
    similar_image: Option<Vec<u8>>,
    /// A colorway guid, instead of a picture.
    similar_id: Option<String>,
}

/// Search by picture or by colorway (spec section 7: `POST /search/similar/0/25`), multipart:
/// `similarImage` (a JPEG, PNG, WebP or TIFF file, at most 20 MB and 50 megapixels) or
/// `similarId` (a colorway guid), and any field of the search form as a text part. The archive's
/// cards, each with `score`, `originalName` and, for a picture found in the colorway, `match`.
#[utoipa::path(post, path = "/service/search/similar/{page}/{pageSize}", security(("accessToken" = [])),
    params(("page" = u32, Path, description = "0-based"), ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100")),
    request_body(content = SimilarUpload, content_type = "multipart/form-data", description = "`similarImage` (file) or `similarId`, plus search form fields"),
    responses((status = 200, body = SimilarAnswer),
        (status = 400, description = "`similar_image_unusable`, `similar_search_unavailable` (switched off for customers), `invalid_search`, `upload_interrupted`", body = ApiError),
        (status = 404, description = "`colorway_not_found`", body = ApiError),
        (status = 413, description = "`similar_image_too_large`", body = ApiError),
        (status = 429, description = "`rate_limited`: too many searches by picture (`Retry-After` says when to try again)", body = ApiError)))]
async fn similar_search(
    SignedIn(session): SignedIn,
    pool: Pool,
    similar: Similar,
    accounts: Accounts,
    path: web::Path<(u32, u32)>,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let (page, size) = path.into_inner();
    let page = crate::form::page_of(page, size)?;
    let (form, picture) = read_similar_form(payload).await?;
    let language = session.language(form.language.as_deref());
    let mut filters = SearchFilters::parse(&form, chrono::Utc::now().date_naive())?;
    if let Some(bytes) = picture {
        filters.similar = Some(SimilarQuery::Picture(Arc::new(bytes)));
    }
    if filters.similar.is_none() {
        return Err(SearchError::InvalidSearch("similarImage").into());
    }
    let viewer = session.viewer();
    count_picture_search(accounts, &viewer, &filters).await?;
    let answer = blocking(move || {
        service::similar_as(
            &mut *pool.get()?,
            &similar,
            &viewer,
            &filters,
            page,
            language,
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The multipart form of a similar search: the picture's bytes and the text fields as a
/// search form.
async fn read_similar_form(
    mut payload: Multipart,
) -> Result<(SearchForm, Option<Vec<u8>>), SearchError> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut picture = None;
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|_| SearchError::UploadInterrupted)?
    {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "similarImage"
            && field
                .content_disposition()
                .and_then(|d| d.get_filename())
                .is_some()
        {
            let bytes = web_api::field_bytes(&mut field, MAX_PICTURE_BYTES as u64)
                .await
                .map_err(|e| match e {
                    web_api::FieldError::Interrupted => SearchError::UploadInterrupted,
                    web_api::FieldError::TooLarge(_) => SearchError::PictureTooLarge,
                })?;
            picture = Some(bytes);
            continue;
        }
        let bytes = web_api::field_bytes(&mut field, 8 << 10)
            .await
            .map_err(|_| SearchError::InvalidSearch("form"))?;
        let text = String::from_utf8(bytes).map_err(|_| SearchError::InvalidSearch("form"))?;
        fields.push((name, text));
    }
    let encoded =
        serde_urlencoded::to_string(&fields).map_err(|_| SearchError::InvalidSearch("form"))?;
    let form: SearchForm =
        serde_urlencoded::from_str(&encoded).map_err(|_| SearchError::InvalidSearch("form"))?;
    Ok((form, picture))
}

/// Whether the signed-in user may search by picture, and how many colorways the search knows.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimilarStatus {
    pub available: bool,
    pub indexed_colorways: usize,
}

/// The AI search switch as it applies to the signed-in user (staff always may).
#[utoipa::path(get, path = "/service/search/similar/status", security(("accessToken" = [])), responses((status = 200, body = SimilarStatus)))]
async fn similar_status(
    SignedIn(session): SignedIn,
    pool: Pool,
    similar: Similar,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let status = blocking(move || -> Result<SimilarStatus, SearchError> {
        let conn = &mut *pool.get()?;
        similar.sync(conn)?;
        Ok(SimilarStatus {
            available: viewer.is_staff() || similar.open_to_customers(conn)?,
            indexed_colorways: similar.len(),
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(status))
}

/// The collection, and the page in the path or the query (page 0 of 25 when neither says).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
struct CollectionPage {
    /// 0-based.
    page: Option<u32>,
    /// 1..=100.
    page_size: Option<u32>,
}

/// A page of a collection's (or sub-collection's) designs as the archive's cards: the archive
/// search with its collection filter set, the form's other filters applying too.
#[utoipa::path(post, path = "/service/search/collection/{id}/{page}/{pageSize}", security(("accessToken" = [])),
    params(("id" = i32, Path, description = "the collection or sub-collection"), ("page" = u32, Path, description = "0-based; also `?page=` on `/search/collection/{id}`, 0 by default"),
        ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100; also `?pageSize=`, 25 by default")),
    request_body(content = SearchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SearchAnswer), (status = 400, body = ApiError), (status = 404, description = "`collection_not_found`", body = ApiError),
        (status = 403, description = "`search_field_hidden`: a filter on a field hidden from the viewer", body = ApiError)))]
async fn collection_search(
    SignedIn(session): SignedIn,
    pool: Pool,
    cache: Cache,
    similar: Similar,
    accounts: Accounts,
    request: actix_web::HttpRequest,
    form: web::Form<SearchForm>,
) -> Result<HttpResponse, ApiError> {
    let id = collection_id(request.match_info().get("id").unwrap_or_default())?;
    let query = web::Query::<CollectionPage>::from_query(request.query_string())
        .map_err(|_| SearchError::InvalidSearch("page"))?;
    let number =
        |name: &str, from_query: Option<u32>, default: u32| match request.match_info().get(name) {
            Some(text) => text
                .parse::<u32>()
                .map_err(|_| SearchError::InvalidSearch("page")),
            None => Ok(from_query.unwrap_or(default)),
        };
    let page = crate::form::page_of(
        number("page", query.page, 0)?,
        number("pageSize", query.page_size, 25)?,
    )?;
    let form = form.into_inner();
    let language = session.language(form.language.as_deref());
    let mut filters = SearchFilters::parse(&form, chrono::Utc::now().date_naive())?;
    filters.collection = Some(id);
    count_picture_search(accounts, &session.viewer(), &filters).await?;
    found(
        pool,
        cache,
        similar,
        session.viewer(),
        filters,
        page,
        language,
    )
    .await
}

/// A path's collection id; anything else names no collection.
fn collection_id(text: &str) -> Result<i32, SearchError> {
    text.parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(SearchError::Collections(
            collections::CollectionError::NotFound,
        ))
}

/// A design page: its groups in order, each with the archive's cards of the designs the user may
/// see (the spec spells the route so).
#[utoipa::path(post, path = "/service/basic-colleciton/get/{id}", security(("accessToken" = [])),
    params(("id" = i32, Path, description = "a sub-collection set as a design page")),
    responses((status = 200, body = DesignPageCards), (status = 404, description = "`collection_not_found`", body = ApiError)))]
async fn design_page(
    SignedIn(session): SignedIn,
    pool: Pool,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = collection_id(&path)?;
    let language = session.language(None);
    let viewer = session.viewer();
    let answer =
        blocking(move || service::design_page(&mut *pool.get()?, &viewer, id, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A page of one group of a design page, as the archive's cards in the group's order.
#[utoipa::path(post, path = "/service/basic-colleciton/get/{id}/{group}/{page}/{pageSize}", security(("accessToken" = [])),
    params(("id" = i32, Path, description = "a sub-collection set as a design page"), ("group" = i32, Path, description = "one of its groups"),
        ("page" = u32, Path, description = "0-based"), ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100")),
    responses((status = 200, body = SearchAnswer), (status = 400, body = ApiError), (status = 404, description = "`collection_not_found`", body = ApiError),
        (status = 403, description = "`search_field_hidden`: a filter on a field hidden from the viewer", body = ApiError)))]
async fn design_group_page(
    SignedIn(session): SignedIn,
    pool: Pool,
    path: web::Path<(String, String, u32, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, group, page, size) = path.into_inner();
    let (id, group) = (collection_id(&id)?, collection_id(&group)?);
    let page = crate::form::page_of(page, size)?;
    let language = session.language(None);
    let viewer = session.viewer();
    let answer = blocking(move || {
        service::design_group_page(&mut *pool.get()?, &viewer, id, group, page, language)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A page of the user's favorite list as the archive's cards, one per colorway, newest first.
#[utoipa::path(get, path = "/service/search/favorites/{id}/{page}/{pageSize}", security(("accessToken" = [])),
    params(("id" = String, Path, description = "the list"), ("page" = u32, Path, description = "0-based"), ("pageSize" = u32, Path, minimum = 1, maximum = 100, description = "1..=100")),
    responses((status = 200, body = FavoriteCards), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn favorite_cards(
    SignedIn(session): SignedIn,
    pool: Pool,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (list, page, size) = path.into_inner();
    let page = crate::form::page_of(page, size)?;
    let list = list
        .parse()
        .map_err(|_| SearchError::from(favorites::FavoriteError::ListNotFound))?;
    let user = session.user_id()?;
    let language = session.language(None);
    let viewer = session.viewer();
    let answer = blocking(move || {
        service::favorite_cards(&mut *pool.get()?, &viewer, &user, &list, page, language)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, serde::Serialize, ToSchema)]
pub struct CountAnswer {
    pub count: i64,
}

/// The designs a pool search admits (JSON criteria, paged by its `page` and `resultsPerPage`).
#[utoipa::path(post, path = "/service/admin/pool/search", security(("accessToken" = ["admin"])), request_body = PoolCriteria,
    responses((status = 200, body = SearchAnswer), (status = 400, body = ApiError)))]
async fn pool_search(
    Admin(session): Admin,
    pool: Pool,
    cache: Cache,
    criteria: web::Json<PoolCriteria>,
) -> Result<HttpResponse, ApiError> {
    let criteria = criteria.into_inner();
    let language = session.language(None);
    let answer = blocking(move || {
        service::preview_pool_search(&mut *pool.get()?, &cache, criteria, language)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// How many designs a pool search admits.
#[utoipa::path(post, path = "/service/admin/pool/count", security(("accessToken" = ["admin"])), request_body = PoolCriteria,
    responses((status = 200, body = CountAnswer)))]
async fn pool_count(
    _admin: Admin,
    pool: Pool,
    cache: Cache,
    criteria: web::Json<PoolCriteria>,
) -> Result<HttpResponse, ApiError> {
    let criteria = criteria.into_inner();
    let count =
        blocking(move || service::count_pool_search(&mut *pool.get()?, &cache, criteria)).await?;
    Ok(HttpResponse::Ok().json(CountAnswer { count }))
}
