//! The name rule that proposes which files are colorways of one design: `ROSE_VR1.tif`,
//! `ROSE_VR2.tif` and `rose vr-3.psd` share the stem `rose`. Staff confirm the proposal with the
//! previews before anything is merged.

/// Words that mark a colorway number at the end of a file name (tr, en, ru usage in studios).
const MARKERS: [&str; 9] = [
    "colorway", "varyant", "renk", "var", "vr", "cw", "col", "v", "в",
];

/// The design stem of a file name: without extension, lower-case, separators collapsed, and the
/// trailing colorway marker removed. Answers None when the name has no colorway marker (such a
/// file is a design on its own).
pub fn design_stem(file_name: &str) -> Option<String> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let base = base.rsplit_once('.').map_or(base, |(stem, _)| stem);
    let lower = base.trim().to_lowercase();
    let norm: String = lower
        .chars()
        .map(|c| {
            if c == '_' || c == '.' || c == '-' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let norm = norm.split_whitespace().collect::<Vec<_>>().join(" ");

    // "(2)" at the end, as file managers name copies.
    if let Some(inner) = norm.strip_suffix(')')
        && let Some((stem, number)) = inner.rsplit_once('(')
        && !number.is_empty()
        && number.chars().all(|c| c.is_ascii_digit())
    {
        return non_empty(stem);
    }

    let digits: String = norm
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let rest = norm[..norm.len() - digits.len()].trim_end();
    for marker in MARKERS {
        if let Some(stem) = rest.strip_suffix(marker) {
            // The marker must stand apart ("rose vr2"), or be glued to a separator-free stem
            // only when it is at least two letters ("rosevr2").
            if stem.ends_with(' ') || (marker.chars().count() >= 2 && !stem.is_empty()) {
                return non_empty(stem);
            }
        }
    }
    // A bare short number after a separator: "rose 2", "rose_02".
    if digits.len() <= 2 && norm.len() > digits.len() && rest.len() < norm.len() - digits.len() {
        return non_empty(rest);
    }
    None
}

fn non_empty(stem: &str) -> Option<String> {
    let stem = stem.trim();
    (!stem.is_empty()).then(|| stem.to_owned())
}

#[cfg(test)]
mod tests {
    use super::design_stem;

    #[test]
    fn colorway_markers_are_removed() {
        for name in [
            "ROSE_VR1.tif",
            "rose vr-2.psd",
            "Rose-VR 3.TIFF",
            "rose_v4.psb",
            "rose (2).tif",
            "rose_02.tif",
            "ROSE_CW1.tif",
            "rose-renk3.tif",
        ] {
            assert_eq!(design_stem(name).as_deref(), Some("rose"), "{name}");
        }
        assert_eq!(design_stem("Цветы_в2.tif").as_deref(), Some("цветы"));
    }

    #[test]
    fn names_without_a_marker_stand_alone() {
        for name in [
            "floral-0559.tif",
            "paisley.psd",
            "2024.tif",
            "vr1.tif",
            "geo_1234.tif",
        ] {
            assert_eq!(design_stem(name), None, "{name}");
        }
    }
}
