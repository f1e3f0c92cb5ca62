//! Release records: the model every stage works from, and its loader.

mod arch;
mod controls;
mod diagnostic;
mod error;
mod init;
mod list;
mod load;
mod model;
mod release_version;
mod resolve;
mod schema;
mod source_map;
mod text;

pub use arch::{Arch, KNOWN_ARCHS};
pub use diagnostic::shown;
pub use error::RecordError;
pub use init::{InitRequest, Initialized, init_project};
pub use list::ReleaseList;
pub use load::{Loaded, PROJECT_FILE, Workspace, labels_file, release_order};
pub use model::*;
pub use release_version::{RELEASE_VERSION_RULE, is_release_version};
pub use resolve::{ArchView, ComponentRef};
pub use schema::{project_schema, record_schema};
pub use source_map::{Position, SourceMap, join};
pub use text::{Lang, Text};
