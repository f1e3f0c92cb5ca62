//! What relnotes makes of records: pages through Handlebars templates,
//! diffs between two releases, SBOMs, and the site of every release.

#![warn(missing_docs)]

pub mod diff;
pub mod render;
pub mod sbom;
pub mod site;
