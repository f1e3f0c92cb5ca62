//! One integration-test binary (so the suite links once), a module per area.

mod util;

mod cli;
mod diff;
mod errors;
mod records;
mod render;
