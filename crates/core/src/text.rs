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

/// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading `=`,
/// `+`, `-` or `@` is prefixed with `'` so that no spreadsheet runs it as a formula.
pub fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A CSV file of rows of fields, UTF-8 with a byte order mark (so spreadsheet programs read the
/// letters right), CRLF line ends. Fields go through [`csv_field`].
pub fn csv<R: AsRef<[String]>>(rows: impl IntoIterator<Item = R>) -> Vec<u8> {
    let mut out = String::from("\u{feff}");
    for row in rows {
        let fields: Vec<String> = row.as_ref().iter().map(|f| csv_field(f)).collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out.into_bytes()
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
