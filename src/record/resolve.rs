//! The effective view of one architecture: shared components merged with
//! that arch's additions and overrides.

use super::model::{Project, Release, Scenario};
use super::text::Text;
use crate::version::Ecosystem;
use serde::Serialize;

/// Where an arch's component comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Origin {
    /// Declared for every arch.
    Shared,
    /// Declared for this arch only.
    Added,
    /// Declared for every arch, with another version for this one.
    Override { shared_version: String },
}

#[derive(Debug, Clone, Serialize)]
pub struct Component {
    /// As the record spells it.
    pub name: String,
    /// Normalised for the ecosystem (`flash_attn` → `flash-attn`).
    pub key: String,
    pub version: String,
    pub ecosystem: Ecosystem,
    pub origin: Origin,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArchView {
    pub name: String,
    pub scenarios: Vec<Scenario>,
    pub framework: Option<String>,
    pub requirements: Vec<Text>,
    pub components: Vec<Component>,
}

impl ArchView {
    pub fn component(&self, key: &str) -> Option<&Component> {
        self.components.iter().find(|c| c.key == key)
    }
}

impl Project {
    /// The ecosystem of a component: the catalog's word, else the default.
    pub fn ecosystem_of(&self, name: &str) -> Ecosystem {
        let wanted = name.to_ascii_lowercase();
        self.catalog
            .iter()
            .find(|(k, _)| {
                let k = k.get_ref().to_ascii_lowercase();
                k == wanted || crate::version::pep503(&k) == crate::version::pep503(&wanted)
            })
            .map(|(_, e)| *e.get_ref())
            .unwrap_or_else(|| Ecosystem::default_for(name))
    }
}

impl Release {
    pub fn arch_names(&self) -> Vec<String> {
        self.archs
            .get_ref()
            .iter()
            .map(|a| a.get_ref().clone())
            .collect()
    }

    /// The CUDA version to show at a glance: the base CUDA of the driver
    /// requirements, else the first arch's CUDA component.
    pub fn cuda(&self, project: &Project) -> Option<String> {
        self.driver
            .as_ref()
            .and_then(|d| d.cuda.as_ref())
            .map(|c| c.get_ref().clone())
            .or_else(|| {
                let arch = self.archs.get_ref().first()?;
                self.resolve_arch(project, arch.get_ref())
                    .components
                    .into_iter()
                    .find(|c| c.ecosystem == Ecosystem::Cuda)
                    .map(|c| c.version)
            })
    }

    /// Every declared arch with its effective components, in record order.
    ///
    /// An arch-only component is placed after the last shared component
    /// whose name sorts before it, so alphabetical tables stay alphabetical.
    pub fn resolve(&self, project: &Project) -> Vec<ArchView> {
        self.archs
            .get_ref()
            .iter()
            .map(|arch| self.resolve_arch(project, arch.get_ref()))
            .collect()
    }

    pub fn resolve_arch(&self, project: &Project, arch: &str) -> ArchView {
        let overrides = self
            .arch
            .iter()
            .find(|(k, _)| k.get_ref() == arch)
            .map(|(_, v)| v);
        let component = |name: &str, version: &str, origin: Origin| {
            let ecosystem = project.ecosystem_of(name);
            Component {
                name: name.to_string(),
                key: ecosystem.normalize_name(name),
                version: version.to_string(),
                ecosystem,
                origin,
            }
        };
        let mut components: Vec<Component> = self
            .components
            .iter()
            .map(|(n, v)| component(n.get_ref(), v.get_ref(), Origin::Shared))
            .collect();
        if let Some(over) = overrides {
            for (name, version) in &over.components {
                let added = component(name.get_ref(), version.get_ref(), Origin::Added);
                if let Some(existing) = components.iter_mut().find(|c| c.key == added.key) {
                    let shared_version = existing.version.clone();
                    *existing = Component {
                        origin: Origin::Override { shared_version },
                        ..added
                    };
                } else {
                    let sort_key = added.name.to_lowercase();
                    let at = components
                        .iter()
                        .rposition(|c| c.name.to_lowercase() < sort_key)
                        .map_or(0, |i| i + 1);
                    components.insert(at, added);
                }
            }
        }
        ArchView {
            name: arch.to_string(),
            scenarios: overrides
                .and_then(|o| o.scenarios.clone())
                .unwrap_or_else(|| self.scenarios.clone()),
            framework: overrides
                .and_then(|o| o.framework.clone())
                .or_else(|| self.framework.clone()),
            requirements: overrides
                .and_then(|o| o.requirements.clone())
                .unwrap_or_else(|| self.requirements.clone()),
            components,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> Project {
        toml::from_str(
            r#"
            languages = ["zh", "en"]
            [product]
            id = "p"
            name = { zh = "p", en = "p" }
            [catalog]
            gdb = "generic"
            "#,
        )
        .unwrap()
    }

    fn release(body: &str) -> Release {
        let head = r#"
            version = "1.0"
            archs = ["aarch64", "amd64"]
            title = { zh = "t", en = "t" }
        "#;
        toml::from_str(&format!("{head}\n{body}")).unwrap()
    }

    #[test]
    fn overrides_replace_in_place_and_additions_keep_alphabetical_order() {
        let r = release(
            r#"
            [components]
            CUDA = "12.8"
            torch = "2.8"
            accelerate = "1.7"
            vllm = "0.11"
            [arch.amd64.components]
            torch = "2.9"
            triton = "3.4"
            [arch.aarch64.components]
            zzz = "1"
            "#,
        );
        let views = r.resolve(&project());
        let amd64: Vec<_> = views[1]
            .components
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            amd64,
            [
                ("CUDA", "12.8"),
                ("torch", "2.9"),
                ("accelerate", "1.7"),
                ("triton", "3.4"),
                ("vllm", "0.11")
            ]
        );
        assert_eq!(
            views[1].components[1].origin,
            Origin::Override {
                shared_version: "2.8".into()
            }
        );
        assert_eq!(views[1].components[3].origin, Origin::Added);
        let aarch64: Vec<_> = views[0]
            .components
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(aarch64, ["CUDA", "torch", "accelerate", "vllm", "zzz"]);
    }

    #[test]
    fn catalog_and_defaults_pick_ecosystems_and_keys() {
        let r = release(
            "[components]\nUbuntu = \"24.04\"\nflash_attn = \"2.8.3\"\ngdb = \"15.0\"\nPython = \"3.12\"",
        );
        let view = r.resolve_arch(&project(), "amd64");
        let eco: Vec<_> = view
            .components
            .iter()
            .map(|c| (c.key.as_str(), c.ecosystem))
            .collect();
        assert_eq!(
            eco,
            [
                ("ubuntu", Ecosystem::Os),
                ("flash-attn", Ecosystem::Pypi),
                ("gdb", Ecosystem::Generic),
                ("python", Ecosystem::Generic)
            ]
        );
    }

    #[test]
    fn cuda_at_a_glance_prefers_the_driver_base() {
        let components = "[components]\nCUDA = \"12.8\"";
        assert_eq!(
            release(components).cuda(&project()).as_deref(),
            Some("12.8")
        );
        let both = format!("{components}\n[driver]\ncuda = \"12.8.0\"");
        assert_eq!(release(&both).cuda(&project()).as_deref(), Some("12.8.0"));
        assert_eq!(release("").cuda(&project()), None);
    }

    #[test]
    fn per_arch_fields_override_shared_ones() {
        let r = release(
            "scenarios = [\"training\", \"inference\"]\nframework = \"pytorch\"\n[arch.aarch64]\nscenarios = [\"training\"]",
        );
        let views = r.resolve(&project());
        assert_eq!(views[0].scenarios, [Scenario::Training]);
        assert_eq!(
            views[1].scenarios,
            [Scenario::Training, Scenario::Inference]
        );
        assert_eq!(views[0].framework.as_deref(), Some("pytorch"));
    }
}
