use crate::chart::{self, Chart, ChartPoint, TopLabel};
use crate::dto::{EntriesForm, ViewForm};
use crate::entries::{
    self, CadEntry, ColorwayEntry, EntriesAnswer, LabelEntry, LoginEntry, Summary,
};
use crate::error::StatisticsError;
use crate::funnel::{self, FunnelAnswer, FunnelRow, FunnelTotals, UnviewedDesign};
use crate::service;
use accounts::{Admin, SignedIn};
use actix_web::{HttpResponse, web};
use db::DbPool;
use desen_core::Language;
use web_api::{ApiError, blocking};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics/record", web::post().to(record))
        .route("/admin/statistics/cad-entries", web::post().to(cad_entries))
        .route(
            "/admin/statistics/login-entries",
            web::post().to(login_entries),
        )
        .route(
            "/admin/statistics/colorway-entries",
            web::post().to(colorway_entries),
        )
        .route(
            "/admin/statistics/label-entries",
            web::post().to(label_entries),
        )
        .route("/admin/statistics/chart", web::post().to(chart_of))
        .route("/admin/statistics/funnel", web::post().to(funnel_of))
        .route("/admin/statistics/unviewed", web::post().to(unviewed));
}

/// What a route asks of the filter form the statistics share, beyond its schema: (method, path,
/// JSON Schema), applied to the document by the gateway. A chart names its statistic; a funnel
/// and the unviewed list come as pages only, never as CSV.
pub const BODY_RULES: &[(&str, &str, &str)] = &[
    (
        "post",
        "/service/admin/statistics/chart",
        r#"{"required": ["kind"], "properties": {"kind": {"pattern": "^ *(cad|login|colorway|label) *$"}}}"#,
    ),
    (
        "post",
        "/service/admin/statistics/funnel",
        r#"{"properties": {"format": {"pattern": "^ *$"}}}"#,
    ),
    (
        "post",
        "/service/admin/statistics/unviewed",
        r#"{"properties": {"format": {"pattern": "^ *$"}}}"#,
    ),
];

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        record,
        cad_entries,
        login_entries,
        colorway_entries,
        label_entries,
        chart_of,
        funnel_of,
        unviewed
    ),
    components(schemas(
        ViewForm,
        EntriesForm,
        Summary,
        CadEntry,
        LoginEntry,
        ColorwayEntry,
        LabelEntry,
        Chart,
        ChartPoint,
        TopLabel,
        FunnelRow,
        FunnelTotals,
        FunnelAnswer,
        UnviewedDesign,
        EntriesAnswer<CadEntry>,
        EntriesAnswer<LoginEntry>,
        EntriesAnswer<ColorwayEntry>,
        EntriesAnswer<LabelEntry>
    ))
)]
pub struct StatisticsApi;

/// Records a colorway view (spec: designGuid, colorwayGuid).
#[utoipa::path(post, path = "/service/metrics/record", security(("accessToken" = [])), request_body(content = ViewForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn record(
    SignedIn(session): SignedIn,
    pool: web::Data<DbPool>,
    recorder: web::Data<usage::Recorder>,
    form: web::Form<ViewForm>,
) -> Result<HttpResponse, ApiError> {
    let viewer = session.viewer();
    let (design, colorway, event) = form.into_inner().parse()?;
    let view = blocking(move || {
        service::colorway_view(&mut *pool.get()?, &viewer, &design, &colorway, event)
    })
    .await?;
    // Written off the request path (kept in the spool until then).
    recorder.record(vec![view]);
    Ok(HttpResponse::NoContent().finish())
}

type Pool = web::Data<DbPool>;
type Recorded = web::Data<usage::Recorder>;

/// A connection once everything this instance recorded is written: an admin sees what was
/// done a moment ago (the writer keeps up, so this seldom waits). Runs inside `blocking`.
fn up_to_date(
    pool: &DbPool,
    recorder: &usage::Recorder,
) -> Result<r2d2::PooledConnection<db::PoolManager>, StatisticsError> {
    recorder.flush();
    Ok(pool.get()?)
}

/// Rows of one statistic: its titles in the admin's language, and each entry as text.
trait Tabular {
    fn titles(language: Language) -> Vec<&'static str>;
    fn cells(&self) -> Vec<String>;
}

fn who_titles(language: Language) -> [&'static str; 4] {
    match language {
        Language::Tr => ["Zaman (UTC)", "Kullanıcı", "E-posta", "Firma"],
        Language::En => ["Time (UTC)", "User", "E-mail", "Company"],
        Language::Ru => ["Время (UTC)", "Пользователь", "Эл. почта", "Компания"],
    }
}

fn who_cells(at: &chrono::NaiveDateTime, who: &entries::Who, email: &str) -> Vec<String> {
    vec![
        at.format("%Y-%m-%d %H:%M:%S").to_string(),
        who.user_name.clone().unwrap_or_default(),
        email.to_owned(),
        who.company_name.clone().unwrap_or_default(),
    ]
}

impl Tabular for CadEntry {
    fn titles(language: Language) -> Vec<&'static str> {
        let more = match language {
            Language::Tr => ["Desen no", "Varyant", "Biçim", "Tür", "Bayt"],
            Language::En => ["Design no", "Colorway", "Format", "Kind", "Bytes"],
            Language::Ru => ["Номер дизайна", "Колорит", "Формат", "Вид", "Байты"],
        };
        who_titles(language).into_iter().chain(more).collect()
    }

    fn cells(&self) -> Vec<String> {
        let mut cells = who_cells(
            &self.at,
            &self.who,
            self.who.user_email.as_deref().unwrap_or_default(),
        );
        cells.extend([
            self.design_number.clone(),
            self.colorway_name.clone(),
            self.format.clone(),
            self.kind.clone(),
            self.bytes.to_string(),
        ]);
        cells
    }
}

impl Tabular for LoginEntry {
    fn titles(language: Language) -> Vec<&'static str> {
        let more = match language {
            Language::Tr => ["IP", "Sonuç"],
            Language::En => ["IP", "Outcome"],
            Language::Ru => ["IP", "Результат"],
        };
        who_titles(language).into_iter().chain(more).collect()
    }

    fn cells(&self) -> Vec<String> {
        let mut cells = who_cells(&self.at, &self.who, &self.email);
        cells.extend([self.ip.clone(), self.outcome.clone()]);
        cells
    }
}

impl Tabular for ColorwayEntry {
    fn titles(language: Language) -> Vec<&'static str> {
        let more = match language {
            Language::Tr => ["Desen no", "Varyant"],
            Language::En => ["Design no", "Colorway"],
            Language::Ru => ["Номер дизайна", "Колорит"],
        };
        who_titles(language).into_iter().chain(more).collect()
    }

    fn cells(&self) -> Vec<String> {
        let mut cells = who_cells(
            &self.at,
            &self.who,
            self.who.user_email.as_deref().unwrap_or_default(),
        );
        cells.extend([
            self.design_number.clone().unwrap_or_default(),
            self.colorway_name.clone().unwrap_or_default(),
        ]);
        cells
    }
}

impl Tabular for LabelEntry {
    fn titles(language: Language) -> Vec<&'static str> {
        let more = match language {
            Language::Tr => ["Desen no", "Varyant", "Etiket"],
            Language::En => ["Design no", "Colorway", "Label"],
            Language::Ru => ["Номер дизайна", "Колорит", "Метка"],
        };
        who_titles(language).into_iter().chain(more).collect()
    }

    fn cells(&self) -> Vec<String> {
        let mut cells = who_cells(
            &self.at,
            &self.who,
            self.who.user_email.as_deref().unwrap_or_default(),
        );
        cells.extend([
            self.design_number.clone().unwrap_or_default(),
            self.colorway_name.clone().unwrap_or_default(),
            self.label.clone(),
        ]);
        cells
    }
}

type Read<T> = fn(
    &mut db::DbConnection,
    &entries::EntryFilter,
    Option<desen_core::PageRequest>,
) -> Result<(Vec<T>, Summary), StatisticsError>;

/// One statistic: a page as JSON, or every entry as CSV named `name`.
async fn answer<T: Tabular + utoipa::ToSchema + serde::Serialize + Send + 'static>(
    session: accounts::CurrentSession,
    (pool, recorder): (Pool, Recorded),
    form: EntriesForm,
    read: Read<T>,
    name: &'static str,
) -> Result<HttpResponse, ApiError> {
    let (mut filter, page) = form.parse(chrono::Utc::now().date_naive())?;
    let language = session.language(None);
    filter.language = language;
    let (items, summary) =
        blocking(move || read(&mut *up_to_date(&pool, &recorder)?, &filter, page)).await?;
    Ok(match page {
        Some(page) => HttpResponse::Ok().json(EntriesAnswer::new(items, summary, page)),
        None => {
            let titles: Vec<String> = T::titles(language).into_iter().map(str::to_owned).collect();
            let rows = std::iter::once(titles).chain(items.iter().map(Tabular::cells));
            HttpResponse::Ok()
                .content_type("text/csv; charset=utf-8")
                .insert_header((
                    actix_web::http::header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}.csv\""),
                ))
                .body(desen_core::text::csv(rows))
        }
    })
}

/// CAD downloads, download-alls and exports, one entry per colorway, newest first.
#[utoipa::path(post, path = "/service/admin/statistics/cad-entries", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "a page, or with format=csv every entry as CSV", content((EntriesAnswer<CadEntry> = "application/json"), (String = "text/csv"))), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn cad_entries(
    Admin(session): Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    answer(
        session,
        (pool, recorder),
        form.into_inner(),
        entries::cad_entries,
        "cad-entries",
    )
    .await
}

/// Sign-ins, successful or not, newest first.
#[utoipa::path(post, path = "/service/admin/statistics/login-entries", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "a page, or with format=csv every entry as CSV", content((EntriesAnswer<LoginEntry> = "application/json"), (String = "text/csv"))), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn login_entries(
    Admin(session): Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    answer(
        session,
        (pool, recorder),
        form.into_inner(),
        entries::login_entries,
        "login-entries",
    )
    .await
}

/// Colorways opened on the design page, newest first.
#[utoipa::path(post, path = "/service/admin/statistics/colorway-entries", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "a page, or with format=csv every entry as CSV", content((EntriesAnswer<ColorwayEntry> = "application/json"), (String = "text/csv"))), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn colorway_entries(
    Admin(session): Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    answer(
        session,
        (pool, recorder),
        form.into_inner(),
        entries::colorway_entries,
        "colorway-entries",
    )
    .await
}

/// The labels looked at (each colorway view once per label of its design), newest first.
#[utoipa::path(post, path = "/service/admin/statistics/label-entries", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "a page, or with format=csv every entry as CSV", content((EntriesAnswer<LabelEntry> = "application/json"), (String = "text/csv"))), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn label_entries(
    Admin(session): Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    answer(
        session,
        (pool, recorder),
        form.into_inner(),
        entries::label_entries,
        "label-entries",
    )
    .await
}

/// A statistic's counts per day or month under the filter (`kind`: cad, login, colorway,
/// label), with the ten labels looked at most for labels.
#[utoipa::path(post, path = "/service/admin/statistics/chart", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Chart), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn chart_of(
    Admin(session): Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    let today = chrono::Utc::now().date_naive();
    let kind = form.chart_kind()?;
    let (mut filter, _) = form.parse(today)?;
    filter.language = session.language(None);
    let chart =
        blocking(move || chart::chart(&mut *up_to_date(&pool, &recorder)?, kind, &filter, today))
            .await?;
    Ok(HttpResponse::Ok().json(chart))
}

/// The page a funnel or unviewed list asks for (`format=csv` is not offered for them).
fn paged(
    page: Option<desen_core::PageRequest>,
) -> Result<desen_core::PageRequest, StatisticsError> {
    page.ok_or(StatisticsError::InvalidForm("format"))
}

/// Per design (`by=design`) or company (`by=company`): views, favorites, CAD downloads and
/// orders under the filter, most viewed first, with the totals.
#[utoipa::path(post, path = "/service/admin/statistics/funnel", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = FunnelAnswer), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn funnel_of(
    _: Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    let by = form.funnel_by()?;
    let (filter, page) = form.parse(chrono::Utc::now().date_naive())?;
    let page = paged(page)?;
    let answer =
        blocking(move || funnel::funnel(&mut *up_to_date(&pool, &recorder)?, by, &filter, page))
            .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The designs nobody the filter admits looked at in its period, newest first:
/// `{items: [{designGuid, designNumber, uploadDate}], totalCount, totalPage, currentPage}`.
#[utoipa::path(post, path = "/service/admin/statistics/unviewed", security(("accessToken" = ["admin"])), request_body(content = EntriesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "a page of designs never viewed in the period"), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError)))]
async fn unviewed(
    _: Admin,
    pool: Pool,
    recorder: Recorded,
    form: web::Form<EntriesForm>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = form.parse(chrono::Utc::now().date_naive())?;
    let page = paged(page)?;
    let answer =
        blocking(move || funnel::unviewed(&mut *up_to_date(&pool, &recorder)?, &filter, page))
            .await?;
    Ok(HttpResponse::Ok().json(answer))
}
