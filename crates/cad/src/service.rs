//! The CAD rules: who may download, which format, which colorways (the pool rule, checked on
//! every route before a byte is read), and the record of everything handed out. Functions take
//! `&mut DbConnection`; making files is the workshop's ([`crate::files`]).

use crate::dto::{BundleAnswer, FormatAnswer, RightsAnswer};
use crate::error::CadError;
use crate::export::{self, SheetFormat, SheetRow};
use crate::files::Piece;
use crate::model::{Bundle, BundleState, CadRecord, RecordKind};
use crate::repo;
use crate::settings::{CadFormat, CadSettings};
use catalog::model::{Colorway, Design};
use chrono::Duration;
use db::DbConnection;
use desen_core::{FavoriteListGuid, Language, UserGuid, Viewer, time};
use favorites::service::Owner;
use pools::Scope;
use std::collections::HashMap;

/// Colorways one download-all may hold.
pub const MAX_BUNDLE_COLORWAYS: usize = 500;

/// Who downloads, as the record names them.
pub struct Downloader {
    pub user: UserGuid,
    pub email: String,
    pub customer: Option<String>,
}

/// What a user may do, from their company's code, their role and the switches.
#[derive(Debug, Clone, PartialEq)]
pub struct Rights {
    pub download: bool,
    pub selection: bool,
    pub download_all: bool,
    pub export: bool,
    pub offered: Vec<CadFormat>,
}

/// `settings` are the file's; the switches, company codes and formats an admin saved in the
/// general settings apply over them.
pub fn rights(
    conn: &mut DbConnection,
    who: &Downloader,
    viewer: &Viewer,
    settings: &CadSettings,
) -> Result<Rights, CadError> {
    let settings = &settings.live(conn)?;
    let download = viewer.is_staff()
        || accounts::service::company_code(conn, who.customer.as_deref())?
            .is_some_and(|code| settings.admits_company(&code));
    Ok(Rights {
        download,
        selection: download && settings.selection,
        download_all: download && settings.download_all,
        export: settings.export,
        offered: settings.offered(),
    })
}

impl Rights {
    pub fn answer(&self) -> RightsAnswer {
        let formats: &[CadFormat] = match (self.download, self.selection) {
            (false, _) => &[],
            (true, false) => &self.offered[..1],
            (true, true) => &self.offered,
        };
        RightsAnswer {
            download: self.download,
            selection: self.selection,
            download_all: self.download_all,
            export: self.export,
            formats: formats
                .iter()
                .map(|&f| FormatAnswer {
                    id: f.id(),
                    name: f,
                })
                .collect(),
        }
    }

    /// The format `cadId` names (its id or name; the default when blank), if the user may have
    /// it: another than the default needs "CAD selection".
    pub fn format(&self, cad_id: Option<&str>) -> Result<CadFormat, CadError> {
        if !self.download {
            return Err(CadError::NotAllowed);
        }
        let default = self.offered[0];
        let Some(id) = cad_id else {
            return Ok(default);
        };
        let format = id
            .parse::<u8>()
            .ok()
            .and_then(CadFormat::from_id)
            .or_else(|| CadFormat::ALL.into_iter().find(|f| f.as_str() == id))
            .filter(|f| self.offered.contains(f))
            .ok_or(CadError::UnknownFormat)?;
        if format != default && !self.selection {
            return Err(CadError::SwitchedOff);
        }
        Ok(format)
    }
}

fn parse_id<T: std::str::FromStr>(value: &str, missing: CadError) -> Result<T, CadError> {
    value.parse().map_err(|_| missing)
}

/// A colorway of a design the scope admits.
pub fn piece(
    conn: &mut DbConnection,
    scope: &Scope,
    design: &str,
    colorway: &str,
) -> Result<Piece, CadError> {
    let design = parse_id(design, CadError::DesignNotFound)?;
    let colorway = parse_id(colorway, CadError::ColorwayNotFound)?;
    let (design, mut colorways) =
        catalog::service::visible_colorways(conn, scope, &design, Some(&colorway))?;
    let colorway = colorways.pop().ok_or(CadError::ColorwayNotFound)?;
    Ok(Piece { design, colorway })
}

/// Every colorway of a design the scope admits.
pub fn design_pieces(
    conn: &mut DbConnection,
    scope: &Scope,
    design: &str,
) -> Result<Vec<Piece>, CadError> {
    let design = parse_id(design, CadError::DesignNotFound)?;
    let (design, colorways) = catalog::service::visible_colorways(conn, scope, &design, None)?;
    Ok(colorways
        .into_iter()
        .map(|colorway| Piece {
            design: design.clone(),
            colorway,
        })
        .collect())
}

/// Whether an error says the design or colorway is not there (for this user).
pub fn not_found(error: &CadError) -> bool {
    matches!(
        error,
        CadError::DesignNotFound
            | CadError::ColorwayNotFound
            | CadError::Catalog(
                catalog::CatalogError::DesignNotFound | catalog::CatalogError::ColorwayNotFound
            )
    )
}

/// The name of one of the user's lists and every colorway of it they may see now, newest first.
pub fn list_pieces(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &str,
) -> Result<(String, Vec<Piece>), CadError> {
    let list: FavoriteListGuid = parse_id(
        list,
        CadError::Favorites(favorites::FavoriteError::ListNotFound),
    )?;
    let list = favorites::service::list_entries(conn, owner, &list)?;
    let mut pieces = Vec::with_capacity(list.entries.len());
    for entry in list.entries {
        // Read through the pool rule again: the list's answer already applied it, and a design
        // confined since must not slip through.
        match piece(conn, owner.scope, &entry.design_guid, &entry.colorway_guid) {
            Ok(piece) => pieces.push(piece),
            Err(e) if not_found(&e) => {}
            Err(e) => return Err(e),
        }
    }
    Ok((list.list.name, pieces))
}

/// The records of colorways handed out with their sizes.
pub fn records(
    who: &Downloader,
    handed: &[(&Design, &Colorway, u64)],
    format: &str,
    kind: RecordKind,
) -> Vec<usage::Record> {
    let at = time::now();
    handed
        .iter()
        .map(|(design, colorway, bytes)| {
            usage::Record::Cad(CadRecord {
                id: uuid::Uuid::new_v4().to_string(),
                user_guid: who.user.to_string(),
                user_email: who.email.clone(),
                customer_guid: who.customer.clone(),
                design_guid: design.guid.clone(),
                design_number: design.number.clone(),
                colorway_guid: colorway.guid.clone(),
                colorway_name: colorway.name.clone(),
                format: format.to_owned(),
                kind: kind.as_str().to_owned(),
                bytes: i64::try_from(*bytes).unwrap_or(i64::MAX),
                created_at: at,
            })
        })
        .collect()
}

/// A line sheet of `pieces` (at most [`MAX_BUNDLE_COLORWAYS`]) in the user's language; the PDF
/// shows each colorway's card thumbnail. Answers the file's bytes.
pub fn line_sheet(
    conn: &mut DbConnection,
    storage: &storage::Storage,
    pieces: &[Piece],
    title: &str,
    format: SheetFormat,
    language: Language,
) -> Result<Vec<u8>, CadError> {
    if pieces.is_empty() {
        return Err(CadError::NothingToDownload);
    }
    if pieces.len() > MAX_BUNDLE_COLORWAYS {
        return Err(CadError::TooManyColorways);
    }
    let mut labels: HashMap<String, Vec<String>> = HashMap::new();
    let mut rows = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let design = &piece.design;
        if !labels.contains_key(&design.guid) {
            let names = catalog::service::label_names(conn, &design.guid, language)?;
            labels.insert(design.guid.clone(), names);
        }
        let thumbnail = match format {
            SheetFormat::Csv => None,
            SheetFormat::Pdf => storage.get(&format!(
                "{}/{}",
                piece.colorway.renditions_key,
                imaging::render::names::THUMB_D_H
            ))?,
        };
        let (width_cm, height_cm) = design.size_cm();
        rows.push(SheetRow {
            number: design.number.clone(),
            colorway: piece.colorway.name.clone(),
            width_cm,
            height_cm,
            labels: labels.get(&design.guid).cloned().unwrap_or_default(),
            thumbnail,
        });
    }
    Ok(match format {
        SheetFormat::Csv => export::csv(&rows, language),
        SheetFormat::Pdf => export::pdf(&rows, title, language),
    })
}

/// Queues a download-all zip of `pieces`, named `name`.
pub fn queue_bundle(
    conn: &mut DbConnection,
    who: &Downloader,
    name: &str,
    pieces: &[Piece],
    format: CadFormat,
    settings: &CadSettings,
) -> Result<BundleAnswer, CadError> {
    if pieces.is_empty() {
        return Err(CadError::NothingToDownload);
    }
    if pieces.len() > MAX_BUNDLE_COLORWAYS {
        return Err(CadError::TooManyColorways);
    }
    if let Some(misfit) = pieces.iter().find(|p| !format.fits(p.rotary())) {
        tracing::debug!(design = %misfit.design.number, "format does not fit");
        return Err(CadError::FormatNotForDesign);
    }
    let colorways: Vec<[&str; 2]> = pieces
        .iter()
        .map(|p| [p.design.guid.as_str(), p.colorway.guid.as_str()])
        .collect();
    let now = time::now();
    let bundle = Bundle {
        guid: uuid::Uuid::new_v4().to_string(),
        user_guid: who.user.to_string(),
        name: format!("{}.zip", file_name(name)),
        format: format.as_str().to_owned(),
        colorways: serde_json::to_string(&colorways)
            .map_err(|e| CadError::Internal(e.to_string()))?,
        state: BundleState::Queued.as_str().to_owned(),
        done: 0,
        total: pieces.len() as i32,
        bytes: 0,
        error_code: None,
        file_key: None,
        created_at: now,
        expires_at: now + Duration::hours(i64::from(settings.bundle_hours.max(1))),
    };
    repo::insert_bundle(conn, &bundle)?;
    Ok(bundle.into())
}

/// One of the user's download-all zips; an expired one is gone.
pub fn own_bundle(
    conn: &mut DbConnection,
    user: &UserGuid,
    bundle: &str,
) -> Result<Bundle, CadError> {
    let bundle =
        repo::own_bundle(conn, &user.to_string(), bundle)?.ok_or(CadError::BundleNotFound)?;
    if bundle.expires_at < time::now() {
        return Err(CadError::BundleExpired);
    }
    Ok(bundle)
}

/// A file's name: letters, digits, `-` and `_`.
pub fn file_name(name: &str) -> String {
    let safe = crate::files::file_safe(name);
    if safe.is_empty() {
        "designs".into()
    } else {
        safe
    }
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    fn rights(download: bool, selection: bool) -> Rights {
        Rights {
            download,
            selection,
            download_all: false,
            export: false,
            offered: vec![CadFormat::Production, CadFormat::Original],
        }
    }

    #[test]
    fn formats_follow_the_right_and_the_selection_switch() {
        assert!(matches!(
            rights(false, true).format(None),
            Err(CadError::NotAllowed)
        ));
        let plain = rights(true, false);
        assert_eq!(plain.format(None).unwrap(), CadFormat::Production);
        assert_eq!(plain.format(Some("1")).unwrap(), CadFormat::Production);
        assert!(matches!(
            plain.format(Some("3")),
            Err(CadError::SwitchedOff)
        ));
        assert_eq!(plain.answer().formats.len(), 1);
        let choosing = rights(true, true);
        assert_eq!(
            choosing.format(Some("original")).unwrap(),
            CadFormat::Original
        );
        // Separations exist but are not offered here; 9 is no format at all.
        for unknown in ["2", "9", "pdf"] {
            assert!(matches!(
                choosing.format(Some(unknown)),
                Err(CadError::UnknownFormat)
            ));
        }
        assert!(rights(false, false).answer().formats.is_empty());
    }

    #[test]
    fn zip_names_are_file_safe() {
        assert_eq!(file_name("Spring 2027/../x"), "Spring_2027____x");
        assert_eq!(file_name(""), "designs");
    }
}
