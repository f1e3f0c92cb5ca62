//! Records drafted from images: `relnotes new` writes the next release's
//! record from the previous one and the image (components at the versions
//! the image holds, its driver facts, change lines generated from the
//! diff, the rest carried forward); `relnotes sync` brings an existing
//! record's versions and driver facts to what the image holds, editing the
//! TOML in place. Both take the image as the app read it for them
//! ([`image::read_archs`]) and match its packages the way `verify` does
//! ([`model::match_component`]).

pub(crate) mod document;
mod error;
mod first;
pub(crate) mod found;
pub(crate) mod lines;
mod new;
mod report;
mod sync;
pub(crate) mod words;

pub use error::{DraftError, check_version};
pub use first::{first_release, image_archs};
pub use new::{NewOptions, new_release};
pub use report::{Drafted, Synced};
pub use sync::sync_release;
