//! What the studio configures: who may download CAD files, the switches of spec section 6 (all
//! off by default, as the spec says) and the formats offered.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A CAD format, picked by `cadId`. Ids are stable: the studio lists the offered ones in
/// `cad.formats`, the first being the one a user gets when "CAD selection" is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CadFormat {
    /// Id 1. What production prints from: a digital design's full-resolution file as imported;
    /// a rotary design's screens as a multichannel PSD (PSB beyond 30,000 px), each spot channel
    /// named as in the file and coloured as in the colorway.
    Production,
    /// Id 2. A rotary design's screens as one grayscale TIFF each (black = ink), in one zip.
    Separations,
    /// Id 3. The colorway's file exactly as it was imported.
    Original,
}

impl CadFormat {
    pub const ALL: [CadFormat; 3] = [
        CadFormat::Production,
        CadFormat::Separations,
        CadFormat::Original,
    ];

    pub fn id(self) -> u8 {
        match self {
            CadFormat::Production => 1,
            CadFormat::Separations => 2,
            CadFormat::Original => 3,
        }
    }

    pub fn from_id(id: u8) -> Option<CadFormat> {
        Self::ALL.into_iter().find(|f| f.id() == id)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CadFormat::Production => "production",
            CadFormat::Separations => "separations",
            CadFormat::Original => "original",
        }
    }

    /// Whether the format can be made of a design: separations need screens.
    pub fn fits(self, rotary: bool) -> bool {
        rotary || self != CadFormat::Separations
    }
}

/// `[cad]` in the configuration (`DESEN_CAD__*`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct CadSettings {
    /// Customer codes whose users may download CAD files (spec section 6: "the user's corporate
    /// identifier equals one specific configured value"); staff always may. Never answered.
    pub company_codes: Vec<String>,
    /// "CAD selection": users choose among the offered formats; off, they get the first.
    pub selection: bool,
    /// "Download all": every colorway of a design or a list as one zip.
    pub download_all: bool,
    /// "Export": a design's or a list's line sheet as CSV or PDF.
    pub export: bool,
    /// Offered format ids, the default first.
    pub formats: Vec<u8>,
    /// Hours a finished download-all zip can be fetched.
    pub bundle_hours: u32,
    /// Download-all zips built at once by this process.
    pub bundle_workers: usize,
}

impl CadSettings {
    /// These settings with the CAD switches, company codes and formats an admin saved in the
    /// general settings (read now: a change applies at once on every instance).
    pub fn live(
        &self,
        conn: &mut db::DbConnection,
    ) -> Result<CadSettings, configuration::ConfigurationError> {
        use configuration::keys;
        let saved = configuration::Saved::read(conn)?;
        Ok(CadSettings {
            company_codes: saved
                .get(keys::CAD_COMPANY_CODES)
                .unwrap_or_else(|| self.company_codes.clone()),
            selection: saved.get(keys::CAD_SELECTION).unwrap_or(self.selection),
            download_all: saved
                .get(keys::CAD_DOWNLOAD_ALL)
                .unwrap_or(self.download_all),
            export: saved.get(keys::EXPORT).unwrap_or(self.export),
            formats: saved
                .get(keys::CAD_FORMATS)
                .unwrap_or_else(|| self.formats.clone()),
            ..self.clone()
        })
    }
}

impl Default for CadSettings {
    fn default() -> Self {
        CadSettings {
            company_codes: Vec::new(),
            selection: false,
            download_all: false,
            export: false,
            formats: CadFormat::ALL.iter().map(|f| f.id()).collect(),
            bundle_hours: 24,
            bundle_workers: 1,
        }
    }
}

impl CadSettings {
    /// The offered formats in order; unknown ids are skipped.
    pub fn offered(&self) -> Vec<CadFormat> {
        let mut offered: Vec<CadFormat> = Vec::new();
        for format in self.formats.iter().filter_map(|id| CadFormat::from_id(*id)) {
            if !offered.contains(&format) {
                offered.push(format);
            }
        }
        if offered.is_empty() {
            offered.push(CadFormat::Production);
        }
        offered
    }

    /// Whether a customer code opens CAD downloads (codes compare ignoring case and spaces).
    pub fn admits_company(&self, code: &str) -> bool {
        let code = code.trim();
        !code.is_empty()
            && self
                .company_codes
                .iter()
                .any(|c| c.trim().eq_ignore_ascii_case(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_default_off_and_formats_keep_their_order() {
        let settings = CadSettings::default();
        assert!(!settings.selection && !settings.download_all && !settings.export);
        assert!(settings.company_codes.is_empty());
        assert_eq!(settings.offered()[0], CadFormat::Production);
        let settings = CadSettings {
            formats: vec![3, 9, 1, 3],
            ..CadSettings::default()
        };
        assert_eq!(
            settings.offered(),
            [CadFormat::Original, CadFormat::Production]
        );
    }

    #[test]
    fn company_codes_match_whole_codes_only() {
        let settings = CadSettings {
            company_codes: vec![" ACME ".into()],
            ..CadSettings::default()
        };
        assert!(settings.admits_company("acme"));
        assert!(!settings.admits_company("ACM"));
        assert!(!settings.admits_company(""));
        assert!(!CadSettings::default().admits_company(""));
    }
}
