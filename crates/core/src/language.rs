use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// The interface languages. An account's default language is Turkish or English; Russian is a UI
/// choice that may also be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Tr,
    #[default]
    En,
    Ru,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Tr => "tr",
            Language::En => "en",
            Language::Ru => "ru",
        }
    }
}

impl FromStr for Language {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tr" => Ok(Language::Tr),
            "en" => Ok(Language::En),
            "ru" => Ok(Language::Ru),
            _ => Err(()),
        }
    }
}
