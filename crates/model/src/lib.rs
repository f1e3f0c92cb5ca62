//! The model of relnotes: release records and the project file, packages
//! (declared by a record or found in an image), version ordering per
//! ecosystem, image references, the one diagnostic shape, the languages
//! and their labels, what relnotes knows of components and the copies of one library an
//! image holds, the one atomic way to write a file and the one way
//! to read a project's own files, the one aligned text table
//! ([`aligned_columns`]) and the one shape of a command's answer
//! ([`CommandReport`]).
//!
//! Its modules are private; the root re-exports what the other crates use:
//! the records, the project file, a new project ([`init_project`]) and the
//! list of releases ([`ReleaseList`]) among them. A name that needed its
//! module to read clearly is re-exported under a longer one
//! (`components::known` as [`known_component`], `labels::get` as
//! [`label_or_key`], `version::compare` as [`compare_versions`] …).

#![deny(missing_docs, unreachable_pub)]

mod components;
mod copies;
mod diagnostic;
mod drivers;
mod labels;
mod matching;
mod output;
mod package;
mod project_file;
mod record;
mod reference;
mod report;
mod table;
mod version;

pub use components::{
    Component, Kind as ComponentKind, all as all_components, default_ecosystem,
    known as known_component, spelling_key, vendor_words, without_archive_extension,
    without_build_toolchain,
};
pub use copies::{CONDA_CATALOGER, Copies, Copy as LibraryCopy, copies};
pub use diagnostic::{Counts as DiagnosticCounts, Diagnostic, Severity, clip};
pub use drivers::{
    DriverError, DriverVersion, LinuxPlatform, MinorVersionFloor, ToolkitLookup,
    below_minimum as driver_below_minimum, meets_minimum as driver_meets_minimum,
    minor_version_floor, toolkit_lookup,
};
pub use labels::{
    all as all_labels, fill as fill_label, generation as labels_generation, get as label_or_key,
    label,
};
pub use matching::{Match as ComponentMatch, confirms as confirms_version, match_component};
pub use output::{
    OutputError, OutputFile, first_hidden_control, into_terminal_safe, json_terminal_safe,
    print as print_stdout, stage as stage_file, terminal_safe, write_all as write_files,
};
pub use package::{Evidence, Origin, Os, Package, PurlError, SourcePackage};
pub use project_file::{
    ProjectFileError, open_regular, present as path_present, read as read_project_file,
    read_at_most as read_project_file_at_most,
};
pub use record::{
    Arch, ArchView, Asset, BugFixes, ComponentRef, DatacenterBranch, Driver, EnvVar, Gpu, Include,
    InitRequest, Initialized, KNOWN_ARCHS, Lang, Loaded, PROJECT_FILE, Port, Position, Project,
    RELEASE_VERSION_RULE, RecordError, Release, ReleaseList, Scenario, Section, SourceMap, Text,
    Workspace, init_project, is_release_version, join as join_key, labels_file, project_schema,
    record_schema, release_order, shown as shown_path, tag_of_release,
};
pub use reference::{DOCKER_HUB, ImageRef, ReferenceError};
pub use report::CommandReport;
pub use table::columns as aligned_columns;
pub use version::{Dotted, Ecosystem, Version, compare as compare_versions, pep503};
