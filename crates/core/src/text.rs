//! Text helpers shared by every domain.

/// A URL-safe name: lower-case letters, digits and dashes (Turkish letters transliterated to
/// ASCII; Cyrillic kept as letters).
pub fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.trim().to_lowercase().chars() {
        let mapped = match c {
            'ç' => "c",
            'ğ' => "g",
            'ı' | 'i' | 'î' => "i",
            'ö' => "o",
            'ş' => "s",
            'ü' | 'û' => "u",
            c if c.is_alphanumeric() => {
                slug.push(c);
                continue;
            }
            _ => "-",
        };
        if mapped == "-" && (slug.is_empty() || slug.ends_with('-')) {
            continue;
        }
        slug.push_str(mapped);
    }
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_transliterate_turkish() {
        assert_eq!(slug("  Çiçek Tekstil A.Ş. "), "cicek-tekstil-a-s");
        assert_eq!(slug("Öz-Güneş"), "oz-gunes");
        assert_eq!(slug("Цветы / Flowers"), "цветы-flowers");
    }
}
