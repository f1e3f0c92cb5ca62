//! Real parts for end-to-end tests: a test-image builder and a registry.

pub mod crafted;
pub mod credential_helper;
pub mod image;
pub mod registry;
pub mod release_25_10;
pub mod rogue;
pub mod rss;
pub mod token_proxy;
