//! What of a design a viewer may see: the one rule every route that answers designs applies (the
//! design header, search results, and every later answer with design fields). Staff and in-house
//! users see every field. Customers see the fields the studio shows them (`customer_design_fields`,
//! notes and original file names hidden by default), only their own company's orders, and only
//! their own company in the customer filter. A hidden field is left out of the answer, not
//! blanked, and cannot be searched either.

use crate::error::CatalogError;
use audit::{Action, Subject};
use db::DbConnection;
use db::schema::customer_design_fields;
use desen_core::{UserGuid, Viewer};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The design fields a viewer may see and search. As JSON (`/get/design-fields`, and the admin's
/// setting of what customers see): one flag per field, ten for the dynamic parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DesignFields {
    pub notes: bool,
    pub original_name: bool,
    pub studio: bool,
    pub closed_countries: bool,
    /// dp0 to dp9.
    #[schema(min_items = 10, max_items = 10)]
    pub dynamic_parameters: [bool; 10],
}

impl DesignFields {
    /// Every field: what staff see.
    pub const ALL: DesignFields = DesignFields {
        notes: true,
        original_name: true,
        studio: true,
        closed_countries: true,
        dynamic_parameters: [true; 10],
    };

    /// The fields as stored, by the name of their row.
    fn rows(&self) -> Vec<(String, bool)> {
        let mut rows = vec![
            ("notes".to_owned(), self.notes),
            ("original_name".to_owned(), self.original_name),
            ("studio".to_owned(), self.studio),
            ("closed_countries".to_owned(), self.closed_countries),
        ];
        rows.extend(
            self.dynamic_parameters
                .iter()
                .enumerate()
                .map(|(i, shown)| (format!("dp{i}"), *shown)),
        );
        rows
    }

    /// Nothing is hidden.
    pub fn is_everything(&self) -> bool {
        *self == DesignFields::ALL
    }

    /// The names of the hidden fields, for the audit log.
    fn hidden_names(&self) -> Vec<String> {
        self.rows()
            .into_iter()
            .filter(|(_, shown)| !shown)
            .map(|(name, _)| name)
            .collect()
    }
}

/// What the studio shows its customers. A field without a row is shown.
pub fn customer_fields(conn: &mut DbConnection) -> Result<DesignFields, CatalogError> {
    let rows: Vec<(String, bool)> = customer_design_fields::table
        .select((
            customer_design_fields::field,
            customer_design_fields::visible,
        ))
        .load(conn)?;
    let shown = |name: &str| {
        rows.iter()
            .find(|(field, _)| field == name)
            .is_none_or(|(_, visible)| *visible)
    };
    let mut fields = DesignFields {
        notes: shown("notes"),
        original_name: shown("original_name"),
        studio: shown("studio"),
        closed_countries: shown("closed_countries"),
        dynamic_parameters: [true; 10],
    };
    for (i, slot) in fields.dynamic_parameters.iter_mut().enumerate() {
        *slot = shown(&format!("dp{i}"));
    }
    Ok(fields)
}

/// The fields `viewer` may see: everything for staff, the studio's choice for customers.
pub fn fields_for(conn: &mut DbConnection, viewer: &Viewer) -> Result<DesignFields, CatalogError> {
    if viewer.is_staff() {
        Ok(DesignFields::ALL)
    } else {
        customer_fields(conn)
    }
}

/// Whose orders `viewer` may see: `None` for all (staff), else their own company's (a user
/// without a company sees none).
pub fn orders_of_whom(viewer: &Viewer) -> Option<Option<&str>> {
    (!viewer.is_staff()).then_some(viewer.customer_guid.as_deref())
}

/// Sets what customers see, recorded in the audit log.
pub fn set_customer_fields(
    conn: &mut DbConnection,
    actor: &UserGuid,
    fields: DesignFields,
) -> Result<DesignFields, CatalogError> {
    conn.transaction(|conn| {
        for (field, visible) in fields.rows() {
            diesel::delete(
                customer_design_fields::table.filter(customer_design_fields::field.eq(&field)),
            )
            .execute(conn)?;
            diesel::insert_into(customer_design_fields::table)
                .values((
                    customer_design_fields::field.eq(&field),
                    customer_design_fields::visible.eq(visible),
                ))
                .execute(conn)?;
        }
        let hidden = fields.hidden_names();
        audit::record(
            conn,
            actor,
            Action::CustomerFieldsChanged,
            Subject::setting("customer_design_fields"),
            &if hidden.is_empty() {
                "nothing hidden".to_owned()
            } else {
                format!("hidden: {}", hidden.join(", "))
            },
        )?;
        customer_fields(conn)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_a_row_name() {
        let rows = DesignFields::ALL.rows();
        assert_eq!(rows.len(), 14);
        assert!(rows.iter().any(|(name, _)| name == "dp9"));
        let mut hidden = DesignFields::ALL;
        hidden.notes = false;
        hidden.dynamic_parameters[3] = false;
        assert_eq!(hidden.hidden_names(), vec!["notes", "dp3"]);
        assert!(!hidden.is_everything());
    }
}
