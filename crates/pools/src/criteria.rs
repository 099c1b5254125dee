//! The spec's pool search criteria and their meaning as a SQL predicate over `designs`.

use chrono::NaiveDate;
use db::sql::{Sql, like_escaped};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One saved search of a pool. Empty fields do not restrict. Field names are the spec's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PoolCriteria {
    /// Design numbers starting with this text.
    pub design_number: String,
    /// One archive; -1 or absent for all.
    pub allowed_archive: Option<i32>,
    pub allowed_screen_status: Vec<String>,
    pub allowed_screen_counts: Vec<i32>,
    /// At least one of these labels (plus unlabelled designs when `allowUnlabeledDesigns`).
    pub allowed_labels: Vec<i32>,
    /// None of these labels.
    pub forbidden_labels: Vec<i32>,
    pub allowed_customers: Vec<String>,
    pub forbidden_customers: Vec<String>,
    /// Upload years.
    pub allowed_years: Vec<i32>,
    pub dp0: String,
    pub dp1: String,
    pub dp2: String,
    pub dp3: String,
    pub dp4: String,
    pub dp5: String,
    pub dp6: String,
    pub dp7: String,
    pub dp8: String,
    pub dp9: String,
    /// The user's own customer's designs are admitted too, confined ones included.
    pub allow_own_designs: bool,
    /// Confined designs matching the search are admitted; otherwise only open ones.
    pub allow_confined_designs: bool,
    /// Designs without any label are admitted.
    pub allow_unlabeled_designs: bool,
    /// Paging of `/admin/pool/search` (0-based; 25 by default).
    pub page: u32,
    pub results_per_page: u32,
}

impl Default for PoolCriteria {
    fn default() -> Self {
        PoolCriteria {
            design_number: String::new(),
            allowed_archive: None,
            allowed_screen_status: Vec::new(),
            allowed_screen_counts: Vec::new(),
            allowed_labels: Vec::new(),
            forbidden_labels: Vec::new(),
            allowed_customers: Vec::new(),
            forbidden_customers: Vec::new(),
            allowed_years: Vec::new(),
            dp0: String::new(),
            dp1: String::new(),
            dp2: String::new(),
            dp3: String::new(),
            dp4: String::new(),
            dp5: String::new(),
            dp6: String::new(),
            dp7: String::new(),
            dp8: String::new(),
            dp9: String::new(),
            allow_own_designs: false,
            allow_confined_designs: false,
            allow_unlabeled_designs: true,
            page: 0,
            results_per_page: 25,
        }
    }
}

/// Designs carrying the label (any of `labels`): an indexed lookup on design_labels.
pub fn with_any_label(labels: &[i32]) -> Sql {
    let mut sql =
        Sql::new("designs.guid IN (SELECT design_guid FROM design_labels WHERE label_id IN ");
    sql.bind_list(labels.iter().copied()).push(")");
    sql
}

/// The same designs as [`with_any_label`], probed per design on design_labels' key.
pub fn with_any_label_probed(labels: &[i32]) -> Sql {
    let mut sql = Sql::new(
        "EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid \
         AND design_labels.label_id IN ",
    );
    sql.bind_list(labels.iter().copied()).push(")");
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

/// Designs uploaded in `from..until`.
pub fn uploaded_between(from: NaiveDate, until: NaiveDate) -> Sql {
    let mut sql = Sql::new("designs.uploaded_at >= ");
    sql.bind(from.and_hms_opt(0, 0, 0).unwrap_or_default())
        .push(" AND designs.uploaded_at < ")
        .bind(until.and_hms_opt(0, 0, 0).unwrap_or_default());
    sql
}

impl PoolCriteria {
    pub fn parameters(&self) -> [&str; 10] {
        [
            &self.dp0, &self.dp1, &self.dp2, &self.dp3, &self.dp4, &self.dp5, &self.dp6, &self.dp7,
            &self.dp8, &self.dp9,
        ]
    }

    /// Each restricting criterion with its field name (as the JSON names it): a design is
    /// admitted when it meets them all.
    pub fn criteria(&self) -> Vec<(&'static str, Sql)> {
        let mut parts: Vec<(&'static str, Sql)> = Vec::new();
        let number = self.design_number.trim();
        if !number.is_empty() {
            let mut sql = Sql::new("LOWER(designs.number) LIKE LOWER(");
            sql.bind(format!("{}%", like_escaped(number)))
                .push(") ESCAPE '\\'");
            parts.push(("designNumber", sql));
        }
        if let Some(archive) = self.allowed_archive.filter(|a| *a >= 0) {
            let mut sql = Sql::new("designs.archive_id = ");
            sql.bind(archive);
            parts.push(("allowedArchive", sql));
        }
        if !self.allowed_screen_status.is_empty() {
            let mut sql = Sql::new("designs.screen_status IN ");
            sql.bind_list(self.allowed_screen_status.iter());
            parts.push(("allowedScreenStatus", sql));
        }
        if !self.allowed_screen_counts.is_empty() {
            let mut sql = Sql::new("designs.channel_count IN ");
            sql.bind_list(self.allowed_screen_counts.iter().copied());
            parts.push(("allowedScreenCounts", sql));
        }
        let unlabeled = Sql::new(
            "NOT EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid)",
        );
        match (self.allowed_labels.is_empty(), self.allow_unlabeled_designs) {
            (false, true) => parts.push((
                "allowedLabels",
                Sql::or(&[with_any_label(&self.allowed_labels), unlabeled]),
            )),
            (false, false) => parts.push(("allowedLabels", with_any_label(&self.allowed_labels))),
            (true, false) => parts.push((
                "allowUnlabeledDesigns",
                Sql::new(
                    "EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = designs.guid)",
                ),
            )),
            (true, true) => {}
        }
        if !self.forbidden_labels.is_empty() {
            let mut sql = Sql::new("NOT ");
            sql.push("(")
                .append(&with_any_label(&self.forbidden_labels))
                .push(")");
            parts.push(("forbiddenLabels", sql));
        }
        if !self.allowed_customers.is_empty() {
            let mut sql = Sql::new("designs.customer_guid IN ");
            sql.bind_list(self.allowed_customers.iter());
            parts.push(("allowedCustomers", sql));
        }
        if !self.forbidden_customers.is_empty() {
            let mut sql =
                Sql::new("designs.customer_guid IS NULL OR designs.customer_guid NOT IN ");
            sql.bind_list(self.forbidden_customers.iter());
            parts.push(("forbiddenCustomers", sql));
        }
        if !self.allowed_years.is_empty() {
            let years: Vec<Sql> = self
                .allowed_years
                .iter()
                .filter_map(|&y| {
                    Some(uploaded_between(
                        NaiveDate::from_ymd_opt(y, 1, 1)?,
                        NaiveDate::from_ymd_opt(y + 1, 1, 1)?,
                    ))
                })
                .collect();
            parts.push(("allowedYears", Sql::or(&years)));
        }
        const PARAMETERS: [&str; 10] = [
            "dp0", "dp1", "dp2", "dp3", "dp4", "dp5", "dp6", "dp7", "dp8", "dp9",
        ];
        for (i, value) in self.parameters().into_iter().enumerate() {
            if !value.trim().is_empty() {
                parts.push((PARAMETERS[i], with_parameter(i, value)));
            }
        }
        if !self.allow_confined_designs {
            let mut sql = Sql::new("designs.is_confined = ");
            sql.bind(false);
            parts.push(("allowConfinedDesigns", sql));
        }
        parts
    }

    /// The designs this search admits (the user's own designs aside: see [`crate::Scope`]).
    pub fn predicate(&self) -> Sql {
        let parts: Vec<Sql> = self.criteria().into_iter().map(|(_, sql)| sql).collect();
        Sql::and(&parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_search_admits_open_designs_only() {
        assert_eq!(
            PoolCriteria::default().predicate().text(),
            "(designs.is_confined = ?)"
        );
    }

    #[test]
    fn every_criterion_restricts() {
        let criteria = PoolCriteria {
            design_number: "01-".into(),
            allowed_archive: Some(2),
            allowed_screen_status: vec!["engraved".into()],
            allowed_screen_counts: vec![2, 3],
            allowed_labels: vec![1],
            forbidden_labels: vec![4],
            allowed_customers: vec!["c".into()],
            forbidden_customers: vec!["d".into()],
            allowed_years: vec![2024],
            dp3: "silk".into(),
            allow_confined_designs: true,
            ..PoolCriteria::default()
        };
        let text = criteria.predicate().text();
        for needle in [
            "designs.number",
            "archive_id",
            "screen_status",
            "channel_count",
            "label_id IN (?)",
            "NOT (designs.guid IN",
            "customer_guid IN",
            "NOT IN",
            "uploaded_at >=",
            "dp3",
        ] {
            assert!(text.contains(needle), "{needle} in {text}");
        }
        assert!(!text.contains("is_confined"));
    }
}
