//! The data a release page template sees: every text already in the page's
//! language, every list present (possibly empty), every optional value
//! present as `null`, so strict mode can tell a typo from an absent fact.
//!
//! docs/templates.md describes every field.

use super::components::{ComponentsTable, components_table};
use super::labels::label;
use super::page::{Page, PageBase, alternate_pages};
use super::{PageFormat, markdown};
use model::{ArchView, BugFixes, Lang, Release, Text, Workspace};
use serde::Serialize;

/// The context of `release.md.hbs` / `release.html.hbs`.
pub(crate) type ReleaseContext = Page<ReleaseNotes>;

/// What a release page shows of its record.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReleaseNotes {
    pub version: String,
    /// A draft of `relnotes new`, not reviewed yet: pages say so.
    pub draft: bool,
    pub date: Option<String>,
    pub title: String,
    pub summary: Option<String>,
    pub features: Vec<String>,
    /// `None` when the record says nothing about bug fixes.
    pub bug_fixes: Option<BugFixList>,
    pub known_issues: Vec<String>,
    pub archs: Vec<String>,
    pub arch_details: Vec<ArchDetails>,
    pub overview: Vec<OverviewRow>,
    pub components: ComponentsTable,
    pub includes: Vec<IncludeItem>,
    pub driver: Option<DriverFacts>,
    pub assets: Vec<AssetItem>,
    pub vpc_image: Option<VpcImageItem>,
    pub sections: Vec<SectionItem>,
    pub env: Vec<EnvItem>,
    pub gpus: Vec<GpuItem>,
    pub ports: Vec<PortItem>,
}

/// Bug fixes: a list, or the record's words for "none" (`items` empty).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BugFixList {
    pub items: Vec<String>,
    pub none: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ArchDetails {
    pub name: String,
    pub scenarios: Vec<String>,
    pub framework: Option<String>,
    pub requirements: Vec<String>,
}

/// A row above the component table: one cell per arch, each a list of strings.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct OverviewRow {
    pub key: &'static str,
    pub label: &'static str,
    pub cells: Vec<Vec<String>>,
    pub differs: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct IncludeItem {
    pub name: String,
    pub detail: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct DriverFacts {
    pub cuda: Option<String>,
    pub min: Option<String>,
    pub datacenter: Vec<DatacenterItem>,
    pub upgrade_from: Vec<String>,
    pub not_forward_compatible_with: Option<String>,
    /// Markdown in Markdown pages, HTML in HTML pages.
    pub wording: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct DatacenterItem {
    pub branch: String,
    pub min: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetItem {
    pub image: String,
    pub repository: String,
    pub tag: Option<String>,
    pub pull: String,
    pub suits: Vec<String>,
    pub not_suits: Vec<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct VpcImageItem {
    pub template: String,
    pub placeholders: Vec<PlaceholderItem>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlaceholderItem {
    pub name: String,
    /// `{name}`, as written in the template.
    pub token: String,
    pub examples: Vec<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionItem {
    pub id: String,
    pub title: String,
    /// Markdown in Markdown pages, HTML in HTML pages.
    pub body: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct EnvItem {
    pub name: String,
    pub value: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct GpuItem {
    pub name: String,
    pub architecture: Option<String>,
    pub compute_capability: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct PortItem {
    pub service: String,
    pub container: u16,
    pub host: Option<u16>,
}

/// The context of `release.md.hbs` / `release.html.hbs`.
pub(crate) fn release_context(
    workspace: &Workspace,
    release: &Release,
    lang: Lang,
    format: PageFormat,
) -> ReleaseContext {
    let content = release_notes(workspace, release, lang, format);
    let alternates = alternate_pages(workspace, &content.version, lang, format);
    Page {
        base: PageBase::new(workspace, lang, format, &content.title, alternates),
        content,
    }
}

/// The fields of a release page that come from its record.
pub(crate) fn release_notes(
    workspace: &Workspace,
    release: &Release,
    lang: Lang,
    format: PageFormat,
) -> ReleaseNotes {
    release_notes_of(release, &release.resolve(&workspace.project), lang, format)
}

/// [`release_notes`] from the release's `views` (`Release::resolve`),
/// for a caller that renders several pages of one release.
pub(crate) fn release_notes_of(
    release: &Release,
    views: &[ArchView],
    lang: Lang,
    format: PageFormat,
) -> ReleaseNotes {
    let text = |t: &Text| t.get(lang).to_string();
    let texts = |ts: &[Text]| ts.iter().map(text).collect::<Vec<_>>();
    let body = |t: &Text| match format {
        PageFormat::Md => t.get(lang).trim().to_string(),
        PageFormat::Html => markdown::to_html(t.get(lang)).trim_end().to_string(),
    };
    ReleaseNotes {
        version: release.version.clone(),
        draft: release.draft,
        date: release.date.clone(),
        title: text(&release.title),
        summary: release.summary.as_ref().map(text),
        features: texts(&release.features),
        bug_fixes: match &release.bug_fixes {
            BugFixes::None(none) => Some(BugFixList {
                items: Vec::new(),
                none: Some(text(none)),
            }),
            BugFixes::List(items) if items.is_empty() => None,
            BugFixes::List(items) => Some(BugFixList {
                items: texts(items),
                none: None,
            }),
        },
        known_issues: texts(&release.known_issues),
        archs: release.arch_names(),
        arch_details: views.iter().map(|v| arch_details(v, lang)).collect(),
        overview: overview(views, lang),
        components: components_table(views),
        includes: release
            .includes
            .iter()
            .map(|i| IncludeItem {
                name: i.name.clone(),
                detail: i.detail.as_ref().map(text),
            })
            .collect(),
        driver: release.driver.as_ref().map(|d| DriverFacts {
            cuda: d.cuda.clone(),
            min: d.min.clone(),
            datacenter: d
                .datacenter
                .iter()
                .map(|b| DatacenterItem {
                    branch: b.branch.clone(),
                    min: b.min.clone(),
                })
                .collect(),
            upgrade_from: d.upgrade_from.clone(),
            not_forward_compatible_with: d.not_forward_compatible_with.clone(),
            wording: d.wording.as_ref().map(body),
        }),
        assets: release
            .assets
            .iter()
            .map(|a| {
                let (repository, tag) = split_image(&a.image);
                AssetItem {
                    image: a.image.clone(),
                    repository: repository.to_string(),
                    tag: tag.map(str::to_string),
                    pull: format!("docker pull {}", a.image),
                    suits: texts(&a.suits),
                    not_suits: texts(&a.not_suits),
                    note: a.note.as_ref().map(text),
                }
            })
            .collect(),
        vpc_image: release.vpc_image.as_ref().map(|v| VpcImageItem {
            template: v.template.clone(),
            placeholders: v
                .placeholders
                .iter()
                .map(|p| PlaceholderItem {
                    name: p.name.clone(),
                    token: format!("{{{}}}", p.name),
                    examples: p.examples.clone(),
                    description: p.description.as_ref().map(text),
                })
                .collect(),
        }),
        sections: release
            .sections
            .iter()
            .map(|s| SectionItem {
                id: s.id.clone(),
                title: text(&s.title),
                body: body(&s.body),
            })
            .collect(),
        env: release
            .env
            .iter()
            .map(|e| EnvItem {
                name: e.name.clone(),
                value: e.value.clone(),
                description: e.description.as_ref().map(text),
            })
            .collect(),
        gpus: release
            .gpus
            .iter()
            .map(|g| GpuItem {
                name: g.name.clone(),
                architecture: g.architecture.clone(),
                compute_capability: g.compute_capability.clone(),
            })
            .collect(),
        ports: release
            .ports
            .iter()
            .map(|p| PortItem {
                service: p.service.clone(),
                container: p.container,
                host: p.host,
            })
            .collect(),
    }
}

fn arch_details(view: &ArchView, lang: Lang) -> ArchDetails {
    ArchDetails {
        name: view.name.to_string(),
        scenarios: view
            .scenarios
            .iter()
            .map(|s| s.words(lang).to_string())
            .collect(),
        framework: view.framework.clone(),
        requirements: view
            .requirements
            .iter()
            .map(|r| r.get(lang).to_string())
            .collect(),
    }
}

/// The rows above the component table (scenarios, framework,
/// requirements): one cell per arch, each a list of strings; a row only
/// when some arch has something to say.
fn overview(views: &[ArchView], lang: Lang) -> Vec<OverviewRow> {
    let cell = |key: &str, v: &ArchView| -> Vec<String> {
        match key {
            "scenarios" if v.scenarios.is_empty() => Vec::new(),
            "scenarios" => {
                let names: Vec<String> = v
                    .scenarios
                    .iter()
                    .map(|s| s.words(lang).to_string())
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
        out.push(OverviewRow {
            key,
            label: label(key, lang).unwrap_or(key),
            cells,
            differs,
        });
    }
    out
}

/// `registry/ns/name:tag` → (`registry/ns/name`, `tag`); no tag → `None`.
fn split_image(image: &str) -> (&str, Option<&str>) {
    match model::ImageRef::parse(image) {
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
pub(super) mod tests {
    use super::*;
    use model::{Project, Release};

    pub(in crate::render) fn project() -> Project {
        toml::from_str("languages = [\"zh\", \"en\"]\n[product]\nid = \"p\"\nname = { zh = \"产品\", en = \"Product\" }\n")
            .unwrap()
    }

    pub(in crate::render) fn release() -> Release {
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
    fn one_language_projects_have_no_alternate_page() {
        let project: Project =
            toml::from_str("languages = [\"en\"]\n[product]\nid = \"p\"\nname = { zh = \"产品\", en = \"Product\" }\n")
                .unwrap();
        let workspace = Workspace {
            root: std::path::PathBuf::from("."),
            project,
            warnings: Vec::new(),
        };
        let en = release_context(&workspace, &release(), Lang::EN, PageFormat::Html);
        assert_eq!(en.base.alternate_href, None);
        assert_eq!(en.base.page.alternate, None);
    }

    #[test]
    fn release_context_is_in_the_page_language() {
        let workspace = Workspace {
            root: std::path::PathBuf::from("."),
            project: project(),
            warnings: Vec::new(),
        };
        let zh = release_context(&workspace, &release(), Lang::ZH, PageFormat::Html);
        assert_eq!(
            zh.base.page.alternate,
            Some(crate::render::page::Alternate {
                lang: Lang::EN,
                href: "1.0.en.html".into(),
                label: "English"
            })
        );
        // What the templates see: the context as Handlebars serialises it.
        let zh = serde_json::to_value(&zh).unwrap();
        assert_eq!(zh["title"], "标题");
        assert_eq!(zh["product"], "产品");
        assert_eq!(zh["labels"]["features"], "主要特性");
        assert_eq!(zh["alternate_href"], "1.0.en.html");
        assert_eq!(zh["page"]["alternate"]["lang"], "en");
        assert_eq!(zh["overview"][0]["cells"][0][0], "训练");
        assert_eq!(zh["overview"][0]["cells"][1][0], "训练");
        assert!(zh["bug_fixes"].is_null(), "nothing said about bug fixes");
        for optional in ["summary", "date", "driver", "vpc_image"] {
            assert!(zh[optional].is_null(), "{optional} is present as null");
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
            assert_eq!(
                zh[list].as_array().map(Vec::len),
                Some(0),
                "{list} is present as a list"
            );
        }
        let en = release_context(&workspace, &release(), Lang::EN, PageFormat::Md);
        assert_eq!(en.content.title, "Title");
        assert_eq!(en.base.page.alternate.unwrap().label, "中文");
        assert_eq!(en.base.alternate_href.as_deref(), Some("1.0.zh.md"));
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
