//! What a hit shows: the spec's search result card, described for a page of design ids in a few
//! batched queries (colorways, labels, pins), with the colorway that matched a colour.

use crate::error::SearchError;
use crate::filters::ColorQuery;
use catalog::disclosure::DesignFields;
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

/// One colorway of a hit, as a swatch on the card.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HitColorway {
    pub colorway_guid: String,
    pub colorway_name: String,
    /// `#rrggbb`: the colour covering most of the colorway (the first of its palette, which is
    /// stored largest share first; none before the palette exists).
    pub color: Option<String>,
    /// Where its renditions are: the thumbnails' URLs carry it.
    #[serde(skip)]
    renditions_key: String,
}

/// A colorway's thumbnail URL per variant.
fn thumbnails_of(design: &str, colorway: &str, key: &str) -> BTreeMap<String, String> {
    THUMBNAILS
        .iter()
        .map(|t| {
            let url = urls::thumbnail(design, colorway, key, t.variant);
            (t.variant.to_owned(), url)
        })
        .collect()
}

impl SearchResult {
    /// The card showing another of its colorways (a favorite list's entry); `None` when the
    /// colorway is not the design's.
    pub(crate) fn showing(mut self, colorway: &str) -> Option<SearchResult> {
        let way = self
            .colorways
            .iter()
            .find(|w| w.colorway_guid == colorway)?;
        self.thumbnails = thumbnails_of(&self.design_guid, &way.colorway_guid, &way.renditions_key);
        self.thumbnail = self.thumbnails.get("d/v").cloned();
        self.active_variant_guid = Some(way.colorway_guid.clone());
        self.active_variant_name = Some(way.colorway_name.clone());
        Some(self)
    }
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
    /// Absent when hidden from the viewer (see `/get/design-fields`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_countries: Option<Vec<String>>,
    pub is_confined: bool,
    pub pinned: bool,
    pub colorway_count: usize,
    /// Every colorway in order, with its main colour.
    pub colorways: Vec<HitColorway>,
    /// The active colorway's `d/v` thumbnail.
    pub thumbnail: Option<String>,
    pub thumbnails: std::collections::BTreeMap<String, String>,
    /// CIEDE2000 of the closest palette colour, when searching by colour.
    pub color_distance: Option<f64>,
    /// When searching by colour, how well the design matches it, 0 to 100: the figure results
    /// are ranked by (closeness of a palette colour weighted by how much of the design it covers).
    pub color_match: Option<i64>,
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

/// A favorite list with a page of its colorways as cards.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavoriteCards {
    pub list: favorites::dto::ListAnswer,
    #[serde(flatten)]
    pub answer: SearchAnswer,
}

/// A design group of a design page with its designs as cards, in the group's order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupCards {
    pub id: i32,
    pub name: String,
    /// The group's designs the viewer may see; `results` holds the first of them (the rest come
    /// a page at a time from `/basic-colleciton/get/{id}/{groupId}/{page}/{pageSize}`).
    pub design_count: i64,
    pub results: Vec<SearchResult>,
}

/// A design page (a sub-collection shown as groups of designs) as the archive's cards.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DesignPageCards {
    pub id: i32,
    pub name: String,
    pub description: String,
    pub collection: collections::dto::CollectionRef,
    pub groups: Vec<GroupCards>,
}

/// A design's number, type, screen status, confinement, closed countries and whether it is pinned.
type Described = (String, String, String, bool, String, bool);

/// A colorway of a hit: id, name, renditions key.
type Way = (String, String, String);

/// The match figure of a colour score: 100 for the exact colour covering the whole design, 0 for
/// the worst score the search admits (the distance limit, covering nothing).
fn match_of(score: f64, color: &ColorQuery) -> i64 {
    let worst = match_score(color.distance, 0.0);
    (100.0 * (1.0 - score / worst)).round().clamp(0.0, 100.0) as i64
}

/// Search results for the ids, in their order: colorways (with their main colours), labels, pins,
/// palettes and thumbnails in a few batched queries, showing only the fields the viewer may see.
pub(crate) fn describe(
    conn: &mut DbConnection,
    hits: &[(String, Option<f64>)],
    color: Option<&ColorQuery>,
    fields: &DesignFields,
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
    // Each colorway with its main colour, for its swatch: a palette is stored largest share
    // first, so that is its entry at position 0.
    let mut colorways_of: HashMap<String, Vec<Way>> = HashMap::new();
    let mut main_color: HashMap<String, String> = HashMap::new();
    for (design, guid, name, key, rgb) in colorways::table
        .left_join(
            colorway_colors::table.on(colorway_colors::colorway_guid
                .eq(colorways::guid)
                .and(colorway_colors::position.eq(0))),
        )
        .filter(colorways::design_guid.eq_any(&ids))
        .order((colorways::design_guid, colorways::position))
        .select((
            colorways::design_guid,
            colorways::guid,
            colorways::name,
            colorways::renditions_key,
            colorway_colors::rgb.nullable(),
        ))
        .load::<(String, String, String, String, Option<String>)>(conn)?
    {
        if let Some(rgb) = rgb {
            main_color.insert(guid.clone(), rgb);
        }
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
    // With a colour, every palette entry of the page's colorways is scored (by colorway: a
    // design's entries are not indexed); the best-scoring one of each design names the colorway
    // shown.
    let mut best: HashMap<String, (f64, String)> = HashMap::new();
    if let Some(color) = color {
        let shown: Vec<&str> = colorways_of
            .values()
            .flatten()
            .map(|(guid, _, _)| guid.as_str())
            .collect();
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
    }
    Ok(hits
        .iter()
        .filter_map(|(guid, distance)| {
            let (number, design_type, status, confined, closed, pinned) = rows.get(guid)?.clone();
            let ways = colorways_of.get(guid).cloned().unwrap_or_default();
            let original = ways.first().cloned();
            let matched = best.get(guid);
            let active = matched
                .and_then(|(_, c)| ways.iter().find(|(g, _, _)| g == c).cloned())
                .or_else(|| original.clone());
            let thumbnails = active
                .as_ref()
                .map(|(cw, _, key)| thumbnails_of(guid, cw, key))
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
                closed_countries: fields.closed_countries.then(|| {
                    closed
                        .split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_owned)
                        .collect()
                }),
                is_confined: confined,
                pinned,
                colorway_count: ways.len(),
                colorways: ways
                    .iter()
                    .map(|(way, name, key)| HitColorway {
                        colorway_guid: way.clone(),
                        colorway_name: name.clone(),
                        color: main_color.get(way).cloned(),
                        renditions_key: key.clone(),
                    })
                    .collect(),
                thumbnail: thumbnails.get("d/v").cloned(),
                thumbnails,
                color_distance: distance.map(|d| (d * 100.0).round() / 100.0),
                color_match: color
                    .zip(matched)
                    .map(|(color, (score, _))| match_of(*score, color)),
            })
        })
        .collect())
}
