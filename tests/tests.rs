//! One integration-test binary (so the suite links once), a module per area.

mod support;
mod util;

mod cli;
mod diff;
mod errors;
mod inspect;
mod records;
mod render;
mod sbom;
mod verify;
