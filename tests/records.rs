//! Integration tests: the project's own records load strictly and hold
//! the facts of the vendor's release notes.

use crate::util::root;
use model::{BugFixes, Lang, Origin, Workspace};

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
    assert!(matches!(release.bug_fixes, BugFixes::None(ref t) if t.side(Lang::ZH) == "暂无"));
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

/// The committed schema files are what `relnotes schema` prints today.
#[test]
fn committed_schemas_are_current() {
    for (args, file) in [
        (&["schema"][..], "schemas/record.schema.json"),
        (&["schema", "--project"][..], "schemas/project.schema.json"),
    ] {
        let printed = crate::util::stdout_of(crate::util::relnotes().args(args));
        let committed = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            printed == committed,
            "{file} is stale: run `relnotes {} > {file}`",
            args.join(" ")
        );
    }
}

fn validator(file: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn toml_as_json(text: &str) -> serde_json::Value {
    toml::from_str(text).expect("valid TOML")
}

fn schema_errors(validator: &jsonschema::Validator, instance: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn every_record_and_project_file_validates_against_its_schema() {
    let record = validator("schemas/record.schema.json");
    let project = validator("schemas/project.schema.json");
    let mut checked = 0;
    for dir in [root(), root().join("examples/pytorch-cuda")] {
        let file = dir.join("relnotes.toml");
        let errors = schema_errors(
            &project,
            &toml_as_json(&std::fs::read_to_string(&file).unwrap()),
        );
        assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
        for entry in std::fs::read_dir(dir.join("releases")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let json = toml_as_json(&std::fs::read_to_string(&path).unwrap());
                let errors = schema_errors(&record, &json);
                assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "{checked}");
}

#[test]
fn the_schema_refuses_what_the_loader_refuses() {
    let record = validator("schemas/record.schema.json");
    let source = std::fs::read_to_string(root().join("releases/25.10.toml")).unwrap();
    assert!(record.is_valid(&toml_as_json(&source)));
    let mutate = |from: &str, to: &str| {
        assert!(source.contains(from), "{from}");
        toml_as_json(&source.replacen(from, to, 1))
    };

    let misspelt = mutate("[[features]]", "[[featurs]]");
    let errors = schema_errors(&record, &misspelt);
    assert!(errors.iter().any(|e| e.contains("featurs")), "{errors:#?}");

    let unknown_arch = mutate("archs = [\"aarch64\"", "archs = [\"sparc\"");
    assert!(!record.is_valid(&unknown_arch));

    // bug_fixes: an array of texts, or `none = { zh, en }`, nothing else.
    let mut json = toml_as_json(&source);
    json["bug_fixes"] = serde_json::json!({ "none": { "zh": "暂无", "en": "None" } });
    assert!(
        record.is_valid(&json),
        "{:#?}",
        schema_errors(&record, &json)
    );
    json["bug_fixes"] = serde_json::json!([{ "zh": "修复", "en": "fixed" }]);
    assert!(record.is_valid(&json));
    json["bug_fixes"] = serde_json::json!({ "nothing": { "zh": "暂无", "en": "None" } });
    assert!(!record.is_valid(&json));
    // A text is keyed by language tags (which ones the project has is the
    // loader's to judge) and holds strings.
    json["bug_fixes"] = serde_json::json!([{ "zh": "修复", "fr": "corrigé" }]);
    assert!(record.is_valid(&json));
    json["bug_fixes"] = serde_json::json!([{ "zh": "修复", "zh_CN": "修复" }]);
    assert!(!record.is_valid(&json));
    json["bug_fixes"] = serde_json::json!([{ "zh": "修复", "en": 3 }]);
    assert!(!record.is_valid(&json));
}
