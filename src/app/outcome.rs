//! What commands are asked to write and where: the languages of pages, a
//! destination, and the outcome (text for stdout, or files).

use crate::Error;
use model::{Lang, OutputFile};
use std::path::PathBuf;
use std::str::FromStr;

/// Which languages a command writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LangChoice {
    /// This language only.
    One(Lang),
    /// Every language the project writes in, one page each.
    All,
}

impl FromStr for LangChoice {
    type Err = String;

    /// `all`, or a language code.
    fn from_str(s: &str) -> Result<LangChoice, String> {
        match s {
            "all" => Ok(LangChoice::All),
            code => code.parse().map(LangChoice::One),
        }
    }
}

/// Where results go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// Standard output; a command with several results refuses it.
    Stdout,
    /// A file, or for several outputs a directory.
    Path(PathBuf),
}

impl From<Option<PathBuf>> for Destination {
    /// `-o PATH` when given, else stdout.
    fn from(path: Option<PathBuf>) -> Destination {
        path.map_or(Destination::Stdout, Destination::Path)
    }
}

/// The result of a command: text for stdout, or files to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Text to print.
    Stdout(String),
    /// Files to write, with their paths.
    Files(Vec<OutputFile>),
}

impl Outcome {
    /// Writes the files, all or none, never overwriting one without
    /// `force`; gives back the text meant for stdout, if that is what it is.
    pub fn deliver(self, force: bool) -> Result<Option<String>, Error> {
        match self {
            Outcome::Stdout(text) => Ok(Some(text)),
            Outcome::Files(files) => {
                model::write_files(&files, force)?;
                Ok(None)
            }
        }
    }
}
