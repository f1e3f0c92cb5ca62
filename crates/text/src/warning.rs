//! What import noticed and worked around, said in its report.

use std::fmt;

/// Something import noticed and worked around; `line` is the page's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Warning {
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}
