//! Integration tests: the project's own records load strictly and hold
//! the facts of the vendor's release notes.

use crate::util::root;
use relnotes::package::Origin;
use relnotes::record::{BugFixes, Workspace};

fn workspace(dir: &str) -> Workspace {
    Workspace::open(&root().join(dir)).expect("project opens")
}

#[test]
fn every_record_of_both_projects_loads_strictly() {
    for dir in [".", "examples/pytorch-cuda"] {
        let ws = workspace(dir);
        let versions = ws.versions().unwrap();
        assert!(versions.len() >= 2, "{dir}: {versions:?}");
        for version in versions {
            let loaded = ws
                .load(&version, true)
                .unwrap_or_else(|e| panic!("{dir} {version}: {e}"));
            assert!(loaded.warnings.is_empty());
        }
    }
}

#[test]
fn release_25_10_archs_differ_exactly_as_the_contents_table() {
    let ws = workspace(".");
    let release = ws.load("25.10", true).unwrap().release;
    let views = release.resolve(&ws.project);
    let names = |i: usize| {
        views[i]
            .components
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(views[0].name, "aarch64");
    assert_eq!(views[1].name, "amd64");
    let (aarch64, amd64) = (names(0), names(1));
    assert!(
        aarch64.contains(&"pytorch-triton")
            && !aarch64.contains(&"triton")
            && !aarch64.contains(&"perf")
    );
    assert!(
        amd64.contains(&"triton") && amd64.contains(&"perf") && !amd64.contains(&"pytorch-triton")
    );
    let only = |of: &[&str], not_in: &[&str]| -> Vec<String> {
        of.iter()
            .filter(|n| !not_in.contains(n))
            .map(|n| n.to_string())
            .collect()
    };
    assert_eq!(only(&aarch64, &amd64), ["pytorch-triton"]);
    assert_eq!(only(&amd64, &aarch64), ["perf", "triton"]);
    assert_eq!(aarch64.len(), 26);
    assert_eq!(amd64.len(), 27);
    // Arch-only components keep the table alphabetical, as the source prints it.
    let perf = amd64.iter().position(|n| *n == "perf").unwrap();
    assert_eq!(
        (amd64[perf - 1], amd64[perf + 1]),
        ("peft", "pytorch-dynamic-profiler")
    );
    let triton = amd64.iter().position(|n| *n == "triton").unwrap();
    assert_eq!(
        (amd64[triton - 1], amd64[triton + 1]),
        ("transformers", "ultralytics")
    );
    for view in &views {
        let torch = view.component("torch").unwrap();
        assert_eq!(torch.version, "2.8.0.9+nv25.3");
        assert_eq!(torch.origin, Origin::Shared);
        assert_eq!(view.component("cuda").unwrap().version, "12.8");
    }
    assert!(matches!(release.bug_fixes, BugFixes::None(ref t) if t.zh == "暂无"));
    let driver = release.driver.as_ref().unwrap();
    assert_eq!(driver.min.as_ref().unwrap(), "575");
    assert_eq!(driver.cuda.as_ref().unwrap(), "12.8.0");
    assert_eq!(driver.datacenter.len(), 4);
}

#[test]
fn release_25_05_keeps_the_versions_stated_in_prose() {
    let ws = workspace(".");
    let release = ws.load("25.05", true).unwrap().release;
    assert_eq!(release.arch_names(), ["amd64"]);
    let view = &release.resolve(&ws.project)[0];
    assert_eq!(view.component("cuda").unwrap().version, "12.9.0");
    assert_eq!(view.component("torch").unwrap().version, "2.6.0.7.post1");
    let images: Vec<&str> = release
        .assets
        .iter()
        .map(|a| a.image.rsplit(':').next().unwrap())
        .collect();
    assert_eq!(images, ["25.05-serverless", "25.05"]);
    assert_ne!(release.assets[0].suits, release.assets[1].suits);
    assert_eq!(release.known_issues.len(), 1);
    assert_eq!(release.bug_fixes.items().len(), 1);
}

#[test]
fn pytorch_cuda_v2_9_has_gpus_ports_and_driver() {
    let ws = workspace("examples/pytorch-cuda");
    let release = ws.load("v2.9", true).unwrap().release;
    let view = &release.resolve(&ws.project)[0];
    for (key, version) in [
        ("torch", "2.9"),
        ("cuda", "12.1"),
        ("cudnn", "8.9"),
        ("nccl", "2.16"),
    ] {
        assert_eq!(
            view.component(key).map(|c| c.version.as_str()),
            Some(version),
            "{key}"
        );
    }
    let gpus: Vec<(&str, Option<&str>)> = release
        .gpus
        .iter()
        .map(|g| (g.name.as_str(), g.compute_capability.as_deref()))
        .collect();
    assert!(
        gpus.contains(&("A100", Some("8.0"))) && gpus.contains(&("H100", Some("9.0"))),
        "{gpus:?}"
    );
    let ports: Vec<(u16, Option<u16>)> = release
        .ports
        .iter()
        .map(|p| (p.container, p.host))
        .collect();
    assert!(
        ports.contains(&(8888, Some(8888))) && ports.contains(&(22, Some(2222))),
        "{ports:?}"
    );
    assert_eq!(
        release.driver.as_ref().unwrap().min.as_ref().unwrap(),
        "535"
    );
}
