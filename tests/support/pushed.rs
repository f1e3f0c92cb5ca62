//! A registry with an image pushed: either of the test registries
//! (Debian's docker-registry, or the referrers-API one), the image pushed
//! under `repo:tag`, and the reference relnotes is given for it.
//!
//! ```ignore
//! let registry = OciRegistry::start();
//! let image = registry.push(&built, "team/app:26.01");
//! ```

use crate::support::buildkit::{SPDX_PREDICATE, push_attested};
use crate::support::image::BuiltImage;
use crate::support::oci_registry::OciRegistry;
use crate::support::registry::TestRegistry;

/// A registry tests push to on 127.0.0.1.
pub trait Registry {
    /// `127.0.0.1:PORT`.
    fn host(&self) -> String;

    /// `http://127.0.0.1:PORT`.
    fn url(&self) -> String {
        format!("http://{}", self.host())
    }

    /// The reference of `repo_tag` (`repo:tag` or `repo@digest`) here.
    fn reference(&self, repo_tag: &str) -> String {
        format!("{}/{repo_tag}", self.host())
    }

    /// Pushes `built` as `repo_tag` (`repo:tag`); its reference.
    fn push(&self, built: &BuiltImage, repo_tag: &str) -> String {
        let (repo, tag) = split(repo_tag);
        built.push(&self.url(), repo, tag, None);
        self.reference(repo_tag)
    }

    /// Pushes `built` as `repo_tag` with, for its amd64 platform, one
    /// BuildKit attestation holding the SPDX `statement`: the
    /// attestation manifests' digests and the image's reference.
    fn push_attested_spdx(
        &self,
        built: &BuiltImage,
        repo_tag: &str,
        statement: Vec<u8>,
    ) -> (Vec<String>, String) {
        let (repo, tag) = split(repo_tag);
        let digests = push_attested(
            &self.url(),
            repo,
            tag,
            built,
            &[("amd64", vec![(SPDX_PREDICATE, statement)])],
        );
        (digests, self.reference(repo_tag))
    }
}

fn split(repo_tag: &str) -> (&str, &str) {
    repo_tag
        .rsplit_once(':')
        .unwrap_or_else(|| panic!("{repo_tag}: no `:tag`"))
}

impl Registry for TestRegistry {
    fn host(&self) -> String {
        TestRegistry::host(self)
    }
}

impl Registry for OciRegistry {
    fn host(&self) -> String {
        OciRegistry::host(self)
    }
}
