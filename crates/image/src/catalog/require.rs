//! The cataloger of `NVIDIA_REQUIRE_CUDA` in the image's config
//! ([`super::requirement`] reads the variable).

use super::cataloger::{Cataloger, Findings};
use super::requirement::{VARIABLE, parse};
use crate::{FoundFile, ImageConfig};

pub(crate) struct NvidiaRequire;

impl Cataloger for NvidiaRequire {
    fn name(&self) -> &'static str {
        "nvidia-require"
    }

    fn wants(&self, _path: &str, _size: u64) -> bool {
        false
    }

    fn catalog(&self, _files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        if let Some(text) = config.env_var(VARIABLE) {
            out.requirement = Some(parse(text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ImageConfig;

    #[test]
    fn read_from_the_config_env() {
        let config = ImageConfig {
            env: vec![format!("{VARIABLE}=cuda>=12.8")],
            labels: Default::default(),
        };
        let mut out = Findings::default();
        NvidiaRequire.catalog(&[], &config, &mut out);
        let req = out.requirement.unwrap();
        assert_eq!(req.location, "config:env/NVIDIA_REQUIRE_CUDA");
        assert_eq!(req.cuda.as_deref(), Some("12.8"));
    }
}
