//! `relnotes referrers`: what is attached to each platform of an image.

use super::error::AttachError;
use super::referrers;
use super::report::{PlatformReferrers, Referrer, ReferrersReport};
use crate::registry;
use crate::{ImageSource, OpenOptions};
use std::collections::BTreeMap;

/// The referrers of every platform manifest of the image `reference`.
pub fn list_referrers(
    reference: &str,
    options: &OpenOptions,
) -> Result<ReferrersReport, AttachError> {
    let source = ImageSource::parse(reference)?;
    let ImageSource::Registry(image_ref) = &source else {
        return Err(AttachError::NotARegistry {
            reference: reference.to_string(),
        });
    };
    let image = crate::open(&source, options)?;
    let (registry, _) = registry::open(image_ref, options)?;
    let mut platforms = Vec::new();
    for platform in image.platforms() {
        let manifest = image.manifest_digest(&platform)?;
        let found = referrers::list(&registry, &manifest)?;
        let referrers = found
            .descriptors
            .iter()
            .map(|d| Referrer {
                artifact_type: d.artifact_type().as_ref().map(|t| t.to_string()),
                media_type: d.media_type().to_string(),
                digest: d.digest().to_string(),
                size: d.size(),
                annotations: d
                    .annotations()
                    .clone()
                    .unwrap_or_default()
                    .into_iter()
                    .collect::<BTreeMap<_, _>>(),
            })
            .collect();
        platforms.push(PlatformReferrers {
            platform: platform.to_string(),
            manifest,
            via: found.via,
            referrers,
        });
    }
    Ok(ReferrersReport {
        image: reference.to_string(),
        platforms,
    })
}
