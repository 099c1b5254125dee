#![doc = include_str!("../README.md")]

use chrono::{NaiveDate, NaiveDateTime};
use db::sql::{Sql, Value, like_escaped};

/// How a text filter matches a column, ignoring case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// Anywhere in the text.
    Contains,
    /// At its start.
    StartsWith,
}

/// A free-text column of a design.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextColumn {
    Number,
    Studio,
    OriginalName,
    Notes,
}

impl TextColumn {
    fn column(self) -> &'static str {
        match self {
            TextColumn::Number => "designs.number",
            TextColumn::Studio => "designs.studio",
            TextColumn::OriginalName => "designs.original_name",
            TextColumn::Notes => "designs.notes",
        }
    }
}

/// The column matches `value` ignoring case; the user's wildcards are taken literally.
pub fn text(column: TextColumn, value: &str, how: Match) -> Sql {
    let mut sql = Sql::new(&format!("LOWER({}) LIKE LOWER(", column.column()));
    let pattern = like_escaped(value);
    sql.bind(match how {
        Match::Contains => format!("%{pattern}%"),
        Match::StartsWith => format!("{pattern}%"),
    })
    .push(") ESCAPE '\\'");
    sql
}

fn equals(column: &str, value: impl Into<Value>) -> Sql {
    let mut sql = Sql::new(&format!("{column} = "));
    sql.bind(value);
    sql
}

/// `column IN (…)`; nothing matches an empty list.
fn one_of<V: Into<Value> + Copy>(column: &str, values: &[V]) -> Sql {
    let mut sql = Sql::new(&format!("{column} IN "));
    sql.bind_list(values.iter().copied());
    sql
}

pub fn in_archive(archive: i32) -> Sql {
    equals("designs.archive_id", archive)
}

/// Screen status (`engraved`, `not_engraved`, `faded`, `none`) is one of these.
pub fn screen_status_in(statuses: &[&str]) -> Sql {
    one_of("designs.screen_status", statuses)
}

/// The number of screens (channels) is one of these.
pub fn channel_count_in(counts: &[i32]) -> Sql {
    one_of("designs.channel_count", counts)
}

/// `rotary` or `digital`.
pub fn of_type(design_type: &str) -> Sql {
    equals("designs.design_type", design_type)
}

pub fn confined(is_confined: bool) -> Sql {
    equals("designs.is_confined", is_confined)
}

pub fn owned_extra() -> Sql {
    equals("designs.owned_extra", true)
}

/// The design belongs to this customer.
pub fn of_customer(customer: &str) -> Sql {
    equals("designs.customer_guid", customer)
}

/// The design belongs to one of these customers.
pub fn of_customers(customers: &[&str]) -> Sql {
    one_of("designs.customer_guid", customers)
}

/// The design belongs to none of these customers (a design without customer included).
pub fn not_of_customers(customers: &[&str]) -> Sql {
    let mut sql = Sql::new("designs.customer_guid IS NULL OR designs.customer_guid NOT IN ");
    sql.bind_list(customers.iter().copied());
    sql
}

/// Designs carrying any of `labels`: an indexed lookup on design_labels.
pub fn with_any_label(labels: &[i32]) -> Sql {
    let mut sql =
        Sql::new("designs.guid IN (SELECT design_guid FROM design_labels WHERE label_id IN ");
    sql.bind_list(labels.iter().copied()).push(")");
    sql
}

/// The same designs as [`with_any_label`], probed per design on design_labels' key (`EXISTS`):
/// SQLite, reading designs in a sort index's order, then finds a page after a few rows instead
/// of collecting the label's whole set first.
pub fn with_any_label_probed(labels: &[i32]) -> Sql {
    let mut sql = Sql::new(
        "EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid \
         AND design_labels.label_id IN ",
    );
    sql.bind_list(labels.iter().copied()).push(")");
    sql
}

/// Designs with at least one label.
pub fn labelled() -> Sql {
    Sql::new("EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid)")
}

/// Designs without any label.
pub fn unlabelled() -> Sql {
    Sql::new(
        "NOT EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid)",
    )
}

/// Not (`predicate`).
pub fn not(predicate: &Sql) -> Sql {
    let mut sql = Sql::new("NOT (");
    sql.append(predicate).push(")");
    sql
}

/// Designs whose dynamic parameter `index` (0..=9) equals `value`, ignoring case.
pub fn with_parameter(index: usize, value: &str) -> Sql {
    let mut sql = Sql::new(&format!(
        "designs.guid IN (SELECT design_guid FROM design_parameters WHERE LOWER(dp{index}) = LOWER("
    ));
    sql.bind(value.trim()).push("))");
    sql
}

fn midnight(day: NaiveDate) -> NaiveDateTime {
    day.and_hms_opt(0, 0, 0).unwrap_or_default()
}

/// Designs uploaded in `from..until` (days, until exclusive).
pub fn uploaded_between(from: NaiveDate, until: NaiveDate) -> Sql {
    let mut sql = Sql::new("designs.uploaded_at >= ");
    sql.bind(midnight(from))
        .push(" AND designs.uploaded_at < ")
        .bind(midnight(until));
    sql
}

/// Designs last edited in `from..until` (days, until exclusive).
pub fn edited_between(from: NaiveDate, until: NaiveDate) -> Sql {
    let mut sql = Sql::new("designs.edited_at >= ");
    sql.bind(midnight(from))
        .push(" AND designs.edited_at < ")
        .bind(midnight(until));
    sql
}

/// Designs on the studio's pinned list.
pub fn pinned() -> Sql {
    Sql::new("designs.guid IN (SELECT design_guid FROM design_pins)")
}

/// Designs with at least one order.
pub fn ordered() -> Sql {
    Sql::new("designs.guid IN (SELECT design_guid FROM design_orders)")
}

/// Designs never ordered.
pub fn never_ordered() -> Sql {
    Sql::new("designs.guid NOT IN (SELECT design_guid FROM design_orders)")
}

/// Designs of `collection` (its groups and tagged photos, and its sub-collections'): an indexed
/// lookup on collection_designs.
pub fn in_collection(collection: i32) -> Sql {
    let mut sql = Sql::new(
        "designs.guid IN (SELECT design_guid FROM collection_designs WHERE collection_id = ",
    );
    sql.bind(collection).push(")");
    sql
}

/// The same designs as [`in_collection`], probed per design on collection_designs' key (see
/// [`with_any_label_probed`]).
pub fn in_collection_probed(collection: i32) -> Sql {
    let mut sql = Sql::new(
        "EXISTS (SELECT 1 FROM collection_designs WHERE collection_designs.collection_id = ",
    );
    sql.bind(collection)
        .push(" AND collection_designs.design_guid = designs.guid)");
    sql
}

/// Designs an admin chose for special list `list`.
pub fn in_special_list(list: i32) -> Sql {
    let mut sql =
        Sql::new("designs.guid IN (SELECT design_guid FROM special_list_designs WHERE list_id = ");
    sql.bind(list).push(")");
    sql
}

/// The same designs as [`in_special_list`], probed per design.
pub fn in_special_list_probed(list: i32) -> Sql {
    let mut sql = Sql::new(
        "EXISTS (SELECT 1 FROM special_list_designs WHERE special_list_designs.list_id = ",
    );
    sql.bind(list)
        .push(" AND special_list_designs.design_guid = designs.guid)");
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_match_any_of_their_values() {
        assert_eq!(
            channel_count_in(&[2, 3]).text(),
            "designs.channel_count IN (?, ?)"
        );
        assert_eq!(
            channel_count_in(&[]).text(),
            "designs.channel_count IN (NULL)"
        );
    }

    #[test]
    fn text_filters_escape_wildcards() {
        let sql = text(TextColumn::Notes, "50%_x", Match::Contains);
        assert_eq!(sql.text(), "LOWER(designs.notes) LIKE LOWER(?) ESCAPE '\\'");
        assert_eq!(
            sql.values().next(),
            Some(&Value::Text("%50\\%\\_x%".into()))
        );
        let prefix = text(TextColumn::Number, "01-", Match::StartsWith);
        assert_eq!(prefix.values().next(), Some(&Value::Text("01-%".into())));
    }
}
