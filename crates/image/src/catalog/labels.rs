//! Version labels of the image config, as `data/components.toml` names
//! them (`image.label`): `com.nvidia.cuda.version`,
//! `com.nvidia.cudnn.version`, `com.nvidia.nccl.version`, as the NVIDIA
//! base images label themselves.

use super::cataloger::{Cataloger, Findings};
use crate::{FoundFile, ImageConfig};

pub(super) struct Labels;

impl Cataloger for Labels {
    fn name(&self) -> &'static str {
        "labels"
    }

    fn wants(&self, _path: &str, _size: u64) -> bool {
        false
    }

    fn catalog(&self, _files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        for component in model::all_components() {
            for label in &component.image.label {
                if let Some(version) = config.labels.get(label).map(|v| v.trim())
                    && !version.is_empty()
                {
                    let location = format!("config:label/{label}");
                    let (name, ecosystem) = (component.found_name(), component.found_ecosystem());
                    out.found_in_config(self, location, &name, version, ecosystem);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use model::Ecosystem;

    #[test]
    fn nvidia_version_labels() {
        let mut v = view(vec![], &[]);
        for (k, val) in [
            ("com.nvidia.cuda.version", "12.8.1"),
            ("com.nvidia.cudnn.version", "9.8.0.87-1"),
            ("maintainer", "NVIDIA CORPORATION <cudatools@nvidia.com>"),
        ] {
            v.config.labels.insert(k.into(), val.into());
        }
        let mut out = Findings::default();
        Labels.catalog(&[], &v.config, &mut out);
        assert_eq!(
            found(&out),
            [
                (
                    "cuda".into(),
                    "12.8.1".into(),
                    "config:label/com.nvidia.cuda.version".into()
                ),
                (
                    "cudnn".into(),
                    "9.8.0.87-1".into(),
                    "config:label/com.nvidia.cudnn.version".into()
                ),
            ]
        );
        assert_eq!(out.components[0].ecosystem, Ecosystem::Cuda);
    }
}
