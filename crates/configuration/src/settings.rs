//! The settings document and what the web app reads of it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The keys of the settings a part of the product reads alone ([`crate::Saved::get`]).
pub mod keys {
    pub const AI_SEARCH: &str = "aiSearch";
    pub const CAD_SELECTION: &str = "cadSelection";
    pub const CAD_DOWNLOAD_ALL: &str = "cadDownloadAll";
    pub const EXPORT: &str = "export";
    pub const CAD_COMPANY_CODES: &str = "cadCompanyCodes";
    pub const CAD_FORMATS: &str = "cadFormats";
    pub const STUDIO_MAIL: &str = "studioMail";
    pub const LANGUAGE_SELECTION: &str = "languageSelection";
}

/// The name of a dynamic parameter (`dp0`…`dp9`) in each language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ParameterName {
    pub tr: String,
    pub en: String,
    pub ru: String,
}

/// A banner on the archive home: an uploaded image ([`crate::banners`]), where it leads (an
/// app path such as `/archive?labels=3`, a web address, or nowhere when empty) and its title in
/// each language (the image's text for those who cannot see it; may be empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Banner {
    pub id: String,
    pub link: String,
    pub title: ParameterName,
}

/// What the web app reads: the spec's configuration (switches, archive defaults, content image
/// base) and the dynamic parameters' names. Served to anyone, signed in or not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientConfiguration {
    /// Users may choose the interface language; off, everyone reads their account's language.
    pub language_selection: bool,
    /// Customers may search by picture (staff always may).
    pub ai_search: bool,
    /// Users with CAD rights choose among the offered formats; off, they get the first.
    pub cad_selection: bool,
    /// Every colorway of a design or a list as one zip.
    pub cad_download_all: bool,
    /// Line sheets of a design or a list as CSV or PDF.
    pub export: bool,
    /// The archive the search opens with; -1 for all.
    #[schema(minimum = -1)]
    pub default_archive_id: i32,
    /// The search's order: 0 upload date, 1 modify date, 2 number.
    #[schema(maximum = 2)]
    pub default_order: u8,
    /// Designs per page of the archive search.
    #[schema(minimum = 10, maximum = 100)]
    pub page_size: u32,
    /// Where design images are served from when not from this server (a CDN in front of it);
    /// empty for this server.
    pub content_image_base: String,
    /// Where the staff's design uploads go when not to this server: a `desen` instance next to
    /// the studio's file server (spec section 5's "separate local API base"); empty for this
    /// server. That instance must list this app's address in its `allowed_origins`.
    pub upload_base: String,
    /// The names of dp0…dp9, in order.
    #[schema(min_items = 10, max_items = 10)]
    pub parameter_names: Vec<ParameterName>,
    /// The archive home's banners, in order.
    pub banners: Vec<Banner>,
}

/// Every general setting: what the web app reads and what only admins see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneralSettings {
    #[serde(flatten)]
    pub client: ClientConfiguration,
    /// Where a favorite list shared with the studio is mailed; empty: only recorded.
    pub studio_mail: String,
    /// Customer codes whose users may download CAD files (staff always may).
    pub cad_company_codes: Vec<String>,
    /// The CAD format ids offered (1 production, 2 separations, 3 original), the default first.
    #[schema(min_items = 1, max_items = 3)]
    pub cad_formats: Vec<u8>,
}

/// The shipped values (`config/default.toml`'s, where it has them); the gateway lays the
/// process's configuration over them.
impl Default for GeneralSettings {
    fn default() -> Self {
        GeneralSettings {
            client: ClientConfiguration {
                language_selection: true,
                ai_search: true,
                cad_selection: false,
                cad_download_all: false,
                export: false,
                default_archive_id: desen_core::ALL_ARCHIVES,
                default_order: 0,
                page_size: 25,
                content_image_base: String::new(),
                upload_base: String::new(),
                parameter_names: default_parameter_names(),
                banners: Vec::new(),
            },
            studio_mail: String::new(),
            cad_company_codes: Vec::new(),
            cad_formats: vec![1, 2, 3],
        }
    }
}

/// The settings before an admin saved any: the file's values, composed by the gateway.
#[derive(Debug, Clone, PartialEq)]
pub struct Defaults(pub GeneralSettings);

/// The default names of the dynamic parameters: "Parameter 1" and so on.
pub fn default_parameter_names() -> Vec<ParameterName> {
    (1..=10)
        .map(|n| ParameterName {
            tr: format!("Parametre {n}"),
            en: format!("Parameter {n}"),
            ru: format!("Параметр {n}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_names_a_setting() {
        let settings = GeneralSettings::default();
        let document = serde_json::to_value(settings).unwrap_or_default();
        for key in [
            keys::AI_SEARCH,
            keys::CAD_SELECTION,
            keys::CAD_DOWNLOAD_ALL,
            keys::EXPORT,
            keys::CAD_COMPANY_CODES,
            keys::CAD_FORMATS,
            keys::STUDIO_MAIL,
            keys::LANGUAGE_SELECTION,
        ] {
            assert!(document.get(key).is_some(), "{key}");
        }
    }
}
