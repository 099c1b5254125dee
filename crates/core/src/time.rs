//! Time is stored as naive UTC (portable across SQLite and PostgreSQL).

use chrono::{NaiveDateTime, Utc};

pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}
