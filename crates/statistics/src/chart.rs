//! The statistics screen's charts: a statistic's counts per day or month under the table's
//! filter, every period of the range present (empty ones as 0), and for labels the ten looked at
//! most (the spec's pie chart).

use crate::counts;
use crate::dto::ChartKind;
use crate::entries::EntryFilter;
use crate::error::StatisticsError;
use chrono::{Datelike, Months, NaiveDate};
use db::DbConnection;
use db::schema::labels;
use desen_core::Language;
use diesel::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Ranges up to this many days are counted per day, longer ones per month.
pub const MAX_DAILY_SPAN: i64 = 92;
/// Labels in the pie chart.
pub const TOP_LABELS: i64 = 10;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct Chart {
    /// `day` or `month`.
    pub bucket: &'static str,
    pub points: Vec<ChartPoint>,
    /// The labels looked at most (label charts only).
    pub top: Vec<TopLabel>,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct ChartPoint {
    /// `2026-11-20` for a day, `2026-11` for a month.
    pub period: String,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct TopLabel {
    pub label_id: i32,
    pub label: String,
    pub count: i64,
}

pub fn chart(
    conn: &mut DbConnection,
    kind: ChartKind,
    filter: &EntryFilter,
    today: NaiveDate,
) -> Result<Chart, StatisticsError> {
    let days: Vec<(NaiveDate, i64)> = counts::per_day(conn, kind, filter)?
        .into_iter()
        .filter_map(|r| Some((r.day.parse().ok()?, r.n)))
        .collect();
    let first = match filter.from {
        Some(from) => from.date(),
        None => days.first().map_or(today, |(d, _)| *d),
    };
    let last = filter
        .until
        .and_then(|u| u.date().pred_opt())
        .map_or(today, |d| d.min(today))
        .max(first);
    let (bucket, points) = periods(first, last, &days);
    let top = if kind == ChartKind::Label {
        top_labels(conn, filter)?
    } else {
        Vec::new()
    };
    Ok(Chart {
        bucket,
        points,
        top,
    })
}

/// Every day (or month, for a long range) from `first` to `last` with its count.
fn periods(
    first: NaiveDate,
    last: NaiveDate,
    days: &[(NaiveDate, i64)],
) -> (&'static str, Vec<ChartPoint>) {
    let daily = (last - first).num_days() < MAX_DAILY_SPAN;
    let key = |d: NaiveDate| {
        if daily {
            d.format("%Y-%m-%d").to_string()
        } else {
            d.format("%Y-%m").to_string()
        }
    };
    let mut counts: HashMap<String, i64> = HashMap::new();
    for (d, n) in days {
        *counts.entry(key(*d)).or_default() += n;
    }
    let mut points = Vec::new();
    let mut at = if daily {
        first
    } else {
        first.with_day(1).unwrap_or(first)
    };
    while at <= last {
        let period = key(at);
        points.push(ChartPoint {
            count: counts.get(&period).copied().unwrap_or(0),
            period,
        });
        at = if daily {
            match at.succ_opt() {
                Some(next) => next,
                None => break,
            }
        } else {
            match at.checked_add_months(Months::new(1)) {
                Some(next) => next,
                None => break,
            }
        };
    }
    (if daily { "day" } else { "month" }, points)
}

/// The ten labels looked at most under the filter, in the filter's language.
fn top_labels(
    conn: &mut DbConnection,
    filter: &EntryFilter,
) -> Result<Vec<TopLabel>, StatisticsError> {
    let rows = counts::top_labels(conn, filter, TOP_LABELS)?;
    let ids: Vec<i32> = rows.iter().map(|r| r.label_id).collect();
    let names: HashMap<i32, (String, String, String)> = labels::table
        .filter(labels::id.eq_any(&ids))
        .select((
            labels::id,
            (labels::name_tr, labels::name_en, labels::name_ru),
        ))
        .load::<(i32, (String, String, String))>(conn)?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let (tr, en, ru) = names.get(&r.label_id)?.clone();
            Some(TopLabel {
                label_id: r.label_id,
                label: match filter.language {
                    Language::Tr => tr,
                    Language::En => en,
                    Language::Ru => ru,
                },
                count: r.n,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap_or_default()
    }

    #[test]
    fn a_short_range_is_counted_per_day_with_empty_days() {
        let (bucket, points) = periods(
            day("2026-11-01"),
            day("2026-11-04"),
            &[(day("2026-11-02"), 3), (day("2026-11-04"), 1)],
        );
        assert_eq!(bucket, "day");
        let got: Vec<(&str, i64)> = points
            .iter()
            .map(|p| (p.period.as_str(), p.count))
            .collect();
        assert_eq!(
            got,
            [
                ("2026-11-01", 0),
                ("2026-11-02", 3),
                ("2026-11-03", 0),
                ("2026-11-04", 1)
            ]
        );
    }

    #[test]
    fn a_long_range_is_counted_per_month() {
        let (bucket, points) = periods(
            day("2026-01-15"),
            day("2026-11-26"),
            &[
                (day("2026-01-20"), 2),
                (day("2026-01-31"), 1),
                (day("2026-11-26"), 5),
            ],
        );
        assert_eq!(bucket, "month");
        assert_eq!(points.len(), 11);
        assert_eq!((points[0].period.as_str(), points[0].count), ("2026-01", 3));
        assert_eq!(
            (points[10].period.as_str(), points[10].count),
            ("2026-11", 5)
        );
        assert!(points[1..10].iter().all(|p| p.count == 0));
    }
}
