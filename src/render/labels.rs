//! Labels of the pages: the crate's shared vocabulary (`crate::labels`).

use crate::record::Lang;
use serde_json::Value;

pub use crate::labels::label;

/// Every label in `lang`, for the template context.
pub fn labels(lang: Lang) -> Value {
    crate::labels::to_json(lang)
}
