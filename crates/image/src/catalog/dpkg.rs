//! Debian packages: the dpkg database, `var/lib/dpkg/status` (one stanza
//! per package, blank-line separated), and `var/lib/dpkg/status.d/*`
//! (one file per package, as distroless images keep it, without `Status:`).
//!
//! A stanza's `Source:` (`glibc`, `libsemanage (3.4-1)`) names the source
//! package it was built from, for the package URL's `upstream` qualifier.
//!
//! Only installed packages count: a stanza whose `Status:` says
//! `config-files`, `half-installed` or anything but `installed` is a
//! package that was removed or broke half way.

use super::cataloger::{Cataloger, Findings, MAX_TEXT_FILE};
use crate::{FoundFile, ImageConfig};
use model::{Ecosystem, SourcePackage};

pub(crate) struct Dpkg;

const STATUS: &str = "var/lib/dpkg/status";
const STATUS_D: &str = "var/lib/dpkg/status.d/";

impl Cataloger for Dpkg {
    fn name(&self) -> &'static str {
        "dpkg"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        size <= MAX_TEXT_FILE
            && (path == STATUS
                || path.strip_prefix(STATUS_D).is_some_and(|name| {
                    !name.is_empty() && !name.contains('/') && !name.ends_with(".md5sums")
                }))
    }

    fn catalog(&self, files: &[&FoundFile], _config: &ImageConfig, out: &mut Findings) {
        for file in files {
            if file.symlink {
                continue;
            }
            let text = String::from_utf8_lossy(&file.contents);
            for stanza in stanzas(&text) {
                let field = |key: &str| {
                    stanza
                        .iter()
                        .find(|(k, _)| k.eq_ignore_ascii_case(key))
                        .map(|(_, v)| *v)
                };
                let installed = field("Status")
                    .is_none_or(|s| s.split_whitespace().last() == Some("installed"));
                match (field("Package"), field("Version")) {
                    (Some(name), Some(version)) if installed => {
                        let evidence =
                            out.found_with_evidence(self, file, name, version, Ecosystem::Deb);
                        evidence.source = field("Source").and_then(SourcePackage::parse);
                    }
                    (Some(_), Some(_)) => {}
                    (Some(name), None) if installed => out.problem(
                        self,
                        file,
                        format!("package `{name}` has no `Version:` field"),
                    ),
                    _ => {}
                }
            }
        }
    }
}

/// The stanzas of a control file: `Field: value` lines, continuation lines
/// (starting with a space) skipped, blank lines between stanzas.
fn stanzas(text: &str) -> Vec<Vec<(&str, &str)>> {
    let mut all = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            if !current.is_empty() {
                all.push(std::mem::take(&mut current));
            }
            continue;
        }
        if line.starts_with([' ', '\t']) {
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            current.push((key.trim(), value.trim()));
        }
    }
    if !current.is_empty() {
        all.push(current);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// Stanzas of an Ubuntu 24.04 amd64 `var/lib/dpkg/status`: gdb as the
    /// archive ships it, a package removed with its config files left, and
    /// a multi-line field.
    const STATUS_FILE: &str = "\
Package: gdb
Status: install ok installed
Priority: optional
Section: devel
Installed-Size: 11781
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: amd64
Version: 15.0.50.20240403-0ubuntu1
Depends: libbabeltrace1 (>= 1.5.4), libc6 (>= 2.38), libdebuginfod1t64 (>= 0.158), libexpat1 (>= 2.0.1), libgcc-s1 (>= 3.4), libgmp10 (>= 2:6.3.0+dfsg), libipt2 (>= 1.4.2), liblzma5 (>= 5.1.1alpha+20120614), libmpfr6 (>= 3.1.3), libncursesw6 (>= 6), libpython3.12t64 (>= 3.12.1), libreadline8t64 (>= 6.0), libsource-highlight4t64 (>= 3.1.9), libstdc++6 (>= 13.1), libtinfo6 (>= 6), libxxhash0 (>= 0.6.5), libzstd1 (>= 1.5.5), zlib1g (>= 1:1.2.0)
Recommends: libc-dbg, gdbserver
Suggests: gdb-doc, gdb-multiarch
Description: GNU Debugger
 GDB is a source-level debugger, capable of breaking programs at any specific
 line, displaying and changing the variables, etc.
 Version: 99 (a continuation line, not a field)
Homepage: https://www.gnu.org/s/gdb/
Original-Maintainer: Héctor Orón Martínez <zumbi@debian.org>

Package: libc6
Status: install ok installed
Priority: optional
Section: libs
Installed-Size: 13380
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: amd64
Multi-Arch: same
Source: glibc
Version: 2.39-0ubuntu8.4
Replaces: libc6-amd64
Depends: libgcc-s1
Recommends: libidn2-0 (>= 2.0.5~)
Suggests: glibc-doc, debconf | debconf-2.0, libc-l10n, locales, libnss-nis, libnss-nisplus
Breaks: busybox (<< 1.30.1-6), fakeroot (<< 1.25.3-1.1ubuntu2~), hurd (<< 1:0.9.git20170910-1), ioquake3 (<< 1.36+u20200211.f2c61c1~dfsg-2~), iraf-fitsutil (<< 2018.07.06-4), libgegl-0.4-0 (<< 0.4.18), libtirpc1 (<< 0.2.3), locales (<< 2.39), locales-all (<< 2.39), macs (<< 2.2.7.1-3~), nocache (<< 1.1-1~), nscd (<< 2.39), openarena (<< 0.8.8+dfsg-4~), wcc (<< 0.0.2+dfsg-3)
Conffiles:
 /etc/ld.so.conf.d/x86_64-linux-gnu.conf d4e7a7b88a71b5ffd9e2644e71a0cfab
Description: GNU C Library: Shared libraries
 Contains the standard libraries that are used by nearly all programs on
 the system. This package includes shared versions of the standard C library
 and the standard math library, as well as many others.
Homepage: https://www.gnu.org/software/libc/libc.html
Original-Maintainer: GNU Libc Maintainers <debian-glibc@lists.debian.org>
Original-Vcs-Browser: https://salsa.debian.org/glibc-team/glibc
Original-Vcs-Git: https://salsa.debian.org/glibc-team/glibc.git

Package: python3-pip
Status: deinstall ok config-files
Priority: optional
Section: python
Installed-Size: 7160
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: all
Version: 24.0+dfsg-1ubuntu1.1
Config-Version: 24.0+dfsg-1ubuntu1.1
Description: Python package installer
";

    #[test]
    fn installed_packages_of_the_status_file() {
        let out = run(&Dpkg, &[file("var/lib/dpkg/status", STATUS_FILE)], &[]);
        assert_eq!(
            found(&out),
            [
                (
                    "gdb".into(),
                    "15.0.50.20240403-0ubuntu1".into(),
                    "var/lib/dpkg/status".into()
                ),
                (
                    "libc6".into(),
                    "2.39-0ubuntu8.4".into(),
                    "var/lib/dpkg/status".into()
                ),
            ]
        );
        assert!(out.components.iter().all(|o| o.ecosystem == Ecosystem::Deb));
        assert!(out.problems.is_empty());
        // libc6 is built from glibc; gdb's stanza names no source (its own).
        let source = |i: usize| out.components[i].evidence().unwrap().source.clone();
        assert_eq!(source(0), None);
        assert_eq!(
            source(1),
            Some(SourcePackage {
                name: "glibc".into(),
                version: None
            })
        );
    }

    #[test]
    fn distroless_status_d_files_have_no_status_field() {
        let out = run(
            &Dpkg,
            &[
                file(
                    "var/lib/dpkg/status.d/base-files",
                    "Package: base-files\nVersion: 12.4+deb12u5\nArchitecture: amd64\nMaintainer: Santiago Vila <sanvila@debian.org>\n",
                ),
                file(
                    "var/lib/dpkg/status.d/base-files.md5sums",
                    "0c8b5d0d8c4e1c2f6a0a4f4e1e0e7b0d  etc/debian_version\n",
                ),
            ],
            &[],
        );
        assert_eq!(
            found(&out),
            [(
                "base-files".into(),
                "12.4+deb12u5".into(),
                "var/lib/dpkg/status.d/base-files".into()
            )]
        );
    }

    #[test]
    fn only_the_database_is_asked_for() {
        assert!(Dpkg.wants("var/lib/dpkg/status", 3 << 20));
        assert!(!Dpkg.wants("var/lib/dpkg/status-old", 100));
        assert!(!Dpkg.wants("var/lib/dpkg/status.d/tzdata.md5sums", 100));
        assert!(!Dpkg.wants("var/lib/dpkg/info/gdb.md5sums", 100));
    }
}
