//! The search's use cases: the archive screen's page, a pool preview and its count.

use crate::cache::SearchCache;
use crate::cards::{
    DesignPageCards, FavoriteCards, GroupCards, SearchAnswer, SearchResult, describe,
};
use crate::error::SearchError;
use crate::filters::ColorQuery;
use crate::filters::SearchFilters;
use crate::form::MAX_PAGE_SIZE;
use crate::paging::{FoundPage, PageAsked, catalog_revision, designs_where, listing_page};
use crate::ranking::{scored_page, swatch_page};
use crate::similar::{
    MAX_SIMILAR_RESULTS, MatchOutline, Ranked, SimilarAnswer, SimilarIndex, SimilarQuery,
    SimilarResult,
};
use catalog::disclosure::{self, DesignFields};
use db::DbConnection;
use db::sql::Sql;
use desen_core::{FavoriteListGuid, Language, PageRequest, UserGuid, Viewer};
use pools::{PoolCriteria, Scope};
use std::collections::{HashMap, HashSet};

/// The ids (in order) of one page, the total count, and the colour distance of each hit: the
/// listing, a swatch's page of the swatch index, or a scored colour ranking.
pub fn find_page(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    filters: &SearchFilters,
    page: PageRequest,
) -> Result<FoundPage, SearchError> {
    let filters = &filters.with_list_rule(conn)?;
    let revision = catalog_revision(conn)?;
    let condition = Sql::and(&[scope.sql(), filters.sql()]);
    let limit = i64::from(page.page_size);
    let asked = PageAsked {
        cache,
        key: format!("{condition:?} {:?} {:?}", filters.sort, filters.color),
        revision,
        offset: i64::from(page.page) * limit,
        limit,
    };
    // Without a scope or a filter, a colour's hits are the answer: no join, no filtering.
    let everything = matches!(scope, Scope::Everything) && filters.is_unfiltered();
    match &filters.color {
        Some(ColorQuery {
            swatch: Some(swatch),
            ..
        }) => swatch_page(conn, &asked, *swatch, (!everything).then_some(&condition)),
        Some(color) => scored_page(conn, &asked, color, &condition, everything),
        None => listing_page(conn, &asked, scope, filters, &condition),
    }
}

/// The viewer's search: inside their scope, showing and searching only the design fields they may
/// see (a hidden field asked for is refused, not ignored).
pub fn search_as(
    conn: &mut DbConnection,
    cache: &SearchCache,
    viewer: &Viewer,
    filters: &SearchFilters,
    page: PageRequest,
    language: Language,
) -> Result<SearchAnswer, SearchError> {
    let (fields, scope) = viewer_search(conn, viewer, filters)?;
    search(conn, cache, &scope, &fields, filters, page, language)
}

/// The design fields a viewer's search shows and their scope, once the filters are found theirs
/// to ask: a filter on a hidden field is refused, not ignored, and so is a collection the viewer
/// may not open (inactive, say).
fn viewer_search(
    conn: &mut DbConnection,
    viewer: &Viewer,
    filters: &SearchFilters,
) -> Result<(DesignFields, Scope), SearchError> {
    let fields = disclosure::fields_for(conn, viewer)?;
    if let Some(field) = filters.hidden_field(&fields) {
        return Err(SearchError::FieldHidden(field));
    }
    if let Some(collection) = filters.collection {
        collections::service::searchable(conn, viewer, collection)?;
    }
    Ok((fields, pools::scope_of(conn, viewer)?))
}

/// The cards a design page's group shows at first; the rest come a page at a time
/// ([`design_group_page`]).
pub const GROUP_FIRST_CARDS: usize = 48;

/// A design page (`/basic-colleciton/get/{id}`): its groups in order, each with how many designs
/// the viewer may see and the archive's cards of the first [`GROUP_FIRST_CARDS`] of them, in the
/// group's order.
pub fn design_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
    language: Language,
) -> Result<DesignPageCards, SearchError> {
    let fields = disclosure::fields_for(conn, viewer)?;
    let page = collections::service::design_page(conn, viewer, id)?;
    // Every card shown described at once, then dealt to its groups.
    let mut seen = HashSet::new();
    let hits: Vec<(String, Option<f64>)> = page
        .groups
        .iter()
        .flat_map(|(_, _, designs)| designs.iter().take(GROUP_FIRST_CARDS))
        .filter(|design| seen.insert(*design))
        .map(|design| (design.clone(), None))
        .collect();
    let cards: HashMap<String, SearchResult> = describe(conn, &hits, None, &fields, language)?
        .into_iter()
        .map(|card| (card.design_guid.clone(), card))
        .collect();
    let groups = page
        .groups
        .into_iter()
        .map(|(group, name, designs)| GroupCards {
            id: group,
            name,
            design_count: designs.len() as i64,
            results: designs
                .iter()
                .take(GROUP_FIRST_CARDS)
                .filter_map(|design| cards.get(design).cloned())
                .collect(),
        })
        .collect();
    Ok(DesignPageCards {
        id: page.id,
        name: page.name,
        description: page.description,
        collection: page.collection,
        groups,
    })
}

/// A page of one group of a design page as the archive's cards, in the group's order.
pub fn design_group_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
    group: i32,
    page: PageRequest,
    language: Language,
) -> Result<SearchAnswer, SearchError> {
    let fields = disclosure::fields_for(conn, viewer)?;
    let designs = collections::service::design_page(conn, viewer, id)?
        .groups
        .into_iter()
        .find(|(found, _, _)| *found == group)
        .map(|(_, _, designs)| designs)
        .ok_or(collections::CollectionError::NotFound)?;
    let hits: Vec<(String, Option<f64>)> = designs
        .iter()
        .skip(page.offset() as usize)
        .take(page.limit() as usize)
        .map(|design| (design.clone(), None))
        .collect();
    let total = designs.len() as i64;
    let size = i64::from(page.page_size);
    Ok(SearchAnswer {
        results: describe(conn, &hits, None, &fields, language)?,
        total_count: total,
        total_page: (total + size - 1) / size,
        current_page: page.page,
        page_size: page.page_size,
    })
}

/// The search page as the archive screen shows it: the designs of `scope`, showing `fields`.
pub fn search(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    fields: &DesignFields,
    filters: &SearchFilters,
    page: PageRequest,
    language: Language,
) -> Result<SearchAnswer, SearchError> {
    let (hits, total) = find_page(conn, cache, scope, filters, page)?;
    let results = describe(conn, &hits, filters.color.as_ref(), fields, language)?;
    let size = i64::from(page.page_size);
    Ok(SearchAnswer {
        results,
        total_count: total,
        total_page: (total + size - 1) / size,
        current_page: page.page,
        page_size: page.page_size,
    })
}

/// A page of a favorite list's colorways as the archive's cards, one per colorway, newest first
/// (`GET /search/favorites/{id}/{page}/{pageSize}`): the list's visible entries, each card showing
/// its colorway, with the fields the viewer may see.
pub fn favorite_cards(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user: &UserGuid,
    list: &FavoriteListGuid,
    page: PageRequest,
    language: Language,
) -> Result<FavoriteCards, SearchError> {
    let fields = disclosure::fields_for(conn, viewer)?;
    let scope = pools::scope_of(conn, viewer)?;
    let owner = favorites::service::Owner {
        user,
        scope: &scope,
    };
    let listed = favorites::service::list_entries(conn, &owner, list)?;
    let entries: Vec<_> = listed
        .entries
        .iter()
        .skip(page.offset() as usize)
        .take(page.limit() as usize)
        .collect();
    let mut designs: Vec<(String, Option<f64>)> = Vec::new();
    for entry in &entries {
        if !designs.iter().any(|(d, _)| *d == entry.design_guid) {
            designs.push((entry.design_guid.clone(), None));
        }
    }
    let cards = describe(conn, &designs, None, &fields, language)?;
    let results = entries
        .iter()
        .filter_map(|entry| {
            cards
                .iter()
                .find(|card| card.design_guid == entry.design_guid)
                .cloned()?
                .showing(&entry.colorway_guid)
        })
        .collect();
    let total = listed.list.entry_count;
    let size = i64::from(page.page_size);
    Ok(FavoriteCards {
        list: listed.list,
        answer: SearchAnswer {
            results,
            total_count: total,
            total_page: (total + size - 1) / size,
            current_page: page.page,
            page_size: page.page_size,
        },
    })
}

/// How many designs of the scope the filters admit.
pub fn count_in(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    filters: &SearchFilters,
) -> Result<i64, SearchError> {
    find_page(conn, cache, scope, filters, PageRequest::new(0, 1)).map(|(_, total)| total)
}

/// The page of a pool search's preview: its `page` and `resultsPerPage` (25 when 0).
pub fn preview_page(criteria: &PoolCriteria) -> Result<PageRequest, SearchError> {
    match criteria.results_per_page {
        0 => Ok(PageRequest::new(criteria.page, 25)),
        n if n <= MAX_PAGE_SIZE => Ok(PageRequest::new(criteria.page, n)),
        _ => Err(SearchError::InvalidSearch("resultsPerPage")),
    }
}

/// The designs a pool search admits, as the archive shows them to staff.
pub fn preview_pool_search(
    conn: &mut DbConnection,
    cache: &SearchCache,
    criteria: PoolCriteria,
    language: Language,
) -> Result<SearchAnswer, SearchError> {
    let page = preview_page(&criteria)?;
    let scope = Scope::Criteria(Box::new(criteria));
    search(
        conn,
        cache,
        &scope,
        &DesignFields::ALL,
        &SearchFilters::default(),
        page,
        language,
    )
}

/// How many designs a pool search admits.
pub fn count_pool_search(
    conn: &mut DbConnection,
    cache: &SearchCache,
    criteria: PoolCriteria,
) -> Result<i64, SearchError> {
    let scope = Scope::Criteria(Box::new(criteria));
    count_in(conn, cache, &scope, &SearchFilters::default())
}

/// What a search form finds: a page of the archive, or, with `similarImage`/`similarId`, the
/// similar search's page (the same cards with their likeness).
#[derive(Debug, serde::Serialize)]
#[serde(untagged)]
pub enum Found {
    Search(SearchAnswer),
    Similar(SimilarAnswer),
}

/// The viewer's search, ranked by likeness when the form asks for it.
pub fn find_as(
    conn: &mut DbConnection,
    cache: &SearchCache,
    similar: &SimilarIndex,
    viewer: &Viewer,
    filters: &SearchFilters,
    page: PageRequest,
    language: Language,
) -> Result<Found, SearchError> {
    Ok(match filters.similar {
        Some(_) => Found::Similar(similar_as(conn, similar, viewer, filters, page, language)?),
        None => Found::Search(search_as(conn, cache, viewer, filters, page, language)?),
    })
}

/// A search ranked by likeness to a picture or a colorway (`filters.similar`), inside the
/// viewer's scope and every other filter. A picture gives one card per design (its closest
/// colorway); a colorway gives one card per colorway, its design's other colorways first.
pub fn similar_as(
    conn: &mut DbConnection,
    similar: &SimilarIndex,
    viewer: &Viewer,
    filters: &SearchFilters,
    page: PageRequest,
    language: Language,
) -> Result<SimilarAnswer, SearchError> {
    let Some(query) = &filters.similar else {
        return Err(SearchError::InvalidSearch("similarImage"));
    };
    if !viewer.is_staff() && !similar.open_to_customers(conn)? {
        return Err(SearchError::SimilarSearchUnavailable);
    }
    let (fields, scope) = viewer_search(conn, viewer, filters)?;
    let filters = filters.with_list_rule(conn)?;
    let admitted = admitted_designs(conn, &scope, &filters)?;
    let admit = |design: &str| admitted.as_ref().is_none_or(|set| set.contains(design));
    let (features, exclude) = match query {
        SimilarQuery::Colorway(colorway) => {
            // The colorway asked about must itself be one the viewer may see.
            catalog::service::colorway_in_scope(conn, &scope, colorway)?;
            (
                similar.query_features(conn, query)?,
                Some(colorway.as_str()),
            )
        }
        SimilarQuery::Picture(_) => (similar.query_features(conn, query)?, None),
    };
    let ranked = match features {
        Some(features) => similar.rank(conn, &features, MAX_SIMILAR_RESULTS, admit, exclude)?,
        None => Vec::new(),
    };
    // A picture: the best colorway of each design; a colorway: every colorway.
    let mut seen = HashSet::new();
    let ranked: Vec<Ranked> = ranked
        .into_iter()
        .filter(|r| matches!(query, SimilarQuery::Colorway(_)) || seen.insert(r.design.clone()))
        .collect();
    let shown: Vec<&Ranked> = ranked
        .iter()
        .skip(page.offset() as usize)
        .take(page.limit() as usize)
        .collect();
    let mut designs: Vec<(String, Option<f64>)> = Vec::new();
    for r in &shown {
        if !designs.iter().any(|(d, _)| *d == r.design) {
            designs.push((r.design.clone(), None));
        }
    }
    let cards: HashMap<String, SearchResult> = describe(conn, &designs, None, &fields, language)?
        .into_iter()
        .map(|card| (card.design_guid.clone(), card))
        .collect();
    let facts = catalog::service::design_facts(
        conn,
        &designs.iter().map(|(d, _)| d.clone()).collect::<Vec<_>>(),
    )?;
    let results = shown
        .into_iter()
        .filter_map(|r| {
            let card = cards.get(&r.design)?.clone().showing(&r.colorway)?;
            let fact = facts.get(&r.design);
            let found_at = r.placement.as_ref().zip(fact).map(|(p, fact)| {
                // The features were read from the preview: scale to the design file's pixels.
                let (sx, sy) = (
                    f64::from(fact.width_px) / f64::from(r.frame.0.max(1)),
                    f64::from(fact.height_px) / f64::from(r.frame.1.max(1)),
                );
                MatchOutline {
                    polygon: p
                        .corners
                        .iter()
                        .map(|(x, y)| [f64::from(*x) * sx, f64::from(*y) * sy])
                        .collect(),
                    width: fact.width_px,
                    height: fact.height_px,
                }
            });
            Some(SimilarResult {
                card,
                score: f64::from(r.score),
                original_name: fact
                    .filter(|_| fields.original_name)
                    .map(|f| f.original_name.clone()),
                found_at,
            })
        })
        .collect();
    let total = ranked.len() as i64;
    let size = i64::from(page.page_size);
    Ok(SimilarAnswer {
        results,
        total_count: total,
        total_page: (total + size - 1) / size,
        current_page: page.page,
        page_size: page.page_size,
    })
}

/// The designs the scope and the filters admit; `None` when that is every design.
fn admitted_designs(
    conn: &mut DbConnection,
    scope: &Scope,
    filters: &SearchFilters,
) -> Result<Option<HashSet<String>>, SearchError> {
    if matches!(scope, Scope::Everything) && filters.is_unfiltered() {
        return Ok(None);
    }
    designs_where(conn, &Sql::and(&[scope.sql(), filters.sql()])).map(Some)
}
