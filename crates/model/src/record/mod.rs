//! Release records: the model every stage works from, and its loader.

mod arch;
mod controls;
pub mod diagnostic;
mod error;
mod init;
mod list;
pub mod load;
mod model;
mod release_version;
mod resolve;
pub mod schema;
pub mod source_map;
mod text;

pub use arch::{Arch, KNOWN_ARCHS};
pub use diagnostic::Diagnostic;
pub use error::RecordError;
pub use init::{InitRequest, Initialized, init_project};
pub use list::ReleaseList;
pub use load::{Loaded, Workspace};
pub use model::*;
pub use release_version::{MAX_RELEASE_VERSION_LEN, RELEASE_VERSION_RULE, is_release_version};
pub use resolve::{ArchView, ComponentRef};
pub use source_map::{Position, SourceMap};
pub use text::{Lang, Text};
