//! The fast tagging of designs that have no label. Each admin holds one reserved design at a
//! time, so two admins tagging at once never get the same design; a reservation lapses when its
//! admin goes away. Suggestions come from the labels of the nearest labelled designs.

use crate::dto::{LabelSuggestion, TaggedDesign, TaggingAnswer, TaggingProgress, TaggingSave};
use crate::error::CurationError;
use crate::repo;
use chrono::Duration;
use db::DbConnection;
use db::sql::Sql;
use desen_core::{DesignGuid, UserGuid, time};
use design_filters::{self as filters, Match, TextColumn};
use imaging::render::urls;
use search::{SimilarIndex, SimilarQuery};
use std::collections::HashMap;

/// A reservation not renewed for this long is given up (the admin went away).
pub const RESERVATION: Duration = Duration::minutes(15);
/// A skipped design is offered again to the same admin after a working day.
pub const SKIP: Duration = Duration::hours(8);
/// Labelled designs whose labels are weighed for the suggestions.
const NEIGHBOURS: usize = 20;
/// Similar colorways asked for: unlabelled ones and a design's other colorways drop out.
const SIMILAR_ASKED: usize = 60;
const MAX_SUGGESTIONS: usize = 8;
/// Labels carried by less of the neighbours' weight are not suggested.
const MIN_CONFIDENCE: f64 = 0.1;
/// Attempts to reserve while another admin takes the same design in the same instant.
const RESERVE_ATTEMPTS: usize = 50;

/// Designs the name matches (number or original file name), all without a name.
fn named(name: Option<&str>) -> Sql {
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => Sql::or(&[
            filters::text(TextColumn::Number, name, Match::Contains),
            filters::text(TextColumn::OriginalName, name, Match::Contains),
        ]),
        None => Sql::new("1 = 1"),
    }
}

fn unlabelled_named(name: Option<&str>) -> Sql {
    Sql::and(&[filters::unlabelled(), named(name)])
}

/// The design reserved for `admin` (the one held, else the newest free one), after passing over
/// `skip`; then the progress and the suggestions.
pub fn next(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    admin: &UserGuid,
    name: Option<&str>,
    skip: Option<&str>,
) -> Result<TaggingAnswer, CurationError> {
    let admin = admin.to_string();
    let wanted = unlabelled_named(name);
    let design = conn.transaction(|conn| -> Result<_, CurationError> {
        let now = time::now();
        repo::lapse(conn, now - RESERVATION, now - SKIP)?;
        if let Some(skip) = skip {
            repo::release(conn, &admin)?;
            repo::skip(conn, &admin, skip, now)?;
        }
        if let Some(held) = repo::held(conn, &admin, &wanted)? {
            repo::renew(conn, &held, now)?;
            return Ok(Some(held));
        }
        repo::release(conn, &admin)?;
        // A miss is another admin taking the same design at the same moment (PostgreSQL) or
        // nothing free: try again while something is.
        for _ in 0..RESERVE_ATTEMPTS {
            if repo::reserve_next(conn, &admin, &wanted, now)? {
                if let Some(held) = repo::held(conn, &admin, &wanted)? {
                    return Ok(Some(held));
                }
                // Labelled by another admin in the same instant (PostgreSQL): let it go, look
                // again.
                repo::release(conn, &admin)?;
                continue;
            }
            if !repo::any_free(conn, &admin, &wanted)? {
                break;
            }
        }
        Ok(None)
    })?;
    answer(conn, similar, design, name)
}

/// This very design, labelled or not, reserved for `admin`.
pub fn design(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    admin: &UserGuid,
    design: &str,
) -> Result<TaggingAnswer, CurationError> {
    let design: DesignGuid = design.parse().map_err(|_| CurationError::DesignNotFound)?;
    let design = design.to_string();
    conn.transaction(|conn| -> Result<_, CurationError> {
        let admin = admin.to_string();
        repo::release(conn, &admin)?;
        if !catalog::repo::design_exists(conn, &design)? {
            return Err(CurationError::DesignNotFound);
        }
        repo::reserve(conn, &admin, &design, time::now())?;
        Ok(())
    })?;
    answer(conn, similar, Some(design), None)
}

/// Gives the design its labels, then answers the next design: save and next in one request.
pub fn save(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    admin: &UserGuid,
    form: TaggingSave,
) -> Result<TaggingAnswer, CurationError> {
    if form.label_ids.is_empty() {
        return Err(CurationError::SelectionRequired);
    }
    let design: DesignGuid = form
        .design_guid
        .parse()
        .map_err(|_| CurationError::DesignNotFound)?;
    // Every transaction here writes first: on SQLite one that read first could not take the
    // write lock after another admin's write (it would fail at once instead of waiting).
    conn.transaction(|conn| -> Result<_, CurationError> {
        repo::release(conn, &admin.to_string())?;
        for id in &form.label_ids {
            if repo::label(conn, *id)?.is_some_and(|l| l.is_group_header) {
                return Err(CurationError::GroupInvalid);
            }
        }
        catalog::service::set_design_labels(conn, &design, form.label_ids.clone())?;
        Ok(())
    })?;
    next(conn, similar, admin, form.name.as_deref(), None)
}

fn answer(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    design: Option<String>,
    name: Option<&str>,
) -> Result<TaggingAnswer, CurationError> {
    let total = repo::count_designs(conn, &named(name))?;
    let remaining = repo::count_designs(conn, &unlabelled_named(name))?;
    let progress = TaggingProgress {
        done: total - remaining,
        remaining,
        total,
    };
    let Some(guid) = design else {
        return Ok(TaggingAnswer {
            design: None,
            progress,
            suggestions: Vec::new(),
        });
    };
    let found = catalog::repo::designs_by_guid(conn, std::slice::from_ref(&guid))?
        .pop()
        .ok_or(CurationError::DesignNotFound)?;
    let colorway = catalog::repo::first_colorway(conn, &guid)?;
    let suggestions = match &colorway {
        Some(c) => suggestions(conn, similar, &guid, &c.guid)?,
        None => Vec::new(),
    };
    let design = TaggedDesign {
        label_ids: repo::label_ids_of(conn, &guid)?,
        design_name: found.number,
        original_name: found.original_name,
        colorway_guid: colorway
            .as_ref()
            .map(|c| c.guid.clone())
            .unwrap_or_default(),
        preview: colorway
            .as_ref()
            .map(|c| urls::preview(&guid, &c.guid, &c.renditions_key))
            .unwrap_or_default(),
        thumbnail: colorway
            .as_ref()
            .map(|c| urls::thumbnail(&guid, &c.guid, &c.renditions_key, "d/h"))
            .unwrap_or_default(),
        width: colorway.as_ref().map_or(0, |c| c.preview_width),
        height: colorway.as_ref().map_or(0, |c| c.preview_height),
        design_guid: guid,
    };
    Ok(TaggingAnswer {
        design: Some(design),
        progress,
        suggestions,
    })
}

/// The labels of the nearest labelled designs, weighed by nearness: the visually similar ones
/// when the colorway is indexed for the similar search, else those sharing most of its palette.
fn suggestions(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    design: &str,
    colorway: &str,
) -> Result<Vec<LabelSuggestion>, CurationError> {
    let mut source = "similar";
    let mut near = similar_designs(conn, similar, design, colorway)?;
    let mut labels = labelled(conn, &mut near)?;
    if labels.is_empty() {
        source = "palette";
        near = repo::palette_neighbours(conn, design, NEIGHBOURS as i64)?
            .into_iter()
            .map(|(d, shared)| (d, shared as f64))
            .collect();
        labels = labelled(conn, &mut near)?;
    }
    Ok(weigh(&near, &labels, source))
}

/// Designs like this one's colorway, nearest first, with their best score.
fn similar_designs(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    design: &str,
    colorway: &str,
) -> Result<Vec<(String, f64)>, CurationError> {
    let query = SimilarQuery::Colorway(colorway.to_owned());
    let features = match similar.query_features(conn, &query) {
        Ok(Some(features)) => features,
        Ok(None) => return Ok(Vec::new()),
        Err(e) => {
            tracing::warn!(error = %e, "label suggestions without the similar search");
            return Ok(Vec::new());
        }
    };
    let ranked = similar.rank(
        conn,
        &features,
        SIMILAR_ASKED,
        |d| d != design,
        Some(colorway),
    )?;
    let mut near: Vec<(String, f64)> = Vec::new();
    for r in ranked.into_iter().filter(|r| r.score > 0.0) {
        if !near.iter().any(|(d, _)| *d == r.design) {
            near.push((r.design, f64::from(r.score)));
        }
    }
    Ok(near)
}

/// Keeps the labelled designs of `near` (at most [`NEIGHBOURS`]); answers their labels.
fn labelled(
    conn: &mut DbConnection,
    near: &mut Vec<(String, f64)>,
) -> Result<HashMap<String, Vec<i32>>, CurationError> {
    let designs: Vec<String> = near.iter().map(|(d, _)| d.clone()).collect();
    let mut labels: HashMap<String, Vec<i32>> = HashMap::new();
    for (design, label) in repo::labels_of_designs(conn, &designs)? {
        labels.entry(design).or_default().push(label);
    }
    near.retain(|(d, _)| labels.contains_key(d));
    near.truncate(NEIGHBOURS);
    labels.retain(|d, _| near.iter().any(|(n, _)| n == d));
    Ok(labels)
}

/// Each label's share of the neighbours' weight, highest first.
fn weigh(
    near: &[(String, f64)],
    labels: &HashMap<String, Vec<i32>>,
    source: &'static str,
) -> Vec<LabelSuggestion> {
    let total: f64 = near.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return Vec::new();
    }
    let mut weight: HashMap<i32, f64> = HashMap::new();
    for (design, w) in near {
        for label in labels.get(design).into_iter().flatten() {
            *weight.entry(*label).or_default() += w;
        }
    }
    let mut suggestions: Vec<LabelSuggestion> = weight
        .into_iter()
        .map(|(label_id, w)| LabelSuggestion {
            label_id,
            confidence: (w / total).min(1.0),
            source,
        })
        .filter(|s| s.confidence >= MIN_CONFIDENCE)
        .collect();
    suggestions.sort_by(|a, b| {
        b.confidence
            .total_cmp(&a.confidence)
            .then(a.label_id.cmp(&b.label_id))
    });
    suggestions.truncate(MAX_SUGGESTIONS);
    suggestions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_weighed_by_the_nearness_of_the_designs_carrying_them() {
        let near = vec![("a".to_owned(), 3.0), ("b".to_owned(), 1.0)];
        let labels = HashMap::from([("a".to_owned(), vec![1, 2]), ("b".to_owned(), vec![2, 3])]);
        let got = weigh(&near, &labels, "similar");
        let shares: Vec<(i32, f64)> = got.iter().map(|s| (s.label_id, s.confidence)).collect();
        assert_eq!(shares, vec![(2, 1.0), (1, 0.75), (3, 0.25)]);
    }

    #[test]
    fn faint_labels_are_not_suggested() {
        let mut near: Vec<(String, f64)> = (0..20).map(|i| (format!("d{i}"), 1.0)).collect();
        near.push(("rare".to_owned(), 1.0));
        let mut labels: HashMap<String, Vec<i32>> =
            (0..20).map(|i| (format!("d{i}"), vec![1])).collect();
        labels.insert("rare".to_owned(), vec![9]);
        let got = weigh(&near, &labels, "palette");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].label_id, 1);
    }
}
