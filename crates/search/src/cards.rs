//! What a hit shows: the spec's search result card, described for a page of design ids in a few
//! batched queries (colorways, labels, pins), with the colorway that matched a colour.

use crate::error::SearchError;
use crate::filters::ColorQuery;
use catalog::model::{Label, Named};
use db::DbConnection;
use db::schema::{colorway_colors, colorways, design_labels, design_pins, designs, labels};
use desen_core::color::{ciede2000, match_score};
use desen_core::{Language, slug};
use diesel::prelude::*;
use imaging::render::{THUMBNAILS, urls};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SearchLabel {
    pub id: i32,
    pub label: String,
    pub label_sef: String,
}

/// The spec's search result: one design with the colorway to show for it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub design_guid: String,
    pub design_name: String,
    pub design_type: String,
    /// The colorway to show: the one that matched the colour, else the first.
    pub active_variant_guid: Option<String>,
    pub active_variant_name: Option<String>,
    /// The first colorway (VR-1).
    pub original_variant_guid: Option<String>,
    pub original_variant_name: Option<String>,
    pub labels: Vec<SearchLabel>,
    pub mold_state: String,
    pub closed_countries: Vec<String>,
    pub is_confined: bool,
    pub pinned: bool,
    pub colorway_count: usize,
    /// The active colorway's `d/v` thumbnail.
    pub thumbnail: Option<String>,
    pub thumbnails: std::collections::BTreeMap<String, String>,
    /// CIEDE2000 of the closest palette colour, when searching by colour.
    pub color_distance: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    pub results: Vec<SearchResult>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
    pub page_size: u32,
}

/// A design's number, type, screen status, confinement, closed countries and whether it is pinned.
type Described = (String, String, String, bool, String, bool);

/// Search results for the ids, in their order: colorways, labels, pins and thumbnails in a few
/// batched queries.
pub(crate) fn describe(
    conn: &mut DbConnection,
    hits: &[(String, Option<f64>)],
    color: Option<&ColorQuery>,
    language: Language,
) -> Result<Vec<SearchResult>, SearchError> {
    let ids: Vec<&str> = hits.iter().map(|(id, _)| id.as_str()).collect();
    let rows: HashMap<String, Described> = designs::table
        .left_join(design_pins::table)
        .filter(designs::guid.eq_any(&ids))
        .select((
            designs::guid,
            designs::number,
            designs::design_type,
            designs::screen_status,
            designs::is_confined,
            designs::closed_countries,
            design_pins::design_guid.nullable().is_not_null(),
        ))
        .load::<(String, String, String, String, bool, String, bool)>(conn)?
        .into_iter()
        .map(|(g, n, t, s, c, cc, p)| (g, (n, t, s, c, cc, p)))
        .collect();
    let mut colorways_of: HashMap<String, Vec<(String, String, String)>> = HashMap::new();
    for (design, guid, name, key) in colorways::table
        .filter(colorways::design_guid.eq_any(&ids))
        .order((colorways::design_guid, colorways::position))
        .select((
            colorways::design_guid,
            colorways::guid,
            colorways::name,
            colorways::renditions_key,
        ))
        .load::<(String, String, String, String)>(conn)?
    {
        colorways_of
            .entry(design)
            .or_default()
            .push((guid, name, key));
    }
    let mut labels_of: HashMap<String, Vec<SearchLabel>> = HashMap::new();
    for (design, label) in design_labels::table
        .inner_join(labels::table)
        .filter(design_labels::design_guid.eq_any(&ids))
        .order(labels::id)
        .select((design_labels::design_guid, Label::as_select()))
        .load::<(String, Label)>(conn)?
    {
        let name = label.name_in(language).to_owned();
        labels_of.entry(design).or_default().push(SearchLabel {
            id: label.id,
            label_sef: slug(&name),
            label: name,
        });
    }
    // With a colour, the colorway shown is the one holding the best-scoring palette colour.
    let best_colorway: HashMap<String, String> = match color {
        None => HashMap::new(),
        Some(color) => {
            // By colorway: palette entries are keyed by colorway (a design's are not indexed).
            let shown: Vec<&str> = colorways_of
                .values()
                .flatten()
                .map(|(guid, _, _)| guid.as_str())
                .collect();
            let mut best: HashMap<String, (f64, String)> = HashMap::new();
            for (design, colorway, l, a, b, share) in colorway_colors::table
                .filter(colorway_colors::colorway_guid.eq_any(&shown))
                .select((
                    colorway_colors::design_guid,
                    colorway_colors::colorway_guid,
                    colorway_colors::l,
                    colorway_colors::a,
                    colorway_colors::b,
                    colorway_colors::share,
                ))
                .load::<(String, String, f64, f64, f64, f64)>(conn)?
            {
                let distance = ciede2000(color.lab, [l, a, b]);
                if distance > color.distance {
                    continue;
                }
                let score = match_score(distance, share);
                let entry = best.entry(design).or_insert((f64::MAX, String::new()));
                if score < entry.0 {
                    *entry = (score, colorway);
                }
            }
            best.into_iter().map(|(d, (_, c))| (d, c)).collect()
        }
    };
    Ok(hits
        .iter()
        .filter_map(|(guid, distance)| {
            let (number, design_type, status, confined, closed, pinned) = rows.get(guid)?.clone();
            let colorways = colorways_of.get(guid).cloned().unwrap_or_default();
            let original = colorways.first().cloned();
            let active = best_colorway
                .get(guid)
                .and_then(|c| colorways.iter().find(|(g, _, _)| g == c).cloned())
                .or_else(|| original.clone());
            let thumbnails: BTreeMap<String, String> = active
                .as_ref()
                .map(|(cw, _, key)| {
                    THUMBNAILS
                        .iter()
                        .map(|t| {
                            let url = urls::thumbnail(guid, cw, key, t.variant);
                            (t.variant.to_owned(), url)
                        })
                        .collect()
                })
                .unwrap_or_default();
            Some(SearchResult {
                design_guid: guid.clone(),
                design_name: number,
                design_type,
                active_variant_guid: active.as_ref().map(|a| a.0.clone()),
                active_variant_name: active.as_ref().map(|a| a.1.clone()),
                original_variant_guid: original.as_ref().map(|o| o.0.clone()),
                original_variant_name: original.as_ref().map(|o| o.1.clone()),
                labels: labels_of.get(guid).cloned().unwrap_or_default(),
                mold_state: status,
                closed_countries: closed
                    .split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_owned)
                    .collect(),
                is_confined: confined,
                pinned,
                colorway_count: colorways.len(),
                thumbnail: thumbnails.get("d/v").cloned(),
                thumbnails,
                color_distance: distance.map(|d| (d * 100.0).round() / 100.0),
            })
        })
        .collect())
}
