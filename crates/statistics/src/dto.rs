//! What travels over HTTP: the spec's form fields.

use crate::error::StatisticsError;
use catalog::CatalogError;
use desen_core::{ColorwayGuid, DesignGuid};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewForm {
    pub design_guid: String,
    pub colorway_guid: String,
    /// A UUID the web app makes for this one view: sent again on a retry, it is counted once.
    #[serde(default)]
    #[schema(value_type = String, format = Uuid)]
    pub event_id: Option<String>,
}

impl ViewForm {
    /// The colorway viewed and the view's event id. Malformed ids name no design, like unknown
    /// ones; a malformed event id is refused.
    pub fn parse(self) -> Result<(DesignGuid, ColorwayGuid, Option<uuid::Uuid>), StatisticsError> {
        let not_found = |_| CatalogError::DesignNotFound;
        let event = match self
            .event_id
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            Some(text) => Some(
                text.parse::<uuid::Uuid>()
                    .map_err(|_| StatisticsError::InvalidForm("eventId"))?,
            ),
            None => None,
        };
        Ok((
            self.design_guid.parse().map_err(not_found)?,
            self.colorway_guid.parse().map_err(not_found)?,
            event,
        ))
    }
}

/// `POST /admin/statistics/*-entries`: the filters (all optional), the page, or `format=csv` for
/// every entry the filters admit.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EntriesForm {
    pub company_guid: Option<String>,
    pub user_guid: Option<String>,
    /// A date preset of the archive search (1 today ... 11 last 365 days).
    #[schema(value_type = Option<String>, pattern = "^ *([0-9]|1[01])? *$")]
    pub date_range: Option<String>,
    /// A custom span, `YYYY-MM-DD`, both days included.
    #[schema(value_type = Option<String>, pattern = "^ *([0-9]{4}-[0-9]{2}-[0-9]{2})? *$")]
    pub from: Option<String>,
    #[schema(value_type = Option<String>, pattern = "^ *([0-9]{4}-[0-9]{2}-[0-9]{2})? *$")]
    pub to: Option<String>,
    pub page: Option<u32>,
    #[schema(minimum = 1, maximum = 500)]
    pub page_size: Option<u32>,
    /// `at.desc` (the default), `at.asc`, `user.asc`, `user.desc`, `company.asc`, `company.desc`.
    #[schema(value_type = Option<String>, pattern = "^ *(at\\.desc|at\\.asc|user\\.asc|user\\.desc|company\\.asc|company\\.desc)? *$")]
    pub sort: Option<String>,
    #[schema(value_type = Option<String>, pattern = "^ *(csv)? *$")]
    pub format: Option<String>,
    /// The chart's statistic: `cad`, `login`, `colorway` or `label` (the chart route only).
    #[schema(value_type = Option<String>, pattern = "^ *(cad|login|colorway|label)? *$")]
    pub kind: Option<String>,
    /// The funnel's rows: `design` (the default) or `company` (the funnel route only).
    #[schema(value_type = Option<String>, pattern = "^ *(design|company)? *$")]
    pub by: Option<String>,
}

/// The statistic a chart counts.
pub use usage::Kind as ChartKind;

impl EntriesForm {
    pub fn funnel_by(&self) -> Result<crate::funnel::FunnelBy, StatisticsError> {
        crate::funnel::FunnelBy::parse(given(&self.by)).ok_or(StatisticsError::InvalidForm("by"))
    }

    pub fn chart_kind(&self) -> Result<ChartKind, StatisticsError> {
        Ok(match given(&self.kind) {
            Some("cad") => ChartKind::Cad,
            Some("login") => ChartKind::Login,
            Some("colorway") => ChartKind::Colorway,
            Some("label") => ChartKind::Label,
            _ => return Err(StatisticsError::InvalidForm("kind")),
        })
    }
}

fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl EntriesForm {
    /// The filter, and the page asked for (`None` for the CSV of every entry).
    pub fn parse(
        &self,
        today: chrono::NaiveDate,
    ) -> Result<(crate::entries::EntryFilter, Option<desen_core::PageRequest>), StatisticsError>
    {
        let day = |value: &Option<String>, field: &'static str| {
            given(value)
                .map(|v| {
                    chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
                        .map_err(|_| StatisticsError::InvalidForm(field))
                })
                .transpose()
        };
        let preset = given(&self.date_range)
            .map(|p| {
                p.parse::<u8>()
                    .map_err(|_| StatisticsError::InvalidForm("dateRange"))
            })
            .transpose()?;
        let (from, until) = crate::entries::EntryFilter::span(
            preset,
            day(&self.from, "from")?,
            day(&self.to, "to")?,
            today,
        )?;
        let sort = match given(&self.sort) {
            Some(text) => crate::entries::EntrySort::parse(text)
                .ok_or(StatisticsError::InvalidForm("sort"))?,
            None => Default::default(),
        };
        let filter = crate::entries::EntryFilter {
            company: given(&self.company_guid).map(str::to_owned),
            user: given(&self.user_guid).map(str::to_owned),
            from,
            until,
            sort,
            language: Default::default(),
        };
        let page = match given(&self.format) {
            Some("csv") => None,
            Some(_) => return Err(StatisticsError::InvalidForm("format")),
            None => {
                let size = self.page_size.unwrap_or(25);
                if size == 0 || size > desen_core::PageRequest::MAX_PAGE_SIZE {
                    return Err(StatisticsError::InvalidForm("pageSize"));
                }
                Some(desen_core::PageRequest::new(self.page.unwrap_or(0), size))
            }
        };
        Ok((filter, page))
    }
}
