//! One integration-test binary (so the suite links once), a module per area.

mod support;
mod util;

mod architecture;
mod attach;
mod cache;
mod ci_recipe;
mod cli;
mod cmd;
mod compat;
mod copies;
mod credentials;
mod diff;
mod draft;
mod errors;
mod fuzz;
mod import;
mod import_corpus;
mod import_openjdk;
mod inspect;
mod languages;
mod lint;
mod project_files;
mod records;
mod render;
mod sbom;
mod sbom_peers;
mod site;
mod site_docusaurus;
mod site_hugo;
mod site_incremental;
mod site_matrix;
mod site_mkdocs;
mod verify;
mod verify_all;
mod verify_attached;
