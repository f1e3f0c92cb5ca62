//! `relnotes list`: one line per release.

use super::{Lang, Project, Release, Text};
use crate::report::CommandReport;
use serde::Serialize;

/// One line per release for `relnotes list`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReleaseSummary {
    pub(crate) version: String,
    pub(crate) title: Text,
    /// The release date as the record states it.
    pub(crate) date: Option<String>,
    pub(crate) archs: Vec<String>,
    pub(crate) cuda: Option<String>,
    pub(crate) driver_min: Option<String>,
    pub(crate) components: usize,
}

/// Every release, oldest first, and the language the table's titles are in.
#[derive(Debug, Clone)]
pub struct ReleaseList {
    pub(crate) releases: Vec<ReleaseSummary>,
    pub(crate) lang: Lang,
}

impl ReleaseList {
    /// The summary of each of `releases` (oldest first), titles in `lang`
    /// (the project's default language).
    pub fn new(
        project: &Project,
        releases: impl IntoIterator<Item = (String, Release)>,
        lang: Lang,
    ) -> ReleaseList {
        let releases = releases
            .into_iter()
            .map(|(version, release)| {
                let views = release.resolve(project);
                ReleaseSummary {
                    version,
                    title: release.title.clone(),
                    date: release.date.clone(),
                    archs: release.arch_names(),
                    cuda: release.cuda(project),
                    driver_min: release.driver.as_ref().and_then(|d| d.min.clone()),
                    components: views.iter().map(|v| v.components.len()).max().unwrap_or(0),
                }
            })
            .collect();
        ReleaseList { releases, lang }
    }
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
        crate::table::columns(&rows, "")
    }

    /// The summaries as a JSON array.
    fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.releases).expect("serializable") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_pads_every_column_but_the_title() {
        let summary = |version: &str, cuda: Option<&str>, title: &str| ReleaseSummary {
            version: version.into(),
            title: Text::one(Lang::EN, title),
            date: None,
            archs: vec!["amd64".into()],
            cuda: cuda.map(String::from),
            driver_min: None,
            components: 3,
        };
        let list = ReleaseList {
            releases: vec![
                summary("1.0", None, "first"),
                summary("1.10", Some("12.8"), "second"),
            ],
            lang: Lang::EN,
        };
        assert_eq!(
            list.to_text(),
            "VERSION  ARCHS  CUDA  DRIVER  COMPONENTS  TITLE\n\
             1.0      amd64  -     -       3           first\n\
             1.10     amd64  12.8  -       3           second\n"
        );
        assert_eq!(list.exit_code(), 0);
    }
}
