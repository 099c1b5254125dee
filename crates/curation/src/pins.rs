//! The pinned designs: they lead the archive's default order, in the order set here; customers
//! see those their pool admits (the search applies the scope to them like to any design).

use crate::dto::{Pin, PinsForm};
use crate::error::CurationError;
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{DesignGuid, UserGuid};

/// More would be a second archive ahead of the archive: the listing reads pins whole.
pub const MAX_PINS: usize = 100;

pub fn all(conn: &mut DbConnection) -> Result<Vec<Pin>, CurationError> {
    let guids = catalog::service::pinned_designs(conn)?;
    Ok(catalog::service::design_summaries(conn, &guids)?
        .into_iter()
        .enumerate()
        .map(|(position, d)| Pin {
            design_guid: d.design_guid,
            design_name: d.design_name,
            original_name: d.original_name,
            colorway_guid: d.first_colorway_guid,
            thumbnail: d.thumbnail,
            position: position as i32,
        })
        .collect())
}

/// Replaces the whole ordered list: pinning, unpinning and reordering are each this call.
pub fn set(
    conn: &mut DbConnection,
    actor: &UserGuid,
    form: &PinsForm,
) -> Result<Vec<Pin>, CurationError> {
    if form.design_guids.len() > MAX_PINS {
        return Err(CurationError::TooManyPins(MAX_PINS));
    }
    let mut designs: Vec<DesignGuid> = Vec::with_capacity(form.design_guids.len());
    for guid in &form.design_guids {
        let design: DesignGuid = guid.parse().map_err(|_| CurationError::DesignNotFound)?;
        if designs.contains(&design) {
            return Err(CurationError::InvalidForm("designGuids"));
        }
        designs.push(design);
    }
    conn.transaction(|conn| {
        for design in &designs {
            if !catalog::repo::design_exists(conn, &design.to_string())? {
                return Err(CurationError::DesignNotFound);
            }
        }
        catalog::service::set_pins(conn, &designs)?;
        let pins = all(conn)?;
        let numbers: Vec<&str> = pins.iter().map(|p| p.design_name.as_str()).collect();
        audit::record(
            conn,
            actor,
            Action::PinsChanged,
            Subject::setting("pins"),
            &numbers.join(", "),
        )?;
        Ok(pins)
    })
}
