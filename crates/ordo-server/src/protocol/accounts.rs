//! The wire types of accounts: signing up and in, the signed-in person, changes to an account.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// Sign up: a name (3–24 letters, digits, `_ - .`), a password (8–128 characters, not a
/// common one, not the name) and optionally an e-mail address for notifications.
#[derive(Clone, Deserialize, Serialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    /// The name other players see.
    pub name: String,
    /// The password.
    pub password: String,
    /// An address for notifications.
    #[serde(default)]
    #[ts(optional)]
    pub email: Option<String>,
}

/// Sign in with a name and password.
#[derive(Clone, Deserialize, Serialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// The account's name (any case).
    pub name: String,
    /// Its password.
    pub password: String,
}

/// A new password, given with the current one.
#[derive(Clone, Deserialize, Serialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangePassword {
    /// The current password.
    pub password: String,
    /// The new one (the same rules as at sign-up).
    pub new_password: String,
}

/// Changes to the signed-in account.
#[derive(Clone, Debug, Deserialize, Serialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateMe {
    /// A new e-mail address; `null` or an empty text removes it.
    #[ts(optional)]
    pub email: Option<String>,
}

/// Deleting an account asks for its password once more.
#[derive(Clone, Deserialize, Serialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteMe {
    /// The account's password.
    pub password: String,
}

/// The signed-in person (`GET /api/me`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct Me {
    /// The account's name as written at sign-up.
    pub name: String,
    /// The e-mail address for notifications, if any.
    pub email: Option<String>,
    /// Sign-up time, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
}

/// Requests that carry a password show only their other fields when printed.
macro_rules! debug_without_password {
    ($t:ty, $($field:ident),*) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($t))
                    $(.field(stringify!($field), &self.$field))*
                    .finish_non_exhaustive()
            }
        }
    };
}

debug_without_password!(SignUp, name);
debug_without_password!(SignIn, name);
debug_without_password!(ChangePassword,);
debug_without_password!(DeleteMe,);
