//! Time is stored as naive UTC (portable across SQLite and PostgreSQL).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Utc};

pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// The `from..until` of a date preset (spec section 9), weeks starting on Monday.
pub fn preset_range(preset: u8, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let day = Duration::days(1);
    let tomorrow = today + day;
    let week = today - Duration::days(today.weekday().num_days_from_monday() as i64);
    let month = today.with_day(1)?;
    let year = NaiveDate::from_ymd_opt(today.year(), 1, 1)?;
    let previous_month = (month - day).with_day(1)?;
    let previous_year = NaiveDate::from_ymd_opt(today.year() - 1, 1, 1)?;
    Some(match preset {
        1 => (today, tomorrow),
        2 => (today - day, today),
        3 => (week, week + Duration::days(7)),
        4 => (month, month.checked_add_months(chrono::Months::new(1))?),
        5 => (year, NaiveDate::from_ymd_opt(today.year() + 1, 1, 1)?),
        6 => (week - Duration::days(7), week),
        7 => (previous_month, month),
        8 => (previous_year, year),
        9 => (today - Duration::days(6), tomorrow),
        10 => (today - Duration::days(29), tomorrow),
        11 => (today - Duration::days(364), tomorrow),
        _ => return None,
    })
}
