//! Design routes: extract, call the service on the blocking pool, answer.

use crate::dto::*;
use crate::error::CatalogError;
use crate::service::{self, DesignEdit};
use accounts::{Admin, CurrentSession, SignedIn};
use actix_web::{HttpResponse, web};
use db::DbPool;
use desen_core::{Language, PageRequest};
use serde::Deserialize;
use storage::Storage;
use utoipa::{IntoParams, ToSchema};
use web_api::{ApiError, blocking, flag};

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
        .route("/get/labels", web::post().to(labels));
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
        labels
    ),
    components(schemas(DesignHeader, DesignSummary, ArchiveAnswer, LabelAnswer))
)]
pub struct CatalogApi;

type Pool = web::Data<DbPool>;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeaderForm {
    pub design_guid: String,
    pub colorway_guid: Option<String>,
    pub language: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageForm {
    pub language: Option<String>,
}

/// The design header of a design the user may see.
#[utoipa::path(post, path = "/service/design/header", request_body(content = HeaderForm, content_type = "application/x-www-form-urlencoded"),
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
#[utoipa::path(post, path = "/service/admin/design/header/{id}", responses((status = 200, body = DesignHeader), (status = 404, body = ApiError)))]
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

/// The spec's design edit fields. Absent fields keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct EditForm {
    #[serde(rename = "repeatOffset")]
    pub repeat_offset: Option<String>,
    #[serde(rename = "repeatDirection")]
    pub repeat_direction: Option<String>,
    #[serde(rename = "repeatOffsetCustomValue")]
    pub repeat_offset_custom_value: Option<String>,
    #[serde(rename = "isConfined")]
    pub is_confined: Option<String>,
    /// Engraved or not; `screenStatus` names all four states and wins when both are sent.
    #[serde(rename = "isScreenEngraved")]
    pub is_screen_engraved: Option<String>,
    #[serde(rename = "screenStatus")]
    pub screen_status: Option<String>,
    #[serde(rename = "originalName")]
    pub original_name: Option<String>,
    pub studio: Option<String>,
    pub notes: Option<String>,
    #[serde(rename = "customerId")]
    pub customer_id: Option<String>,
    /// Label ids, comma-separated or a JSON array.
    #[serde(rename = "labelIDs")]
    pub label_ids: Option<String>,
    /// ISO country codes, comma-separated.
    #[serde(rename = "closedCountries")]
    pub closed_countries: Option<String>,
    #[serde(rename = "ownedExtra")]
    pub owned_extra: Option<String>,
    /// dp0..dp9 as a JSON array of ten strings.
    #[serde(rename = "dynamicParameters")]
    pub dynamic_parameters: Option<String>,
}

impl EditForm {
    fn into_edit(self) -> Result<DesignEdit, CatalogError> {
        let invalid = CatalogError::InvalidForm;
        let engraved =
            flag(self.is_screen_engraved.as_deref(), "isScreenEngraved").map_err(invalid)?;
        let screen_status = self
            .screen_status
            .or_else(|| engraved.map(|e| if e { "engraved" } else { "not_engraved" }.to_owned()));
        let custom = match self.repeat_offset_custom_value.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(None),
            Some(text) => Some(Some(
                text.replace(',', ".")
                    .parse::<f64>()
                    .map_err(|_| invalid("repeatOffsetCustomValue"))?,
            )),
        };
        let label_ids = match self.label_ids.as_deref().map(str::trim) {
            None => None,
            Some(text) => Some(parse_ids(text).ok_or(invalid("labelIDs"))?),
        };
        let parameters = match self.dynamic_parameters {
            None => None,
            Some(text) => {
                let values: Vec<String> =
                    serde_json::from_str(&text).map_err(|_| invalid("dynamicParameters"))?;
                Some(<[String; 10]>::try_from(values).map_err(|_| invalid("dynamicParameters"))?)
            }
        };
        Ok(DesignEdit {
            repeat_direction: self.repeat_direction,
            repeat_offset: self.repeat_offset,
            repeat_offset_custom: custom,
            is_confined: flag(self.is_confined.as_deref(), "isConfined").map_err(invalid)?,
            screen_status,
            original_name: self.original_name,
            studio: self.studio,
            notes: self.notes,
            customer: self
                .customer_id
                .map(|c| Some(c).filter(|c| !c.trim().is_empty())),
            label_ids,
            closed_countries: self.closed_countries.map(|text| {
                text.split(',')
                    .map(str::to_owned)
                    .filter(|c| !c.trim().is_empty())
                    .collect()
            }),
            owned_extra: flag(self.owned_extra.as_deref(), "ownedExtra").map_err(invalid)?,
            parameters,
        })
    }
}

/// "1,2,3" or "[1,2,3]" or "" (no labels).
fn parse_ids(text: &str) -> Option<Vec<i32>> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_matches('"').parse().ok())
        .collect()
}

/// Edit a design (staff).
#[utoipa::path(put, path = "/service/design/header/{recognizer}", request_body(content = EditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = DesignHeader), (status = "4XX", body = ApiError)))]
async fn edit_design(
    Admin(session): Admin,
    pool: Pool,
    recognizer: web::Path<String>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, ApiError> {
    let edit = form.into_inner().into_edit()?;
    let language = session.language(None);
    let viewer = session.viewer();
    let header = blocking(move || {
        let mut conn = pool.get()?;
        let edited = diesel::Connection::transaction(&mut *conn, |conn| {
            service::edit_design(conn, &viewer, &recognizer, edit)
        })?;
        service::design_header(&mut conn, &viewer, &edited.guid, language)
    })
    .await?;
    Ok(HttpResponse::Ok().json(header))
}

#[derive(Debug, serde::Serialize, ToSchema)]
pub struct DeletedAnswer {
    pub deleted: bool,
}

/// Delete a design, its colorways and their renditions (staff).
#[utoipa::path(delete, path = "/service/design/delete/{id}", responses((status = 200, body = DeletedAnswer), (status = 404, body = ApiError)))]
async fn delete_design(
    Admin(session): Admin,
    pool: Pool,
    storage: web::Data<Storage>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    blocking(move || {
        let keys = diesel::Connection::transaction(&mut *pool.get()?, |conn| {
            service::delete_design(conn, &viewer, &id)
        })?;
        // The rows are gone; the files follow. A failure here leaves unreferenced files, which
        // are logged rather than resurrecting the design.
        for key in keys {
            if let Err(error) = storage
                .delete_prefix(&key)
                .and_then(|_| storage.delete(&key))
            {
                tracing::warn!(%key, %error, "could not remove the files of a deleted design");
            }
        }
        Ok::<_, CatalogError>(())
    })
    .await?;
    Ok(HttpResponse::Ok().json(DeletedAnswer { deleted: true }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SearchQuery {
    pub query: Option<String>,
    pub page: Option<u32>,
    #[serde(rename = "pageSize")]
    pub page_size: Option<u32>,
}

/// Staff design search by number, original name, studio or notes.
#[utoipa::path(get, path = "/service/admin/design/search", params(SearchQuery), responses((status = 200, body = Vec<DesignSummary>)))]
async fn admin_search(
    _: Admin,
    pool: Pool,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let page = PageRequest::new(query.page.unwrap_or(0), query.page_size.unwrap_or(25));
    let text = query.query.unwrap_or_default();
    let page = blocking(move || service::admin_search(&mut *pool.get()?, &text, page)).await?;
    Ok(HttpResponse::Ok().json(page))
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
#[utoipa::path(get, path = "/service/admin/get/all-archives", responses((status = 200, body = Vec<ArchiveAnswer>)))]
async fn all_archives(Admin(session): Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    lookup(&session, None, pool, service::archives).await
}

/// Every label, in the admin's language.
#[utoipa::path(get, path = "/service/admin/get/all-labels", responses((status = 200, body = Vec<LabelAnswer>)))]
async fn all_labels(Admin(session): Admin, pool: Pool) -> Result<HttpResponse, ApiError> {
    lookup(&session, None, pool, service::labels).await
}

/// Archives for the search filters.
#[utoipa::path(post, path = "/service/get/archives", responses((status = 200, body = Vec<ArchiveAnswer>)))]
async fn archives(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: Option<web::Form<LanguageForm>>,
) -> Result<HttpResponse, ApiError> {
    lookup(&session, asked(form), pool, service::archives).await
}

/// Labels for the search filters.
#[utoipa::path(post, path = "/service/get/labels", responses((status = 200, body = Vec<LabelAnswer>)))]
async fn labels(
    SignedIn(session): SignedIn,
    pool: Pool,
    form: Option<web::Form<LanguageForm>>,
) -> Result<HttpResponse, ApiError> {
    lookup(&session, asked(form), pool, service::labels).await
}
