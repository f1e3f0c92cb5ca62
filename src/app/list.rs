//! `relnotes list`: one line per release.

use super::{CommandReport, Session};
use crate::Error;
use model::record::{Lang, Text};
use serde::Serialize;

/// One line per release for `relnotes list`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReleaseSummary {
    pub version: String,
    pub title: Text,
    /// The release date as the record states it.
    pub date: Option<String>,
    pub archs: Vec<String>,
    pub cuda: Option<String>,
    pub driver_min: Option<String>,
    pub components: usize,
}

/// Every release, oldest first, and the language the table's titles are in.
#[derive(Debug, Clone)]
pub struct ReleaseList {
    pub(crate) releases: Vec<ReleaseSummary>,
    pub(crate) lang: Lang,
}

/// `relnotes list`: every release, oldest first.
pub fn list_releases(session: &mut Session) -> Result<ReleaseList, Error> {
    let all = session.load_all()?;
    let project = &session.workspace.project;
    let mut releases = Vec::new();
    for (version, loaded) in all {
        let release = &loaded.release;
        let views = release.resolve(project);
        releases.push(ReleaseSummary {
            version,
            title: release.title.clone(),
            date: release.date.clone(),
            archs: release.arch_names(),
            cuda: release.cuda(project),
            driver_min: release
                .driver
                .as_ref()
                .and_then(|d| d.min.as_ref())
                .cloned(),
            components: views.iter().map(|v| v.components.len()).max().unwrap_or(0),
        });
    }
    Ok(ReleaseList {
        releases,
        lang: session.workspace.default_language(),
    })
}

impl CommandReport for ReleaseList {
    /// A table: version, archs, CUDA, minimum driver, component count, title.
    fn to_text(&self) -> String {
        let header = ["VERSION", "ARCHS", "CUDA", "DRIVER", "COMPONENTS", "TITLE"];
        let mut rows = vec![header.map(String::from)];
        for r in &self.releases {
            rows.push([
                r.version.clone(),
                r.archs.join(","),
                r.cuda.clone().unwrap_or_else(|| "-".into()),
                r.driver_min
                    .as_ref()
                    .map_or("-".into(), |m| format!(">= {m}")),
                r.components.to_string(),
                r.title.get(self.lang).to_string(),
            ]);
        }
        model::table::columns(&rows, "")
    }

    /// The summaries as a JSON array.
    fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.releases).expect("serializable") + "\n"
    }
}
