//! The data a release page template sees: every text already in the page's
//! language, every list present (possibly empty), every optional value
//! present as `null`, so strict mode can tell a typo from an absent fact.
//!
//! docs/templates.md describes every field.

use super::labels::{label, labels};
use super::{PageFormat, markdown, page_file_name};
use crate::package::Package;
use crate::record::{ArchView, BugFixes, Lang, Release, Text, Workspace};
use serde_json::{Value, json};

/// The fields every page shares, at the root of its context: `lang`,
/// `other_lang`, `format`, `labels`, `product`, and `page` (what the HTML
/// layout partial reads: `page.lang`, `page.title`, `page.alternate`).
///
/// `alternate_href` is the file name of the same page in the other
/// language, or `None` when the project is written in one language only.
pub fn page_base(
    workspace: &Workspace,
    lang: Lang,
    format: PageFormat,
    title: &str,
    alternate_href: Option<String>,
) -> Value {
    let product = &workspace.project.product;
    let other = lang.other();
    let alternate = match &alternate_href {
        Some(href) => json!({
            "lang": other.code(),
            "href": href,
            "label": label("language_name", other).unwrap_or(other.code()),
        }),
        None => Value::Null,
    };
    json!({
        "lang": lang.code(),
        "other_lang": other.code(),
        "format": format.extension(),
        "alternate_href": alternate_href,
        "labels": labels(lang),
        "product": product.name.get(lang),
        "product_id": product.id,
        "product_description": product.description.as_ref().map(|d| d.get(lang)),
        "page": {
            "lang": lang.code(),
            "title": title,
            "alternate": alternate,
            // Hooks for the pages of `relnotes site`: more <link>s in the
            // head, and a navigation bar.
            "links": [],
            "nav": null,
        },
    })
}

/// The file name of `version`'s page in the other language, when the
/// project writes pages in it.
pub fn alternate_page(
    workspace: &Workspace,
    version: &str,
    lang: Lang,
    format: PageFormat,
) -> Option<String> {
    let other = lang.other();
    workspace
        .languages()
        .contains(&other)
        .then(|| page_file_name(version, other, format.extension()))
}

/// The context of `release.md.hbs` / `release.html.hbs`.
pub fn release_context(
    workspace: &Workspace,
    release: &Release,
    lang: Lang,
    format: PageFormat,
) -> Value {
    let version = release.version.as_str();
    let title = release.title.get(lang);
    let alternate = alternate_page(workspace, version, lang, format);
    let views = release.resolve(&workspace.project);
    let text = |t: &Text| t.get(lang).to_string();
    let texts = |ts: &[Text]| {
        ts.iter()
            .map(|t| t.get(lang).to_string())
            .collect::<Vec<_>>()
    };
    let body = |t: &Text| match format {
        PageFormat::Md => t.get(lang).trim().to_string(),
        PageFormat::Html => markdown::to_html(t.get(lang)).trim_end().to_string(),
    };

    let mut context = page_base(workspace, lang, format, title, alternate);
    let root = context.as_object_mut().expect("page_base is an object");
    let fields = json!({
        "version": version,
        "date": release.date,
        "title": title,
        "summary": release.summary.as_ref().map(text),
        "features": texts(&release.features),
        "bug_fixes": match &release.bug_fixes {
            BugFixes::None(none) => json!({ "items": [], "none": text(none) }),
            BugFixes::List(items) if items.is_empty() => Value::Null,
            BugFixes::List(items) => json!({ "items": texts(items), "none": null }),
        },
        "known_issues": texts(&release.known_issues),
        "archs": release.arch_names(),
        "arch_details": views.iter().map(|v| arch_details(v, lang)).collect::<Vec<_>>(),
        "overview": overview(&views, lang),
        "components": components_table(&views),
        "includes": release.includes.iter().map(|i| json!({
            "name": i.name,
            "detail": i.detail.as_ref().map(text),
        })).collect::<Vec<_>>(),
        "driver": release.driver.as_ref().map(|d| json!({
            "cuda": d.cuda.as_ref(),
            "min": d.min.as_ref(),
            "datacenter": d.datacenter.iter().map(|b| json!({
                "branch": b.branch,
                "min": b.min,
            })).collect::<Vec<_>>(),
            "upgrade_from": d.upgrade_from,
            "not_forward_compatible_with": d.not_forward_compatible_with,
            "wording": d.wording.as_ref().map(body),
        })),
        "assets": release.assets.iter().map(|a| {
            let (repository, tag) = split_image(&a.image);
            json!({
                "image": a.image,
                "repository": repository,
                "tag": tag,
                "pull": format!("docker pull {}", a.image),
                "suits": texts(&a.suits),
                "not_suits": texts(&a.not_suits),
                "note": a.note.as_ref().map(text),
            })
        }).collect::<Vec<_>>(),
        "vpc_image": release.vpc_image.as_ref().map(|v| json!({
            "template": v.template,
            "placeholders": v.placeholders.iter().map(|p| json!({
                "name": p.name,
                "token": format!("{{{}}}", p.name),
                "examples": p.examples,
                "description": p.description.as_ref().map(text),
            })).collect::<Vec<_>>(),
        })),
        "sections": release.sections.iter().map(|s| json!({
            "id": s.id,
            "title": text(&s.title),
            "body": body(&s.body),
        })).collect::<Vec<_>>(),
        "env": release.env.iter().map(|e| json!({
            "name": e.name,
            "value": e.value,
            "description": e.description.as_ref().map(text),
        })).collect::<Vec<_>>(),
        "gpus": release.gpus.iter().map(|g| json!({
            "name": g.name,
            "architecture": g.architecture,
            "compute_capability": g.compute_capability,
        })).collect::<Vec<_>>(),
        "ports": release.ports.iter().map(|p| json!({
            "service": p.service,
            "container": p.container,
            "host": p.host,
        })).collect::<Vec<_>>(),
    });
    if let Value::Object(fields) = fields {
        root.extend(fields);
    }
    context
}

fn arch_details(view: &ArchView, lang: Lang) -> Value {
    json!({
        "name": view.name,
        "scenarios": view.scenarios.iter().map(|s| s.text().get(lang).to_string()).collect::<Vec<_>>(),
        "framework": view.framework,
        "requirements": view.requirements.iter().map(|r| r.get(lang).to_string()).collect::<Vec<_>>(),
    })
}

/// The rows above the component table (scenarios, framework,
/// requirements): one cell per arch, each a list of strings; a row only
/// when some arch has something to say.
fn overview(views: &[ArchView], lang: Lang) -> Value {
    let cell = |key: &str, v: &ArchView| -> Vec<String> {
        match key {
            "scenarios" if v.scenarios.is_empty() => Vec::new(),
            "scenarios" => {
                let names: Vec<String> = v
                    .scenarios
                    .iter()
                    .map(|s| s.text().get(lang).to_string())
                    .collect();
                vec![names.join("/")]
            }
            "framework" => v.framework.iter().cloned().collect(),
            _ => v
                .requirements
                .iter()
                .map(|r| r.get(lang).to_string())
                .collect(),
        }
    };
    let mut out = Vec::new();
    for key in ["scenarios", "framework", "requirements"] {
        let cells: Vec<Vec<String>> = views.iter().map(|v| cell(key, v)).collect();
        if cells.iter().all(Vec::is_empty) {
            continue;
        }
        let differs = cells.windows(2).any(|w| w[0] != w[1]);
        out.push(json!({
            "key": key,
            "label": label(key, lang).unwrap_or(key),
            "cells": cells,
            "differs": differs,
        }));
    }
    Value::Array(out)
}

/// One component row: its name as first written, and its cell per arch.
struct Row<'a> {
    key: String,
    cells: Vec<Option<&'a Package>>,
}

/// Union of the components of every arch: the first arch's order, with
/// each component another arch adds placed after the one it follows there.
fn component_rows(views: &[ArchView]) -> Vec<Row<'_>> {
    let mut order: Vec<String> = Vec::new();
    for view in views {
        let mut previous: Option<usize> = None;
        for component in &view.components {
            match order.iter().position(|k| *k == component.key) {
                Some(at) => previous = Some(at),
                None => {
                    let at = previous.map_or(0, |p| p + 1);
                    order.insert(at, component.key.clone());
                    previous = Some(at);
                }
            }
        }
    }
    order
        .into_iter()
        .map(|key| {
            let cells = views.iter().map(|v| v.component(&key)).collect();
            Row { key, cells }
        })
        .collect()
}

fn components_table(views: &[ArchView]) -> Value {
    let archs: Vec<&str> = views.iter().map(|v| v.name.as_str()).collect();
    let rows: Vec<Value> = component_rows(views)
        .into_iter()
        .map(|row| {
            let first = row
                .cells
                .iter()
                .flatten()
                .next()
                .expect("a row has at least one component");
            let versions: Vec<Option<&str>> = row
                .cells
                .iter()
                .map(|c| c.map(|c| c.version.as_str()))
                .collect();
            let differs = versions.windows(2).any(|w| w[0] != w[1]);
            let only_on: Vec<&str> = if row.cells.iter().all(Option::is_some) {
                Vec::new()
            } else {
                archs
                    .iter()
                    .zip(&row.cells)
                    .filter(|(_, c)| c.is_some())
                    .map(|(a, _)| *a)
                    .collect()
            };
            let cells: Vec<Value> = archs
                .iter()
                .zip(&row.cells)
                .map(|(arch, cell)| match cell {
                    Some(c) => json!({
                        "arch": arch,
                        "present": true,
                        "version": c.version,
                        "origin": c.origin.kind(),
                        "shared_version": c.origin.shared_version(),
                    }),
                    None => json!({
                        "arch": arch,
                        "present": false,
                        "version": null,
                        "origin": null,
                        "shared_version": null,
                    }),
                })
                .collect();
            json!({
                "name": first.name,
                "key": row.key,
                "ecosystem": first.ecosystem.as_str(),
                "differs": differs,
                "only_on": only_on,
                "cells": cells,
            })
        })
        .collect();
    let any_differs = rows.iter().any(|r| r["differs"] == true);
    json!({
        "archs": archs,
        "rows": rows,
        "any_differs": any_differs,
    })
}

/// `registry/ns/name:tag` → (`registry/ns/name`, `tag`), as written; no tag
/// → `None`; a text that is not an image reference is all name.
fn split_image(image: &str) -> (&str, Option<&str>) {
    match crate::reference::ImageRef::parse(image) {
        Ok(parsed) => {
            // The written name is followed by `:tag` when there is a tag.
            let name = &image[..parsed.written_name().len()];
            let tag = parsed
                .tag()
                .map(|tag| &image[name.len() + 1..name.len() + 1 + tag.len()]);
            (name, tag)
        }
        Err(_) => (image, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Project, Release};

    fn project() -> Project {
        toml::from_str("languages = [\"zh\", \"en\"]\n[product]\nid = \"p\"\nname = { zh = \"产品\", en = \"Product\" }\n")
            .unwrap()
    }

    fn release() -> Release {
        toml::from_str(
            r#"
            version = "1.0"
            archs = ["aarch64", "amd64"]
            title = { zh = "标题", en = "Title" }
            scenarios = ["training"]
            [components]
            CUDA = "12.8"
            peft = "0.16"
            torch = "2.8"
            vllm = "0.11"
            [arch.aarch64.components]
            pytorch-triton = "3.4.0"
            [arch.amd64.components]
            perf = "5.4"
            torch = "2.9"
            triton = "3.4.0"
            "#,
        )
        .unwrap()
    }

    #[test]
    fn component_rows_merge_the_archs_in_a_stable_order() {
        let views = release().resolve(&project());
        let table = components_table(&views);
        let names: Vec<&str> = table["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "CUDA",
                "peft",
                "perf",
                "pytorch-triton",
                "torch",
                "triton",
                "vllm"
            ]
        );
        let row = |name: &str| {
            table["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == name)
                .unwrap()
                .clone()
        };
        assert_eq!(row("CUDA")["differs"], false);
        assert_eq!(row("CUDA")["only_on"], json!([]));
        assert_eq!(row("pytorch-triton")["differs"], true);
        assert_eq!(row("pytorch-triton")["only_on"], json!(["aarch64"]));
        assert_eq!(
            row("pytorch-triton")["cells"][1],
            json!({"arch": "amd64", "present": false, "version": null, "origin": null, "shared_version": null})
        );
        let torch = row("torch");
        assert_eq!(torch["differs"], true, "another version on amd64");
        assert_eq!(torch["only_on"], json!([]));
        assert_eq!(torch["cells"][1]["origin"], "override");
        assert_eq!(torch["cells"][1]["shared_version"], "2.8");
        assert_eq!(table["any_differs"], true);
    }

    #[test]
    fn one_language_projects_have_no_alternate_page() {
        let project: Project =
            toml::from_str("languages = [\"en\"]\n[product]\nid = \"p\"\nname = { zh = \"产品\", en = \"Product\" }\n")
                .unwrap();
        let workspace = Workspace {
            root: std::path::PathBuf::from("."),
            project,
        };
        let en = release_context(&workspace, &release(), Lang::En, PageFormat::Html);
        assert_eq!(en["alternate_href"], Value::Null);
        assert_eq!(en["page"]["alternate"], Value::Null);
    }

    #[test]
    fn release_context_is_in_the_page_language() {
        let workspace = Workspace {
            root: std::path::PathBuf::from("."),
            project: project(),
        };
        let zh = release_context(&workspace, &release(), Lang::Zh, PageFormat::Html);
        assert_eq!(zh["title"], "标题");
        assert_eq!(zh["product"], "产品");
        assert_eq!(zh["labels"]["features"], "主要特性");
        assert_eq!(zh["alternate_href"], "1.0.en.html");
        assert_eq!(
            zh["page"]["alternate"],
            json!({"lang": "en", "href": "1.0.en.html", "label": "English"})
        );
        assert_eq!(zh["overview"][0]["cells"], json!([["训练"], ["训练"]]));
        assert_eq!(zh["bug_fixes"], Value::Null, "nothing said about bug fixes");
        for optional in ["summary", "date", "driver", "vpc_image"] {
            assert_eq!(zh[optional], Value::Null, "{optional} is present as null");
        }
        for list in [
            "features",
            "known_issues",
            "assets",
            "sections",
            "env",
            "gpus",
            "ports",
            "includes",
        ] {
            assert_eq!(zh[list], json!([]), "{list} is present as a list");
        }
        let en = release_context(&workspace, &release(), Lang::En, PageFormat::Md);
        assert_eq!(en["title"], "Title");
        assert_eq!(en["page"]["alternate"]["label"], "中文");
        assert_eq!(en["alternate_href"], "1.0.zh.md");
    }

    #[test]
    fn image_references() {
        assert_eq!(
            split_image(
                "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.10-serverless"
            ),
            (
                "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch",
                Some("25.10-serverless")
            )
        );
        assert_eq!(
            split_image("localhost:5000/img"),
            ("localhost:5000/img", None)
        );
        assert_eq!(
            split_image("localhost:5000/img:1.0"),
            ("localhost:5000/img", Some("1.0"))
        );
        assert_eq!(
            split_image("pytorch-cuda:v2.9"),
            ("pytorch-cuda", Some("v2.9"))
        );
        let pinned = format!("r.io/x:1@sha256:{}", "a".repeat(64));
        assert_eq!(split_image(&pinned), ("r.io/x", Some("1")));
        assert_eq!(split_image("r.io/X:1"), ("r.io/X:1", None));
    }
}
