//! Colour search: designs ranked by how close (CIEDE2000) and how large their closest palette
//! colour is. A picker swatch at the default distance reads catalog's swatch index, already
//! scored; any other colour is scored from the instance's palette index (in the database while
//! that is loading), and its whole ranking is remembered.

use crate::cache::{Ranked, Ranking};
use crate::error::SearchError;
use crate::filters::ColorQuery;
use crate::paging::{CountRow, FoundPage, PageAsked, designs_where, window};
use crate::palette::{PaletteHits, PaletteIndex};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::sql::Sql;
use desen_core::color::{SHARE_WEIGHT, bins_within, lightness_reach};
use diesel::prelude::*;
use diesel::sql_types::{Double, Text};
use std::collections::HashMap;
use std::sync::Arc;

#[derive(QueryableByName)]
pub(crate) struct ColorHitRow {
    #[diesel(sql_type = Text)]
    pub guid: String,
    #[diesel(sql_type = Double)]
    pub distance: f64,
}

/// Colour hits in rank order: the best score first, the default sort breaking ties.
const BY_SCORE: &str = " ORDER BY hits.score ASC, designs.uploaded_at DESC, designs.guid DESC";

/// Palette entries near the colour, per design: the best score and the closest distance.
///
/// `near` is MATERIALIZED so that CIEDE2000 runs once per palette entry: inlined, both databases
/// copy the expression into the filter and into each aggregate and compute it three times.
pub(crate) fn color_matches(color: &ColorQuery) -> Sql {
    let [l, a, b] = color.lab;
    let mut sql =
        Sql::new("WITH near AS MATERIALIZED (SELECT design_guid, share, desen_ciede2000(l, a, b, ");
    sql.bind(l)
        .push(", ")
        .bind(a)
        .push(", ")
        .bind(b)
        .push(") AS distance FROM colorway_colors WHERE bin IN ")
        .bind_list(bins_within(color.lab, color.distance))
        // Exact, unlike the bins: rows outside it are skipped before CIEDE2000 is computed.
        .push(" AND l BETWEEN ")
        .bind(l - lightness_reach(color.distance))
        .push(" AND ")
        .bind(l + lightness_reach(color.distance))
        .push(") SELECT design_guid, MIN(distance + ")
        .push(&format!(
            "{SHARE_WEIGHT:.1} * (1.0 - share)) AS score, MIN(distance) AS distance FROM near WHERE distance <= "
        ))
        .bind(color.distance)
        .push(" GROUP BY design_guid");
    sql
}

/// A page of a scored colour search. Every hit is scored to rank any of them, so the whole
/// ranking is kept: the total and every later page come from it. `everything` says that
/// `condition` admits every design.
pub(crate) fn scored_page(
    conn: &mut DbConnection,
    asked: &PageAsked,
    color: &ColorQuery,
    condition: &Sql,
    everything: bool,
) -> Result<FoundPage, SearchError> {
    let PageAsked {
        cache,
        key,
        revision,
        offset,
        limit,
    } = asked;
    let ranking = match cache.ranking(key, *revision) {
        Some(ranking) => ranking,
        None => {
            // The admitted designs are read only when the index will use them.
            let index = cache.palette();
            let from_index = match index.is_loaded() {
                true => {
                    let admitted = (!everything)
                        .then(|| designs_where(conn, condition))
                        .transpose()?;
                    match index.hits(conn, *revision, color, admitted.as_ref())? {
                        Some(hits) => palette_ranking(conn, index, hits)?,
                        None => None,
                    }
                }
                false => None,
            };
            let ranking = match from_index {
                Some(ranking) => ranking,
                None => Ranked::Designs(database_ranking(conn, color, condition)?),
            };
            let ranking: Ranking = Arc::new(ranking);
            cache.remember_ranking(key, *revision, ranking.clone());
            ranking
        }
    };
    let (start, end) = (*offset as usize, (*offset + *limit) as usize);
    let hits = match &*ranking {
        Ranked::Designs(hits) => hits
            .get(start..end.min(hits.len()))
            .unwrap_or_default()
            .to_vec(),
        Ranked::Places { load, hits } => {
            let page = hits.get(start..end.min(hits.len())).unwrap_or_default();
            match cache.palette().designs(*load, page.iter().map(|h| h.0)) {
                Some(designs) => designs.into_iter().zip(page.iter().map(|h| h.1)).collect(),
                // The index was loaded again since this ranking was made: its places are gone.
                None => database_ranking(conn, color, condition)?
                    .into_iter()
                    .skip(start)
                    .take(end - start)
                    .collect(),
            }
        }
    };
    let hits = hits
        .into_iter()
        .map(|(guid, distance)| (guid, Some(distance)))
        .collect();
    Ok((hits, ranking.len() as i64))
}

/// The ranking scored in the database: every palette colour in the colour's bins.
pub(crate) fn database_ranking(
    conn: &mut DbConnection,
    color: &ColorQuery,
    condition: &Sql,
) -> Result<Vec<(String, f64)>, SearchError> {
    let mut rows =
        Sql::new("SELECT designs.guid AS guid, hits.distance AS distance FROM designs JOIN (");
    rows.append(&color_matches(color))
        .push(") hits ON hits.design_guid = designs.guid WHERE ")
        .append(condition)
        .push(BY_SCORE);
    Ok(rows
        .load::<ColorHitRow>(conn)?
        .into_iter()
        .map(|r| (r.guid, r.distance))
        .collect())
}

/// The palette index's hits in the database's order ([`BY_SCORE`]), as places; `None` if the
/// index was loaded again meanwhile. Equal scores are rare (a design imported twice), so upload
/// times are read only for those.
fn palette_ranking(
    conn: &mut DbConnection,
    index: &PaletteIndex,
    PaletteHits { load, mut hits }: PaletteHits,
) -> Result<Option<Ranked>, SearchError> {
    hits.sort_unstable_by(|x, y| x.score.total_cmp(&y.score));
    let mut ties = Vec::new();
    let mut run = 0;
    for end in 1..=hits.len() {
        if end == hits.len() || hits[end].score != hits[run].score {
            if end - run > 1 {
                ties.push(run..end);
            }
            run = end;
        }
    }
    if !ties.is_empty() {
        let tied: Vec<u32> = ties
            .iter()
            .flat_map(|r| hits[r.clone()].iter().map(|h| h.slot))
            .collect();
        let Some(names) = index.designs(load, tied.iter().copied()) else {
            return Ok(None);
        };
        let uploaded = upload_times(conn, &names)?;
        let name_of: HashMap<u32, (Option<NaiveDateTime>, String)> = tied
            .into_iter()
            .zip(names)
            .map(|(slot, name)| (slot, (uploaded.get(&name).copied(), name)))
            .collect();
        for run in ties {
            // The newest upload first, then the greater id, as BY_SCORE.
            hits[run].sort_by(|x, y| name_of[&y.slot].cmp(&name_of[&x.slot]));
        }
    }
    Ok(Some(Ranked::Places {
        load,
        hits: hits.into_iter().map(|h| (h.slot, h.distance)).collect(),
    }))
}

fn upload_times(
    conn: &mut DbConnection,
    designs: &[String],
) -> Result<HashMap<String, NaiveDateTime>, SearchError> {
    use db::schema::designs::dsl::{designs as all, guid, uploaded_at};
    let mut times = HashMap::new();
    for chunk in designs.chunks(500) {
        times.extend(
            all.filter(guid.eq_any(chunk))
                .select((guid, uploaded_at))
                .load::<(String, NaiveDateTime)>(conn)?,
        );
    }
    Ok(times)
}

/// A page of a swatch search, read from the swatch index in score order: its hits are scored
/// already, so unlike another colour, the page needs only its own rows and the total a count.
/// `condition` is `None` when the viewer sees everything and nothing filters.
pub(crate) fn swatch_page(
    conn: &mut DbConnection,
    asked: &PageAsked,
    swatch: i32,
    condition: Option<&Sql>,
) -> Result<FoundPage, SearchError> {
    let PageAsked {
        cache,
        key,
        revision,
        offset,
        limit,
    } = asked;
    let hits = |select: &str, join: bool| {
        let mut sql = Sql::new(select);
        sql.push(" FROM swatch_designs hits");
        if join {
            sql.push(" JOIN designs ON designs.guid = hits.design_guid");
        }
        sql.push(" WHERE hits.swatch = ").bind(swatch);
        if let Some(condition) = condition {
            sql.push(" AND ").append(condition);
        }
        sql
    };
    let total = asked.total_or(|| {
        // Every row's design exists (ON DELETE CASCADE): without a condition, no join.
        Ok(hits("SELECT COUNT(*) AS n", condition.is_some())
            .get_result::<CountRow>(conn)?
            .n)
    })?;
    if let Some(page) = cache.page(key, *revision, *offset, *limit) {
        return Ok((page.to_vec(), total));
    }
    let mut sql = hits(
        "SELECT designs.guid AS guid, hits.distance AS distance",
        true,
    );
    sql.push(BY_SCORE);
    window(&mut sql, *limit, *offset);
    let page: Vec<(String, Option<f64>)> = sql
        .load::<ColorHitRow>(conn)?
        .into_iter()
        .map(|r| (r.guid, Some(r.distance)))
        .collect();
    cache.remember_page(key, *revision, *offset, *limit, Arc::new(page.clone()));
    Ok((page, total))
}
