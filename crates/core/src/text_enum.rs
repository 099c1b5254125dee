//! Small enums stored as text columns and sent as snake_case strings.

/// Declares an enum with its stored text: `as_str`, `parse`, serde and an OpenAPI schema (the
/// caller depends on serde and utoipa).
#[macro_export]
macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text.trim() { $($text => Some($name::$variant),)+ _ => None }
            }
        }
    };
}
