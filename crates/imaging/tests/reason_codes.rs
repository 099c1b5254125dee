//! Every reason code the readers give is translated in tr, en and ru: the import screen shows
//! `reasons.<code>` of the admin locales (`frontend/src/locales/*/design-admin.json`).

use std::collections::BTreeSet;
use std::path::Path;

/// The codes named in the crate's sources: the first string of each `Reason::new(` and of the
/// TIFF reader's `unsupported(`.
fn codes_in_sources() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    let mut files = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(
                std::fs::read_dir(&path)
                    .expect("src")
                    .map(|e| e.expect("entry").path()),
            );
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source");
        for call in ["Reason::new(", "unsupported("] {
            for (at, _) in text.match_indices(call) {
                let rest = text[at + call.len()..].trim_start();
                if let Some(quoted) = rest.strip_prefix('"') {
                    let code = &quoted[..quoted.find('"').expect("closing quote")];
                    if code.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                        codes.insert(code.to_owned());
                    }
                }
            }
        }
    }
    codes
}

#[test]
fn every_reason_code_is_translated() {
    let codes = codes_in_sources();
    assert!(codes.len() > 30, "the scan finds the codes: {codes:?}");
    assert!(codes.contains("tiff_compression") && codes.contains("default_cmyk_profile"));
    let locales = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/locales");
    for lang in ["tr", "en", "ru"] {
        let path = locales.join(lang).join("design-admin.json");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("locale")).expect("json");
        let reasons = json["reasons"].as_object().expect("a reasons object");
        let missing: Vec<&String> = codes.iter().filter(|c| !reasons.contains_key(*c)).collect();
        assert!(
            missing.is_empty(),
            "{lang}: untranslated reasons {missing:?}"
        );
        assert!(reasons.contains_key(imaging::reason::UNCODED), "{lang}");
    }
}
