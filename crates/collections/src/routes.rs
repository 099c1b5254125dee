//! Collection routes: boards for customers, the admin's two spellings of the same operations
//! (`/admin/new-collection/…` and `/admin/imagecollection/…`), special lists, stock pages and the
//! photos' image routes. Extract, call the service on the blocking pool, answer.

use crate::dto::*;
use crate::error::CollectionError;
use crate::photos::{MAX_PHOTO_BYTES, Size};
use crate::service::{self, CollectionForm, TagForm, TagTarget};
use crate::{special_lists, stock};
use accounts::{Admin, ImageViewer, SignedIn};
use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};
use db::DbPool;
use futures::TryStreamExt;
use serde::Deserialize;
use storage::Storage;
use utoipa::{IntoParams, ToSchema};
use web_api::{ApiError, DeletedAnswer, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/collections/all", web::post().to(boards))
        .route("/collections/get", web::post().to(board))
        .route(
            "/collections/get-mood-boards/{id}",
            web::get().to(mood_board),
        )
        .route("/collections/image/{id}/{size}", web::get().to(photo))
        .route("/collections/cover/{id}", web::get().to(cover))
        .route("/get/special-lists", web::get().to(special_list_options))
        .route("/public/stock/{slug}", web::get().to(stock_page))
        .route(
            "/public/stock/{slug}/preview/{design}/{colorway}",
            web::get().to(stock_preview),
        )
        .route("/admin/new-collection/all", web::get().to(tree))
        .route("/admin/imagecollection/all", web::post().to(tree))
        .route(
            "/admin/new-collection/colorways",
            web::get().to(colorway_options),
        )
        .route("/admin/new-collection/{id}", web::get().to(detail))
        .route("/admin/new-collection", web::put().to(create))
        .route("/admin/new-collection", web::patch().to(edit))
        .route(
            "/admin/imagecollection/create-collection",
            web::post().to(create_or_edit),
        )
        .route("/admin/new-collection", web::post().to(delete))
        .route(
            "/admin/imagecollection/delete-collection",
            web::post().to(delete),
        )
        .route("/admin/special-lists", web::get().to(special_lists_all))
        .route("/admin/special-lists", web::put().to(special_list_save))
        .route("/admin/special-lists", web::patch().to(special_list_rename))
        .route(
            "/admin/special-lists/{id}/designs",
            web::put().to(special_list_designs),
        )
        .route(
            "/admin/special-lists/{id}",
            web::delete().to(special_list_delete),
        )
        .route("/admin/new-collection/publish", web::post().to(publish))
        .route("/admin/new-collection/revoke", web::post().to(revoke));
    // The content operations, under both spellings.
    for base in ["/admin/new-collection", "/admin/imagecollection"] {
        cfg.route(&format!("{base}/create-content"), web::post().to(add_image))
            .route(
                &format!("{base}/delete-content"),
                web::post().to(delete_image),
            )
            .route(&format!("{base}/move-content"), web::post().to(move_image))
            .route(&format!("{base}/add-colorway"), web::post().to(add_tag))
            .route(
                &format!("{base}/delete-colorway"),
                web::post().to(delete_tag),
            )
            .route(
                &format!("{base}/modify-group"),
                web::post().to(modify_group),
            );
    }
}

/// What a route asks of a form it shares with other routes, beyond the form's schema:
/// (method, path, JSON Schema), applied to the document by the gateway. A new collection needs
/// its name and description, takes no kind, and is a sub-collection or has its cover; an edit
/// names the collection; a mood photo names its board and is sent; a tag names its colorway by
/// number (`val`) or by its ids.
pub const BODY_RULES: &[(&str, &str, &str)] = &[
    (
        "put",
        "/service/admin/new-collection",
        r#"{"required": ["name", "description"], "properties": {"kind": {"pattern": "^ *$"}},
            "anyOf": [{"required": ["subCollectionId"]}, {"required": ["thumbnailImage"], "properties": {"thumbnailImage": {"minLength": 1}}}]}"#,
    ),
    (
        "patch",
        "/service/admin/new-collection",
        r#"{"required": ["id"]}"#,
    ),
    (
        "post",
        "/service/admin/imagecollection/create-collection",
        r#"{"anyOf": [{"required": ["id"]},
            {"required": ["name", "description", "subCollectionId"], "properties": {"kind": {"pattern": "^ *$"}}},
            {"required": ["name", "description", "thumbnailImage"], "properties": {"kind": {"pattern": "^ *$"}, "thumbnailImage": {"minLength": 1}}}]}"#,
    ),
    (
        "post",
        "/service/admin/new-collection/create-content",
        r#"{"required": ["subCollectionId", "thumbnailImage"], "properties": {"thumbnailImage": {"minLength": 1}}}"#,
    ),
    (
        "post",
        "/service/admin/new-collection/add-colorway",
        r#"{"anyOf": [{"required": ["val"], "properties": {"val": {"pattern": "\\S"}}},
            {"required": ["designGuid", "colorwayGuid"], "properties": {"designGuid": {"pattern": "\\S"}, "colorwayGuid": {"pattern": "\\S"}}}]}"#,
    ),
    (
        "patch",
        "/service/admin/special-lists",
        r#"{"required": ["id"], "properties": {"id": {"type": "integer", "format": "int32"}}}"#,
    ),
];

/// Routes served under the spec's second spelling, documented as the same operation:
/// (method, path, documented method, documented path).
pub const SPELLINGS: &[(&str, &str, &str, &str)] = &[
    (
        "post",
        "/service/admin/imagecollection/all",
        "get",
        "/service/admin/new-collection/all",
    ),
    (
        "post",
        "/service/admin/imagecollection/delete-collection",
        "post",
        "/service/admin/new-collection",
    ),
    (
        "post",
        "/service/admin/imagecollection/create-content",
        "post",
        "/service/admin/new-collection/create-content",
    ),
    (
        "post",
        "/service/admin/imagecollection/delete-content",
        "post",
        "/service/admin/new-collection/delete-content",
    ),
    (
        "post",
        "/service/admin/imagecollection/move-content",
        "post",
        "/service/admin/new-collection/move-content",
    ),
    (
        "post",
        "/service/admin/imagecollection/add-colorway",
        "post",
        "/service/admin/new-collection/add-colorway",
    ),
    (
        "post",
        "/service/admin/imagecollection/delete-colorway",
        "post",
        "/service/admin/new-collection/delete-colorway",
    ),
    (
        "post",
        "/service/admin/imagecollection/modify-group",
        "post",
        "/service/admin/new-collection/modify-group",
    ),
];

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        boards,
        board,
        mood_board,
        photo,
        cover,
        special_list_options,
        stock_page,
        stock_preview,
        tree,
        colorway_options,
        detail,
        create,
        create_or_edit,
        edit,
        delete,
        add_image,
        delete_image,
        move_image,
        add_tag,
        delete_tag,
        modify_group,
        special_lists_all,
        special_list_save,
        special_list_rename,
        special_list_designs,
        special_list_delete,
        publish,
        revoke
    ),
    components(schemas(
        CollectionNode,
        CollectionRef,
        CollectionDetail,
        MoodBoard,
        MoodImageAnswer,
        MoodTagAnswer,
        GroupAnswer,
        GroupDesign,
        GroupData,
        ColorwayOption,
        Names,
        ListedDesign,
        SpecialListAnswer,
        SpecialListOption,
        SpecialListSave,
        SpecialListDesigns,
        StockPageAnswer,
        StockDesign,
        StockPageView,
        IdForm,
        ImageForm,
        MoveForm,
        TagFields,
        UntagForm,
        GroupForm,
        PublishForm,
        RevokeForm
    ))
)]
pub struct CollectionsApi;

type Pool = web::Data<DbPool>;
type Files = web::Data<Storage>;
type Boards = web::Data<crate::BoardsCache>;

/// A number from a form or a path: a malformed one names nothing.
fn number(text: &str, field: &'static str) -> Result<i32, CollectionError> {
    text.trim()
        .parse()
        .map_err(|_| CollectionError::InvalidForm(field))
}

// ---- customer side ----------------------------------------------------------------------------------

/// The boards: active collections with their sub-collections, counted in the user's scope.
#[utoipa::path(post, path = "/service/collections/all", security(("accessToken" = [])), responses((status = 200, body = Vec<CollectionNode>), (status = 401, body = ApiError)))]
async fn boards(
    SignedIn(session): SignedIn,
    pool: Pool,
    cache: Boards,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let answer = blocking(move || service::boards(&mut *pool.get()?, &cache, &viewer)).await?;
    Ok(HttpResponse::Ok().json(&*answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdForm {
    #[schema(value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    id: Option<String>,
    #[schema(value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    collection_id: Option<String>,
}

impl IdForm {
    fn id(&self) -> Result<i32, CollectionError> {
        let text = self
            .id
            .as_deref()
            .or(self.collection_id.as_deref())
            .ok_or(CollectionError::InvalidForm("id"))?;
        number(text, "id")
    }
}

/// One collection of the boards.
#[utoipa::path(post, path = "/service/collections/get", security(("accessToken" = [])), request_body(content = IdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CollectionNode), (status = 404, body = ApiError)))]
async fn board(
    SignedIn(session): SignedIn,
    pool: Pool,
    cache: Boards,
    form: web::Form<IdForm>,
) -> Result<HttpResponse, ApiError> {
    let id = form.id()?;
    let viewer = session.viewer();
    let answer = blocking(move || service::board(&mut *pool.get()?, &cache, &viewer, id)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A mood board's photos with their tagged colorways.
#[utoipa::path(get, path = "/service/collections/get-mood-boards/{id}", security(("accessToken" = [])), params(("id" = i32, Path)),
    responses((status = 200, body = MoodBoard), (status = 404, body = ApiError)))]
async fn mood_board(
    SignedIn(session): SignedIn,
    pool: Pool,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = number(&path, "id").map_err(|_| CollectionError::NotFound)?;
    let viewer = session.viewer();
    let answer = blocking(move || service::mood_board(&mut *pool.get()?, &viewer, id)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Answers a stored JPEG for good: its URL changes with its key.
fn jpeg(bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, max-age=31536000, immutable"),
        ))
        .content_type("image/jpeg")
        .body(bytes)
}

/// A mood photo (`thumb` or `large`), for a viewer who may see it.
#[utoipa::path(get, path = "/service/collections/image/{id}/{size}", security(("accessToken" = []), ("imageCookie" = [])), params(("id" = i32, Path), ("size" = String, Path, pattern = "^(thumb|large)$", description = "thumb or large")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn photo(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, size) = path.into_inner();
    let (Ok(id), Some(size)) = (number(&id, "id"), Size::parse(&size)) else {
        return Err(CollectionError::ImageNotFound.into());
    };
    let viewer = session.viewer();
    let bytes = blocking(move || {
        let key = service::photo_key(&mut *pool.get()?, &viewer, id)?;
        service::read_photo(&files, &key, size)
    })
    .await?;
    Ok(jpeg(bytes))
}

/// A (sub-)collection's own cover thumbnail.
#[utoipa::path(get, path = "/service/collections/cover/{id}", security(("accessToken" = []), ("imageCookie" = [])), params(("id" = i32, Path)),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn cover(
    ImageViewer(session): ImageViewer,
    pool: Pool,
    files: Files,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = number(&path, "id").map_err(|_| CollectionError::NotFound)?;
    let viewer = session.viewer();
    let bytes = blocking(move || {
        let key = service::cover_key(&mut *pool.get()?, &viewer, id)?;
        service::read_photo(&files, &key, Size::Thumb)
    })
    .await?;
    Ok(jpeg(bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
struct LanguageQuery {
    /// `tr`, `en` or `ru` (the web app's language); the account's language otherwise.
    language: Option<String>,
}

/// The special lists the archive's filter offers, named in the asked language, else the user's.
#[utoipa::path(get, path = "/service/get/special-lists", security(("accessToken" = [])), params(LanguageQuery), responses((status = 200, body = Vec<SpecialListOption>)))]
async fn special_list_options(
    SignedIn(session): SignedIn,
    pool: Pool,
    query: web::Query<LanguageQuery>,
) -> Result<HttpResponse, ApiError> {
    let language = session.language(query.language.as_deref());
    let answer = blocking(move || special_lists::options(&mut *pool.get()?, language)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A published stock page, without signing in.
#[utoipa::path(get, path = "/service/public/stock/{slug}", params(("slug" = String, Path)),
    responses((status = 200, body = StockPageView), (status = 404, body = ApiError)))]
async fn stock_page(pool: Pool, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let slug = path.into_inner();
    let answer = blocking(move || stock::view(&mut *pool.get()?, &slug)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .json(answer))
}

/// The preview of a colorway shown on a published stock page, without signing in.
#[utoipa::path(get, path = "/service/public/stock/{slug}/preview/{design}/{colorway}",
    params(("slug" = String, Path), ("design" = String, Path), ("colorway" = String, Path)),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ApiError)))]
async fn stock_preview(
    pool: Pool,
    files: Files,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, design, colorway) = path.into_inner();
    let bytes = blocking(move || {
        let key = stock::preview_key(&mut *pool.get()?, &slug, &design, &colorway)?;
        files
            .get(&format!("{key}/{}", imaging::render::names::PREVIEW))?
            .ok_or(CollectionError::StockPageNotFound)
    })
    .await?;
    Ok(jpeg(bytes))
}

// ---- admin ---------------------------------------------------------------------------------------------

/// The whole tree of collections, inactive and unset ones too, with their stock pages.
#[utoipa::path(get, path = "/service/admin/new-collection/all", security(("accessToken" = ["admin"])), responses((status = 200, body = Vec<CollectionNode>)))]
async fn tree(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let answer = blocking(move || service::tree(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
struct Query {
    query: Option<String>,
}

/// The tagging autocomplete over `DESIGN/COLORWAY` numbers.
#[utoipa::path(get, path = "/service/admin/new-collection/colorways", security(("accessToken" = ["admin"])), params(Query),
    responses((status = 200, body = Vec<ColorwayOption>)))]
async fn colorway_options(
    _admin: Admin,
    pool: Pool,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let text = query.into_inner().query.unwrap_or_default();
    let answer = blocking(move || service::colorway_options(&mut *pool.get()?, &text)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// One (sub-)collection with every photo, tag and group.
#[utoipa::path(get, path = "/service/admin/new-collection/{id}", security(("accessToken" = ["admin"])), params(("id" = i32, Path)),
    responses((status = 200, body = CollectionDetail), (status = 404, body = ApiError)))]
async fn detail(
    _admin: Admin,
    pool: Pool,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = number(&path, "id").map_err(|_| CollectionError::NotFound)?;
    let answer = blocking(move || service::detail(&mut *pool.get()?, id)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Reads a field's bytes, at most `max`.
async fn field_bytes(
    field: &mut actix_multipart::Field,
    max: u64,
) -> Result<Vec<u8>, CollectionError> {
    web_api::field_bytes(field, max).await.map_err(|e| match e {
        web_api::FieldError::Interrupted => CollectionError::UploadInterrupted,
        web_api::FieldError::TooLarge(max) => {
            CollectionError::PhotoTooLarge(format!("{max} bytes"))
        }
    })
}

/// The multipart form of a create, an edit or a photo upload: small text fields, one file.
async fn read_form(
    mut payload: Multipart,
) -> Result<(CollectionForm, Option<i32>), CollectionError> {
    let mut form = CollectionForm::default();
    let mut sub_collection = None;
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|_| CollectionError::UploadInterrupted)?
    {
        let name = field.name().unwrap_or_default().to_owned();
        if matches!(name.as_str(), "thumbnailImage" | "image") {
            let bytes = field_bytes(&mut field, MAX_PHOTO_BYTES).await?;
            // An empty file input is no file.
            form.thumbnail = (!bytes.is_empty()).then_some(bytes);
            continue;
        }
        let bytes = field_bytes(&mut field, 8 << 10)
            .await
            .map_err(|_| CollectionError::InvalidForm("form"))?;
        let text = String::from_utf8(bytes).map_err(|_| CollectionError::InvalidForm("form"))?;
        let present = !text.trim().is_empty();
        match name.as_str() {
            "id" if present => form.id = Some(number(&text, "id")?),
            "subCollectionId" if present => {
                sub_collection = Some(number(&text, "subCollectionId")?)
            }
            "name" => form.name = Some(text),
            "description" => form.description = Some(text),
            "isActive" => {
                form.is_active =
                    web_api::flag(Some(&text), "isActive").map_err(CollectionError::InvalidForm)?
            }
            "isBanner" => {
                form.is_banner =
                    web_api::flag(Some(&text), "isBanner").map_err(CollectionError::InvalidForm)?
            }
            "position" if present => form.position = Some(number(&text, "position")?),
            "kind" if present => form.kind = Some(text.trim().to_owned()),
            _ => {}
        }
    }
    Ok((form, sub_collection))
}

/// The multipart form of a (sub-)collection: text fields and an optional picture.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct CollectionUpload {
    /// The (sub-)collection to edit (edit only).
    #[schema(value_type = Option<String>, pattern = "^ *[0-9]{1,9} *$")]
    id: Option<String>,
    /// The parent collection of a new sub-collection; the mood board a photo goes to.
    #[schema(value_type = Option<String>, pattern = "^ *[0-9]{1,9} *$")]
    sub_collection_id: Option<String>,
    /// Not blank, at most 100 characters, no control characters but line breaks.
    #[schema(
        max_length = 100,
        pattern = r"^[^\x00-\x09\x0b-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x09\x0b-\x1f\x7f-\x9f]*$"
    )]
    name: Option<String>,
    /// Not blank, at most 1,000 characters, no control characters but line breaks.
    #[schema(
        max_length = 1000,
        pattern = r"^[^\x00-\x09\x0b-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x09\x0b-\x1f\x7f-\x9f]*$"
    )]
    description: Option<String>,
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    is_active: Option<String>,
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    is_banner: Option<String>,
    #[schema(value_type = Option<String>, pattern = "^ *[0-9]{1,9} *$")]
    position: Option<String>,
    /// A sub-collection's kind, set once: `mood` or `design`.
    #[schema(pattern = "^ *(mood|design)? *$")]
    kind: Option<String>,
    /// The cover or photo (JPEG, PNG or WebP); also accepted as `image`.
    #[schema(value_type = Option<String>, format = Binary)]
    thumbnail_image: Option<Vec<u8>>,
}

/// Creates a collection, or a sub-collection under `subCollectionId`; a collection (no
/// `subCollectionId`) needs its cover, `thumbnailImage`.
#[utoipa::path(put, path = "/service/admin/new-collection", security(("accessToken" = ["admin"])), request_body(content = CollectionUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = CollectionNode), (status = 400, body = ApiError), (status = 404, description = "`collection_not_found`: no such parent collection", body = ApiError), (status = 413, body = ApiError)))]
async fn create(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (mut form, parent) = read_form(payload).await?;
    form.parent = parent;
    form.id = None;
    let answer = blocking(move || service::create(&mut *pool.get()?, &files, &actor, form)).await?;
    Ok(HttpResponse::Created().json(answer))
}

/// Edits a (sub-)collection; `kind` sets a sub-collection's kind, once.
#[utoipa::path(patch, path = "/service/admin/new-collection", security(("accessToken" = ["admin"])), request_body(content = CollectionUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = CollectionNode), (status = 400, body = ApiError), (status = 404, body = ApiError),
        (status = 409, description = "`collection_kind_fixed`", body = ApiError)))]
async fn edit(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (form, _) = read_form(payload).await?;
    let answer = blocking(move || service::edit(&mut *pool.get()?, &files, &actor, form)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The imagecollection spelling: a create without `id`, an edit with it.
#[utoipa::path(post, path = "/service/admin/imagecollection/create-collection", security(("accessToken" = ["admin"])), request_body(content = CollectionUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "edited", body = CollectionNode), (status = 201, description = "created", body = CollectionNode), (status = 400, body = ApiError),
        (status = 404, description = "`collection_not_found`", body = ApiError), (status = 409, description = "`collection_kind_fixed`", body = ApiError), (status = 413, body = ApiError)))]
async fn create_or_edit(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (mut form, parent) = read_form(payload).await?;
    let created = form.id.is_none();
    form.parent = parent;
    let answer = blocking(move || {
        let conn = &mut *pool.get()?;
        if created {
            service::create(conn, &files, &actor, form)
        } else {
            service::edit(conn, &files, &actor, form)
        }
    })
    .await?;
    Ok(if created {
        HttpResponse::Created().json(answer)
    } else {
        HttpResponse::Ok().json(answer)
    })
}

/// Deletes a (sub-)collection with everything under it.
#[utoipa::path(post, path = "/service/admin/new-collection", security(("accessToken" = ["admin"])), request_body(content = IdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn delete(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    form: web::Form<IdForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let id = form.id()?;
    blocking(move || service::delete(&mut *pool.get()?, &files, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

/// Adds a photo (JPEG, PNG or WebP) to a mood board.
#[utoipa::path(post, path = "/service/admin/new-collection/create-content", security(("accessToken" = ["admin"])), request_body(content = CollectionUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = MoodImageAnswer), (status = 400, body = ApiError), (status = 404, description = "`collection_not_found`: no such mood board", body = ApiError), (status = 409, body = ApiError), (status = 413, body = ApiError)))]
async fn add_image(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let (form, sub) = read_form(payload).await?;
    let sub = sub.ok_or(CollectionError::FormIncomplete("subCollectionId"))?;
    let bytes = form
        .thumbnail
        .ok_or(CollectionError::FormIncomplete("image"))?;
    let answer =
        blocking(move || service::add_image(&mut *pool.get()?, &files, &actor, sub, &bytes))
            .await?;
    Ok(HttpResponse::Created().json(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageForm {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    image_id: Option<String>,
}

fn image_id(text: Option<&str>) -> Result<i32, CollectionError> {
    number(
        text.ok_or(CollectionError::FormIncomplete("imageId"))?,
        "imageId",
    )
}

#[utoipa::path(post, path = "/service/admin/new-collection/delete-content", security(("accessToken" = ["admin"])), request_body(content = ImageForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn delete_image(
    Admin(session): Admin,
    pool: Pool,
    files: Files,
    form: web::Form<ImageForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let id = image_id(form.image_id.as_deref())?;
    blocking(move || service::delete_image(&mut *pool.get()?, &files, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveForm {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    image_id: Option<String>,
    /// Where among the board's photos, 0 first.
    #[schema(value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    position: Option<String>,
}

/// Moves a photo among its mood board's photos; answers the board's photos in their new order.
#[utoipa::path(post, path = "/service/admin/new-collection/move-content", security(("accessToken" = ["admin"])), request_body(content = MoveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Vec<MoodImageAnswer>), (status = 404, body = ApiError)))]
async fn move_image(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<MoveForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let id = image_id(form.image_id.as_deref())?;
    let position = number(
        form.position
            .as_deref()
            .ok_or(CollectionError::FormIncomplete("position"))?,
        "position",
    )?;
    let answer =
        blocking(move || service::move_image(&mut *pool.get()?, &actor, id, position)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFields {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    image_id: Option<String>,
    design_guid: Option<String>,
    colorway_guid: Option<String>,
    /// `DESIGN/COLORWAY`, such as `01-0559/VR-2`.
    val: Option<String>,
    x: Option<String>,
    y: Option<String>,
}

impl TagFields {
    fn parse(self) -> Result<TagForm, CollectionError> {
        let filled = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
        let target = match (
            filled(self.val),
            filled(self.design_guid),
            filled(self.colorway_guid),
        ) {
            (Some(val), _, _) => TagTarget::Number(val),
            (None, Some(design), Some(colorway)) => TagTarget::Ids { design, colorway },
            _ => return Err(CollectionError::FormIncomplete("val")),
        };
        let coordinate = |v: Option<String>, field| {
            filled(v)
                .map(|v| {
                    v.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|f| f.is_finite())
                        .ok_or(CollectionError::InvalidForm(field))
                })
                .transpose()
        };
        let point = match (coordinate(self.x, "x")?, coordinate(self.y, "y")?) {
            (Some(x), Some(y)) => Some((x, y)),
            (None, None) => None,
            (None, Some(_)) => return Err(CollectionError::FormIncomplete("x")),
            (Some(_), None) => return Err(CollectionError::FormIncomplete("y")),
        };
        Ok(TagForm {
            image: image_id(self.image_id.as_deref())?,
            target,
            point,
        })
    }
}

/// Tags a colorway on a photo, by ids or by `DESIGN/COLORWAY` number, optionally at a point.
#[utoipa::path(post, path = "/service/admin/new-collection/add-colorway", security(("accessToken" = ["admin"])), request_body(content = TagFields, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = MoodImageAnswer), (status = 404, description = "`colorway_not_found`, `mood_image_not_found`", body = ApiError),
        (status = 409, description = "`colorway_already_tagged`", body = ApiError)))]
async fn add_tag(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<TagFields>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let tag = form.into_inner().parse()?;
    let answer = blocking(move || service::add_tag(&mut *pool.get()?, &actor, tag)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UntagForm {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    image_id: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    colorway_guid: Option<String>,
}

#[utoipa::path(post, path = "/service/admin/new-collection/delete-colorway", security(("accessToken" = ["admin"])), request_body(content = UntagForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = MoodImageAnswer), (status = 404, body = ApiError)))]
async fn delete_tag(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<UntagForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let form = form.into_inner();
    let image = image_id(form.image_id.as_deref())?;
    let colorway = form
        .colorway_guid
        .ok_or(CollectionError::FormIncomplete("colorwayGuid"))?;
    let answer =
        blocking(move || service::delete_tag(&mut *pool.get()?, &actor, image, &colorway)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupForm {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    collection_id: Option<String>,
    /// JSON `[{name, designGuids[]}]`, in order.
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    group_data: Option<String>,
}

/// Replaces a design page's groups.
#[utoipa::path(post, path = "/service/admin/new-collection/modify-group", security(("accessToken" = ["admin"])), request_body(content = GroupForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Vec<GroupAnswer>), (status = 400, description = "`collection_group_required`, `collection_form_incomplete`", body = ApiError)))]
async fn modify_group(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<GroupForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let form = form.into_inner();
    let id = number(
        form.collection_id
            .as_deref()
            .ok_or(CollectionError::FormIncomplete("collectionId"))?,
        "collectionId",
    )?;
    let groups: Vec<GroupData> = match form.group_data.as_deref().map(str::trim) {
        None | Some("") => Vec::new(),
        Some(json) => {
            serde_json::from_str(json).map_err(|_| CollectionError::InvalidForm("groupData"))?
        }
    };
    let answer =
        blocking(move || service::set_groups(&mut *pool.get()?, &actor, id, groups)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Every special list with its names and chosen designs.
#[utoipa::path(get, path = "/service/admin/special-lists", security(("accessToken" = ["admin"])), responses((status = 200, body = Vec<SpecialListAnswer>)))]
async fn special_lists_all(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let answer = blocking(move || special_lists::all(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Creates (PUT, without `id`) or renames (PATCH, with `id`) a special list.
#[utoipa::path(put, path = "/service/admin/special-lists", security(("accessToken" = ["admin"])), request_body = SpecialListSave,
    responses((status = 201, body = SpecialListAnswer), (status = 200, body = SpecialListAnswer), (status = 400, body = ApiError),
        (status = 404, description = "`special_list_not_found`: the `id` to replace names no list", body = ApiError)))]
async fn special_list_save(
    Admin(session): Admin,
    pool: Pool,
    body: web::Json<SpecialListSave>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let save = body.into_inner();
    let created = save.id.is_none();
    let answer = blocking(move || special_lists::save(&mut *pool.get()?, &actor, save)).await?;
    Ok(if created {
        HttpResponse::Created().json(answer)
    } else {
        HttpResponse::Ok().json(answer)
    })
}

/// Renames a special list: the same as a save with `id`, which a rename cannot do without (else
/// it would make a new list).
#[utoipa::path(patch, path = "/service/admin/special-lists", security(("accessToken" = ["admin"])), request_body = SpecialListSave,
    responses((status = 200, body = SpecialListAnswer), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn special_list_rename(
    admin: Admin,
    pool: Pool,
    body: web::Json<SpecialListSave>,
) -> Result<HttpResponse, ApiError> {
    if body.id.is_none() {
        return Err(CollectionError::FormIncomplete("id").into());
    }
    special_list_save(admin, pool, body).await
}

/// Sets the chosen designs of a list, in order.
#[utoipa::path(put, path = "/service/admin/special-lists/{id}/designs", security(("accessToken" = ["admin"])), params(("id" = i32, Path)), request_body = SpecialListDesigns,
    responses((status = 200, body = SpecialListAnswer), (status = 409, description = "`special_list_rule`", body = ApiError)))]
async fn special_list_designs(
    Admin(session): Admin,
    pool: Pool,
    path: web::Path<String>,
    body: web::Json<SpecialListDesigns>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let id = number(&path, "id").map_err(|_| CollectionError::SpecialListNotFound)?;
    let designs = body.into_inner().design_guids;
    let answer =
        blocking(move || special_lists::set_designs(&mut *pool.get()?, &actor, id, designs))
            .await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[utoipa::path(delete, path = "/service/admin/special-lists/{id}", security(("accessToken" = ["admin"])), params(("id" = i32, Path)),
    responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn special_list_delete(
    Admin(session): Admin,
    pool: Pool,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let id = number(&path, "id").map_err(|_| CollectionError::SpecialListNotFound)?;
    blocking(move || special_lists::delete(&mut *pool.get()?, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishForm {
    #[schema(required = true, value_type = String, pattern = "^ *[0-9]{1,9} *$")]
    collection_id: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    customer_guid: Option<String>,
}

/// Publishes a collection for a customer company under a new slug.
#[utoipa::path(post, path = "/service/admin/new-collection/publish", security(("accessToken" = ["admin"])), request_body(content = PublishForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 201, body = StockPageAnswer), (status = 404, body = ApiError)))]
async fn publish(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<PublishForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let form = form.into_inner();
    let id = number(
        form.collection_id
            .as_deref()
            .ok_or(CollectionError::FormIncomplete("collectionId"))?,
        "collectionId",
    )?;
    let customer = form
        .customer_guid
        .filter(|c| !c.trim().is_empty())
        .ok_or(CollectionError::FormIncomplete("customerGuid"))?;
    let answer =
        blocking(move || stock::publish(&mut *pool.get()?, &actor, id, customer.trim())).await?;
    Ok(HttpResponse::Created().json(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RevokeForm {
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    slug: Option<String>,
}

/// Revokes a stock page: its slug stops working at once.
#[utoipa::path(post, path = "/service/admin/new-collection/revoke", security(("accessToken" = ["admin"])), request_body(content = RevokeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn revoke(
    Admin(session): Admin,
    pool: Pool,
    form: web::Form<RevokeForm>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.user_id()?;
    let slug = form
        .into_inner()
        .slug
        .ok_or(CollectionError::FormIncomplete("slug"))?;
    blocking(move || stock::revoke(&mut *pool.get()?, &actor, &slug)).await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}
