//! Who may see which design. Every route that returns a design, a colorway or an image starts its
//! query here, so the rule runs inside the database and paging and counts stay right. The rule
//! itself is the pools crate's `Scope`.

use crate::error::CatalogError;
use db::DbConnection;
use db::schema::designs;
use desen_core::Viewer;
use diesel::prelude::*;
pub use pools::Scope;

pub type Db = <DbConnection as diesel::Connection>::Backend;

/// The viewer's scope: staff see everything, a pooled user the pool, others the open archive and
/// their own customer's confined designs.
pub fn scope_of(conn: &mut DbConnection, viewer: &Viewer) -> Result<Scope, CatalogError> {
    Ok(pools::scope_of(conn, viewer)?)
}

/// The designs a scope admits, as a query to narrow further.
pub fn visible_designs<'a>(scope: &Scope) -> designs::BoxedQuery<'a, Db> {
    designs::table.into_boxed().filter(scope.predicate())
}
