//! Who is looking: the facts about a signed-in user that decide which designs they may see.

/// The viewer of designs and images. Built from a checked session by the routes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub user_guid: String,
    pub customer_guid: Option<String>,
    pub is_admin: bool,
    pub is_in_house: bool,
    pub second_factor_validated: bool,
}

impl Viewer {
    /// Staff see the whole archive, confined designs included: in-house users, and admins whose
    /// session passed the second factor. An admin account without it is treated as a customer
    /// user even when it is also in-house: the second factor guards an admin's reach everywhere.
    pub fn is_staff(&self) -> bool {
        if self.is_admin {
            self.second_factor_validated
        } else {
            self.is_in_house
        }
    }
}
