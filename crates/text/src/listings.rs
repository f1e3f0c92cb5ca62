//! The versions a tool's own listing states, pasted into a page as the
//! tool printed it: environment modules (`module avail`, `module list`,
//! `module load cuda/12.1.1`), Spack (`spack find`: `cuda@11.8.0`), dpkg
//! and apt (`dpkg -l`, `apt list --installed`), conda (`conda list`, an
//! `environment.yml`'s `- python=3.10.13`), `/etc/os-release` and a
//! tool's `--version`. HPC centres and image pages show what is installed
//! this way; each form is recognised by its own shape, never by a vendor.

use crate::names;
use crate::tables::looks_like_version;

/// A component and its version.
type Pair = (String, String);
/// A listing line's entries, each with whether it is marked its name's
/// default.
type Entries = Vec<(Pair, bool)>;
/// Reads one word of a listing as an entry.
type EntryOf = fn(&str) -> Option<Pair>;

/// The components the listings among `lines` state, in page order.
pub(crate) fn listed(lines: &[(usize, String)]) -> Vec<(String, String)> {
    let texts: Vec<&str> = lines.iter().map(|(_, l)| strip_prompt(l)).collect();
    let mut out = Vec::new();
    out.extend(runs_of(&texts, module_tokens));
    out.extend(runs_of(&texts, spack_tokens));
    out.extend(headed_runs(&texts, dashed_module_tokens));
    out.extend(module_commands(&texts));
    out.extend(texts.iter().flat_map(|l| modules_in_prose(l)));
    out.extend(texts.iter().flat_map(|l| spider_line(l)));
    out.extend(texts.iter().filter_map(|l| package_row(l)));
    out.extend(runs_of(&texts, rpm_tokens));
    out.extend(runs_of(&texts, artifact_tokens));
    out.extend(package_fields(&texts));
    out.extend(conda_list(&texts));
    out.extend(
        lines
            .iter()
            .filter_map(|(_, l)| conda_spec_item(l.trim().strip_prefix("- ")?)),
    );
    out.extend(texts.iter().filter_map(|l| printed_release(l)));
    let prompted: Vec<bool> = lines.iter().map(|(_, l)| is_prompted(l)).collect();
    out.extend(version_outputs(&texts, &prompted));
    out
}

/// A line without the shell prompt or list bullet before it.
fn strip_prompt(line: &str) -> &str {
    let t = line.trim();
    // "**`module load foss/2023a`**": a command set in bold.
    let t = t
        .strip_prefix("**")
        .and_then(|t| t.strip_suffix("**"))
        .unwrap_or(t);
    // `[user@host ~]$ module list`
    let t = match t.strip_prefix('[').and_then(|r| r.split_once("]$")) {
        Some((_, rest)) => rest,
        None => t,
    };
    let t = t.trim_start_matches(['$', '>', '`']).trim_start();
    let t = t.strip_prefix("- ").or(t.strip_prefix("* ")).unwrap_or(t);
    t.trim_end_matches('`')
}

/// Whether a line is a command after a shell prompt (`$ nvcc -V`).
fn is_prompted(line: &str) -> bool {
    let t = line.trim_start().trim_start_matches('`');
    t.starts_with("$ ") || t.starts_with("> ") || t.starts_with('[') && t.contains("]$ ")
}

/// A word a listing writes beside its entries and that names nothing: a
/// marker (`(D)`, `(L,D)`, `<aL>`, `(default)`), a list number (`1)`).
fn is_marker(word: &str) -> bool {
    let bracketed = (word.starts_with('(') && word.ends_with(')'))
        || (word.starts_with('<') && word.ends_with('>'));
    let numbered = word
        .strip_suffix(')')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    bracketed || numbered
}

/// Whether a marker says its entry is the default of its name (`(D)`,
/// `(L,D)`, `(D:5.2)`, `(default)`).
fn marks_default(marker: &str) -> bool {
    marker
        .trim_matches(['(', ')', '<', '>'])
        .split([',', ':'])
        .any(|flag| flag == "D" || flag.eq_ignore_ascii_case("default"))
}

/// An environment module `name/version` (`cuda/12.1.1`,
/// `GROMACS/2023.1-foss-2022a-CUDA-11.7.0`): one slash, a name that is one,
/// a version that starts with a digit.
pub(crate) fn module_entry(word: &str) -> Option<(String, String)> {
    let (name, version) = word.split_once('/')?;
    // A tree of modules: `cuda/9.2/9.2.148.1` (a series, then the
    // version), `mvapich/mvapich2-gdr/2.3` (a family, then the name).
    let (name, version) = match version.split_once('/') {
        Some((series, leaf)) if looks_like_version(series) => (name, leaf),
        Some((inner, leaf)) => (inner, leaf),
        None => (name, version),
    };
    let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_+.".contains(c));
    // Releases named by a letter, the year and its half (`R2024b`).
    let yearly = matches!(version.as_bytes(), [letter, year @ .., half]
        if letter.is_ascii_uppercase()
            && year.len() == 4
            && year.iter().all(u8::is_ascii_digit)
            && half.is_ascii_lowercase());
    let version_ok = yearly
        || (version.starts_with(|c: char| c.is_ascii_digit())
            && !version.contains(['/', ':', ',', '='])
            && looks_like_version(version));
    (name_ok && version_ok && !word.contains("//")).then(|| (name.to_string(), version.to_string()))
}

/// A Spack spec `name@version` (`py-torch@2.0.1`, `cuda@11.8.0%gcc@11.2.0
/// +cuda`): the package and its version, the compiler and variants left.
fn spack_entry(word: &str) -> Option<(String, String)> {
    let (name, rest) = word.split_once('@')?;
    let version: &str = rest.split(['%', '+', '~', '^', ' ']).next().unwrap_or(rest);
    let name_ok = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    // `hdf5-vol-cache@v1.1`: a version as its package tags it.
    let version_ok = version
        .strip_prefix('v')
        .unwrap_or(version)
        .starts_with(|c: char| c.is_ascii_digit())
        && !version.contains(['/', ':', ',', '=', '@'])
        && looks_like_version(version);
    (name_ok && version_ok).then(|| (name.to_string(), version.to_string()))
}

/// A word `spack find` writes beside its specs: a hash (`/abc1234`,
/// `abc1234` with `-l`), a variant (`+cuda`, `~mpi`), a target
/// (`arch=linux-…`).
fn is_spack_extra(word: &str) -> bool {
    word.starts_with(['+', '~', '%', '/', '^'])
        || word.contains('=')
        || (word.len() == 7
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
}

/// The entries of a line of a module listing, each with whether a marker
/// makes it its name's default; `None` when any word is no entry.
fn module_tokens(line: &str) -> Option<Entries> {
    entries_of(line, module_entry, |_| false)
}

fn spack_tokens(line: &str) -> Option<Entries> {
    entries_of(line, spack_entry, is_spack_extra)
}

fn entries_of(line: &str, entry: EntryOf, extra: fn(&str) -> bool) -> Option<Entries> {
    let mut out: Entries = Vec::new();
    // A listing names some modules without a version (`StdEnv`).
    let mut bare = 0;
    for word in line.split_whitespace() {
        if is_marker(word) {
            if marks_default(word)
                && let Some(last) = out.last_mut()
            {
                last.1 = true;
            }
            continue;
        }
        // `cuda/12.1.1(default)`: Environment Modules writes it glued.
        let (word, glued_default) = match word.split_once('(') {
            Some((entry, marker)) if !entry.is_empty() => {
                (entry, marks_default(&format!("({marker}")))
            }
            _ => (word, false),
        };
        if let Some(pair) = entry(word) {
            out.push((pair, glued_default));
        } else if is_bare_name(word) {
            bare += 1;
        } else if !extra(word) {
            return None;
        }
    }
    (!out.is_empty() && bare <= out.len()).then_some(out)
}

/// A module's name alone (`StdEnv`, `git-lfs`), or with a version that is
/// a word (`conda/latest`).
fn is_bare_name(word: &str) -> bool {
    let name_like = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_alphabetic())
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_+".contains(c))
    };
    match word.split_once('/') {
        Some((name, tag)) => name_like(name) && name_like(tag),
        None => name_like(word),
    }
}

/// Whether a line heads a listing: `---- /apps/modules/all ----`, `--
/// linux-rhel8-zen3 / gcc@11.2.0 --`.
fn is_listing_head(line: &str) -> bool {
    let t = line.trim();
    t.len() > 4 && t.starts_with("--") && t.ends_with("--")
}

/// A module named with a dash or underscore before its version, as
/// Environment Modules lists some trees (`gcc-10.3.0`,
/// `casa-pipeline-5.6.3-19`, `nvhpc_2022_221/gcc-9.4.0`): the name ends
/// before the first digit after `-` or `_`; a build variant after the
/// version (`openmpi-4.0.5-hfi`, `hdf5-1.12.1_gcc-11.2.0`, the compiler
/// after a `/`) is no part of it.
fn dashed_module_entry(word: &str) -> Option<(String, String)> {
    let module = word.split('/').next().unwrap_or(word);
    let at = module
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, '-' | '_') && module[i + 1..].starts_with(|d: char| d.is_ascii_digit())
        })?
        .0;
    let (name, version) = (&module[..at], &module[at + 1..]);
    // A variant: `-hfi`, `_gcc-11.2.0`: letters alone, or a name and its
    // own version.
    let variant_at = version.char_indices().find(|&(i, c)| {
        let rest = &version[i + 1..];
        matches!(c, '-' | '_')
            && rest.starts_with(|d: char| d.is_ascii_alphabetic())
            && (rest.chars().all(|d| d.is_ascii_alphabetic())
                || rest.split_once('-').is_some_and(|(tool, v)| {
                    tool.chars().all(|d| d.is_ascii_alphabetic()) && looks_like_version(v)
                }))
    });
    let version = variant_at.map_or(version, |(i, _)| &version[..i]);
    let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_+.".contains(c));
    (name_ok && looks_like_version(version)).then(|| (name.to_string(), version.to_string()))
}

fn dashed_module_tokens(line: &str) -> Option<Entries> {
    entries_of(line, dashed_module_entry, |_| false)
}

/// Entries of the lines right under a listing head (`---- /opt/Modules/
/// compilers/gcc ----`), blank lines between: a shape too loose to read
/// anywhere else. Of several versions of one name under a head, the
/// default one, as [`runs_of`] keeps.
fn headed_runs(lines: &[&str], tokens: fn(&str) -> Option<Entries>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut run: Option<Entries> = None;
    for line in lines {
        // (A rule of dashes alone heads nothing.)
        if is_listing_head(line) && line.contains(|c: char| c.is_alphanumeric()) {
            out.extend(defaults(run.take().unwrap_or_default()));
            run = Some(Vec::new());
            continue;
        }
        let Some(entries) = run.as_mut() else {
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        match tokens(line) {
            Some(found) => entries.extend(found),
            None => out.extend(defaults(run.take().unwrap_or_default())),
        }
    }
    out.extend(defaults(run.unwrap_or_default()));
    out
}

/// Entries of listing lines: a line of two entries or more, or of one
/// beside another such line or under a listing head. Of several versions
/// of one name in a run, the default one (marked, else the last listed: a
/// listing sorts versions up and loads the highest).
fn runs_of(lines: &[&str], tokens: fn(&str) -> Option<Entries>) -> Vec<(String, String)> {
    let read: Vec<Option<Entries>> = lines
        .iter()
        .map(|l| if is_command(l) { None } else { tokens(l) })
        .collect();
    let neighbour = |i: usize| {
        let before = i
            .checked_sub(1)
            .is_some_and(|j| read[j].is_some() || is_listing_head(lines[j]));
        let after = read.get(i + 1).is_some_and(Option::is_some);
        before || after
    };
    let mut out: Vec<(String, String)> = Vec::new();
    let mut run: Entries = Vec::new();
    let mut kept = true;
    for (i, entries) in read.iter().enumerate() {
        match entries {
            Some(entries) if entries.len() >= 2 || neighbour(i) => {
                if run.is_empty() {
                    kept = !introduced_as_removed(&lines[..i]);
                }
                run.extend(entries.iter().cloned());
            }
            _ if kept => out.extend(defaults(without_build_hashes(std::mem::take(&mut run)))),
            _ => run.clear(),
        }
    }
    if kept {
        out.extend(defaults(without_build_hashes(run)));
    }
    out
}

/// The run without the hash Spack's module names end in
/// (`python/3.11.9-bgjodjg`, `openmpi/5.0.5-fp6i5jk`: seven characters of
/// its base-32 alphabet, a–z and 2–7), which names a build, not a version.
/// Taken only where the run shows the pattern: three names or more end so,
/// some of those hashes holding a digit (one such suffix may be a word).
fn without_build_hashes(mut run: Entries) -> Entries {
    let hash = |version: &str| -> Option<usize> {
        let (before, suffix) = version.rsplit_once('-')?;
        let base32 = suffix.len() == 7
            && suffix
                .bytes()
                .all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b));
        (base32 && looks_like_version(before)).then_some(before.len())
    };
    let hashed: Vec<&str> = run
        .iter()
        .filter(|((_, v), _)| hash(v).is_some())
        .map(|((_, v), _)| v.as_str())
        .collect();
    let with_digit = hashed
        .iter()
        .filter(|v| {
            v.rsplit('-')
                .next()
                .is_some_and(|h| h.bytes().any(|b| b.is_ascii_digit()))
        })
        .count();
    if hashed.len() >= 3 && with_digit >= 1 {
        for ((_, version), _) in &mut run {
            if let Some(end) = hash(version) {
                version.truncate(end);
            }
        }
    }
    run
}

/// Whether the words before a listing say that what it lists is gone
/// ("The following legacy modules were removed:"), by `[tables]
/// removals` of every language.
fn introduced_as_removed(before: &[&str]) -> bool {
    let Some(intro) = before
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.is_empty() && !l.starts_with("```") && !is_listing_head(l))
    else {
        return false;
    };
    let spaced = crate::phrases::spaced_words(intro);
    crate::words::each().any(|w| {
        w.tables.removals.iter().any(|word| {
            if w.spaced {
                spaced.contains(&format!(" {word} "))
            } else {
                intro.contains(word.as_str())
            }
        })
    })
}

/// One entry a name: the one marked default, else the last.
fn defaults(run: Entries) -> Vec<(String, String)> {
    let mut out: Vec<(String, String, bool)> = Vec::new();
    for ((name, version), default) in run {
        match out.iter_mut().find(|(n, _, _)| *n == name) {
            Some(kept) if !kept.2 => *kept = (name, version, default),
            Some(_) => {}
            None => out.push((name, version, default)),
        }
    }
    out.into_iter().map(|(n, v, _)| (n, v)).collect()
}

/// Whether a line runs a command rather than listing.
fn is_command(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    matches!(first, "module" | "ml" | "spack" | "sudo")
}

/// What `module load|add|swap` and `ml` load, and `spack install|load|add`
/// installs: a line that is the command, not prose quoting it.
fn module_commands(lines: &[&str]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (entry, args): (EntryOf, &[&str]) = match words.as_slice() {
            ["module", "load" | "add" | "try-load", args @ ..] | ["ml", args @ ..] => {
                (module_entry, args)
            }
            // The module swapped in, not the one swapped out.
            ["module", "swap" | "switch", .., last] => (module_entry, std::slice::from_ref(last)),
            ["spack", "install" | "load" | "add", args @ ..] => (spack_entry, args),
            _ => continue,
        };
        out.extend(
            args.iter()
                .filter(|a| !a.starts_with('-'))
                .filter_map(|a| entry(a.trim_end_matches([';', '&']))),
        );
    }
    out
}

/// A line of Lmod's `module spider` overview: a name, a colon, then its
/// modules (`ABySS: ABySS/1.5.2-goolf-2015a, ABySS/1.9.0-goolf-2015a, ...`):
/// each of those modules. The name written twice makes the line one; an
/// entry whose version is no version (`AFNI/linux_openmp_64`) is left.
fn spider_line(line: &str) -> Vec<(String, String)> {
    let Some((head, rest)) = line.trim().split_once(": ") else {
        return Vec::new();
    };
    if head.is_empty() || head.contains(char::is_whitespace) {
        return Vec::new();
    }
    let entries: Vec<&str> = rest
        .split(", ")
        .map(str::trim)
        .filter(|e| *e != "..." && *e != "…")
        .collect();
    let same_name = |entry: &str| {
        entry
            .split_once('/')
            .is_some_and(|(name, _)| name.eq_ignore_ascii_case(head))
    };
    if entries.is_empty() || !entries.iter().all(|e| same_name(e) && !e.contains(' ')) {
        return Vec::new();
    }
    entries.iter().filter_map(|e| module_entry(e)).collect()
}

/// A module a sentence names with more versions of it after it (“Users
/// get CUDA from the module stack: CUDA/11.4.1, 11.7.0, 12.2.0 and
/// 13.3.0”): each of those versions. A module named alone in prose may be
/// an example or a path, and is left.
fn modules_in_prose(line: &str) -> Vec<(String, String)> {
    fn bare(word: &str) -> &str {
        word.trim_matches(['`', '*', '(', ')', ',', ';', ':', '.', '\''])
    }
    let is_and = |word: &str| crate::words::each().any(|w| w.claims.and.iter().any(|a| a == word));
    let is_bare_version = |word: &str| {
        word.starts_with(|c: char| c.is_ascii_digit())
            && word.contains('.')
            && !word.contains('/')
            && looks_like_version(word)
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let word = bare(words[at]);
        at += 1;
        let Some((name, version)) = (word.matches('/').count() == 1)
            .then(|| module_entry(word))
            .flatten()
        else {
            continue;
        };
        let mut more = Vec::new();
        // Listed after a comma: "CUDA/11.4.1, 11.7.0", not "gcc/11.2.0 8".
        let mut listed = words[at - 1].ends_with(',');
        while at < words.len() {
            let next = bare(words[at]);
            if is_and(next) {
                listed = true;
            } else if listed && is_bare_version(next) {
                more.push((name.clone(), next.to_string()));
                listed = words[at].ends_with(',');
            } else {
                break;
            }
            at += 1;
        }
        if !more.is_empty() {
            out.push((name, version));
            out.extend(more);
        }
    }
    out
}

/// A row of `dpkg -l` (`ii  libnccl2  2.21.5-1+cuda12.4  amd64  …`) or of
/// `apt list --installed` (`libnccl2/unknown,now 2.21.5-1+cuda12.4 amd64
/// [installed]`): the package and its version, as Debian writes them.
fn package_row(line: &str) -> Option<(String, String)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let is_arch = crate::package_name::is_debian_arch;
    let (name, version) = match words.as_slice() {
        [status, name, version, arch, ..]
            if status.len() == 2
                && status.starts_with(['i', 'h', 'r', 'p', 'u'])
                && is_arch(arch) =>
        {
            (name.split(':').next().unwrap_or(name), *version)
        }
        [entry, version, arch, ..] if entry.contains('/') && is_arch(arch) => {
            (entry.split('/').next().unwrap_or(entry), *version)
        }
        _ => return None,
    };
    (looks_like_version(version) && version.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| Some((names::component_name(name)?, version.to_string())))
        .flatten()
}

/// An RPM package's full name (`libnccl-2.21.5-1+cuda12.4.x86_64`, as
/// `rpm -qa` lists it): the name and its `version-release`.
fn rpm_entry(word: &str) -> Option<(String, String)> {
    let stem = RPM_ARCHS
        .iter()
        .find_map(|arch| word.strip_suffix(arch)?.strip_suffix('.'))?;
    let (rest, release) = stem.rsplit_once('-')?;
    let (name, version) = rest.rsplit_once('-')?;
    (version.starts_with(|c: char| c.is_ascii_digit())
        && looks_like_version(version)
        && name.starts_with(|c: char| c.is_ascii_alphabetic()))
    .then(|| Some((names::component_name(name)?, format!("{version}-{release}"))))
    .flatten()
}

const RPM_ARCHS: [&str; 7] = [
    "x86_64", "aarch64", "noarch", "ppc64le", "s390x", "i686", "riscv64",
];

fn rpm_tokens(line: &str) -> Option<Entries> {
    // `yum list installed`: `name.arch  version-release  @repo`.
    if let [package, version, repo] = line.split_whitespace().collect::<Vec<_>>().as_slice()
        && (repo.starts_with('@') || repo.contains("repo"))
        && looks_like_version(version)
        && let Some(name) = RPM_ARCHS
            .iter()
            .find_map(|arch| package.strip_suffix(arch)?.strip_suffix('.'))
    {
        let name = names::component_name(name)?;
        return Some(vec![((name, version.to_string()), false)]);
    }
    entries_of(line, rpm_entry, |_| false)
}

/// A bundled library as its file is named, one a line, as a binary
/// distribution's LICENSE lists them: `jackson-core-2.16.2`,
/// `jetty-server-9.4.54.v20240208`, `zstd-jni-1.5.6-3`; a note after a
/// comma (`argparse4j-0.7.0, see: licenses/argparse-MIT`) is no part of it.
/// The name ends at the first `-` before a digit; the version holds a dot.
fn artifact_tokens(line: &str) -> Option<Entries> {
    let token = line.split(", ").next()?.trim();
    // An RPM's file (`name-version-release.arch`) is an RPM listing's.
    let rpm = RPM_ARCHS
        .iter()
        .any(|arch| token.strip_suffix(arch).is_some_and(|t| t.ends_with('.')));
    if token.is_empty() || token.contains(char::is_whitespace) || rpm {
        return None;
    }
    // `python-3.11.15-hub-5.4.4-lab-4.5.6`: an image's tag naming its
    // stack states each component it names, no one version `3.11.15-hub-…`.
    let stack = crate::tags::in_turn(token);
    if !stack.is_empty() {
        return Some(
            stack
                .into_iter()
                .filter_map(|(name, version)| {
                    Some(((names::component_name(name)?, version.to_string()), false))
                })
                .collect(),
        );
    }
    let (name, version) = crate::tags::dashed(token)?;
    (name.starts_with(|c: char| c.is_ascii_alphabetic())
        && version.contains('.')
        && looks_like_version(version))
    .then(|| {
        Some(vec![(
            (names::component_name(name)?, version.to_string()),
            false,
        )])
    })
    .flatten()
}

/// A package's fields as `pip show`, `dpkg -s` or `rpm -qi` print them:
/// `Name: torch` (or `Package:`) and, a few lines on, `Version: 2.3.1`.
fn package_fields(lines: &[&str]) -> Vec<(String, String)> {
    let field = |line: &str, keys: &[&str]| -> Option<String> {
        let (key, value) = line.split_once(':')?;
        keys.contains(&key.trim())
            .then(|| value.trim().to_string())
            .filter(|v| !v.is_empty() && !v.contains(char::is_whitespace))
    };
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = field(line, &["Name", "Package"]) else {
            continue;
        };
        let version = lines[i + 1..]
            .iter()
            .take(4)
            .take_while(|l| !l.is_empty())
            .find_map(|l| field(l, &["Version"]))
            .filter(|v| looks_like_version(v));
        if let (Some(version), Some(name)) = (version, names::component_name(&name)) {
            out.push((name, version));
        }
    }
    out
}

/// The rows of `conda list` under its head (`# Name  Version  Build
/// Channel`): name, version, build, channel.
fn conda_list(lines: &[&str]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut under_head = false;
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["#", "Name", "Version", "Build", ..] = words.as_slice() {
            under_head = true;
            continue;
        }
        if !under_head || line.starts_with('#') {
            continue;
        }
        match words.as_slice() {
            [name, version, _build] | [name, version, _build, _] if looks_like_version(version) => {
                if let Some(name) = names::component_name(name) {
                    out.push((name, version.to_string()));
                }
            }
            _ => under_head = false,
        }
    }
    out
}

/// An item of a conda environment's dependencies (`- python=3.10.13`,
/// `- pytorch=2.1.0=py3.10_cuda11.8_0`): the package and its version.
fn conda_spec_item(line: &str) -> Option<(String, String)> {
    if line.contains(char::is_whitespace) || line.contains("==") || line.contains("://") {
        return None;
    }
    let mut parts = line.split('=');
    let (name, version) = (parts.next()?, parts.next()?);
    let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !name.to_ascii_uppercase().eq(name);
    let version_ok = version.starts_with(|c: char| c.is_ascii_digit())
        && looks_like_version(version)
        && !version.contains(['*', '<', '>', ',']);
    (name_ok && version_ok)
        .then(|| Some((names::component_name(name)?, version.to_string())))
        .flatten()
}

/// `/etc/os-release`'s `PRETTY_NAME="Ubuntu 22.04.3 LTS"`: the system and
/// its version.
fn os_release(line: &str) -> Option<(String, String)> {
    let value = line
        .strip_prefix("PRETTY_NAME=")
        .or_else(|| line.strip_prefix("DISTRIB_DESCRIPTION="))?;
    let mut words = value.trim_matches('"').split_whitespace();
    let name = words.next()?;
    let version = words.find(|w| looks_like_version(w))?;
    Some((name.to_string(), version.to_string()))
}

/// A line a tool or the system prints about its own release, wherever it
/// stands: os-release's `PRETTY_NAME`, nvcc's release line.
pub(crate) fn printed_release(line: &str) -> Option<(String, String)> {
    os_release(line).or_else(|| Some(("CUDA".to_string(), nvcc_release(line)?)))
}

/// The line `nvcc --version` prints its release on, `Cuda compilation
/// tools, release 12.9, V12.9.86`, whether or not the command stands
/// before it: the toolkit's release. (`V12.9.86` is nvcc's own version:
/// the 12.9.1 toolkit ships nvcc 12.9.86.)
fn nvcc_release(line: &str) -> Option<String> {
    let rest = line
        .trim()
        .strip_prefix("Cuda compilation tools, release ")?;
    let release = rest.split(',').next()?.trim();
    looks_like_version(release).then(|| release.to_string())
}

/// What a tool prints when asked its version (`$ nvcc --version`, `python
/// -V`): the first version of the lines it prints, its parenthesised
/// remarks left (`gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0`).
fn version_outputs(lines: &[&str], prompted: &[bool]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !prompted[i] {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [program, "--version" | "-V" | "-v" | "version"] = words.as_slice() else {
            continue;
        };
        let tool = program.rsplit('/').next().unwrap_or(program);
        if tool.is_empty() || !tool.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        // nvcc's release line is read on its own, with its full version.
        if tool == "nvcc" {
            continue;
        }
        // Its output: the lines up to the next prompt or blank line.
        let printed = lines[i + 1..]
            .iter()
            .zip(&prompted[i + 1..])
            .take(4)
            .take_while(|(l, prompt)| !l.is_empty() && !**prompt)
            .map(|(l, _)| l);
        let version = printed.flat_map(|l| without_remarks(l)).find_map(|w| {
            let w = w.trim_matches([',', ';', '"', '\'']);
            let w = w.strip_prefix(['v', 'V']).unwrap_or(w);
            (w.starts_with(|c: char| c.is_ascii_digit())
                && w.contains('.')
                && looks_like_version(w))
            .then(|| w.to_string())
        });
        if let (Some(version), Some(name)) = (version, names::component_name(tool)) {
            out.push((name, version));
        }
    }
    out
}

/// The words of a line outside parentheses.
fn without_remarks(line: &str) -> Vec<String> {
    let mut depth = 0usize;
    let mut kept = String::new();
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => kept.push(c),
            _ => {}
        }
    }
    kept.split_whitespace().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spack_module_hashes_are_builds_not_versions() {
        let lines = |text: &str| -> Vec<(usize, String)> {
            text.lines()
                .enumerate()
                .map(|(i, l)| (i, l.to_string()))
                .collect()
        };
        let read = listed(&lines(
            "  1) gdrcopy/2.4.1-xyc5lwi   2) openmpi/5.0.5-fp6i5jk   3) python/3.11.9-bgjodjg\n  4) ucx/1.17.0-mzix24r   5) cuda-toolkit/12.4.1",
        ));
        let python = read
            .iter()
            .find(|(n, _)| n == "python")
            .map(|(_, v)| v.as_str());
        assert_eq!(python, Some("3.11.9"), "{read:?}");
        let cuda = read
            .iter()
            .find(|(n, _)| n == "cuda-toolkit")
            .map(|(_, v)| v.as_str());
        assert_eq!(cuda, Some("12.4.1"));
        // Without the pattern a suffix of letters is the page's to keep.
        let read = listed(&lines(
            "paraview/5.12.1-osmesa   visit/3.4.1-release   gdb/16.3",
        ));
        let visit = read
            .iter()
            .find(|(n, _)| n == "visit")
            .map(|(_, v)| v.as_str());
        assert_eq!(visit, Some("3.4.1-release"), "{read:?}");
    }
    use crate::test_support::{numbered, pairs};

    fn read(text: &str) -> Vec<(String, String)> {
        listed(&numbered(text))
    }

    #[test]
    fn a_list_of_bundled_library_files() {
        // Apache Kafka's LICENSE-binary.
        let text = "This project bundles some components:\n\n\
            jackson-module-scala_2.13-2.16.2\n\
            javassist-3.29.2-GA\n\
            jetty-server-9.4.54.v20240208\n\
            zstd-jni-1.5.6-3\n\
            argparse4j-0.7.0, see: licenses/argparse-MIT";
        assert_eq!(
            read(text),
            pairs(&[
                ("jackson-module-scala_2.13", "2.16.2"),
                ("javassist", "3.29.2-GA"),
                ("jetty-server", "9.4.54.v20240208"),
                ("zstd-jni", "1.5.6-3"),
                ("argparse4j", "0.7.0"),
            ])
        );
        // One such line alone, or identifiers without a dotted version,
        // list nothing.
        assert!(read("Fixed in jackson-core-2.16.2").is_empty());
        assert!(read("CVE-2025-1234\nGHSA-2025-77\nCVE-2024-99").is_empty());
    }

    #[test]
    fn modules_named_with_a_dash_under_a_listing_head() {
        // INAF Pleiadi's `module av`.
        let text = "$ module av\n\
            ----------- /opt/Modules/compilers/gcc -----------\n   \
            gcc-9.4.0  gcc-10.3.0  gcc-11.2.0\n\n\
            ----------- /opt/Modules/compilers/openmpi -----------\n   \
            openmpi-4.0.5-hfi        openmpi-4.1.2/gcc-10.3.0\n\
            ----------- /opt/Modules/libraries/hdf5 -----------\n   \
            hdf5-1.12.1  hdf5-1.12.1_gcc-11.2.0\n\
            ----------- /opt/Modules/tools/casa -----------\n   \
            casa-pipeline-5.6.3-19  casa-release-5.8.0-109\n\n   \
            Key:\n   modulepath";
        assert_eq!(
            read(text),
            pairs(&[
                ("gcc", "11.2.0"),
                ("openmpi", "4.1.2"),
                ("hdf5", "1.12.1"),
                ("casa-pipeline", "5.6.3-19"),
                ("casa-release", "5.8.0-109"),
            ])
        );
        // Not under a head, or under a rule of dashes alone: nothing.
        assert!(read("gcc-9.4.0  gcc-10.3.0").is_empty());
        assert!(read("-----------\ngcc-9.4.0  gcc-10.3.0").is_empty());
    }

    #[test]
    fn a_module_listing_states_each_modules_default() {
        let text = "$ module avail\n\
            ------------------------- /apps/modules/all --------------------------\n   \
            CUDA/11.7.0                 GCC/11.3.0              (D)\n   \
            CUDA/12.1.1          (D)    GROMACS/2023.1-foss-2022a-CUDA-11.7.0\n   \
            GCC/10.2.0\n\n  Where:\n   D:  Default Module";
        assert_eq!(
            read(text),
            pairs(&[
                ("CUDA", "12.1.1"),
                ("GCC", "11.3.0"),
                ("GROMACS", "2023.1-foss-2022a-CUDA-11.7.0"),
            ])
        );
        // `StdEnv` has no version.
        let text = "Currently Loaded Modules:\n  1) gcc/11.2.0   2) openmpi/4.1.1   3) cuda/11.4.2   4) StdEnv (S)";
        assert_eq!(
            read(text),
            pairs(&[("gcc", "11.2.0"), ("openmpi", "4.1.1"), ("cuda", "11.4.2")])
        );
        // A module without a number for a version keeps the listing one.
        assert_eq!(
            read("   conda/latest     intel/2025.0.3\n   matlab/R2024b    intel/2024.2.1  (L,D)"),
            pairs(&[("intel", "2024.2.1"), ("matlab", "R2024b")])
        );
        // Environment Modules writes its default glued.
        assert_eq!(
            read("cuda/11.8  cuda/12.2(default)  cuda/12.4"),
            pairs(&[("cuda", "12.2")])
        );
    }

    #[test]
    fn a_listing_of_removed_modules_states_none() {
        let text = "The following legacy VASP modules were removed:\n```\n   vasp/5.4.4   vasp/6.4.2  (D)\n```\n\
            The available VASP modules are now as follows:\n```\n   vasp/5.4.4    vasp/6.4.2_openMP (D)\n```";
        assert_eq!(read(text), pairs(&[("vasp", "6.4.2_openMP")]));
    }

    #[test]
    fn commands_load_modules_but_prose_quoting_them_does_not() {
        assert_eq!(
            read("    module load gcc/11.3.0 cuda/12.1.1 cudnn/8.9.2\n$ ml python/3.10.8"),
            pairs(&[
                ("gcc", "11.3.0"),
                ("cuda", "12.1.1"),
                ("cudnn", "8.9.2"),
                ("python", "3.10.8")
            ])
        );
        assert_eq!(
            read("$ module load cuda/9.2/9.2.148.1\n$ module load mvapich/mvapich2-gdr/2.3"),
            pairs(&[("cuda", "9.2.148.1"), ("mvapich2-gdr", "2.3")])
        );
        assert_eq!(
            read("module swap gcc/10.2.0 gcc/12.3.0"),
            pairs(&[("gcc", "12.3.0")])
        );
        // A command set in bold (UQ RCC's module pages).
        assert_eq!(
            read("  **`module load foss/2023a`**"),
            pairs(&[("foss", "2023a")])
        );
        assert!(
            read("The old version is still available by using `module load ansys/2024R1`.")
                .is_empty()
        );
        // Paths, addresses and dates are no modules.
        assert!(read("/usr/local/cuda-12.1/bin /opt/rocm/6.0 10/2023").is_empty());
        assert!(read("see https://example.org/2.0 and docs/2.1").is_empty());
        // Prose naming modules is no listing.
        assert!(read("Use gcc/11.2.0 or gcc/12.1.0 instead").is_empty());
        // … but a module with the other versions of it after it is.
        assert_eq!(
            read(
                "Users get CUDA from the module stack: CUDA/11.4.1, 11.7.0 and 13.3.0, plus NVHPC/24.9."
            ),
            pairs(&[("CUDA", "11.4.1"), ("CUDA", "11.7.0"), ("CUDA", "13.3.0")])
        );
        assert!(read("Load gcc/11.2.0 and 4 cores").is_empty());
        // A word of another script after a slash is no module (and no panic).
        assert!(read("soit é/1.2ü, 3.0 et").is_empty());
    }

    #[test]
    fn spack_specs_listed_or_installed() {
        let text = "-- linux-rhel8-zen3 / gcc@11.2.0 --------------------------------\n\
            cuda@11.8.0  hdf5@1.12.2  nccl@2.16.2-1  openmpi@4.1.5  py-torch@2.0.1  hdf5-vol-cache@v1.1";
        assert_eq!(
            read(text),
            pairs(&[
                ("cuda", "11.8.0"),
                ("hdf5", "1.12.2"),
                ("nccl", "2.16.2-1"),
                ("openmpi", "4.1.5"),
                ("py-torch", "2.0.1"),
                ("hdf5-vol-cache", "v1.1")
            ])
        );
        assert_eq!(
            read("spack install cuda@12.2.0 +allow-unsupported-compilers"),
            pairs(&[("cuda", "12.2.0")])
        );
        // An address is no spec.
        assert!(read("Write to admin@example.org or ssh user@10.0.0.1").is_empty());
    }

    #[test]
    fn debian_package_listings() {
        let text = "ii  cuda-toolkit-12-4     12.4.1-1        amd64  CUDA Toolkit 12.4 meta-package\n\
            ii  libnccl2:amd64        2.21.5-1+cuda12.4 amd64 NVIDIA Collective Communication Library\n\
            libcudnn9-cuda-12/unknown,now 9.1.0.70-1 amd64 [installed]";
        assert_eq!(
            read(text),
            pairs(&[
                ("cuda-toolkit-12-4", "12.4.1-1"),
                ("libnccl2", "2.21.5-1+cuda12.4"),
                ("libcudnn9-cuda-12", "9.1.0.70-1")
            ])
        );
        // A sentence with an architecture in it is no row.
        assert!(read("We ship the image for amd64 and arm64 in all regions").is_empty());
    }

    #[test]
    fn rpm_listings_and_package_fields() {
        let text = "cuda-toolkit-12-4-12.4.1-1.x86_64\nlibnccl-2.21.5-1+cuda12.4.x86_64";
        let read_rows = read(text);
        let versions: Vec<&str> = read_rows.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(versions, ["12.4.1-1", "2.21.5-1+cuda12.4"], "{read_rows:?}");
        assert_eq!(
            read("cuda-toolkit-12-4.x86_64  12.4.1-1  @cuda-rhel9-x86_64\nlibnccl.x86_64  2.21.5-1  @cuda")
                .len(),
            2
        );
        let text = "$ pip show torch\nName: torch\nVersion: 2.3.1\nSummary: Tensors\n\n\
            Package: libnccl2\nStatus: install ok installed\nVersion: 2.21.5-1+cuda12.4";
        let read_rows = read(text);
        let versions: Vec<&str> = read_rows.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(versions, ["2.3.1", "2.21.5-1+cuda12.4"], "{read_rows:?}");
        // A name field with no version near it states none.
        assert!(read("Name: my-image\nOwner: ml-team\n\nVersion: 3.0").is_empty());
    }

    #[test]
    fn lmod_spider_overview_lines() {
        let text = "The following is a list of the modules currently available:\n\
            \x20 ABySS: ABySS/1.5.2-goolf-2015a, ABySS/1.9.0-goolf-2015a, ...\n\
            \x20   Assembly By Short Sequences - a de novo assembler\n\
            \n\
            \x20 ADMIXTURE: ADMIXTURE/1.3.0\n\
            \x20 AFNI: AFNI/linux_openmp_64-intel-2016.u3-20180104, ...";
        assert_eq!(
            read(text),
            [
                ("ABySS".to_string(), "1.5.2-goolf-2015a".to_string()),
                ("ABySS".to_string(), "1.9.0-goolf-2015a".to_string()),
                ("ADMIXTURE".to_string(), "1.3.0".to_string()),
            ]
        );
        // A label before another name's module is no overview line.
        assert!(spider_line("Compiler: gcc/12.2.0").is_empty());
        assert!(spider_line("Note: load CUDA/12.1 first").is_empty());
    }

    #[test]
    fn conda_listings_and_environment_files() {
        let text = "# Name                    Version                   Build  Channel\n\
            _libgcc_mutex             0.1                 conda_forge    conda-forge\n\
            cudatoolkit               11.8.0              h6a678d5_0\n\
            numpy                     1.26.4          py311h64a7726_0    conda-forge\n\
            \n\
            Done.";
        let read_rows = read(text);
        let versions: Vec<&str> = read_rows.iter().map(|(_, v)| v.as_str()).collect();
        assert!(versions.ends_with(&["11.8.0", "1.26.4"]), "{read_rows:?}");
        assert!(!versions.contains(&"h6a678d5_0"), "{read_rows:?}");
        // A setting is no dependency.
        assert!(read("[repo]\nenabled=1\ngpgcheck=0").is_empty());
        let text = "dependencies:\n  - python=3.10.13\n  - pytorch=2.1.0=py3.10_cuda11.8_0\n  - pip\n  - cuda-version=12.2.*";
        let read = read(text);
        assert_eq!(read.len(), 2, "{read:?}");
        assert_eq!(read[0].1, "3.10.13");
        assert_eq!(read[1].1, "2.1.0");
    }

    #[test]
    fn a_tools_own_version_and_the_systems_release() {
        let text = "$ nvcc --version\nnvcc: NVIDIA (R) Cuda compiler driver\n\
            Cuda compilation tools, release 12.2, V12.2.140\n\
            $ gcc --version\ngcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0\n\
            $ cat /etc/os-release\nPRETTY_NAME=\"Ubuntu 22.04.3 LTS\"";
        let found = read(text);
        assert!(
            found.contains(&("Ubuntu".to_string(), "22.04.3".to_string())),
            "{found:?}"
        );
        assert!(
            found.contains(&("CUDA".to_string(), "12.2".to_string())),
            "{found:?}"
        );
        assert_eq!(found.iter().filter(|(n, _)| n == "CUDA").count(), 1);
        // GPU-Jupyter's version printout: nvcc's lines with no command.
        assert_eq!(
            read(
                "nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 12.9, V12.9.86"
            ),
            [("CUDA".to_string(), "12.9".to_string())]
        );
        assert!(found.iter().any(|(_, v)| v == "11.4.0"), "{found:?}");
        assert!(
            !found.iter().any(|(_, v)| v.contains("ubuntu")),
            "{found:?}"
        );
        // Commands without their output state nothing: the next line is
        // the page's.
        assert!(
            read("docker --version\ndocker compose version\n6.1 Install the toolkit").is_empty()
        );
    }
}
