//! What a component name may look like: a package token, never a word of
//! the sentence around it.

use crate::words;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Words that stand before a version in prose without naming a package
/// ("is upgraded to", "version 20.02"): `not_names` of every language's
/// `[components]` (`data/words/*.toml`).
fn not_names() -> &'static HashSet<&'static str> {
    static NOT_NAMES: OnceLock<HashSet<&'static str>> = OnceLock::new();
    NOT_NAMES.get_or_init(|| {
        words::each()
            .flat_map(|w| &w.components.not_names)
            .map(String::as_str)
            .collect()
    })
}

/// A word of prose that names no package ("version", "is", "the").
pub(crate) fn is_not_name(word: &str) -> bool {
    not_names().contains(word.to_lowercase().as_str())
}

/// A word of prose capitalised between two capitalised words of a name is
/// part of it ("NVIDIA Container Toolkit", "Deep Learning Base AMI").
/// So is a number of one or two digits after a capitalised word ("Orthanc
/// Explorer 2 plugin").
pub(crate) fn is_inside_name(before: &str, word: &str, after: &str) -> bool {
    let capitalised = |w: &str| w.starts_with(|c: char| c.is_uppercase());
    let numbered = word.len() <= 2 && word.bytes().all(|b| b.is_ascii_digit());
    if numbered {
        return capitalised(before) && is_package_name(before) && is_package_word(after);
    }
    capitalised(before)
        && capitalised(word)
        && capitalised(after)
        && is_package_name(before)
        && is_package_word(word)
        && is_package_word(after)
}

/// Whether each word may stand in a name: a package name, or a word of
/// prose inside one (see [`is_inside_name`]).
pub(crate) fn are_name_words(words: &[&str]) -> bool {
    // ("iOS": a capital inside a word makes it a proper name too.)
    let capitalised = |w: &str| w.chars().any(char::is_uppercase);
    // "IoT Agent for JSON", "Material for MkDocs", "Mobilisten SDK for
    // iOS": a `[claims] name_joints` word between capitalised words of a
    // name.
    let joint = |k: usize, w: &str| {
        k > 0
            && k + 1 < words.len()
            && capitalised(words[k - 1])
            && capitalised(words[k + 1])
            && crate::words::each().any(|l| l.claims.name_joints.iter().any(|j| j == w))
    };
    words.iter().enumerate().all(|(k, w)| {
        is_package_name(w)
            || joint(k, w)
            || (k > 0 && k + 1 < words.len() && is_inside_name(words[k - 1], w, words[k + 1]))
    })
}

/// A name ending in a word of prose after `-`, `_`, `.` or a space
/// ("vLLM-version"): the name before it and that word. A capital letter
/// alone after `-` names a variant ("TF-A", Trusted Firmware-A), never the
/// article.
pub fn prose_tail(name: &str) -> Option<(&str, &str)> {
    let at = name.rfind(['-', '_', '.', ' '])?;
    let (head, tail) = (&name[..at], &name[at + 1..]);
    let variant_letter = name[at..].starts_with('-')
        && tail.chars().count() == 1
        && tail.chars().all(|c| c.is_uppercase());
    (!head.is_empty() && !variant_letter && is_not_name(tail)).then_some((head, tail))
}

/// A word continuing the version before it ("SP6" after "15"): a
/// `version_parts` word of `data/words/*.toml` run into a number.
pub(crate) fn is_version_part(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    words::each().any(|w| {
        w.components.version_parts.iter().any(|part| {
            lower
                .strip_prefix(part.as_str())
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// Words continuing the version before them as a pre-release of it
/// ("beta 6" after "4.2.3", draw.io's ChangeLog): a `[version]
/// pre_releases` word of `data/words/*.toml`, then a number.
pub(crate) fn is_pre_release_part(part: &str) -> bool {
    let Some((word, number)) = part.rsplit_once(' ') else {
        return false;
    };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && words::each().any(|w| {
            w.version
                .pre_releases
                .iter()
                .any(|p| p.eq_ignore_ascii_case(word.trim()))
        })
}

/// `text` without the abbreviations set in parentheses after a name
/// ("Slingshot Host Software (SHS) 12.0.0" → "Slingshot Host Software
/// 12.0.0"): a word of letters, in parentheses, at most 8 long.
pub(crate) fn without_abbreviations(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('(') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let inner_end = rest[open..].find(')').map(|e| open + e);
        let abbreviation = inner_end.is_some_and(|end| {
            let inner = &rest[open + 1..end];
            (2..=8).contains(&inner.len())
                && inner.chars().all(|c| c.is_ascii_alphabetic())
                && inner.chars().filter(|c| c.is_ascii_uppercase()).count() >= 2
        });
        match inner_end {
            Some(end) if abbreviation => {
                out.push_str(rest[..open].trim_end());
                rest = &rest[end + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// An IPv4 address of a private or loopback network (`192.168.1.20`,
/// `172.16.0.2`, `127.0.0.1`): a host, no version. (`10.5.2.100` may be
/// a library's version: cuFFT's.)
pub(crate) fn is_address(word: &str) -> bool {
    let parts: Vec<u8> = word
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .split('.')
        .map_while(|p| p.parse::<u8>().ok())
        .collect();
    matches!(parts.as_slice(), [192, 168, _, _] | [127, _, _, _])
        || matches!(parts.as_slice(), [172, b, _, _] if (16..=31).contains(b))
}

/// A PCI device's address, bus, device and function (`1e:00.0`,
/// `0000:3b:00.0`, the last of `0b/0e/1b/1e:00.0`), as `lspci` writes it:
/// a slot, no name and version.
pub(crate) fn is_pci_address(word: &str) -> bool {
    let word = word.rsplit('/').next().unwrap_or(word);
    let word = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    let hex =
        |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_hexdigit());
    let parts: Vec<&str> = word.split(':').collect();
    let (bus, slot) = match parts.as_slice() {
        [domain, bus, slot] if hex(domain, 4) => (*bus, *slot),
        [bus, slot] => (*bus, *slot),
        _ => return false,
    };
    let Some((device, function)) = slot.split_once('.') else {
        return false;
    };
    hex(bus, 2) && hex(device, 2) && matches!(function.as_bytes(), [b'0'..=b'7'])
}

/// A git commit named by its hash, whole or abbreviated (`4df29be4f`,
/// `e84e05053792`): 7 to 40 lowercase hex digits, a letter and a digit
/// among them (a number or a hex-lettered word is none).
pub(crate) fn is_commit_hash(word: &str) -> bool {
    (7..=40).contains(&word.len())
        && word
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && word.bytes().any(|b| b.is_ascii_digit())
        && word.bytes().any(|b| b.is_ascii_lowercase())
}

/// A build named by its number after a `b` (llama.cpp's `b6047`).
pub(crate) fn is_build_number(word: &str) -> bool {
    word.strip_prefix('b')
        .is_some_and(|n| n.len() >= 3 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A Go module's path: a host with a dot, then path segments that are
/// package words (`github.com/aws/aws-sdk-go-v2/config`, `golang.org/x/net`).
pub(crate) fn is_module_path(word: &str) -> bool {
    let mut segments = word.split('/');
    let host = segments.next().unwrap_or("");
    let rest: Vec<&str> = segments.collect();
    host.contains('.')
        && !host.starts_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
        && host.chars().any(|c| c.is_ascii_alphabetic())
        && !rest.is_empty()
        && word.len() <= 128
        && rest.iter().all(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '~'))
        })
}

/// A package name: ASCII letters, digits and `. _ - +`, starting with a
/// letter or digit, holding at least one letter, and not a word of prose.
pub(crate) fn is_package_name(name: &str) -> bool {
    is_package_word(name)
        && !not_names().contains(name.to_ascii_lowercase().as_str())
        && !is_dashed_date(name)
}

/// A date written with dashes (`02-MAR-2023`, `2023-03-02`, drawio's
/// changelog), which names no package.
fn is_dashed_date(name: &str) -> bool {
    name.matches('-').count() == 2
        && name.bytes().any(|b| b.is_ascii_digit())
        && crate::dates::is_date_alone(name)
}

/// A word a package name may be made of, a word of prose or not
/// ("Package" of "Linux Package").
pub(crate) fn is_package_word(name: &str) -> bool {
    let Some(first) = name.chars().next() else {
        return false;
    };
    let last = name.chars().last().unwrap_or(first);
    // ".NET": a dot before a capital opens a name.
    let dotted_capital = first == '.' && name[1..].starts_with(|c: char| c.is_ascii_uppercase());
    (first.is_ascii_alphanumeric() || dotted_capital)
        && (last.is_ascii_alphanumeric() || last == '+')
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'))
        && name.chars().any(|c| c.is_ascii_alphabetic())
}

/// Two capitalised names a product is known by together, joined by a
/// slash: `Erlang/OTP`, `Tcl/Tk`, `Clang/LLVM` (written `Erlang-OTP`, as
/// [`crate::names::slashed_name`] writes a label's). A path
/// (`actions/checkout`, `golang.org/x/net`) or a short pair (`I/O`) is
/// not one.
pub(crate) fn is_paired_name(word: &str) -> bool {
    // ("cURL/libcURL": a part may open in lowercase, a capital inside.)
    let part = |p: &str| {
        p.len() >= 2
            && p.starts_with(|c: char| c.is_ascii_alphabetic())
            && p.contains(|c: char| c.is_ascii_uppercase())
            && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '+')
    };
    word.len() <= 64
        && word
            .split_once('/')
            .is_some_and(|(a, b)| part(a) && part(b))
}

/// A name a record's component may have: a package name, a Go module's
/// path or an Android SDK package's path.
pub fn is_component_name(name: &str) -> bool {
    is_package_name(name)
        || is_module_path(name)
        || is_sdk_path(name)
        || is_scoped_npm_name(name)
        || is_maven_coordinate(name)
}

/// An npm package in a scope: `@scope/name`, lowercase letters, digits and
/// `. _ -` (<https://docs.npmjs.com/cli/v10/using-npm/scope>).
pub(crate) fn is_scoped_npm_name(word: &str) -> bool {
    let npm_part = |p: &str| {
        !p.is_empty()
            && p.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
            && p.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-')
            })
    };
    word.len() <= 214
        && word
            .strip_prefix('@')
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(scope, name)| npm_part(scope) && npm_part(name))
}

/// A Maven artifact by its coordinate `groupId:artifactId`
/// (`com.azure:azure-core`, `commons-codec:commons-codec`): a lowercase
/// group of words parted by `.` or `-`, and an artifact that is a package
/// word (<https://maven.apache.org/pom.html#Maven_Coordinates>).
pub(crate) fn is_maven_coordinate(word: &str) -> bool {
    word.len() <= 200
        && word.split_once(':').is_some_and(|(group, artifact)| {
            group.contains(['.', '-'])
                && group
                    .split('.')
                    .all(|p| !p.is_empty() && is_package_word(p))
                && !group.chars().any(|c| c.is_ascii_uppercase())
                && is_package_word(artifact)
        })
}

/// A Maven artifact's coordinate and its version, as Maven writes them
/// (`com.exasol:database-cleaner:1.1.3`): the coordinate and the version.
pub(crate) fn maven_versioned(word: &str) -> Option<(&str, &str)> {
    let (coordinate, version) = word.rsplit_once(':')?;
    (is_maven_coordinate(coordinate)
        && coordinate.contains(':')
        && version.starts_with(|c: char| c.is_ascii_digit())
        && version.contains('.')
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+')))
    .then_some((coordinate, version))
}

/// An Android SDK package's path, as `sdkmanager --list_installed` writes
/// it (`build-tools;35.0.0`, `platforms;android-35`,
/// `system-images;android-35;google_apis;x86_64`): package words parted by
/// `;` (<https://developer.android.com/tools/sdkmanager>).
pub(crate) fn is_sdk_path(word: &str) -> bool {
    word.contains(';')
        && word.len() <= 128
        && word.split(';').all(|part| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        })
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// Debian's architecture names, as a package's row and its multiarch
/// qualifier (`libc6:amd64`) write them (https://wiki.debian.org/SupportedArchitectures).
pub(crate) fn is_debian_arch(word: &str) -> bool {
    matches!(
        word,
        "amd64" | "arm64" | "all" | "i386" | "armhf" | "armel" | "ppc64el" | "s390x" | "riscv64"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_names_of_one_product_joined_by_a_slash() {
        for pair in ["Erlang/OTP", "Tcl/Tk", "cURL/libcURL"] {
            assert!(is_paired_name(pair), "{pair}");
        }
        for other in ["actions/checkout", "and/or", "I/O", "golang.org/x/net"] {
            assert!(!is_paired_name(other), "{other}");
        }
    }

    #[test]
    fn names_a_record_may_hold() {
        for name in [
            "torch",
            "golang.org/x/net",
            "platforms;android-35",
            "system-images;android-35;google_apis;x86_64",
            "@remix-run/router",
            "com.azure:azure-core",
            "org.apache.spark:spark-launcher_2.12",
            "commons-codec:commons-codec",
        ] {
            assert!(is_component_name(name), "{name}");
        }
        for not in [
            "a;",
            ";b",
            "the",
            // A date (drawio's changelog), a version word (NeeView's).
            "02-MAR-2023",
            "2023-03-02",
            "ver",
            "x; y",
            "1;2",
            "@Scope/Name",
            "@/x",
            "note:",
            "key: value",
            "CVE:CVE-2025-1",
            "Fixed:crash",
        ] {
            assert!(!is_component_name(not), "{not}");
        }
    }

    #[test]
    fn abbreviations_in_parentheses_leave_the_name() {
        assert_eq!(
            without_abbreviations("Slingshot Host Software (SHS) 12.0.0, with (some) notes"),
            "Slingshot Host Software 12.0.0, with (some) notes"
        );
        assert_eq!(
            without_abbreviations("PyTorch 2.7.0 (2.7.0a0)"),
            "PyTorch 2.7.0 (2.7.0a0)"
        );
    }

    #[test]
    fn package_tokens_pass() {
        for name in [
            "torch",
            "CUDA",
            "flash_attn_3",
            "ACCL-N",
            "opencv-python-headless",
            "gdb",
            "g++",
            "cuDNN",
        ] {
            assert!(is_package_name(name), "{name}");
        }
    }

    #[test]
    fn a_name_ending_in_a_word_of_prose() {
        assert_eq!(prose_tail("vLLM-version"), Some(("vLLM", "version")));
        assert_eq!(prose_tail("Foo_Version"), Some(("Foo", "Version")));
        assert_eq!(prose_tail("flash-attn"), None);
        assert_eq!(prose_tail("version"), None);
        assert_eq!(prose_tail("-version"), None);
        assert_eq!(prose_tail("TF-A"), None);
        assert_eq!(prose_tail("Python a"), Some(("Python", "a")));
    }

    #[test]
    fn prose_words_and_non_tokens_fail() {
        for word in [
            "are",
            "is",
            "The",
            "and",
            "to",
            "和",
            "与",
            "及",
            "vLLM升级",
            "2024",
            "",
            "-x",
            "a b",
            "x.",
            "版本",
        ] {
            assert!(!is_package_name(word), "{word}");
        }
    }
}
