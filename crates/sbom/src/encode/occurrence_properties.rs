//! The property names carrying a found file's path in the image and the
//! layer it is in: one pair per `evidence.occurrences` entry, in the same
//! order. `build` writes them; the rewrite to CycloneDX 1.5 and the SPDX
//! encoder read them back, so they live apart from both.

pub(crate) const PATH_PROPERTY: &str = "relnotes:path";
pub(crate) const LAYER_PROPERTY: &str = "relnotes:layer";
