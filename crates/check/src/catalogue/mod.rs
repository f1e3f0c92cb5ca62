//! What `relnotes verify --all` found: one check per release × arch, shown
//! as a summary table and the findings of the checks that did not pass,
//! or as one JSON document.

mod plan;
mod report;
mod template;

pub use plan::{Catalogue, versions_between};
pub use report::{ArchCheck, CatalogueReport};
