//! What cyclonedx-bom's encoders leave out, put back into their output.
//!
//! cyclonedx-bom 0.8 writes CycloneDX 1.5 at most, and its XML encoder
//! drops `evidence.occurrences` and puts `metadata.lifecycles` last, where
//! the XSDs do not allow them. Everything relnotes puts in an SBOM means
//! the same in 1.6 and 1.7, so a 1.6 or 1.7 document is the 1.5 one with
//! that version (JSON `specVersion`, XML namespace) and what 1.6 adds to
//! evidence: each occurrence's `additionalContext` names the image layer
//! the file was found in. (1.7 adds only optional fields relnotes does not
//! write, such as citations and distribution constraints.) The documents
//! are rewritten as trees (JSON values, XML events), never as text.

mod json;
mod lifecycles;
mod occurrences;
mod xml;

pub(crate) use json::{respecified_json, upgrade_json};
pub(crate) use lifecycles::LifecyclesOf;
pub(crate) use occurrences::Occurrences;
pub(crate) use xml::complete_xml;
