//! What travels over HTTP: the spec's form fields.

use crate::error::StatisticsError;
use catalog::CatalogError;
use desen_core::{ColorwayGuid, DesignGuid};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewForm {
    pub design_guid: String,
    pub colorway_guid: String,
}

impl ViewForm {
    /// The colorway viewed. Malformed ids name no design, like unknown ones.
    pub fn parse(self) -> Result<(DesignGuid, ColorwayGuid), StatisticsError> {
        let not_found = |_| CatalogError::DesignNotFound;
        Ok((
            self.design_guid.parse().map_err(not_found)?,
            self.colorway_guid.parse().map_err(not_found)?,
        ))
    }
}
