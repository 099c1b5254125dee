//! Stock pages: a collection published for one customer company under an unguessable slug,
//! readable without signing in. The page shows what that company's users would see of the
//! collection (open designs and the company's own confined ones), at preview size only.

use crate::dto::{StockDesign, StockPageAnswer, StockPageView};
use crate::error::CollectionError;
use crate::model::StockPage;
use crate::repo;
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::UserGuid;
use imaging::render::urls;
use pools::Scope;
use rand::RngCore;

/// 128 random bits, URL-safe.
fn new_slug() -> String {
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn scope_for(page: &StockPage) -> Scope {
    Scope::OpenArchive {
        customer: Some(page.customer_guid.clone()),
    }
}

/// Publishes collection `id` for `customer`; publishing again rotates the slug.
pub fn publish(
    conn: &mut DbConnection,
    actor: &UserGuid,
    id: i32,
    customer: &str,
) -> Result<StockPageAnswer, CollectionError> {
    conn.transaction(|conn| {
        let collection = repo::find(conn, id)?.ok_or(CollectionError::NotFound)?;
        if collection.parent_id.is_some() {
            return Err(CollectionError::InvalidForm("collectionId"));
        }
        let customer_name =
            repo::customer_name(conn, customer)?.ok_or(CollectionError::CustomerNotFound)?;
        let page = StockPage {
            slug: new_slug(),
            collection_id: id,
            customer_guid: customer.to_owned(),
            created_at: desen_core::time::now(),
        };
        repo::put_stock_page(conn, &page)?;
        let subject = id.to_string();
        audit::record(
            conn,
            actor,
            Action::StockPagePublished,
            Subject::collection(&subject, &collection.name),
            &customer_name,
        )?;
        Ok(StockPageAnswer {
            slug: page.slug,
            customer_guid: page.customer_guid,
            customer_name,
            created_at: page.created_at,
        })
    })
}

pub fn revoke(
    conn: &mut DbConnection,
    actor: &UserGuid,
    slug: &str,
) -> Result<(), CollectionError> {
    conn.transaction(|conn| {
        let (page, customer) =
            repo::stock_page(conn, slug)?.ok_or(CollectionError::StockPageNotFound)?;
        repo::delete_stock_page(conn, slug)?;
        let name = repo::find(conn, page.collection_id)?
            .map(|c| c.name)
            .unwrap_or_default();
        let subject = page.collection_id.to_string();
        audit::record(
            conn,
            actor,
            Action::StockPageRevoked,
            Subject::collection(&subject, &name),
            &customer,
        )?;
        Ok(())
    })
}

/// The page behind a slug, while it is published and its collection active.
fn published(conn: &mut DbConnection, slug: &str) -> Result<(StockPage, String), CollectionError> {
    let found = repo::stock_page(conn, slug)?.ok_or(CollectionError::StockPageNotFound)?;
    match repo::find(conn, found.0.collection_id)? {
        Some(c) if c.is_active => Ok(found),
        _ => Err(CollectionError::StockPageNotFound),
    }
}

pub fn view(conn: &mut DbConnection, slug: &str) -> Result<StockPageView, CollectionError> {
    let (page, customer_name) = published(conn, slug)?;
    let collection =
        repo::find(conn, page.collection_id)?.ok_or(CollectionError::StockPageNotFound)?;
    let designs = repo::designs_of_collection(conn, &scope_for(&page), page.collection_id, None)?;
    Ok(StockPageView {
        customer_name,
        name: collection.name,
        description: collection.description,
        designs: designs
            .into_iter()
            .map(|shown| StockDesign {
                preview_uri: format!(
                    "/service/public/stock/{slug}/preview/{}/{}?v={}",
                    shown.design_guid,
                    shown.colorway_guid,
                    urls::version_of(&shown.renditions_key)
                ),
                design_guid: shown.design_guid,
                design_name: shown.design_number,
                colorway_guid: shown.colorway_guid,
                colorway_name: shown.colorway_name,
            })
            .collect(),
    })
}

/// The renditions key of a colorway shown on the page (its preview route); anything else is
/// "not found".
pub fn preview_key(
    conn: &mut DbConnection,
    slug: &str,
    design: &str,
    colorway: &str,
) -> Result<String, CollectionError> {
    let (page, _) = published(conn, slug)?;
    repo::designs_of_collection(conn, &scope_for(&page), page.collection_id, Some(design))?
        .into_iter()
        .find(|s| s.design_guid == design && s.colorway_guid == colorway)
        .map(|s| s.renditions_key)
        .ok_or(CollectionError::StockPageNotFound)
}
