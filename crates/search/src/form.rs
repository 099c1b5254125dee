//! The spec's search form as it arrives (every field optional text) and its checks: a field the
//! server cannot read is refused with `invalid_search` naming it, never ignored.

use crate::error::SearchError;
use crate::filters::{ColorQuery, DateField, LabelMode, SearchFilters, Sort, SpecialList};
use crate::similar::SimilarQuery;
use catalog::model::{DesignType, ScreenStatus};
use catalog::swatch_index;
use chrono::NaiveDate;
use desen_core::color::{DEFAULT_COLOR_DISTANCE, parse_hex};
use serde::Deserialize;
use utoipa::ToSchema;

/// The largest page a search answers.
pub const MAX_PAGE_SIZE: u32 = 100;

/// The spec's search form (all fields optional, empty means "not set").
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchForm {
    pub number: Option<String>,
    /// `#RRGGBB`.
    pub color: Option<String>,
    /// CIEDE2000 threshold, 1..=40 (10 by default).
    pub color_distance: Option<String>,
    /// Screen status: engraved, not_engraved, faded, none.
    pub moldstate: Option<String>,
    /// Comma-separated screen counts.
    pub channelcounts: Option<String>,
    /// rotary or digital.
    #[serde(rename = "type")]
    pub design_type: Option<String>,
    /// Comma-separated label ids.
    pub labels: Option<String>,
    /// `all` (every label, the default) or `any`.
    pub label_search_mode: Option<String>,
    /// Preset 0..=11 (spec section 9).
    pub date_range: Option<String>,
    /// Custom range, `YYYY-MM-DD`, inclusive; overrides the preset.
    pub date_from: Option<String>,
    pub date_to: Option<String>,
    /// `upload` (default) or `edit`.
    pub date_field: Option<String>,
    /// Archive id; -1 for all.
    pub archive: Option<String>,
    /// `open` or `closed`.
    pub confined: Option<String>,
    /// 0 upload date (newest first), 1 modify date (newest first), 2 number.
    pub order: Option<String>,
    pub studio: Option<String>,
    pub originalname: Option<String>,
    pub note: Option<String>,
    /// A special list (`GET /get/special-lists`): the seeded 1 pinned designs, 2 designs with
    /// orders, 3 designs never ordered, and the lists admins make.
    pub special_list_id: Option<String>,
    pub customer: Option<String>,
    pub dp0: Option<String>,
    pub dp1: Option<String>,
    /// `true`: owned extra designs only.
    pub owned: Option<String>,
    /// A picture to rank the designs by (search by picture): base64, or a `data:` URL. Up to
    /// the form's limit; `/search/similar` takes the picture as a file instead.
    pub similar_image: Option<String>,
    /// A colorway to rank the designs by ("similar colorways").
    pub similar_id: Option<String>,
    /// A collection or sub-collection: its grouped and tagged designs.
    pub collection_id: Option<String>,
    pub language: Option<String>,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn invalid(field: &'static str) -> SearchError {
    SearchError::InvalidSearch(field)
}

/// An id field: none when empty or 0 (the form's "any"), else a positive number.
fn positive_id(value: &Option<String>, field: &'static str) -> Result<Option<i32>, SearchError> {
    match text(value) {
        None => Ok(None),
        Some(v) => match v.parse::<i32>() {
            Ok(0) => Ok(None),
            Ok(id) if id > 0 => Ok(Some(id)),
            _ => Err(invalid(field)),
        },
    }
}

pub use desen_core::time::preset_range;

impl SearchFilters {
    /// Checks the form. `today` anchors the date presets.
    pub fn parse(form: &SearchForm, today: NaiveDate) -> Result<SearchFilters, SearchError> {
        let color = match text(&form.color) {
            None => None,
            Some(hex) => {
                let rgb = parse_hex(&hex).ok_or(invalid("color"))?;
                let distance = match text(&form.color_distance) {
                    None => DEFAULT_COLOR_DISTANCE,
                    Some(d) => d
                        .parse::<f64>()
                        .ok()
                        .filter(|d| (1.0..=40.0).contains(d))
                        .ok_or(invalid("colorDistance"))?,
                };
                Some(ColorQuery {
                    lab: swatch_index::lab_of(rgb),
                    distance,
                    swatch: swatch_index::swatch_of(rgb)
                        .filter(|_| distance == DEFAULT_COLOR_DISTANCE),
                })
            }
        };
        let ints = |value: &Option<String>, field: &'static str| -> Result<Vec<i32>, SearchError> {
            text(value)
                .map(|v| {
                    v.split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(|s| s.parse::<i32>().map_err(|_| invalid(field)))
                        .collect()
                })
                .unwrap_or(Ok(Vec::new()))
        };
        let parse_date =
            |value: &Option<String>, field| -> Result<Option<NaiveDate>, SearchError> {
                text(value)
                    .map(|v| NaiveDate::parse_from_str(&v, "%Y-%m-%d").map_err(|_| invalid(field)))
                    .transpose()
            };
        let from = parse_date(&form.date_from, "dateFrom")?;
        let to = parse_date(&form.date_to, "dateTo")?;
        let dates = if from.is_some() || to.is_some() {
            // An open end is the first or last day both backends store: PostgreSQL rejects
            // chrono's extremes, and SQLite compares timestamps as text, where years outside
            // 0001..=9999 (written with a sign) sort wrongly.
            let first = NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or(NaiveDate::MIN);
            let last = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX);
            let from = from.unwrap_or(first).max(first);
            let until = to.and_then(|t| t.succ_opt()).unwrap_or(last).min(last);
            if from >= until {
                return Err(invalid("dateTo"));
            }
            Some((from, until))
        } else {
            match text(&form.date_range) {
                None => None,
                Some(preset) => {
                    let preset: u8 = preset
                        .parse()
                        .ok()
                        .filter(|p| *p <= 11)
                        .ok_or(invalid("dateRange"))?;
                    match preset {
                        0 => None,
                        p => preset_range(p, today),
                    }
                }
            }
        };
        let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap_or_default();
        let mut labels = ints(&form.labels, "labels")?;
        labels.sort_unstable();
        labels.dedup();
        let mut channel_counts = ints(&form.channelcounts, "channelcounts")?;
        channel_counts.sort_unstable();
        channel_counts.dedup();
        Ok(SearchFilters {
            number: text(&form.number),
            color,
            screen_status: text(&form.moldstate)
                .map(|s| ScreenStatus::parse(&s).ok_or(invalid("moldstate")))
                .transpose()?,
            channel_counts,
            design_type: text(&form.design_type)
                .map(|s| DesignType::parse(&s).ok_or(invalid("type")))
                .transpose()?,
            labels,
            label_mode: match text(&form.label_search_mode).as_deref() {
                None | Some("all" | "1" | "true") => LabelMode::All,
                Some("any" | "0" | "false") => LabelMode::Any,
                Some(_) => return Err(invalid("labelSearchMode")),
            },
            dates: dates.map(|(f, u)| (midnight(f), midnight(u))),
            date_field: match text(&form.date_field).as_deref() {
                None | Some("upload") => DateField::Uploaded,
                Some("edit") => DateField::Edited,
                Some(_) => return Err(invalid("dateField")),
            },
            archive: match text(&form.archive) {
                None => None,
                Some(a) => match a.parse::<i32>().map_err(|_| invalid("archive"))? {
                    desen_core::ALL_ARCHIVES => None,
                    id if id >= 0 => Some(id),
                    _ => return Err(invalid("archive")),
                },
            },
            confined: match text(&form.confined).as_deref() {
                None | Some("all") => None,
                Some("closed" | "true" | "1") => Some(true),
                Some("open" | "false" | "0") => Some(false),
                Some(_) => return Err(invalid("confined")),
            },
            sort: match text(&form.order).as_deref() {
                None | Some("0") => Sort::Uploaded,
                Some("1") => Sort::Edited,
                Some("2") => Sort::Number,
                Some(_) => return Err(invalid("order")),
            },
            studio: text(&form.studio),
            original_name: text(&form.originalname),
            notes: text(&form.note),
            special_list: positive_id(&form.special_list_id, "specialListId")?
                .map(SpecialList::Asked),
            collection: positive_id(&form.collection_id, "collectionId")?,
            customer: text(&form.customer),
            dp0: text(&form.dp0),
            dp1: text(&form.dp1),
            owned_extra: web_api::flag(form.owned.as_deref(), "owned")
                .map_err(|_| invalid("owned"))?
                .unwrap_or(false),
            similar: similar_query(form)?,
        })
    }
}

/// `similarImage` (base64 or a `data:` URL) or `similarId`; both at once is ambiguous.
fn similar_query(form: &SearchForm) -> Result<Option<SimilarQuery>, SearchError> {
    use base64::Engine;
    match (text(&form.similar_image), text(&form.similar_id)) {
        (Some(_), Some(_)) => Err(invalid("similarId")),
        (Some(picture), None) => {
            let data = match picture.split_once(";base64,") {
                Some((head, data)) if head.starts_with("data:") => data,
                _ => picture.as_str(),
            };
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(data.trim())
                .map_err(|_| invalid("similarImage"))?;
            Ok(Some(SimilarQuery::Picture(std::sync::Arc::new(bytes))))
        }
        (None, Some(colorway)) => Ok(Some(SimilarQuery::Colorway(colorway))),
        (None, None) => Ok(None),
    }
}

/// The page asked for, its size checked (1 to [`MAX_PAGE_SIZE`]).
pub fn page_of(page: u32, size: u32) -> Result<desen_core::PageRequest, crate::SearchError> {
    if size == 0 || size > MAX_PAGE_SIZE {
        return Err(crate::SearchError::InvalidSearch("pageSize"));
    }
    Ok(desen_core::PageRequest::new(page, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn presets_cover_the_spec_ranges() {
        let today = day(2026, 11, 21); // a Saturday
        assert_eq!(preset_range(1, today), Some((today, day(2026, 11, 22))));
        assert_eq!(preset_range(2, today), Some((day(2026, 11, 20), today)));
        assert_eq!(
            preset_range(3, today),
            Some((day(2026, 11, 16), day(2026, 11, 23)))
        );
        assert_eq!(
            preset_range(4, today),
            Some((day(2026, 11, 1), day(2026, 12, 1)))
        );
        assert_eq!(
            preset_range(5, today),
            Some((day(2026, 1, 1), day(2027, 1, 1)))
        );
        assert_eq!(
            preset_range(6, today),
            Some((day(2026, 11, 9), day(2026, 11, 16)))
        );
        assert_eq!(
            preset_range(7, today),
            Some((day(2026, 10, 1), day(2026, 11, 1)))
        );
        assert_eq!(
            preset_range(8, today),
            Some((day(2025, 1, 1), day(2026, 1, 1)))
        );
        assert_eq!(
            preset_range(9, today),
            Some((day(2026, 11, 15), day(2026, 11, 22)))
        );
        assert_eq!(
            preset_range(10, today),
            Some((day(2026, 10, 23), day(2026, 11, 22)))
        );
        assert_eq!(
            preset_range(11, today),
            Some((day(2025, 11, 22), day(2026, 11, 22)))
        );
        assert_eq!(preset_range(12, today), None);
        assert_eq!(
            preset_range(7, day(2026, 1, 15)),
            Some((day(2025, 12, 1), day(2026, 1, 1)))
        );
    }

    #[test]
    fn bad_fields_are_named() {
        let today = day(2026, 11, 21);
        let bad = |form: SearchForm| {
            SearchFilters::parse(&form, today)
                .err()
                .map(|e| e.to_string())
        };
        assert!(
            bad(SearchForm {
                color: Some("#12345".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("color"))
        );
        assert!(
            bad(SearchForm {
                date_range: Some("12".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("dateRange"))
        );
        assert!(
            bad(SearchForm {
                labels: Some("1,x".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("labels"))
        );
        assert!(
            bad(SearchForm {
                moldstate: Some("shiny".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("moldstate"))
        );
        assert!(
            bad(SearchForm {
                similar_id: Some("x".into()),
                similar_image: Some("aGk=".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("similarId"))
        );
        assert!(
            bad(SearchForm {
                similar_image: Some("data:image/png;base64,@@@".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("similarImage"))
        );
    }

    #[test]
    fn a_picture_arrives_as_base64_or_a_data_url() {
        for sent in ["aGk=", "data:image/jpeg;base64,aGk="] {
            let form = SearchForm {
                similar_image: Some(sent.into()),
                ..Default::default()
            };
            let filters = SearchFilters::parse(&form, day(2026, 1, 1)).ok();
            assert_eq!(
                filters.and_then(|f| f.similar),
                Some(SimilarQuery::Picture(std::sync::Arc::new(b"hi".to_vec())))
            );
        }
    }

    #[test]
    fn an_empty_form_is_the_whole_scope_by_upload_date() {
        let filters = SearchFilters::parse(&SearchForm::default(), day(2026, 1, 1));
        assert_eq!(filters.ok(), Some(SearchFilters::default()));
        assert_eq!(SearchFilters::default().sql().text(), "1 = 1");
    }
}
