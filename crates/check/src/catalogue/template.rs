//! `--image-template`: where each release's image is, with `{version}` in
//! place of the release.

use crate::VerifyError;
use image::ImageSource;

/// The placeholder a template must hold.
pub(crate) const PLACEHOLDER: &str = "{version}";

/// An image reference with `{version}` to fill in per release:
/// `REGISTRY/REPO:{version}`, `oci:DIR:{version}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ImageTemplate(String);

impl ImageTemplate {
    /// A template holds `{version}`; anything else is refused here, before
    /// any image is read.
    pub(super) fn parse(text: &str) -> Result<ImageTemplate, VerifyError> {
        if !text.contains(PLACEHOLDER) {
            return Err(VerifyError::Catalogue(format!(
                "--image-template `{text}` has no `{PLACEHOLDER}`: every release would read the same image\n  = hint: e.g. --image-template 'registry.example.com/team/image:{PLACEHOLDER}'"
            )));
        }
        Ok(ImageTemplate(text.to_string()))
    }

    /// The reference of `version`'s image; an error names the template,
    /// the release and why the result is not a reference.
    pub(super) fn expand(&self, version: &str) -> Result<String, VerifyError> {
        let reference = self.0.replace(PLACEHOLDER, version);
        ImageSource::parse(&reference).map_err(|e| {
            VerifyError::Catalogue(format!(
                "--image-template `{}` for release {version}: {e}",
                self.0
            ))
        })?;
        Ok(reference)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_in_every_placeholder() {
        let template = ImageTemplate::parse("127.0.0.1:5000/team/tnp:{version}").unwrap();
        assert_eq!(
            template.expand("25.10").unwrap(),
            "127.0.0.1:5000/team/tnp:25.10"
        );
        let layout = ImageTemplate::parse("oci:images/{version}:{version}").unwrap();
        assert_eq!(layout.expand("v2.9").unwrap(), "oci:images/v2.9:v2.9");
    }

    #[test]
    fn refuses_a_template_without_the_placeholder() {
        let e = ImageTemplate::parse("127.0.0.1:5000/team/tnp:latest").unwrap_err();
        assert!(e.to_string().contains("has no `{version}`"), "{e}");
    }

    #[test]
    fn refuses_what_does_not_expand_to_a_reference() {
        let upper = ImageTemplate::parse("127.0.0.1:5000/Team/tnp:{version}").unwrap();
        let e = upper.expand("25.10").unwrap_err().to_string();
        assert!(e.starts_with("--image-template `127.0.0.1:5000/Team/tnp:{version}` for release 25.10: `127.0.0.1:5000/Team/tnp:25.10` is not an image reference"), "{e}");
        assert!(e.contains("uppercase"), "{e}");
        let other = ImageTemplate::parse("reg.example.com/{arch}/tnp:{version}").unwrap();
        let e = other.expand("25.10").unwrap_err().to_string();
        assert!(e.contains("`{arch}` to be filled in"), "{e}");
        // A version that makes no tag.
        let tagged = ImageTemplate::parse("127.0.0.1:5000/team/tnp:{version}").unwrap();
        let e = tagged.expand("25.10+x").unwrap_err().to_string();
        assert!(e.contains("tag `25.10+x` is not valid"), "{e}");
    }
}
