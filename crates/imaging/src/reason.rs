//! Why a file is refused, or what reading it noticed, in a form the screens translate: a stable
//! code (`importReasons.<code>` in the locales of tr, en and ru) with the values it names, and the
//! English sentence for logs, the command line and any client that does not know the code.

use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "Stored")]
pub struct Reason {
    /// Stable, snake_case; never reworded once released.
    pub code: String,
    /// The values the sentence names (a compression, a bit depth, a count), as text.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
    /// The English sentence.
    pub text: String,
}

/// The code of a reason kept from before reasons had codes (plain English only).
pub const UNCODED: &str = "other";

impl Reason {
    pub fn new(code: &str, text: impl Into<String>) -> Self {
        Self {
            code: code.to_owned(),
            params: BTreeMap::new(),
            text: text.into(),
        }
    }

    /// Names a value the sentence uses.
    pub fn with(mut self, key: &str, value: impl ToString) -> Self {
        self.params.insert(key.to_owned(), value.to_string());
        self
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Facts stored by earlier versions hold plain strings where reasons now are.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Stored {
    Coded {
        code: String,
        #[serde(default)]
        params: BTreeMap<String, String>,
        text: String,
    },
    Text(String),
}

impl From<Stored> for Reason {
    fn from(stored: Stored) -> Self {
        match stored {
            Stored::Coded { code, params, text } => Reason { code, params, text },
            Stored::Text(text) => Reason::new(UNCODED, text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_coded_reasons_and_plain_text_of_earlier_versions() {
        let coded =
            Reason::new("tiff_compression", "TIFF with ZSTD compression").with("name", "ZSTD");
        let json = serde_json::to_string(&coded).expect("json");
        assert_eq!(serde_json::from_str::<Reason>(&json).expect("coded"), coded);
        let old: Reason = serde_json::from_str("\"2 process channels\"").expect("text");
        assert_eq!(old.code, UNCODED);
        assert_eq!(old.to_string(), "2 process channels");
    }
}
