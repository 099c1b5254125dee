//! Who may see which design. Every route that returns a design, a colorway or an image starts its
//! query here, so the rule runs inside the database and paging and counts stay right.

use db::DbConnection;
use db::schema::designs;
use desen_core::Viewer;
use diesel::prelude::*;

pub type Db = <DbConnection as diesel::Connection>::Backend;

/// The designs `viewer` may see. Staff see everything. Others see the open archive, plus the
/// confined designs of their own customer. (Pools narrow this further; see the pools issue.)
pub fn visible_designs<'a>(viewer: &Viewer) -> designs::BoxedQuery<'a, Db> {
    let query = designs::table.into_boxed();
    if viewer.is_staff() {
        return query;
    }
    match viewer.customer_guid.clone() {
        Some(customer) => query.filter(
            designs::is_confined
                .eq(false)
                .or(designs::customer_guid.eq(customer)),
        ),
        None => query.filter(designs::is_confined.eq(false)),
    }
}
