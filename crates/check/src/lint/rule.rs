//! The rules of `relnotes lint`, one variant each: what a finding names
//! (`error[upgrade-claim]`) and what docs/lint.md lists.

/// A lint rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// "X upgraded to Y" that the components or the release before contradict.
    UpgradeClaim,
    /// Driver text naming a CUDA version other than the base one.
    DriverCudaMismatch,
    /// A data-center branch also listed to upgrade from.
    DriverBranchConflict,
    /// A minimum driver below NVIDIA's for the CUDA version.
    DriverBelowCudaMinimum,
    /// A CUDA version newer than NVIDIA's driver table in this relnotes.
    CudaPastDriverTable,
    /// A text missing in one of the project's languages.
    MissingTranslation,
    /// A component not in every arch, or at another version.
    ArchDifference,
    /// One component under two names, or an override repeating the shared version.
    DuplicateComponent,
    /// An asset that is not an image reference.
    AssetImage,
    /// An image tag that names neither the release nor its series.
    AssetTag,
    /// A component name that is not a package name.
    ComponentName,
    /// A driver branch or CUDA version that is not one.
    VersionSyntax,
    /// A minimum or branch the driver text names and the driver fields lack.
    DriverWording,
    /// A record `relnotes new` drafted and nobody has reviewed yet.
    Draft,
}

impl Rule {
    #[cfg(test)]
    const ALL: [Rule; 14] = [
        Rule::UpgradeClaim,
        Rule::DriverCudaMismatch,
        Rule::DriverBranchConflict,
        Rule::DriverBelowCudaMinimum,
        Rule::CudaPastDriverTable,
        Rule::MissingTranslation,
        Rule::ArchDifference,
        Rule::DuplicateComponent,
        Rule::AssetImage,
        Rule::AssetTag,
        Rule::ComponentName,
        Rule::VersionSyntax,
        Rule::DriverWording,
        Rule::Draft,
    ];

    /// The id findings print and JSON carries.
    pub(crate) const fn id(self) -> &'static str {
        match self {
            Rule::UpgradeClaim => "upgrade-claim",
            Rule::DriverCudaMismatch => "driver-cuda-mismatch",
            Rule::DriverBranchConflict => "driver-branch-conflict",
            Rule::DriverBelowCudaMinimum => "driver-below-cuda-minimum",
            Rule::CudaPastDriverTable => "cuda-past-driver-table",
            Rule::MissingTranslation => "missing-translation",
            Rule::ArchDifference => "arch-difference",
            Rule::DuplicateComponent => "duplicate-component",
            Rule::AssetImage => "asset-image",
            Rule::AssetTag => "asset-tag",
            Rule::ComponentName => "component-name",
            Rule::VersionSyntax => "version-syntax",
            Rule::DriverWording => "driver-wording",
            Rule::Draft => "draft",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    /// docs/lint.md's table has a row for every rule.
    #[test]
    fn every_rule_is_documented() {
        let page = include_str!("../../../../docs/lint.md");
        for rule in Rule::ALL {
            let row = format!("| `{}` |", rule.id());
            assert!(page.contains(&row), "docs/lint.md lacks {row}");
        }
    }
}
