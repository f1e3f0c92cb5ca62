//! What relnotes makes of records: pages through Handlebars templates
//! ([`render_release`], [`render_diff`]), diffs between two releases
//! ([`diff`]), and the site of every release ([`build_site`]; its SBOMs
//! encoded by the sbom crate).
//!
//! The modules are private; the root re-exports what the app and the
//! check crate use.

#![deny(missing_docs, unreachable_pub)]

mod diff;
mod render;
mod site;

pub use diff::{
    Change, ComponentChange, DiffError, DiffFormat, ReleaseDiff, diff, to_json as diff_to_json,
    to_text as diff_to_text,
};
pub use render::{
    PageFormat, RenderError, TemplateFile, Templates, copy_templates, list_templates,
    page_file_name, render_diff, render_release,
};
pub use site::{
    BaseUrl, CheckReport as SiteCheckReport, Entry as SiteEntry, Generator, MAX_RELEASES_PER_PAGE,
    SiteError, SiteOptions, SiteOutcome, Written as SiteWritten, build as build_site,
    remove_builds_under_way,
};
