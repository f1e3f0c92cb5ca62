//! What relnotes makes of records: pages through Handlebars templates,
//! diffs between two releases, and the site of every release (its SBOMs
//! encoded by the sbom crate).

#![deny(missing_docs, unreachable_pub)]

pub mod diff;
pub mod render;
pub mod site;
