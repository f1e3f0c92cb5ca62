//! The effective view of one architecture: shared components merged with
//! that arch's additions and overrides.

use super::arch::Arch;
use super::model::{Project, Release, Scenario};
use super::source_map::join;
use super::text::Text;
use crate::drivers::LinuxPlatform;
use crate::package::{Origin, Package};
use crate::version::Ecosystem;
use serde::Serialize;
use std::collections::HashMap;

/// One arch of a release as pages show it: the record's shared fields with
/// that arch's overrides applied.
#[derive(Debug, Clone, Serialize)]
pub struct ArchView {
    /// The arch, as the record names it.
    pub name: Arch,
    /// What the image of this arch is for.
    pub scenarios: Vec<Scenario>,
    /// The framework the image is built around (`pytorch`).
    pub framework: Option<String>,
    /// What running the image needs (a driver, a GPU).
    pub requirements: Vec<Text>,
    /// Every component the arch holds, in table order (see
    /// [`Release::resolve`]).
    pub components: Vec<Package>,
}

impl ArchView {
    /// The component whose [`Package::key`] is `key` (`flash-attn`, not
    /// `flash_attn`).
    pub fn component(&self, key: &str) -> Option<&Package> {
        self.components.iter().find(|c| c.key == key)
    }
}

impl Project {
    /// The ecosystem of a component: the catalog's word, else the default.
    pub fn ecosystem_of(&self, name: &str) -> Ecosystem {
        // Called for every component of every page: compare the names'
        // normal forms without building one per catalog entry.
        self.catalog
            .iter()
            .find(|(k, _)| crate::version::pep503_eq(k, name))
            .map(|(_, e)| *e)
            .unwrap_or_else(|| crate::components::default_ecosystem(name))
    }
}

impl Release {
    /// The CUDA version the release is built on, and the record key that
    /// states it (`driver.cuda`, else the first component the project's
    /// catalog puts in the CUDA ecosystem: `components.cuda`, then one of
    /// an arch table).
    pub fn base_cuda(&self, project: &Project) -> Option<(String, String)> {
        if let Some(cuda) = self.driver.as_ref().and_then(|d| d.cuda.as_ref()) {
            return Some((cuda.clone(), "driver.cuda".to_string()));
        }
        let is_cuda = |name: &str| project.ecosystem_of(name) == Ecosystem::Cuda;
        if let Some((name, version)) = self.components.iter().find(|(n, _)| is_cuda(n)) {
            return Some((version.clone(), join("components", name)));
        }
        self.arch.iter().find_map(|(arch, table)| {
            table
                .components
                .iter()
                .find(|(n, _)| is_cuda(n))
                .map(|(name, version)| {
                    let place = join(&join(&join("arch", arch.as_str()), "components"), name);
                    (version.clone(), place)
                })
        })
    }

    /// The Linux platform whose column of NVIDIA's driver table applies:
    /// aarch64 when every declared arch is aarch64, else x86_64.
    pub fn linux_platform(&self) -> LinuxPlatform {
        let arm = |a: &Arch| a.oci() == "arm64";
        if !self.archs.is_empty() && self.archs.iter().all(arm) {
            LinuxPlatform::Aarch64
        } else {
            LinuxPlatform::X86_64
        }
    }

    /// The declared archs' names, in record order.
    pub fn arch_names(&self) -> Vec<String> {
        self.archs.iter().map(Arch::to_string).collect()
    }

    /// The declared arch named `name`, if any.
    pub fn arch_named(&self, name: &str) -> Option<&Arch> {
        self.archs.iter().find(|a| a.as_str() == name)
    }

    /// The CUDA version to show at a glance: the base CUDA of the driver
    /// requirements, else the first arch's CUDA component.
    pub fn cuda(&self, project: &Project) -> Option<String> {
        self.driver
            .as_ref()
            .and_then(|d| d.cuda.clone())
            .or_else(|| {
                let arch = self.archs.first()?;
                self.resolve_arch(project, arch)
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
            .iter()
            .map(|arch| self.resolve_arch(project, arch))
            .collect()
    }

    /// The effective view of the declared `arch`, as [`Release::resolve`]
    /// builds it for each.
    pub fn resolve_arch(&self, project: &Project, arch: &Arch) -> ArchView {
        let overrides = self.arch.get(arch);
        ArchView {
            name: arch.clone(),
            scenarios: overrides
                .and_then(|o| o.scenarios.clone())
                .unwrap_or_else(|| self.scenarios.clone()),
            framework: overrides
                .and_then(|o| o.framework.clone())
                .or_else(|| self.framework.clone()),
            requirements: overrides
                .and_then(|o| o.requirements.clone())
                .unwrap_or_else(|| self.requirements.clone()),
            components: self.components_of(project, arch),
        }
    }

    /// The effective components of the declared `arch`: the shared ones
    /// with the arch's overrides in place and its additions among them.
    pub(crate) fn components_of(&self, project: &Project, arch: &Arch) -> Vec<Package> {
        self.component_refs_of(project, arch)
            .into_iter()
            .map(|c| {
                let origin = match c.placed {
                    Placed::Shared => Origin::Shared,
                    Placed::Added => Origin::Added,
                    Placed::Override { shared_version } => Origin::Override {
                        shared_version: shared_version.to_string(),
                    },
                };
                Package::new(c.name, c.version, c.ecosystem, origin)
            })
            .collect()
    }

    /// The components of the declared `arch` as [`ArchView::components`]
    /// lists them, but borrowed from the record: what reads the components
    /// of every release (the support matrix) builds no package, name key or
    /// version string for each.
    pub fn component_refs_of<'a>(
        &'a self,
        project: &Project,
        arch: &Arch,
    ) -> Vec<ComponentRef<'a>> {
        let overrides = self.arch.get(arch);
        let component = |name: &'a str, version: &'a str, placed: Placed<'a>| ComponentRef {
            name,
            version,
            ecosystem: project.ecosystem_of(name),
            placed,
        };
        let mut components: Vec<ComponentRef<'a>> = self
            .components
            .iter()
            .map(|(n, v)| component(n, v, Placed::Shared))
            .collect();
        if let Some(over) = overrides {
            // Overrides replace shared components in place, found by key;
            // only additions shift positions, so they come after. A few
            // overrides are compared with every shared component without
            // building a key (the site reads every release's components);
            // many are looked up by key, so that a record of thousands of
            // overrides loads in linear time.
            let shared = components.len();
            let by_key: Option<HashMap<String, usize>> = (over.components.len() > FEW_OVERRIDES)
                .then(|| {
                    components
                        .iter()
                        .enumerate()
                        .map(|(i, c)| (c.key(), i))
                        .collect()
                });
            let mut additions = Vec::new();
            for (name, version) in &over.components {
                let added = component(name, version, Placed::Added);
                let found = match &by_key {
                    Some(by_key) => by_key.get(&added.key()).copied(),
                    None => components[..shared]
                        .iter()
                        .rposition(|c| c.same_key(&added)),
                };
                match found {
                    Some(i) => {
                        let shared_version = components[i].version;
                        components[i] = ComponentRef {
                            placed: Placed::Override { shared_version },
                            ..added
                        };
                    }
                    None => additions.push(added),
                }
            }
            for added in additions {
                let at = components
                    .iter()
                    .rposition(|c| sorts_before(c.name, added.name))
                    .map_or(0, |i| i + 1);
                components.insert(at, added);
            }
        }
        components
    }
}

/// Up to this many overrides of an arch are matched with the shared
/// components one by one; more are looked up by key.
const FEW_OVERRIDES: usize = 16;

/// A component of one arch of a record, borrowed from it.
#[derive(Debug, Clone, Copy)]
pub struct ComponentRef<'a> {
    /// As the record spells it.
    pub name: &'a str,
    /// As the record writes it (for an override, the arch's version).
    pub version: &'a str,
    /// From the project's catalog, else the default for the name.
    pub ecosystem: Ecosystem,
    pub(crate) placed: Placed<'a>,
}

impl ComponentRef<'_> {
    /// The name as the ecosystem compares names ([`Package::key`]).
    pub fn key(&self) -> String {
        self.ecosystem.normalize_name(self.name)
    }

    /// Whether both have the same [`key`](Self::key), mostly without
    /// building either.
    pub(crate) fn same_key(&self, other: &ComponentRef) -> bool {
        if self.ecosystem == other.ecosystem {
            self.ecosystem.names_eq(self.name, other.name)
        } else {
            self.key() == other.key()
        }
    }
}

/// Where a component of an arch comes from in its record.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Placed<'a> {
    Shared,
    Added,
    Override { shared_version: &'a str },
}

/// Whether `a` sorts before `b` by their lowercase forms; ASCII names
/// (nearly all) are compared without building either form.
fn sorts_before(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        a.bytes()
            .map(|c| c.to_ascii_lowercase())
            .lt(b.bytes().map(|c| c.to_ascii_lowercase()))
    } else {
        a.to_lowercase() < b.to_lowercase()
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
    fn names_sort_by_their_lowercase_forms() {
        let pairs = [
            ("Apex", "bitsandbytes"),
            ("apex", "Bitsandbytes"),
            ("NCCL", "nccl-tests"),
            ("a", "ab"),
            ("Éclair", "été"),
            ("zeta", "Ωmega"),
        ];
        for (a, b) in pairs {
            assert_eq!(
                sorts_before(a, b),
                a.to_lowercase() < b.to_lowercase(),
                "{a} {b}"
            );
            assert_eq!(
                sorts_before(b, a),
                b.to_lowercase() < a.to_lowercase(),
                "{b} {a}"
            );
        }
        assert!(sorts_before("Apex", "bitsandbytes"));
        assert!(!sorts_before("NCCL", "nccl"));
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
    fn an_override_spelled_otherwise_replaces_the_shared_component() {
        let r = release(
            r#"
            [components]
            Ubuntu = "24.04"
            flash_attn = "2.8.3"
            [arch.amd64.components]
            "Flash.Attn" = "2.8.4"
            UBUNTU = "24.10"
            "#,
        );
        let view = r.resolve_arch(&project(), &"amd64".parse().unwrap());
        let components: Vec<_> = view
            .components
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str(), c.origin.clone()))
            .collect();
        let overridden = |v: &str| Origin::Override {
            shared_version: v.into(),
        };
        assert_eq!(
            components,
            [
                ("UBUNTU", "24.10", overridden("24.04")),
                ("Flash.Attn", "2.8.4", overridden("2.8.3")),
            ]
        );
    }

    #[test]
    fn catalog_and_defaults_pick_ecosystems_and_keys() {
        let r = release(
            "[components]\nUbuntu = \"24.04\"\nflash_attn = \"2.8.3\"\ngdb = \"15.0\"\nPython = \"3.12\"",
        );
        let view = r.resolve_arch(&project(), &"amd64".parse().unwrap());
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

    /// Many overrides are found by key, the way a few are found by
    /// comparison: the same views either way.
    #[test]
    fn many_overrides_resolve_as_few_do() {
        let count = FEW_OVERRIDES * 3;
        let mut body = String::from("[components]\nNCCL = \"2.27\"\n");
        for i in 0..count {
            body.push_str(&format!("Pkg_{i} = \"1.{i}\"\n"));
        }
        body.push_str("[arch.amd64.components]\nnccl = \"2.28\"\n");
        for i in (0..count).rev() {
            body.push_str(&format!("pkg-{i} = \"2.{i}\"\n"));
        }
        body.push_str("zz-added = \"1\"\n");
        let views = release(&body).resolve(&project());
        let amd64 = &views[1].components;
        assert_eq!(amd64.len(), count + 2);
        assert_eq!(
            (amd64[0].name.as_str(), amd64[0].version.as_str()),
            ("nccl", "2.28")
        );
        for i in 0..count {
            let c = &amd64[i + 1];
            assert_eq!(
                (c.name.as_str(), c.version.as_str()),
                (format!("pkg-{i}").as_str(), format!("2.{i}").as_str())
            );
            assert_eq!(
                c.origin,
                Origin::Override {
                    shared_version: format!("1.{i}")
                }
            );
        }
        assert_eq!(amd64[count + 1].name, "zz-added");
        assert_eq!(amd64[count + 1].origin, Origin::Added);
    }
}
