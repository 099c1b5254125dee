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

/// Serde for a stored naive-UTC time as the API writes it: RFC 3339 in UTC with a `Z`
/// (`2026-11-25T00:27:27.943724128Z`, always nine digits of fraction: the stored precision, so that
/// a time sent back is the same time, and one width, so that the texts sort as the times do).
/// Reads RFC 3339 with any zone (converted to UTC)
/// and, as before, a time without a zone (taken as UTC). Use with
/// `#[serde(with = "desen_core::time::rfc3339")]`; the field's schema stays `string, date-time`.
pub mod rfc3339 {
    use chrono::{DateTime, NaiveDateTime, SecondsFormat};
    use serde::{Deserialize, Deserializer, Serializer};

    /// The API's text of a stored time.
    pub fn format(at: &NaiveDateTime) -> String {
        at.and_utc().to_rfc3339_opts(SecondsFormat::Nanos, true)
    }

    /// A time with a zone (converted to UTC) or without one (taken as UTC).
    pub fn parse(text: &str) -> Option<NaiveDateTime> {
        let text = text.trim();
        DateTime::parse_from_rfc3339(text)
            .map(|at| at.naive_utc())
            .ok()
            .or_else(|| text.parse::<NaiveDateTime>().ok())
    }

    pub fn serialize<S: Serializer>(at: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format(at))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<NaiveDateTime, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse(&text).ok_or_else(|| serde::de::Error::custom("not an RFC 3339 date-time"))
    }

    /// The same for an optional time (`null` when absent).
    pub mod option {
        use chrono::NaiveDateTime;
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(
            at: &Option<NaiveDateTime>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match at {
                Some(at) => serializer.serialize_str(&super::format(at)),
                None => serializer.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<NaiveDateTime>, D::Error> {
            match Option::<String>::deserialize(deserializer)? {
                None => Ok(None),
                Some(text) => super::parse(&text)
                    .map(Some)
                    .ok_or_else(|| serde::de::Error::custom("not an RFC 3339 date-time")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rfc3339;
    use chrono::{NaiveDate, Timelike};

    #[test]
    fn api_times_carry_a_zone_and_read_back() {
        let at = NaiveDate::from_ymd_opt(2026, 11, 25)
            .and_then(|d| d.and_hms_nano_opt(0, 27, 27, 943_724_128))
            .expect("a valid time");
        assert_eq!(rfc3339::format(&at), "2026-11-25T00:27:27.943724128Z");
        assert_eq!(rfc3339::parse(&rfc3339::format(&at)), Some(at));
        let whole = at.with_nanosecond(0).expect("a valid time");
        assert_eq!(rfc3339::format(&whole), "2026-11-25T00:27:27.000000000Z");
        assert!(
            rfc3339::format(&whole) < rfc3339::format(&at),
            "the texts sort as the times"
        );
        let millis = rfc3339::parse("2026-11-25T00:27:27.943Z").expect("with Z");
        assert_eq!(rfc3339::format(&millis), "2026-11-25T00:27:27.943000000Z");
        assert_eq!(
            rfc3339::parse("2026-11-25T03:27:27.943+03:00"),
            Some(millis),
            "an offset is converted to UTC"
        );
        assert_eq!(
            rfc3339::parse("2026-11-25T00:27:27.943724128"),
            Some(at),
            "a time without a zone is taken as UTC"
        );
        assert_eq!(rfc3339::parse("yesterday"), None);
    }
}
