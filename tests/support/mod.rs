//! Real parts for end-to-end tests: a test-image builder and a registry.

pub mod image;
pub mod registry;
pub mod token_proxy;
