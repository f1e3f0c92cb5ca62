//! Versions an image's tag states: GPU images name their stack in their
//! tags (`2.7.1-gpu-py312-cu128-ubuntu22.04`, `…-cu124.2-4.ubuntu2204.py311`,
//! `rocm6.3.1_mi300_ubuntu22.04_py3.12_vllm_0.6.6`). A token is a known
//! component's spelling glued to a dotted version (`cuda12.3`,
//! `ubuntu22.04`), a tag prefix glued to its numbers (`cu124`, `py311`:
//! `tag` of `data/components.toml`), or a known name followed by a
//! version token (`vllm_0.6.6`).

use crate::names;
use model::{Component, all_components, known_component};

/// The components a tag (or an image reference, whose tag is read) states.
/// "`nvidia/cuda:13.3.1-devel-ubuntu24.04`", "`rust:1.95.0-slim-bookworm`"
/// (a build's inputs): the image references a line writes whose
/// repository is named for a component data knows and whose tag opens
/// with a version.
pub(crate) fn named_images_in(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '"' | '\'' | ',' | '(' | ')' | '|')))
        .map(|w| w.strip_suffix('.').unwrap_or(w))
        .filter(|word| {
            !word.contains(char::is_whitespace)
                && !word.contains(['$', '=', '@'])
                && word.split_once(':').is_some_and(|(repository, tag)| {
                    let name = repository.rsplit('/').next().unwrap_or(repository);
                    !tag.contains('/')
                        && is_release(tag.split(['-', '_']).next().unwrap_or(""))
                        && known_component(name).is_some()
                })
        })
        .map(str::to_string)
        .collect()
}

pub(crate) fn components(reference: &str) -> Vec<(String, String)> {
    let reference = reference.trim().trim_matches(['`', '"', '\'']);
    // `python:3.11-slim@sha256:d29f…`: the digest pins the tag, names nothing.
    let reference = reference.split_once('@').map_or(reference, |(r, _)| r);
    // The tag of `registry/path:tag`; a name without one (a Google image
    // `…/huggingface-…-cu124.2-4.ubuntu2204.py311`) is read whole.
    let tag = match reference.rsplit_once(':') {
        Some((_, tag)) if !tag.contains('/') => tag,
        _ => reference.rsplit('/').next().unwrap_or(reference),
    };
    let tokens = tokens(tag);
    let mut out: Vec<(String, String)> = Vec::new();
    // `…/vllm:0.15.1-ubuntu22.04`: an image named for a component, its
    // tag opening with that component's version.
    let repository = reference
        .rsplit_once(':')
        .map_or("", |(r, _)| r)
        .rsplit('/')
        .next()
        .unwrap_or("");
    let leading = tag.split(['-', '_']).next().unwrap_or("");
    // `…/prebaked-cuda:11.8.0-…`: the repository's last word names it when
    // that is a stack component, no Python package (`python-notebook` is
    // no `notebook`). `…/sglang-rocm:v0.5.10.post1-rocm720-…` names two,
    // and the tag states one of them itself: the version is the other's.
    // (`python-notebook:3.10.12-cpu-py310` states Python twice: the
    // leading version is Python's own, no `notebook`.)
    let leading_version = leading.trim_start_matches(['v', 'V']);
    let stated_in_tag: Vec<String> = tokens
        .iter()
        .filter_map(|t| glued(t))
        .filter(|(_, version)| !leading_version.starts_with(version.as_str()))
        .map(|(name, _)| name)
        .collect();
    let named = known_component(repository).or_else(|| {
        let (first, last) = repository.split_once(['-', '_'])?;
        match (known_component(first), known_component(last)) {
            (None, Some(c)) => Some(c).filter(|c| c.ecosystem != model::Ecosystem::Pypi),
            (Some(a), Some(b)) => {
                let unstated = |c: &&Component| !stated_in_tag.contains(&c.name);
                match (unstated(&a), unstated(&b)) {
                    (true, false) => Some(a),
                    (false, true) => Some(b),
                    _ => None,
                }
            }
            _ => None,
        }
    });
    if let Some(c) = named
        && is_release(leading)
    {
        out.push((
            c.name.clone(),
            leading.trim_start_matches(['v', 'V']).to_string(),
        ));
    }
    let mut push = |name: &str, version: String| {
        if let Some(name) = names::component_name(name)
            && !out
                .iter()
                .any(|(n, _)| names::canonical_key(n) == names::canonical_key(&name))
        {
            out.push((name, version));
        }
    };
    for (i, token) in tokens.iter().enumerate() {
        if let Some((name, mut version)) = glued(token) {
            // `nccl2.30.4-1`: a Debian revision after the version (a
            // conda build's `cudnn9.1.0_0` ends in its build number).
            if version.contains('.')
                && token.ends_with(version.as_str())
                && let Some(next) = tokens.get(i + 1)
                && tag.contains(&format!("{token}-{next}"))
                && next.len() <= 2
                && next.chars().all(|c| c.is_ascii_digit())
                && known_component(&name).is_some_and(|c| c.ecosystem != model::Ecosystem::Pypi)
            {
                version = format!("{version}-{next}");
            }
            push(&name, version);
        } else if let Some(c) = known_component(token)
            && let Some(next) = tokens.get(i + 1)
            && is_dotted(next)
        {
            push(&c.name, next.to_string());
        } else if let Some(at) = token.find(|c: char| c.is_ascii_digit())
            // `r0`, `r12`: a build's revision (`v1.33.5-r0`), no R.
            && at >= 2
            && (1..=2).contains(&(token.len() - at))
            && token[at..].bytes().all(|b| b.is_ascii_digit())
            && let Some(c) = known_component(&token[..at])
        {
            // `cudnn8` (NVIDIA's CUDA image tags): a known name and its
            // major version; `torch24` (woodrex's ROCm images), more
            // digits than the component's tags give its major: its major
            // and minor.
            let digits = &token[at..];
            let version = match &c.tag {
                Some(form) if digits.len() > form.major_digits => {
                    let (major, minor) = digits.split_at(form.major_digits);
                    format!("{major}.{minor}")
                }
                _ => digits.to_string(),
            };
            push(&c.name, version);
        }
    }
    // `python-3.11.15-hub-5.4.4-lab-4.5.6`: names and versions in turn
    // state each pair, names no data knows too.
    for (name, version) in in_turn(tag) {
        push(name, version.to_string());
    }
    out
}

/// A tag written as names and versions in turn, at least three pairs
/// (`spark-3.5.6-python-3.11-java-17-scala-2.13`), a build date after
/// them (`…-lab-4.5.6-2026-04-13`) no pair: each name and its version.
/// Any other word in it (`ubuntu-22.04-ros-humble`) and it is no such tag;
/// two pairs may be one version (`mecab-0.996-ko-0.9.2`).
pub(crate) fn in_turn(tag: &str) -> Vec<(&str, &str)> {
    let parts: Vec<&str> = tag.split('-').collect();
    let is_name = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphabetic());
    let is_version = |p: &str| {
        is_dotted(p) || (!p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut pairs = Vec::new();
    let mut at = 0;
    while at + 1 < parts.len() && is_name(parts[at]) && is_version(parts[at + 1]) {
        pairs.push((parts[at], parts[at + 1]));
        at += 2;
    }
    let date_after = parts[at..]
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if pairs.len() >= 3 && date_after {
        pairs
    } else {
        Vec::new()
    }
}

/// A tag's tokens: split at `-` and `_`, and at a `.` before a letter
/// (`4.ubuntu2204.py311`).
fn tokens(tag: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in underscored_names(tag) {
        let mut start = 0;
        let bytes = part.as_bytes();
        for i in 0..bytes.len() {
            // `cann8.1.rc1`: a pre-release after a dot is the version's
            // (`.` is one byte: `i` is a character's start there).
            if bytes[i] == b'.'
                && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
                && !PRE_RELEASE_AFTER_DOT.is_match(&part[i..])
            {
                out.push(&part[start..i]);
                start = i + 1;
            }
        }
        out.push(&part[start..]);
    }
    out.retain(|t| !t.is_empty());
    out
}

/// `.rc1`, `.post2`: a pre- or post-release after a version's dot.
static PRE_RELEASE_AFTER_DOT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"^\.(?:rc|post|dev|alpha|beta)\d+(?:$|[.-])").unwrap()
});

/// The parts of a tag between its `-` and `_`, a name written with `_`
/// kept whole with its version (`torch_npu2.5.1`, not `torch`, `npu2.5.1`).
fn underscored_names(tag: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for dashed in tag.split('-') {
        let mut start = 0;
        let parts: Vec<&str> = dashed.split('_').collect();
        let mut at = 0;
        for (k, part) in parts.iter().enumerate() {
            let end = at + part.len();
            let letters_only = !part.is_empty() && part.chars().all(|c| c.is_ascii_alphabetic());
            let next_glued = parts.get(k + 1).is_some_and(|n| {
                n.starts_with(|c: char| c.is_ascii_alphabetic())
                    && n.contains(|c: char| c.is_ascii_digit())
            });
            if !(letters_only && next_glued) {
                out.push(&dashed[start..end]);
                start = end + 1;
            }
            at = end + 1;
        }
    }
    out
}

/// A version of at least two numbers (`0.6.6`, `22.04`).
fn is_dotted(word: &str) -> bool {
    let w = word.strip_prefix(['v', 'V']).unwrap_or(word);
    let mut parts = w.split('.');
    let first = parts.next().unwrap_or("");
    !first.is_empty()
        && first.chars().all(|c| c.is_ascii_digit())
        && parts.clone().count() >= 1
        && parts.all(|p| !p.is_empty() && p.chars().next().is_some_and(|c| c.is_ascii_digit()))
}

/// A dotted version, or one with a PEP 440 suffix after it
/// (`v0.5.10.post1`, `0.9.0rc2`).
fn is_release(word: &str) -> bool {
    if is_dotted(word) {
        return true;
    }
    let unprefixed = word.strip_prefix(['v', 'V']).unwrap_or(word);
    let Some(at) = unprefixed.find(|c: char| c.is_ascii_alphabetic()) else {
        return false;
    };
    let (numbers, suffix) = unprefixed.split_at(at);
    let suffix_word = suffix.trim_end_matches(|c: char| c.is_ascii_digit());
    suffix_word.len() < suffix.len()
        && ["post", "dev", "rc", "a", "b"].contains(&suffix_word)
        && is_dotted(numbers.trim_end_matches('.'))
}

/// `cuda12.3`, `ubuntu22.04`, `py3.12` (a spelling or prefix glued to a
/// dotted version), `cu124`, `py311`, `ubuntu2204` (a prefix glued to
/// numbers).
/// A word as a file or tag names a package: its name, then `-` and a
/// version (`reflections-0.10.2`, `jetty-server-9.4.54.v20240208`): the
/// name ends at the first `-` before a digit and holds a letter.
pub(crate) fn dashed(token: &str) -> Option<(&str, &str)> {
    let at = token
        .match_indices('-')
        .map(|(i, _)| i)
        .find(|&i| token[i + 1..].starts_with(|c: char| c.is_ascii_digit()))?;
    let (name, mut version) = (&token[..at], &token[at + 1..]);
    // `vllm-0.26.0+cu128-cp313-cp313-win_amd64.whl`: a wheel's name (PEP
    // 427), its version ending at the dash before its tags.
    if token.ends_with(".whl") {
        version = version.split('-').next().unwrap_or(version);
    }
    // (`python-3.11.15-hub-5.4.4`: names and versions in turn, no one
    // version `3.11.15-hub-5.4.4`.)
    (name.chars().any(|c| c.is_ascii_alphabetic()) && in_turn(token).is_empty())
        .then_some((name, version))
}

pub(crate) fn glued(token: &str) -> Option<(String, String)> {
    // `python3.10-dev`: a Debian package (see `installs::debian_named`),
    // no version `3.10-dev`.
    if token
        .split_once('-')
        .is_some_and(|(_, flavour)| flavour.starts_with(|c: char| c.is_ascii_alphabetic()))
    {
        return None;
    }
    let digits_at = token.find(|c: char| c.is_ascii_digit())?;
    let (word, rest) = token.split_at(digits_at);
    if word.is_empty() {
        return None;
    }
    let word = word.trim_end_matches(['v', 'V']);
    // `cann8.1.rc1`: a pre-release after the version's dot.
    let dotted = is_dotted(rest)
        || rest.rfind('.').is_some_and(|at| {
            PRE_RELEASE_AFTER_DOT.is_match(&rest[at..]) && is_dotted(&rest[..at])
        });
    if dotted && let Some(c) = known_component(word) {
        return Some((c.name.clone(), rest.to_string()));
    }
    // `modelscope1.39.0`, `torchmlu1.28.0`, `dtk26.04`, `torch_npu2.5.1`:
    // a name no data knows glued to a version.
    if dotted
        && word.len() >= 3
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
        && by_prefix(word).is_none()
    {
        return Some((word.to_string(), rest.to_string()));
    }
    let c = by_prefix(word)?;
    let form = c.tag.as_ref()?;
    // `py3.12`: a prefix and a dotted version whose major has its digits;
    // `cu124.2` is CUDA 12.4 (and more after it).
    let major_len = rest.find('.').unwrap_or(rest.len());
    if is_dotted(rest) && major_len <= form.major_digits {
        return Some((c.name.clone(), rest.to_string()));
    }
    // The numbers, up to a `.` after them (`cu124.2`: 12.4).
    let numbers: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if numbers.len() < 2 || numbers.len() > form.major_digits + 2 {
        return None;
    }
    let after = &rest[numbers.len()..];
    // `ubuntu24`, `cu12`: a major alone, where the form's major may hold
    // every digit; no minor to split off (not Ubuntu 2.4).
    if numbers.len() <= form.major_digits && form.major_digits > 1 {
        return None;
    }
    let major = form.major_digits.min(numbers.len() - 1);
    let (major_part, rest) = numbers.split_at(major);
    let mut version = match form.minor_digits {
        Some(minor) if rest.len() > minor => {
            format!("{major_part}.{}.{}", &rest[..minor], &rest[minor..])
        }
        _ => format!("{major_part}.{rest}"),
    };
    // `oe2203lts`: a long-term release, as its name writes it (22.03-LTS).
    if after.eq_ignore_ascii_case("lts") {
        version.push_str("-LTS");
    }
    Some((c.name.clone(), version))
}

/// The component whose tag prefix `word` is.
fn by_prefix(word: &str) -> Option<&'static Component> {
    let word = word.to_ascii_lowercase();
    all_components()
        .iter()
        .find(|c| c.tag.as_ref().is_some_and(|t| t.prefixes.contains(&word)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_named_for_known_components_are_read_where_a_line_writes_them() {
        let line = "| `nvidia/cuda:13.3.1-devel-ubuntu24.04` | `rust:1.95.0-slim-bookworm` | `myapp:2.0` |";
        assert_eq!(
            named_images_in(line),
            [
                "nvidia/cuda:13.3.1-devel-ubuntu24.04",
                "rust:1.95.0-slim-bookworm"
            ]
        );
        assert_eq!(
            components("rust:1.95.0-slim-bookworm"),
            [("Rust".to_string(), "1.95.0".to_string())]
        );
        // A port mapping, a tag of no version: none.
        assert!(named_images_in("docker run -p 8080:80 python:latest").is_empty());
    }

    fn of(reference: &str) -> Vec<(String, String)> {
        components(reference)
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn names_and_versions_in_turn() {
        // OKDP's JupyterLab image tags: names no data knows (`hub`, `lab`)
        // stated as the known ones are, a build date after them no pair.
        assert_eq!(
            of("python-3.11.15-hub-5.4.4-lab-4.5.6-2026-04-13"),
            pairs(&[("Python", "3.11.15"), ("hub", "5.4.4"), ("lab", "4.5.6")])
        );
        assert_eq!(dashed("python-3.11.15-hub-5.4.4-lab-4.5.6"), None);
        // Two pairs may be one version of one package; a word that is no
        // version (`humble`) makes no such tag.
        assert_eq!(
            dashed("mecab-0.996-ko-0.9.2"),
            Some(("mecab", "0.996-ko-0.9.2"))
        );
        assert!(in_turn("ubuntu-22.04-ros-humble-cuda-12.1-torch-2.1").is_empty());
    }

    #[test]
    fn a_wheels_version_ends_before_its_tags() {
        assert_eq!(
            dashed("vllm-0.26.0+cu128-cp313-cp313-win_amd64.whl"),
            Some(("vllm", "0.26.0+cu128"))
        );
        assert_eq!(
            dashed("torch-2.4.0-cp310-cp310-manylinux1_x86_64.whl"),
            Some(("torch", "2.4.0"))
        );
    }

    #[test]
    fn a_major_alone_is_no_version_to_split() {
        // ComfyUI-Nvidia-Docker's build names: `ubuntu24_cuda13.1`.
        assert_eq!(
            of("ubuntu24_cuda13.1"),
            pairs(&[("Ubuntu", "24"), ("CUDA", "13.1")])
        );
    }

    #[test]
    fn names_with_underscores_dotted_pre_releases_and_long_term_releases() {
        assert_eq!(
            of("0.9.0rc1-torch_npu2.5.1-cann8.1.rc1-python3.10-oe2203lts"),
            pairs(&[
                ("torch_npu", "2.5.1"),
                ("cann", "8.1.rc1"),
                ("Python", "3.10"),
                ("openEuler", "22.03-LTS")
            ])
        );
    }

    #[test]
    fn a_tag_pinned_by_its_digest_and_an_image_named_first() {
        assert_eq!(
            of(
                "python:3.11-slim-bookworm@sha256:d29f48a31a8b408ed19272ca1e7b10ebae13b240a27e862d3d4217c528e2e0c3"
            ),
            pairs(&[("Python", "3.11")])
        );
        // The repository names two; the tag states ROCm itself (one
        // digit a part), so its leading version is SGLang's.
        assert_eq!(
            of("lmsysorg/sglang-rocm:v0.5.10.post1-rocm720-mi30x-20260505"),
            pairs(&[("sglang", "0.5.10.post1"), ("ROCm", "7.2.0")])
        );
        assert_eq!(
            of("lmsysorg/sglang:v0.4.5-rocm630"),
            pairs(&[("sglang", "0.4.5"), ("ROCm", "6.3.0")])
        );
    }

    #[test]
    fn a_name_glued_to_a_major_and_minor_without_a_dot() {
        // woodrex's ROCm images for old Radeon cards: ROCm 6.1.2, PyTorch
        // 2.4 (its tags write one digit of a major, `pt1.3`).
        assert!(
            of("woodrex/rocm612-torch24-gfx803")
                .contains(&("torch".to_string(), "2.4".to_string()))
        );
    }

    #[test]
    fn a_base_image_named_for_its_stack() {
        assert_eq!(
            of("quay.io/mlrun/prebaked-cuda:11.8.0-cudnn8-devel-ubuntu22.04"),
            pairs(&[("CUDA", "11.8.0"), ("cuDNN", "8"), ("Ubuntu", "22.04")])
        );
        assert!(
            !of("registry.example/easymaker/python-notebook:3.10.12-cpu-py310")
                .iter()
                .any(|(n, _)| n == "notebook")
        );
        // A build's revision is no R.
        assert!(of("v1.33.5-r0").iter().all(|(n, _)| n != "R"));
    }

    #[test]
    fn tags_name_their_stack() {
        assert_eq!(
            of(
                "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.7.1-gpu-py312-cu128-ubuntu22.04-ec2"
            ),
            pairs(&[("Python", "3.12"), ("CUDA", "12.8"), ("Ubuntu", "22.04")])
        );
        assert_eq!(
            of(
                "us-docker.pkg.dev/x/gcr.io/huggingface-text-generation-inference-cu124.2-4.ubuntu2204.py311"
            ),
            pairs(&[("CUDA", "12.4"), ("Ubuntu", "22.04"), ("Python", "3.11")])
        );
        assert_eq!(
            of("rocm/vllm:rocm6.3.1_mi300_ubuntu22.04_py3.12_vllm_0.6.6"),
            pairs(&[
                ("ROCm", "6.3.1"),
                ("Ubuntu", "22.04"),
                ("Python", "3.12"),
                ("vllm", "0.6.6")
            ])
        );
        assert_eq!(
            of("ghcr.io/coreweave/nccl-tests:13.2.1-devel-ubuntu24.04-nccl2.30.4-1-2eedd7c"),
            pairs(&[("Ubuntu", "24.04"), ("NCCL", "2.30.4-1")])
        );
        // A conda build's number after `_` is no revision of cuDNN.
        assert_eq!(
            of("pytorch-2.5.1-py3.12_cuda12.4_cudnn9.1.0_0"),
            pairs(&[
                ("torch", "2.5.1"),
                ("Python", "3.12"),
                ("CUDA", "12.4"),
                ("cuDNN", "9.1.0")
            ])
        );
        assert_eq!(
            of("paddle:latest-dev-cuda11.2-cudnn8.2-trt8.0-gcc82"),
            pairs(&[("CUDA", "11.2"), ("cuDNN", "8.2"), ("TensorRT", "8.0")])
        );
        assert_eq!(
            of("cambricon_pytorch_container-torch2.7.1-torchmlu1.28.0-ubuntu22.04-py310"),
            pairs(&[
                ("torch", "2.7.1"),
                ("torchmlu", "1.28.0"),
                ("Ubuntu", "22.04"),
                ("Python", "3.10")
            ])
        );
        assert_eq!(
            of("harbor.example.cn:5443/dcu/base/vllm:0.15.1-ubuntu22.04-dtk26.04-py3.10"),
            pairs(&[
                ("vllm", "0.15.1"),
                ("Ubuntu", "22.04"),
                ("dtk", "26.04"),
                ("Python", "3.10")
            ])
        );
        // Words that only look like prefixes, and versions of one number.
        assert!(of("nginx:1.25-alpine").is_empty());
        assert!(of("x:cu1").is_empty());
    }
}
