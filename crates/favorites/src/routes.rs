//! Favorites routes (spec section 7 "Favorites", plus rename and the admins' shared lists):
//! extract, call the service on the blocking pool, answer.

use crate::dto::*;
use crate::error::FavoriteError;
use crate::service::{self, Owner, ShareMail, Sharer};
use accounts::{AccountsContext, Admin, CurrentSession, SignedIn};
use actix_web::{HttpResponse, web};
use db::{DbConnection, DbPool};
use desen_core::FavoriteListGuid;
use serde::Deserialize;
use web_api::{ApiError, DeletedAnswer, blocking};

/// Where shared lists are mailed (`favorites.studio_mail`); without it, sharing only records.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct FavoritesSettings {
    #[serde(default)]
    pub studio_mail: Option<String>,
}

impl FavoritesSettings {
    /// The studio's address now: the one an admin saved in the general settings (empty: none),
    /// else the configured one.
    pub fn live_studio_mail(
        &self,
        conn: &mut db::DbConnection,
    ) -> Result<Option<String>, crate::error::FavoriteError> {
        let saved: Option<String> =
            configuration::Saved::read(conn)?.get(configuration::keys::STUDIO_MAIL);
        Ok(match saved {
            Some(mail) => Some(mail).filter(|m| !m.is_empty()),
            None => self.studio_mail.clone(),
        })
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/favorites/lists", web::get().to(lists))
        .route("/favorites/colorways", web::get().to(holding))
        .route("/favorites/lists-entries", web::get().to(lists_entries))
        .route("/favorites/entries/{id}", web::get().to(entries))
        .route("/favorites/create", web::put().to(create))
        .route("/favorites/rename", web::post().to(rename))
        .route("/favorites/add", web::put().to(add))
        .route("/favorites/remove", web::post().to(remove))
        .route("/favorites/empty/{id}", web::patch().to(empty))
        .route("/favorites/delete/{id}", web::delete().to(delete))
        .route("/favorites/share", web::post().to(share))
        .route("/admin/favorites/shared", web::get().to(shared_lists))
        .route("/admin/favorites/shared/{id}", web::get().to(shared_list));
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        lists,
        holding,
        lists_entries,
        entries,
        create,
        rename,
        add,
        remove,
        empty,
        delete,
        share,
        shared_lists,
        shared_list
    ),
    components(schemas(
        ListAnswer,
        HoldingAnswer,
        EntryAnswer,
        ListEntries,
        SharedList,
        SharedListEntries,
        DeletedAnswer
    ))
)]
pub struct FavoritesApi;

type Pool = web::Data<DbPool>;

/// Runs `work` for the signed-in user on the blocking pool, with the pool rule of what they see.
async fn as_owner<T: Send + 'static>(
    session: CurrentSession,
    pool: Pool,
    work: impl FnOnce(&mut DbConnection, &Owner) -> Result<T, FavoriteError> + Send + 'static,
) -> Result<T, ApiError> {
    let user = session.user_id()?;
    let viewer = session.viewer();
    blocking(move || {
        let mut conn = pool.get()?;
        let scope = pools::scope_of(&mut conn, &viewer)?;
        work(
            &mut conn,
            &Owner {
                user: &user,
                scope: &scope,
            },
        )
    })
    .await
}

/// A list named in the path. A malformed id names no list.
fn path_list(id: &str) -> Result<FavoriteListGuid, ApiError> {
    Ok(id.parse().map_err(|_| FavoriteError::ListNotFound)?)
}

/// The user's lists with the number of colorways they may see in each, newest first; with
/// `thumbnails=4`, each with its newest colorways' thumbnails.
#[utoipa::path(get, path = "/service/favorites/lists", security(("accessToken" = [])), params(ListsQuery), responses((status = 200, body = [ListAnswer]), (status = 401, body = ApiError)))]
async fn lists(
    SignedIn(session): SignedIn,
    pool: Pool,
    query: web::Query<ListsQuery>,
) -> Result<HttpResponse, ApiError> {
    let thumbnails = query.thumbnails.unwrap_or(0);
    let lists = as_owner(session, pool, move |conn, owner| {
        service::lists(conn, owner, thumbnails)
    })
    .await?;
    Ok(HttpResponse::Ok().json(lists))
}

/// Which of the user's lists hold each of some colorways (`ids`, comma separated, at most 200):
/// what the hearts of a page of cards show.
#[utoipa::path(get, path = "/service/favorites/colorways", security(("accessToken" = [])), params(HoldingQuery),
    responses((status = 200, body = [HoldingAnswer]), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
async fn holding(
    SignedIn(session): SignedIn,
    pool: Pool,
    query: web::Query<HoldingQuery>,
) -> Result<HttpResponse, ApiError> {
    let ids: Vec<String> = query
        .ids
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    if ids.len() > MAX_HOLDING_IDS {
        return Err(FavoriteError::InvalidForm("ids").into());
    }
    let answer = as_owner(session, pool, move |conn, owner| {
        service::holding_lists(conn, owner, &ids)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Every list of the user with its entries.
#[utoipa::path(get, path = "/service/favorites/lists-entries", security(("accessToken" = [])), responses((status = 200, body = [ListEntries]), (status = 401, body = ApiError)))]
async fn lists_entries(SignedIn(session): SignedIn, pool: Pool) -> Result<HttpResponse, ApiError> {
    let lists = as_owner(session, pool, service::lists_with_entries).await?;
    Ok(HttpResponse::Ok().json(lists))
}

/// One list of the user with its entries, newest first.
#[utoipa::path(get, path = "/service/favorites/entries/{id}", security(("accessToken" = [])), params(("id" = String, Path, description = "the list")),
    responses((status = 200, body = ListEntries), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn entries(
    SignedIn(session): SignedIn,
    pool: Pool,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let list = path_list(&id)?;
    let answer = as_owner(session, pool, move |conn, owner| {
        service::list_entries(conn, owner, &list)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Creates a list: a name unique for the user (ignoring case), letters, digits and spaces.
#[utoipa::path(put, path = "/service/favorites/create", security(("accessToken" = [])), request_body(content = CreateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ListAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 409, body = ApiError)))]
async fn create(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: web::Form<CreateForm>,
) -> Result<HttpResponse, ApiError> {
    let name = form.into_inner().parse()?;
    let list = as_owner(session, pool, move |conn, owner| {
        service::create_list(conn, owner, &name)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Renames a list ("collection name changed").
#[utoipa::path(post, path = "/service/favorites/rename", security(("accessToken" = [])), request_body(content = RenameForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ListAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn rename(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: web::Form<RenameForm>,
) -> Result<HttpResponse, ApiError> {
    let (list, name) = form.into_inner().parse()?;
    let list = as_owner(session, pool, move |conn, owner| {
        service::rename_list(conn, owner, &list, &name)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Adds a colorway of a design the user may see to one of their lists.
#[utoipa::path(put, path = "/service/favorites/add", security(("accessToken" = [])), request_body(content = EntryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ListAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn add(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: web::Form<EntryForm>,
) -> Result<HttpResponse, ApiError> {
    let (list, key) = form.into_inner().parse()?;
    let list = as_owner(session, pool, move |conn, owner| {
        service::add_entry(conn, owner, &list, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Removes a colorway from one of the user's lists.
#[utoipa::path(post, path = "/service/favorites/remove", security(("accessToken" = [])), request_body(content = EntryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ListAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn remove(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: web::Form<EntryForm>,
) -> Result<HttpResponse, ApiError> {
    let (list, key) = form.into_inner().parse()?;
    let list = as_owner(session, pool, move |conn, owner| {
        service::remove_entry(conn, owner, &list, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Empties a list of the colorways the user sees in it.
#[utoipa::path(patch, path = "/service/favorites/empty/{id}", security(("accessToken" = [])), params(("id" = String, Path, description = "the list")),
    responses((status = 200, body = ListAnswer), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn empty(
    SignedIn(session): SignedIn,
    pool: Pool,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let list = path_list(&id)?;
    let list = as_owner(session, pool, move |conn, owner| {
        service::empty_list(conn, owner, &list)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Deletes a list with its entries.
#[utoipa::path(delete, path = "/service/favorites/delete/{id}", security(("accessToken" = [])), params(("id" = String, Path, description = "the list")),
    responses((status = 200, body = DeletedAnswer), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn delete(
    SignedIn(session): SignedIn,
    pool: Pool,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let list = path_list(&id)?;
    as_owner(session, pool, move |conn, owner| {
        service::delete_list(conn, owner, &list)
    })
    .await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

/// Shares a list with the studio: the admins see it, and the studio's address gets a mail.
#[utoipa::path(post, path = "/service/favorites/share", security(("accessToken" = [])), request_body(content = ShareForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ListAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError)))]
async fn share(
    SignedIn(session): SignedIn,
    pool: Pool,
    accounts: web::Data<AccountsContext>,
    settings: web::Data<FavoritesSettings>,
    form: web::Form<ShareForm>,
) -> Result<HttpResponse, ApiError> {
    let list = form.into_inner().parse()?;
    let user = session.user.clone();
    let answer = as_owner(session, pool, move |conn, owner| {
        let sharer = Sharer {
            company: accounts::service::company_name(conn, &user)?,
            name: user.name,
            email: user.email,
        };
        let studio = settings.live_studio_mail(conn)?;
        let mail = ShareMail {
            mailer: accounts.mailer.as_ref(),
            studio: studio.as_deref(),
            public_url: &accounts.settings.public_url,
        };
        service::share_list(conn, owner, &list, &sharer, &mail)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Lists shared with the studio, the latest first (admins, read-only).
#[utoipa::path(get, path = "/service/admin/favorites/shared", security(("accessToken" = ["admin"])), responses((status = 200, body = [SharedList]), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn shared_lists(_admin: Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    let lists = blocking(move || service::shared_lists(&mut *pool.get()?)).await?;
    Ok(HttpResponse::Ok().json(lists))
}

/// One shared list with its colorways (admins, read-only).
#[utoipa::path(get, path = "/service/admin/favorites/shared/{id}", security(("accessToken" = ["admin"])), params(("id" = String, Path, description = "the list")),
    responses((status = 200, body = SharedListEntries), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn shared_list(
    _admin: Admin,
    pool: Pool,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let list = path_list(&id)?;
    let answer = blocking(move || service::shared_list_entries(&mut *pool.get()?, &list)).await?;
    Ok(HttpResponse::Ok().json(answer))
}
