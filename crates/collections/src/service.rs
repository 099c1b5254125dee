//! The collection rules: what admins may build, and what each viewer sees of it.
//!
//! Customers see active collections and their active sub-collections whose kind is set; inside
//! them, every tagged or grouped design passes the viewer's scope, so a hidden design is neither
//! shown nor counted, and a photo whose every tag is hidden is left out with it.

use crate::cache::BoardsCache;
use crate::dto::*;
use crate::error::CollectionError;
use crate::model::{
    Collection, Kind, MoodImage, MoodTag, NewCollection, NewMoodImage, ShownColorway,
};
use crate::photos::{self, Size};
use crate::repo;
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{UserGuid, Viewer};
use imaging::render::urls;
use pools::{PoolCriteria, Scope};
use std::collections::HashMap;
use std::sync::Arc;
use storage::Storage;

pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_DESCRIPTION_CHARS: usize = 1_000;
pub const MAX_GROUPS: usize = 100;
pub const MAX_GROUP_DESIGNS: usize = 1_000;
pub const MAX_TAGS: usize = 50;

/// The thumbnail variant tags, group designs and covers show.
const CARD_VARIANT: &str = "d/v";

/// A create or edit of a (sub-)collection, as the multipart form gives it.
#[derive(Debug, Default)]
pub struct CollectionForm {
    pub id: Option<i32>,
    pub parent: Option<i32>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub is_active: Option<bool>,
    /// A collection shown as a banner atop the archive.
    pub is_banner: Option<bool>,
    pub position: Option<i32>,
    pub kind: Option<String>,
    pub thumbnail: Option<Vec<u8>>,
}

/// A colorway to tag: by ids, or by `DESIGN/COLORWAY` number.
#[derive(Debug, Clone)]
pub enum TagTarget {
    Ids { design: String, colorway: String },
    Number(String),
}

#[derive(Debug, Clone)]
pub struct TagForm {
    pub image: i32,
    pub target: TagTarget,
    pub point: Option<(f64, f64)>,
}

fn card_thumbnail(shown: &ShownColorway) -> String {
    urls::thumbnail(
        &shown.design_guid,
        &shown.colorway_guid,
        &shown.renditions_key,
        CARD_VARIANT,
    )
}

fn photo_uri(image: &MoodImage, size: &str) -> String {
    format!(
        "/service/collections/image/{}/{size}?v={}",
        image.id,
        photos::version(&image.image_key)
    )
}

fn cover_uri(collection: &Collection) -> Option<String> {
    collection.cover_key.as_ref().map(|key| {
        format!(
            "/service/collections/cover/{}?v={}",
            collection.id,
            photos::version(key)
        )
    })
}

fn text_field(
    value: Option<String>,
    max: usize,
    field: &'static str,
) -> Result<Option<String>, CollectionError> {
    let Some(value) = value else { return Ok(None) };
    let value = value.trim().to_owned();
    if value.is_empty() {
        return Err(CollectionError::FormIncomplete(field));
    }
    if value.chars().count() > max || value.chars().any(|c| c.is_control() && c != '\n') {
        return Err(CollectionError::InvalidForm(field));
    }
    Ok(Some(value))
}

// ---- reading ------------------------------------------------------------------------------------

/// What the viewer may see of the collections: every one for staff, the active ones (and their
/// active sub-collections whose kind is set) for others.
fn shown_to(viewer: &Viewer, all: Vec<Collection>) -> Vec<Collection> {
    if viewer.is_staff() {
        return all;
    }
    let active_parents: Vec<i32> = all
        .iter()
        .filter(|c| c.parent_id.is_none() && c.is_active)
        .map(|c| c.id)
        .collect();
    all.into_iter()
        .filter(|c| match c.parent_id {
            None => c.is_active,
            Some(parent) => c.is_active && c.kind.is_some() && active_parents.contains(&parent),
        })
        .collect()
}

/// A (sub-)collection the viewer may open, or "collection not found".
fn shown_collection(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
) -> Result<Collection, CollectionError> {
    let collection = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
    if viewer.is_staff() {
        return Ok(collection);
    }
    let parent = match collection.parent_id {
        Some(parent) => Some(repo::find(conn, parent)?.ok_or(CollectionError::NotFound)?),
        None => None,
    };
    let mut shown = shown_to(
        viewer,
        parent.into_iter().chain([collection.clone()]).collect(),
    );
    shown
        .pop()
        .filter(|c| c.id == id)
        .ok_or(CollectionError::NotFound)
}

/// The visible photos of mood boards `collections` (see [`repo::visible_images_of`]), each with
/// its visible tags.
fn visible_images(
    conn: &mut DbConnection,
    scope: &Scope,
    collections: &[i32],
) -> Result<Vec<MoodImageAnswer>, CollectionError> {
    let images = repo::visible_images_of(conn, scope, collections)?;
    let ids: Vec<i32> = images.iter().map(|i| i.id).collect();
    let mut tags: HashMap<i32, Vec<MoodTagAnswer>> = HashMap::new();
    for (tag, shown) in repo::tags_of(conn, scope, &ids)? {
        tags.entry(tag.image_id)
            .or_default()
            .push(tag_answer(&tag, &shown));
    }
    Ok(images
        .iter()
        .map(|image| image_answer(image, tags.remove(&image.id).unwrap_or_default()))
        .collect())
}

fn tag_answer(tag: &MoodTag, shown: &ShownColorway) -> MoodTagAnswer {
    MoodTagAnswer {
        design_guid: shown.design_guid.clone(),
        colorway_guid: shown.colorway_guid.clone(),
        design_name: shown.design_number.clone(),
        colorway_name: shown.colorway_name.clone(),
        thumbnail: card_thumbnail(shown),
        x: tag.x,
        y: tag.y,
    }
}

fn image_answer(image: &MoodImage, colorways: Vec<MoodTagAnswer>) -> MoodImageAnswer {
    MoodImageAnswer {
        id: image.id,
        thumbnail_uri: photo_uri(image, "thumb"),
        large_image_uri: photo_uri(image, "large"),
        width: image.width,
        height: image.height,
        colorways,
    }
}

/// How much of the tree [`nodes`] is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Every collection a viewer may see.
    Boards,
    /// One collection and its sub-collections.
    Family,
    /// Every collection, with its stock pages.
    AdminTree,
    /// One collection and its sub-collections, with its stock pages.
    AdminFamily,
}

/// The nodes of `collections` (as [`shown_to`] left them, parents with their children), each
/// with its visible item count and a cover: its own thumbnail, else its first visible photo or
/// grouped design (a collection without one takes its first sub-collection's). A few queries for
/// the whole tree, none per collection.
fn nodes(
    conn: &mut DbConnection,
    scope: &Scope,
    collections: &[Collection],
    reach: Reach,
) -> Result<Vec<CollectionNode>, CollectionError> {
    let with_stock_pages = matches!(reach, Reach::AdminTree | Reach::AdminFamily);
    let ids: Vec<i32> = collections.iter().map(|c| c.id).collect();
    // The whole tree is counted in one pass over collection_designs; a family by its ids.
    let only = matches!(reach, Reach::Family | Reach::AdminFamily).then_some(ids.as_slice());
    let design_counts: HashMap<i32, i64> = repo::visible_design_counts(conn, scope, only)?
        .into_iter()
        .collect();
    let moods: Vec<i32> = collections
        .iter()
        .filter(|c| c.kind() == Some(Kind::Mood))
        .map(|c| c.id)
        .collect();
    let mut images: HashMap<i32, Vec<MoodImage>> = HashMap::new();
    for image in repo::visible_images_of(conn, scope, &moods)? {
        images.entry(image.collection_id).or_default().push(image);
    }
    let uncovered_pages: Vec<i32> = collections
        .iter()
        .filter(|c| c.kind() == Some(Kind::Design) && c.cover_key.is_none())
        .map(|c| c.id)
        .collect();
    let first_designs: HashMap<i32, ShownColorway> =
        repo::first_visible_designs(conn, scope, &uncovered_pages)?
            .into_iter()
            .collect();
    let stock_pages = if with_stock_pages {
        repo::stock_pages(conn)?
    } else {
        Vec::new()
    };
    let node_of = |c: &Collection| {
        let own_images = images.get(&c.id).map(Vec::as_slice).unwrap_or_default();
        let item_count = match c.kind() {
            Some(Kind::Mood) => own_images.len() as i64,
            _ => design_counts.get(&c.id).copied().unwrap_or(0),
        };
        let cover = cover_uri(c)
            .or_else(|| own_images.first().map(|i| photo_uri(i, "thumb")))
            .or_else(|| first_designs.get(&c.id).map(card_thumbnail));
        CollectionNode {
            id: c.id,
            parent_id: c.parent_id,
            name: c.name.clone(),
            description: c.description.clone(),
            is_active: c.is_active,
            is_banner: c.is_banner,
            position: c.position,
            kind: c.kind.clone(),
            cover_uri: cover,
            item_count,
            stock_pages: (with_stock_pages && c.parent_id.is_none()).then(|| {
                stock_pages
                    .iter()
                    .filter(|(page, _)| page.collection_id == c.id)
                    .map(|(page, customer)| StockPageAnswer {
                        slug: page.slug.clone(),
                        customer_guid: page.customer_guid.clone(),
                        customer_name: customer.clone(),
                        created_at: page.created_at,
                    })
                    .collect()
            }),
            sub_collections: None,
        }
    };
    Ok(collections
        .iter()
        .filter(|c| c.parent_id.is_none())
        .map(|parent| {
            let mut node = node_of(parent);
            let children: Vec<CollectionNode> = collections
                .iter()
                .filter(|c| c.parent_id == Some(parent.id))
                .map(node_of)
                .collect();
            if node.cover_uri.is_none() {
                node.cover_uri = children.iter().find_map(|c| c.cover_uri.clone());
            }
            node.sub_collections = Some(children);
            node
        })
        .collect())
}

/// The boards: every collection the viewer may see, with its sub-collections; remembered per
/// scope until the catalog moves (see [`BoardsCache`]).
pub fn boards(
    conn: &mut DbConnection,
    cache: &BoardsCache,
    viewer: &Viewer,
) -> Result<Arc<Vec<CollectionNode>>, CollectionError> {
    let scope = pools::scope_of(conn, viewer)?;
    let revision = repo::catalog_revision(conn)?;
    // Staff, and only staff, have the scope of everything: the scope decides what is shown.
    let key = format!("{scope:?}");
    if let Some(boards) = cache.get(&key, revision) {
        return Ok(boards);
    }
    let shown = shown_to(viewer, repo::all(conn)?);
    let boards = Arc::new(nodes(conn, &scope, &shown, Reach::Boards)?);
    cache.put(key, revision, boards.clone());
    Ok(boards)
}

/// One collection of the boards with its sub-collections: from the remembered boards, else read
/// alone.
pub fn board(
    conn: &mut DbConnection,
    cache: &BoardsCache,
    viewer: &Viewer,
    id: i32,
) -> Result<CollectionNode, CollectionError> {
    let collection = shown_collection(conn, viewer, id)?;
    if collection.parent_id.is_some() {
        return Err(CollectionError::NotFound);
    }
    let scope = pools::scope_of(conn, viewer)?;
    let revision = repo::catalog_revision(conn)?;
    if let Some(boards) = cache.get(&format!("{scope:?}"), revision) {
        return boards
            .iter()
            .find(|c| c.id == id)
            .cloned()
            .ok_or(CollectionError::NotFound);
    }
    let family = shown_to(viewer, repo::family(conn, id)?);
    nodes(conn, &scope, &family, Reach::Family)?
        .into_iter()
        .next()
        .ok_or(CollectionError::NotFound)
}

/// A sub-collection the viewer may open, of `kind`, with its collection's name.
fn sub_collection_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
    kind: Kind,
) -> Result<(Collection, CollectionRef), CollectionError> {
    let sub = shown_collection(conn, viewer, id)?;
    if sub.kind() != Some(kind) {
        return Err(CollectionError::NotFound);
    }
    let parent = sub
        .parent_id
        .and_then(|p| repo::find(conn, p).transpose())
        .transpose()?
        .ok_or(CollectionError::NotFound)?;
    Ok((
        sub,
        CollectionRef {
            id: parent.id,
            name: parent.name,
        },
    ))
}

/// A mood board with its visible photos and tags.
pub fn mood_board(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
) -> Result<MoodBoard, CollectionError> {
    let (sub, collection) = sub_collection_of(conn, viewer, id, Kind::Mood)?;
    let scope = pools::scope_of(conn, viewer)?;
    Ok(MoodBoard {
        id: sub.id,
        name: sub.name,
        description: sub.description,
        collection,
        images: visible_images(conn, &scope, &[id])?,
    })
}

/// A design page's groups, each with the ids of its visible designs in order (the search crate
/// turns them into the archive's cards).
pub struct DesignPage {
    pub id: i32,
    pub name: String,
    pub description: String,
    pub collection: CollectionRef,
    pub groups: Vec<(i32, String, Vec<String>)>,
}

pub fn design_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
) -> Result<DesignPage, CollectionError> {
    let (sub, collection) = sub_collection_of(conn, viewer, id, Kind::Design)?;
    let scope = pools::scope_of(conn, viewer)?;
    let groups = repo::groups_of(conn, id)?;
    let ids: Vec<i32> = groups.iter().map(|g| g.id).collect();
    let designs = repo::group_designs(conn, &scope, &ids)?;
    Ok(DesignPage {
        id: sub.id,
        name: sub.name,
        description: sub.description,
        collection,
        groups: groups
            .into_iter()
            .map(|g| {
                let ids = designs
                    .iter()
                    .filter(|(group, _, _)| *group == g.id)
                    .map(|(_, guid, _)| guid.clone())
                    .collect();
                (g.id, g.name, ids)
            })
            .collect(),
    })
}

/// Checks that the viewer may search collection `id` (the archive's collection filter).
pub fn searchable(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
) -> Result<(), CollectionError> {
    shown_collection(conn, viewer, id).map(drop)
}

/// The key of a photo the viewer may see (the image route): its sub-collection shown to them,
/// and not all of its tags hidden.
pub fn photo_key(
    conn: &mut DbConnection,
    viewer: &Viewer,
    image: i32,
) -> Result<String, CollectionError> {
    let found = repo::image(conn, image)?.ok_or(CollectionError::ImageNotFound)?;
    shown_collection(conn, viewer, found.collection_id)
        .map_err(|_| CollectionError::ImageNotFound)?;
    let scope = pools::scope_of(conn, viewer)?;
    if !repo::visible_images_of(conn, &scope, &[found.collection_id])?
        .iter()
        .any(|i| i.id == image)
    {
        return Err(CollectionError::ImageNotFound);
    }
    Ok(found.image_key)
}

/// The key of a (sub-)collection's own cover, for a viewer who may see it.
pub fn cover_key(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i32,
) -> Result<String, CollectionError> {
    shown_collection(conn, viewer, id)?
        .cover_key
        .ok_or(CollectionError::NotFound)
}

pub fn read_photo(storage: &Storage, key: &str, size: Size) -> Result<Vec<u8>, CollectionError> {
    photos::read(storage, key, size)?.ok_or(CollectionError::ImageNotFound)
}

// ---- admin -------------------------------------------------------------------------------------------

/// The whole tree, inactive and unset included, counted over every design.
pub fn tree(conn: &mut DbConnection) -> Result<Vec<CollectionNode>, CollectionError> {
    let all = repo::all(conn)?;
    nodes(conn, &Scope::Everything, &all, Reach::AdminTree)
}

fn node(conn: &mut DbConnection, id: i32) -> Result<CollectionNode, CollectionError> {
    let found = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
    let family = repo::family(conn, found.parent_id.unwrap_or(id))?;
    let parent = nodes(conn, &Scope::Everything, &family, Reach::AdminFamily)?
        .into_iter()
        .next()
        .ok_or(CollectionError::NotFound)?;
    if parent.id == id {
        return Ok(parent);
    }
    parent
        .sub_collections
        .and_then(|subs| subs.into_iter().find(|s| s.id == id))
        .ok_or(CollectionError::NotFound)
}

/// One node with every photo and tag and its groups, for the admin's editor.
pub fn detail(conn: &mut DbConnection, id: i32) -> Result<CollectionDetail, CollectionError> {
    let node = node(conn, id)?;
    let images = visible_images(conn, &Scope::Everything, &[id])?;
    let groups = repo::groups_of(conn, id)?;
    let ids: Vec<i32> = groups.iter().map(|g| g.id).collect();
    let designs = repo::group_designs(conn, &Scope::Everything, &ids)?;
    let guids: Vec<&str> = designs.iter().map(|(_, guid, _)| guid.as_str()).collect();
    let firsts = repo::first_colorways(conn, &guids)?;
    Ok(CollectionDetail {
        node,
        images,
        groups: groups
            .into_iter()
            .map(|g| GroupAnswer {
                id: g.id,
                criteria: g.criteria.as_deref().and_then(smart_criteria),
                designs: designs
                    .iter()
                    .filter(|(group, _, _)| *group == g.id)
                    .filter_map(|(_, guid, number)| {
                        let (colorway, name, key) = firsts.get(guid)?;
                        let shown = ShownColorway {
                            design_guid: guid.clone(),
                            design_number: number.clone(),
                            colorway_guid: colorway.clone(),
                            colorway_name: name.clone(),
                            renditions_key: key.clone(),
                        };
                        Some(GroupDesign {
                            design_guid: guid.clone(),
                            design_name: number.clone(),
                            colorway_guid: colorway.clone(),
                            thumbnail: card_thumbnail(&shown),
                        })
                    })
                    .collect(),
                name: g.name,
            })
            .collect(),
    })
}

fn audit_collection(
    conn: &mut DbConnection,
    actor: &UserGuid,
    action: Action,
    collection: &Collection,
    details: &str,
) -> Result<(), CollectionError> {
    let id = collection.id.to_string();
    audit::record(
        conn,
        actor,
        action,
        Subject::collection(&id, &collection.name),
        details,
    )?;
    Ok(())
}

/// Refreshes the designs the archive's filter finds for `collection` and its parent.
fn refresh(conn: &mut DbConnection, collection: &Collection) -> Result<(), CollectionError> {
    repo::refresh_designs(conn, collection.id)?;
    if let Some(parent) = collection.parent_id {
        repo::refresh_designs(conn, parent)?;
    }
    Ok(())
}

/// Creates a collection, or a sub-collection under `form.parent`. Name and description are
/// required; a collection needs its thumbnail too.
pub fn create(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    form: CollectionForm,
) -> Result<CollectionNode, CollectionError> {
    let name = text_field(form.name, MAX_NAME_CHARS, "name")?
        .ok_or(CollectionError::FormIncomplete("name"))?;
    let description = text_field(form.description, MAX_DESCRIPTION_CHARS, "description")?
        .ok_or(CollectionError::FormIncomplete("description"))?;
    if form.parent.is_none() && form.thumbnail.is_none() {
        return Err(CollectionError::FormIncomplete("thumbnailImage"));
    }
    if form.kind.is_some() {
        return Err(CollectionError::InvalidForm("kind"));
    }
    // Decode before the transaction: a bad image changes nothing.
    let cover = form
        .thumbnail
        .as_deref()
        .map(|bytes| photos::store(storage, bytes))
        .transpose()?;
    if form.parent.is_some() && form.is_banner == Some(true) {
        // Banners lead to a collection's board.
        return Err(CollectionError::InvalidForm("isBanner"));
    }
    let created = conn.transaction(|conn| {
        if let Some(parent) = form.parent {
            let parent = repo::find(conn, parent)?.ok_or(CollectionError::NotFound)?;
            if parent.parent_id.is_some() {
                // One level of sub-collections.
                return Err(CollectionError::InvalidForm("subCollectionId"));
            }
        }
        let now = desen_core::time::now();
        let position = repo::next_position(conn, form.parent)?;
        let id = repo::insert(
            conn,
            &NewCollection {
                parent_id: form.parent,
                name: &name,
                description: &description,
                is_active: form.is_active.unwrap_or(true),
                is_banner: form.is_banner.unwrap_or(false),
                kind: None,
                position,
                cover_key: cover.as_ref().map(|c| c.key.as_str()),
                created_at: now,
                updated_at: now,
            },
        )?;
        let created = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
        audit_collection(conn, actor, Action::CollectionSaved, &created, "created")?;
        Ok(id)
    });
    match created {
        Ok(id) => node(conn, id),
        Err(e) => {
            photos::forget(
                storage,
                &cover.into_iter().map(|c| c.key).collect::<Vec<_>>(),
            );
            Err(e)
        }
    }
}

/// Edits a (sub-)collection. The kind of a sub-collection is set once: a second setting, even
/// to the same kind, is refused.
pub fn edit(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    form: CollectionForm,
) -> Result<CollectionNode, CollectionError> {
    let id = form.id.ok_or(CollectionError::FormIncomplete("id"))?;
    let name = text_field(form.name, MAX_NAME_CHARS, "name")?;
    let description = text_field(form.description, MAX_DESCRIPTION_CHARS, "description")?;
    let kind = form
        .kind
        .as_deref()
        .map(|k| Kind::parse(k).ok_or(CollectionError::InvalidForm("kind")))
        .transpose()?;
    let cover = form
        .thumbnail
        .as_deref()
        .map(|bytes| photos::store(storage, bytes))
        .transpose()?;
    let edited = conn.transaction(|conn| {
        let mut c = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
        let old_cover = c.cover_key.clone();
        let mut changes = Vec::new();
        if let Some(kind) = kind {
            if c.parent_id.is_none() {
                return Err(CollectionError::InvalidForm("kind"));
            }
            if c.kind.is_some() {
                return Err(CollectionError::KindFixed);
            }
            c.kind = Some(kind.as_str().to_owned());
            changes.push(format!("kind {}", kind.as_str()));
        }
        if let Some(name) = name {
            c.name = name;
        }
        if let Some(description) = description {
            c.description = description;
        }
        if let Some(active) = form.is_active
            && active != c.is_active
        {
            c.is_active = active;
            changes.push(if active { "activated" } else { "deactivated" }.into());
        }
        if let Some(banner) = form.is_banner
            && banner != c.is_banner
        {
            if banner && c.parent_id.is_some() {
                return Err(CollectionError::InvalidForm("isBanner"));
            }
            c.is_banner = banner;
            changes.push(
                if banner {
                    "shown as a banner"
                } else {
                    "banner removed"
                }
                .into(),
            );
        }
        if let Some(position) = form.position {
            // Among its siblings: 0 first; beyond the last, last.
            let mut siblings: Vec<i32> = repo::siblings(conn, c.parent_id)?
                .into_iter()
                .filter(|id| *id != c.id)
                .collect();
            siblings.insert((position.max(0) as usize).min(siblings.len()), c.id);
            for (at, id) in siblings.iter().enumerate() {
                repo::set_position(conn, *id, at as i32)?;
            }
            c.position = siblings.iter().position(|id| *id == c.id).unwrap_or(0) as i32;
            changes.push(format!("moved to {}", c.position + 1));
        }
        if let Some(cover) = &cover {
            c.cover_key = Some(cover.key.clone());
        }
        c.updated_at = desen_core::time::now();
        repo::save(conn, &c)?;
        refresh(conn, &c)?;
        let details = if changes.is_empty() {
            "edited".to_owned()
        } else {
            changes.join(", ")
        };
        audit_collection(conn, actor, Action::CollectionSaved, &c, &details)?;
        Ok(old_cover.filter(|_| cover.is_some()))
    });
    match edited {
        Ok(replaced) => {
            photos::forget(storage, &replaced.into_iter().collect::<Vec<_>>());
            node(conn, id)
        }
        Err(e) => {
            photos::forget(
                storage,
                &cover.into_iter().map(|c| c.key).collect::<Vec<_>>(),
            );
            Err(e)
        }
    }
}

/// Deletes a (sub-)collection with everything under it.
pub fn delete(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    id: i32,
) -> Result<(), CollectionError> {
    let keys = conn.transaction(|conn| {
        let c = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
        let keys = repo::file_keys_under(conn, id)?;
        repo::delete(conn, id)?;
        if let Some(parent) = c.parent_id {
            repo::refresh_designs(conn, parent)?;
        }
        audit_collection(conn, actor, Action::CollectionDeleted, &c, "")?;
        Ok::<_, CollectionError>(keys)
    })?;
    photos::forget(storage, &keys);
    Ok(())
}

/// A sub-collection of `kind`, for a change of its content.
fn sub_of_kind(
    conn: &mut DbConnection,
    id: i32,
    kind: Kind,
) -> Result<Collection, CollectionError> {
    let c = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
    if c.kind() != Some(kind) {
        return Err(CollectionError::KindMismatch);
    }
    Ok(c)
}

/// Adds a photo to a mood board.
pub fn add_image(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    sub: i32,
    bytes: &[u8],
) -> Result<MoodImageAnswer, CollectionError> {
    // The kind first, so a wrong target costs no decoding.
    sub_of_kind(conn, sub, Kind::Mood)?;
    let photo = photos::store(storage, bytes)?;
    let added = conn.transaction(|conn| {
        let c = sub_of_kind(conn, sub, Kind::Mood)?;
        let position = repo::next_image_position(conn, sub)?;
        let id = repo::insert_image(
            conn,
            &NewMoodImage {
                collection_id: sub,
                position,
                image_key: &photo.key,
                width: photo.width as i32,
                height: photo.height as i32,
                created_at: desen_core::time::now(),
            },
        )?;
        audit_collection(
            conn,
            actor,
            Action::CollectionContentChanged,
            &c,
            "image added",
        )?;
        repo::image(conn, id)?.ok_or(CollectionError::ImageNotFound)
    });
    match added {
        Ok(image) => Ok(image_answer(&image, Vec::new())),
        Err(e) => {
            photos::forget(storage, &[photo.key]);
            Err(e)
        }
    }
}

/// Moves a photo to `position` among its mood board's photos (0 first; beyond the last, last).
pub fn move_image(
    conn: &mut DbConnection,
    actor: &UserGuid,
    image: i32,
    position: i32,
) -> Result<Vec<MoodImageAnswer>, CollectionError> {
    let board = conn.transaction(|conn| {
        let found = repo::image(conn, image)?.ok_or(CollectionError::ImageNotFound)?;
        let c = repo::find(conn, found.collection_id)?.ok_or(CollectionError::NotFound)?;
        let mut order: Vec<i32> = repo::images_of(conn, &[c.id])?
            .into_iter()
            .map(|i| i.id)
            .filter(|id| *id != image)
            .collect();
        let at = (position.max(0) as usize).min(order.len());
        order.insert(at, image);
        for (at, id) in order.iter().enumerate() {
            repo::set_image_position(conn, *id, at as i32)?;
        }
        let details = format!("image moved to {}", at + 1);
        audit_collection(conn, actor, Action::CollectionContentChanged, &c, &details)?;
        Ok::<_, CollectionError>(c.id)
    })?;
    visible_images(conn, &Scope::Everything, &[board])
}

pub fn delete_image(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    image: i32,
) -> Result<(), CollectionError> {
    let key = conn.transaction(|conn| {
        let found = repo::image(conn, image)?.ok_or(CollectionError::ImageNotFound)?;
        let c = repo::find(conn, found.collection_id)?.ok_or(CollectionError::NotFound)?;
        repo::delete_image(conn, image)?;
        refresh(conn, &c)?;
        audit_collection(
            conn,
            actor,
            Action::CollectionContentChanged,
            &c,
            "image deleted",
        )?;
        Ok::<_, CollectionError>(found.image_key)
    })?;
    photos::forget(storage, &[key]);
    Ok(())
}

fn one_image(conn: &mut DbConnection, image: i32) -> Result<MoodImageAnswer, CollectionError> {
    let found = repo::image(conn, image)?.ok_or(CollectionError::ImageNotFound)?;
    let tags = repo::tags_of(conn, &Scope::Everything, &[image])?;
    Ok(image_answer(
        &found,
        tags.iter().map(|(t, s)| tag_answer(t, s)).collect(),
    ))
}

/// The colorway a tag names: `DESIGN/COLORWAY` (the design's number, the colorway's name) or ids.
fn tag_colorway(
    conn: &mut DbConnection,
    target: &TagTarget,
) -> Result<ShownColorway, CollectionError> {
    let found = match target {
        TagTarget::Ids { design, colorway } => repo::colorway(conn, design, colorway, false)?,
        TagTarget::Number(val) => match val.trim().rsplit_once('/') {
            Some((design, colorway))
                if !design.trim().is_empty() && !colorway.trim().is_empty() =>
            {
                repo::colorway(conn, design.trim(), colorway.trim(), true)?
            }
            _ => None,
        },
    };
    found.ok_or(CollectionError::ColorwayNotFound)
}

/// Tags a colorway on a photo, optionally at a point; a point for a colorway tagged already moves
/// its tag there.
pub fn add_tag(
    conn: &mut DbConnection,
    actor: &UserGuid,
    form: TagForm,
) -> Result<MoodImageAnswer, CollectionError> {
    if let Some((x, y)) = form.point
        && !((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y))
    {
        return Err(CollectionError::InvalidForm(if (0.0..=1.0).contains(&x) {
            "y"
        } else {
            "x"
        }));
    }
    conn.transaction(|conn| {
        let image = repo::image(conn, form.image)?.ok_or(CollectionError::ImageNotFound)?;
        let c = repo::find(conn, image.collection_id)?.ok_or(CollectionError::NotFound)?;
        let shown = tag_colorway(conn, &form.target)?;
        if repo::tag(conn, image.id, &shown.colorway_guid)?.is_some() {
            // Tagged already: a new point moves the tag (keeping its place among the tags).
            let Some((x, y)) = form.point else {
                return Err(CollectionError::ColorwayTagged);
            };
            repo::move_tag(conn, image.id, &shown.colorway_guid, x, y)?;
            let details = format!("moved {}/{}", shown.design_number, shown.colorway_name);
            audit_collection(conn, actor, Action::CollectionContentChanged, &c, &details)?;
            return one_image(conn, image.id);
        }
        if repo::tag_count(conn, image.id)? as usize >= MAX_TAGS {
            return Err(CollectionError::InvalidForm("colorwayGuid"));
        }
        let position = repo::next_tag_position(conn, image.id)?;
        repo::insert_tag(
            conn,
            &MoodTag {
                image_id: image.id,
                colorway_guid: shown.colorway_guid.clone(),
                design_guid: shown.design_guid.clone(),
                x: form.point.map(|p| p.0),
                y: form.point.map(|p| p.1),
                position,
            },
        )?;
        refresh(conn, &c)?;
        let details = format!("tagged {}/{}", shown.design_number, shown.colorway_name);
        audit_collection(conn, actor, Action::CollectionContentChanged, &c, &details)?;
        one_image(conn, image.id)
    })
}

pub fn delete_tag(
    conn: &mut DbConnection,
    actor: &UserGuid,
    image: i32,
    colorway: &str,
) -> Result<MoodImageAnswer, CollectionError> {
    conn.transaction(|conn| {
        let found = repo::image(conn, image)?.ok_or(CollectionError::ImageNotFound)?;
        let c = repo::find(conn, found.collection_id)?.ok_or(CollectionError::NotFound)?;
        if repo::delete_tag(conn, image, colorway)? == 0 {
            return Err(CollectionError::ColorwayNotFound);
        }
        refresh(conn, &c)?;
        audit_collection(
            conn,
            actor,
            Action::CollectionContentChanged,
            &c,
            "untagged",
        )?;
        one_image(conn, image)
    })
}

/// A group as `set_groups` stores it: chosen designs, or a saved search.
enum GroupContent {
    Chosen(Vec<String>),
    Smart(Box<PoolCriteria>),
}

/// A smart group's designs: the first page of its search, newest first, the page being the
/// criteria's `resultsPerPage` (25 when 0; at most a group's designs).
fn smart_designs(
    conn: &mut DbConnection,
    criteria: &PoolCriteria,
) -> Result<Vec<String>, CollectionError> {
    let size = match criteria.results_per_page {
        0 => 25,
        n => (n as usize).min(MAX_GROUP_DESIGNS),
    };
    Ok(repo::designs_matching(
        conn,
        &criteria.predicate(),
        size as i64,
    )?)
}

/// Replaces a design page's groups: at least one, each named, each design once in a group; a
/// smart group (with `criteria`) takes what its search finds.
pub fn set_groups(
    conn: &mut DbConnection,
    actor: &UserGuid,
    collection: i32,
    groups: Vec<GroupData>,
) -> Result<Vec<GroupAnswer>, CollectionError> {
    if groups.is_empty() {
        return Err(CollectionError::GroupRequired);
    }
    if groups.len() > MAX_GROUPS {
        return Err(CollectionError::InvalidForm("groupData"));
    }
    let mut checked = Vec::with_capacity(groups.len());
    for group in groups {
        let name = text_field(Some(group.name), MAX_NAME_CHARS, "name")?
            .ok_or(CollectionError::FormIncomplete("name"))?;
        let content = match group.criteria {
            Some(_) if !group.design_guids.is_empty() => {
                return Err(CollectionError::InvalidForm("groupData"));
            }
            Some(criteria) => GroupContent::Smart(Box::new(criteria)),
            None => {
                let mut designs: Vec<String> = Vec::new();
                for design in group.design_guids {
                    if !designs.contains(&design) {
                        designs.push(design);
                    }
                }
                if designs.len() > MAX_GROUP_DESIGNS {
                    return Err(CollectionError::InvalidForm("groupData"));
                }
                GroupContent::Chosen(designs)
            }
        };
        checked.push((name, content));
    }
    conn.transaction(|conn| {
        let c = sub_of_kind(conn, collection, Kind::Design)?;
        repo::delete_groups(conn, collection)?;
        for (position, (name, content)) in checked.iter().enumerate() {
            let (designs, criteria) = match content {
                GroupContent::Chosen(designs) => {
                    if repo::existing_designs(conn, designs)?.len() != designs.len() {
                        return Err(CollectionError::DesignNotFound);
                    }
                    (designs.clone(), None)
                }
                GroupContent::Smart(criteria) => (
                    smart_designs(conn, criteria)?,
                    Some(
                        serde_json::to_string(criteria)
                            .map_err(|_| CollectionError::InvalidForm("groupData"))?,
                    ),
                ),
            };
            let group =
                repo::insert_group(conn, collection, name, position as i32, criteria.as_deref())?;
            repo::set_group_designs(conn, group, &designs)?;
        }
        refresh(conn, &c)?;
        let details = format!("{} groups", checked.len());
        audit_collection(conn, actor, Action::CollectionContentChanged, &c, &details)?;
        Ok::<_, CollectionError>(())
    })?;
    Ok(detail(conn, collection)?.groups)
}

/// Brings the smart groups up to date with a design just added or edited (in the caller's
/// transaction): a group whose search now admits it, or no longer does, takes its search's
/// designs again.
pub fn refresh_design(conn: &mut DbConnection, design: &str) -> Result<(), CollectionError> {
    for group in repo::smart_groups(conn)? {
        let Some(criteria) = group.criteria.as_deref().and_then(smart_criteria) else {
            continue;
        };
        let admitted = repo::design_matches(conn, design, &criteria.predicate())?;
        if admitted == repo::group_holds(conn, group.id, design)? {
            continue;
        }
        let designs = smart_designs(conn, &criteria)?;
        repo::set_group_designs(conn, group.id, &designs)?;
        if let Some(c) = repo::find(conn, group.collection_id)? {
            refresh(conn, &c)?;
        }
    }
    Ok(())
}

/// The names of the smart groups whose searches name the label.
pub fn groups_naming_label(
    conn: &mut DbConnection,
    label: i32,
) -> Result<Vec<String>, CollectionError> {
    Ok(repo::smart_groups(conn)?
        .into_iter()
        .filter(|g| {
            g.criteria
                .as_deref()
                .and_then(smart_criteria)
                .is_some_and(|c| c.names_label(label))
        })
        .map(|g| g.name)
        .collect())
}

/// Two labels were merged (`into` stands where `from` stood in every smart group) or designs'
/// labels changed in bulk (`from_into` none): every smart group is searched again.
pub fn relabel(
    conn: &mut DbConnection,
    from_into: Option<(i32, i32)>,
) -> Result<(), CollectionError> {
    for group in repo::smart_groups(conn)? {
        let Some(mut criteria) = group.criteria.as_deref().and_then(smart_criteria) else {
            continue;
        };
        if let Some((from, into)) = from_into
            && criteria.relabel(from, into)
        {
            let json = serde_json::to_string(&criteria)
                .map_err(|_| CollectionError::InvalidForm("criteria"))?;
            repo::set_group_criteria(conn, group.id, &json)?;
        }
        let designs = smart_designs(conn, &criteria)?;
        repo::set_group_designs(conn, group.id, &designs)?;
        if let Some(c) = repo::find(conn, group.collection_id)? {
            refresh(conn, &c)?;
        }
    }
    Ok(())
}

/// A smart group's stored search; one that no longer reads (never written so) is skipped.
fn smart_criteria(json: &str) -> Option<PoolCriteria> {
    serde_json::from_str(json)
        .inspect_err(|e| tracing::warn!(error = %e, "a smart group's search does not read"))
        .ok()
}

/// The tagging autocomplete: colorways whose design number starts with the text before `/`
/// and whose name starts with the text after it.
pub fn colorway_options(
    conn: &mut DbConnection,
    query: &str,
) -> Result<Vec<ColorwayOption>, CollectionError> {
    let query = query.trim();
    if query.is_empty() || query.chars().count() > MAX_NAME_CHARS {
        return Ok(Vec::new());
    }
    let (number, name) = query.split_once('/').unwrap_or((query, ""));
    Ok(repo::colorways_like(conn, number.trim(), name.trim(), 20)?
        .iter()
        .map(|shown| ColorwayOption {
            design_guid: shown.design_guid.clone(),
            design_name: shown.design_number.clone(),
            colorway_guid: shown.colorway_guid.clone(),
            colorway_name: shown.colorway_name.clone(),
            thumbnail: card_thumbnail(shown),
        })
        .collect())
}
