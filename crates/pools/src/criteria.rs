//! The spec's pool search criteria and their meaning as a SQL predicate over `designs`.

use chrono::NaiveDate;
use db::sql::Sql;
use design_filters::{self as filters, Match, TextColumn};
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

fn texts(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

impl PoolCriteria {
    /// Whether the criteria name the label, as allowed or as forbidden.
    pub fn names_label(&self, label: i32) -> bool {
        self.allowed_labels.contains(&label) || self.forbidden_labels.contains(&label)
    }

    /// Two labels were merged: `into` stands where `from` stood. Answers whether anything changed.
    pub fn relabel(&mut self, from: i32, into: i32) -> bool {
        let mut changed = false;
        for labels in [&mut self.allowed_labels, &mut self.forbidden_labels] {
            if labels.contains(&from) {
                labels.retain(|l| *l != from);
                if !labels.contains(&into) {
                    labels.push(into);
                }
                changed = true;
            }
        }
        changed
    }

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
            parts.push((
                "designNumber",
                filters::text(TextColumn::Number, number, Match::StartsWith),
            ));
        }
        if let Some(archive) = self
            .allowed_archive
            .filter(|a| *a != desen_core::ALL_ARCHIVES)
        {
            parts.push(("allowedArchive", filters::in_archive(archive)));
        }
        if !self.allowed_screen_status.is_empty() {
            parts.push((
                "allowedScreenStatus",
                filters::screen_status_in(&texts(&self.allowed_screen_status)),
            ));
        }
        if !self.allowed_screen_counts.is_empty() {
            parts.push((
                "allowedScreenCounts",
                filters::channel_count_in(&self.allowed_screen_counts),
            ));
        }
        match (self.allowed_labels.is_empty(), self.allow_unlabeled_designs) {
            (false, true) => parts.push((
                "allowedLabels",
                Sql::or(&[
                    filters::with_any_label(&self.allowed_labels),
                    filters::unlabelled(),
                ]),
            )),
            (false, false) => parts.push((
                "allowedLabels",
                filters::with_any_label(&self.allowed_labels),
            )),
            (true, false) => parts.push(("allowUnlabeledDesigns", filters::labelled())),
            (true, true) => {}
        }
        if !self.forbidden_labels.is_empty() {
            parts.push((
                "forbiddenLabels",
                filters::not(&filters::with_any_label(&self.forbidden_labels)),
            ));
        }
        if !self.allowed_customers.is_empty() {
            parts.push((
                "allowedCustomers",
                filters::of_customers(&texts(&self.allowed_customers)),
            ));
        }
        if !self.forbidden_customers.is_empty() {
            parts.push((
                "forbiddenCustomers",
                filters::not_of_customers(&texts(&self.forbidden_customers)),
            ));
        }
        if !self.allowed_years.is_empty() {
            let years: Vec<Sql> = self
                .allowed_years
                .iter()
                .filter_map(|&y| {
                    Some(filters::uploaded_between(
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
                parts.push((PARAMETERS[i], filters::with_parameter(i, value)));
            }
        }
        if !self.allow_confined_designs {
            parts.push(("allowConfinedDesigns", filters::confined(false)));
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
