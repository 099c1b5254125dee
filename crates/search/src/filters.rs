//! A checked search: every filter of the form, as one predicate over `designs` written in the
//! shared design-column vocabulary (`design_filters`), so the archive search and pools' saved
//! searches mean the same by the same words.

use catalog::disclosure::DesignFields;
use catalog::model::{DesignType, ScreenStatus};
use chrono::NaiveDateTime;
use collections::special_lists::SpecialListRule;
use db::sql::Sql;
use design_filters::{self as columns, Match, TextColumn};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Uploaded,
    Edited,
    Number,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LabelMode {
    #[default]
    All,
    Any,
}

/// A special list filter: the list the form names, and once read, the rule it follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialList {
    /// As the form names it: [`crate::find_page`] reads its rule before any query.
    Asked(i32),
    Rule(SpecialListRule),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColorQuery {
    pub lab: [f64; 3],
    pub distance: f64,
    /// The picker swatch this is, at the default distance: its hits are read from the swatch
    /// index instead of being scored.
    pub swatch: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DateField {
    #[default]
    Uploaded,
    Edited,
}

/// A checked search: every filter of the form, parsed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchFilters {
    pub number: Option<String>,
    pub color: Option<ColorQuery>,
    pub screen_status: Option<ScreenStatus>,
    pub channel_counts: Vec<i32>,
    pub design_type: Option<DesignType>,
    pub labels: Vec<i32>,
    pub label_mode: LabelMode,
    /// `from..until` (until exclusive).
    pub dates: Option<(NaiveDateTime, NaiveDateTime)>,
    pub date_field: DateField,
    pub archive: Option<i32>,
    pub confined: Option<bool>,
    pub sort: Sort,
    pub studio: Option<String>,
    pub original_name: Option<String>,
    pub notes: Option<String>,
    pub special_list: Option<SpecialList>,
    /// A collection's or sub-collection's designs.
    pub collection: Option<i32>,
    pub customer: Option<String>,
    pub dp0: Option<String>,
    pub dp1: Option<String>,
    pub owned_extra: bool,
    /// Rank by likeness to a picture or a colorway (every other filter still applies).
    pub similar: Option<crate::similar::SimilarQuery>,
}

impl SearchFilters {
    /// Every filter but the colour, as one predicate over `designs`.
    pub fn sql(&self) -> Sql {
        self.predicate(false)
    }

    /// The same predicate with labels probed per design (`EXISTS`), as
    /// [`pools::Scope::probe_sql`] probes pools.
    pub fn probe_sql(&self) -> Sql {
        self.predicate(true)
    }

    /// The first filter on a field the viewer may not see (by its form name): hidden fields are
    /// not searchable either.
    pub fn hidden_field(&self, fields: &DesignFields) -> Option<&'static str> {
        [
            (self.notes.is_some() && !fields.notes, "note"),
            (
                self.original_name.is_some() && !fields.original_name,
                "originalname",
            ),
            (self.studio.is_some() && !fields.studio, "studio"),
            (self.dp0.is_some() && !fields.dynamic_parameters[0], "dp0"),
            (self.dp1.is_some() && !fields.dynamic_parameters[1], "dp1"),
        ]
        .into_iter()
        .find_map(|(hidden, name)| hidden.then_some(name))
    }

    /// The filters with the special list's rule read (an unknown list is refused).
    pub fn with_list_rule(
        &self,
        conn: &mut db::DbConnection,
    ) -> Result<SearchFilters, crate::SearchError> {
        let mut filters = self.clone();
        if let Some(SpecialList::Asked(id)) = self.special_list {
            filters.special_list = Some(SpecialList::Rule(collections::special_lists::rule_of(
                conn, id,
            )?));
        }
        Ok(filters)
    }

    /// Nothing filters: the predicate is `1 = 1`.
    pub fn is_unfiltered(&self) -> bool {
        self.sql().text() == "1 = 1"
    }

    fn predicate(&self, probe: bool) -> Sql {
        let labelled = |labels: &[i32]| {
            if probe {
                columns::with_any_label_probed(labels)
            } else {
                columns::with_any_label(labels)
            }
        };
        let contains = |column, value: &str| columns::text(column, value, Match::Contains);
        let mut parts = Vec::new();
        if let Some(number) = &self.number {
            parts.push(contains(TextColumn::Number, number));
        }
        if let Some(status) = self.screen_status {
            parts.push(columns::screen_status_in(&[status.as_str()]));
        }
        if !self.channel_counts.is_empty() {
            parts.push(columns::channel_count_in(&self.channel_counts));
        }
        if let Some(kind) = self.design_type {
            parts.push(columns::of_type(kind.as_str()));
        }
        match self.label_mode {
            _ if self.labels.is_empty() => {}
            LabelMode::Any => parts.push(labelled(&self.labels)),
            LabelMode::All => parts.extend(self.labels.iter().map(|l| labelled(&[*l]))),
        }
        if let Some((from, until)) = self.dates {
            parts.push(match self.date_field {
                DateField::Uploaded => columns::uploaded_between(from.date(), until.date()),
                DateField::Edited => columns::edited_between(from.date(), until.date()),
            });
        }
        if let Some(archive) = self.archive {
            parts.push(columns::in_archive(archive));
        }
        if let Some(confined) = self.confined {
            parts.push(columns::confined(confined));
        }
        if let Some(studio) = &self.studio {
            parts.push(contains(TextColumn::Studio, studio));
        }
        if let Some(name) = &self.original_name {
            parts.push(contains(TextColumn::OriginalName, name));
        }
        if let Some(notes) = &self.notes {
            parts.push(contains(TextColumn::Notes, notes));
        }
        match self.special_list {
            None => {}
            Some(SpecialList::Rule(SpecialListRule::Pinned)) => parts.push(columns::pinned()),
            Some(SpecialList::Rule(SpecialListRule::Ordered)) => parts.push(columns::ordered()),
            Some(SpecialList::Rule(SpecialListRule::NeverOrdered)) => {
                parts.push(columns::never_ordered())
            }
            Some(SpecialList::Rule(SpecialListRule::Chosen(list))) => parts.push(if probe {
                columns::in_special_list_probed(list)
            } else {
                columns::in_special_list(list)
            }),
            // Never reached (the search reads the rule first); were it, nothing rather than all.
            Some(SpecialList::Asked(_)) => parts.push(Sql::new("1 = 0")),
        }
        if let Some(collection) = self.collection {
            parts.push(if probe {
                columns::in_collection_probed(collection)
            } else {
                columns::in_collection(collection)
            });
        }
        if let Some(customer) = &self.customer {
            parts.push(columns::of_customer(customer));
        }
        if let Some(dp0) = &self.dp0 {
            parts.push(columns::with_parameter(0, dp0));
        }
        if let Some(dp1) = &self.dp1 {
            parts.push(columns::with_parameter(1, dp1));
        }
        if self.owned_extra {
            parts.push(columns::owned_extra());
        }
        Sql::and(&parts)
    }
}
