//! The model of relnotes: release records and the project file, packages
//! (declared by a record or found in an image), version ordering per
//! ecosystem, image references, the one diagnostic shape, the languages
//! and their labels, what relnotes knows of components and the copies of one library an
//! image holds, the one atomic way to write a file and the one way
//! to read a project's own files, the one aligned text table
//! ([`table`]) and the one shape of a command's answer
//! ([`report::CommandReport`]).
//!
//! Each module is one of these; [`record`] holds the records, the project
//! file, a new project ([`record::init_project`]) and the list of
//! releases ([`record::ReleaseList`]).

#![deny(missing_docs, unreachable_pub)]

pub mod components;
pub mod copies;
pub mod diagnostic;
pub mod drivers;
pub mod labels;
pub mod matching;
pub mod output;
pub mod package;
pub mod project_file;
pub mod record;
pub mod reference;
pub mod report;
pub mod table;
pub mod version;
