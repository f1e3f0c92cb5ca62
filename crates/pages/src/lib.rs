//! What relnotes makes of records: pages through Handlebars templates,
//! diffs between two releases, and the site of every release (its SBOMs
//! encoded by the sbom crate).

#![warn(missing_docs)]

pub mod diff;
pub mod render;
pub mod site;
