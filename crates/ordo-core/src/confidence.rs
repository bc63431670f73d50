//! How sure a component value is: every game's data files tag their values with it, so that a
//! reconstructed value is never passed off as printed.

use serde::{Deserialize, Serialize};

/// How sure a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Confidence {
    /// Stated by a source.
    #[serde(rename = "CONFIRMED")]
    Confirmed,
    /// Deduced from sources.
    #[serde(rename = "INFERRED")]
    Inferred,
    /// Not printed in any reachable source; reconstructed.
    #[serde(rename = "DEFAULT")]
    Default,
}
