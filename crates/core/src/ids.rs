//! Typed identifiers. They travel as UUID text (`userGuid`, `customerGuid`, ...).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use uuid::Uuid;

/// The archive id that means "every archive" (spec section 9) wherever an archive is chosen:
/// search, pool criteria, the default archive. Any other id names one archive.
pub const ALL_ARCHIVES: i32 = -1;

macro_rules! guid {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl $name {
            pub fn new() -> Self {
                Self(Uuid::new_v4())
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.hyphenated().fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s.trim()).map(Self)
            }
        }
    };
}

guid!(
    /// A person who signs in: a customer's employee, an in-house user or an admin.
    UserGuid
);
guid!(
    /// A customer company of the studio.
    CustomerGuid
);
guid!(
    /// A design of the archive.
    DesignGuid
);
guid!(
    /// One colouring of a design (`VR-1`, `VR-2`, …).
    ColorwayGuid
);
guid!(
    /// A user's favorite list of colorways.
    FavoriteListGuid
);
