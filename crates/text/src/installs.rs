//! The versions a page's install commands pin: `pip install torch==2.7.0
//! vllm==0.9.2`, `conda install pytorch==1.12.0 cudatoolkit=11.3`, a wheel
//! or Debian package file (`pip install torch_gcu-2.7.0*.whl`, `dpkg -i
//! topsaten_3.6*.deb`). Install pages state what an environment holds this
//! way; a floor (`>=`) or a range pins nothing. A session printing a
//! module's `__version__` (`>>> tf.__version__` then `'2.16.1'`) states
//! it too.

use crate::names;
use crate::tables::looks_like_version;
use std::collections::HashMap;

/// The components the install commands among `lines` pin, in page order.
pub(crate) fn pins(lines: &[(usize, String)]) -> Vec<(String, String)> {
    installed(lines, false)
}

/// The components Debian packages an install command names are named for
/// (`apt-get install python3.10`), and those of the files it unpacks, runs
/// or installs (`sh cuda_11.2.0_460.27.04_linux.run`): weaker than any
/// statement ("CUDA 11.2" in the page's words), read last.
pub(crate) fn debian_named(lines: &[(usize, String)]) -> Vec<(String, String)> {
    installed(lines, true)
        .into_iter()
        .filter(|(_, version)| !version.contains('-'))
        .collect()
}

/// What the install commands among `lines` pin; `named`: only the Debian
/// packages named for their version.
fn installed(lines: &[(usize, String)], named: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // Each command of a line: `conda install … && apt update && pip install …`.
    let joined = commands(lines);
    // Most lines run no installer: each command word holds one of these.
    let may_install = |l: &&String| {
        l.contains("install")
            || l.contains("create ")
            || l.contains("dpkg -i")
            || l.contains("rpm -")
            || l.contains("tar ")
            || l.contains(".run")
            || l.contains(".sh")
    };
    for line in joined
        .iter()
        .filter(may_install)
        .flat_map(|l| split_commands(l))
    {
        let Some((tool, args)) = command(&line) else {
            continue;
        };
        for word in args.split_whitespace() {
            let word = word.trim_matches(['"', '\'', '`']);
            if word.starts_with('-') {
                continue;
            }
            let pair = match tool {
                Tool::Apt if named => debian_named_package(word).or_else(|| installed_file(word)),
                Tool::Unpack if named => installed_file(word),
                Tool::Apt => debian_pin(word),
                _ if named => None,
                Tool::Unpack => None,
                _ => pinned(word, tool == Tool::Conda).or_else(|| package_file(word)),
            };
            if let Some(pair) = pair {
                out.push(pair);
            }
        }
    }
    out
}

/// The commands of a shell line joined by `&&` or `;`, each after the
/// first written as `&& command` (as [`command`] takes one after another).
fn split_commands(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split("&&").enumerate() {
        for (j, piece) in part.split("; ").enumerate() {
            out.push(if i + j == 0 {
                piece.to_string()
            } else {
                format!("&& {}", piece.trim_start())
            });
        }
    }
    out
}

/// The lines as a shell reads them: a line ending in `\\` goes on with the
/// next (`uv pip install \\` then a package a line).
fn commands(lines: &[(usize, String)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for (_, line) in lines {
        let trimmed = line.trim_end();
        let (text, goes_on) = match trimmed.strip_suffix('\\') {
            Some(before) => (before, true),
            None => (trimmed, false),
        };
        match out.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(text.trim());
            }
            _ => out.push(text.to_string()),
        }
        open = goes_on;
    }
    out
}

/// The versions a Python session among `lines` prints: a line asking for
/// `MODULE.__version__` (through `import torch as pt` aliases) and the
/// line after it, a version alone (quoted or not).
pub(crate) fn printed_versions(lines: &[(usize, String)]) -> Vec<(String, String)> {
    let mut aliases: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for (i, (_, line)) in lines.iter().enumerate() {
        let code = line.trim().trim_start_matches(['>', '.', '$', ' ']);
        for statement in code.split([';', '"', '\'']) {
            let words: Vec<&str> = statement.split_whitespace().collect();
            match words.as_slice() {
                ["import", module, "as", alias] => {
                    aliases.insert(alias.to_string(), module.to_string());
                }
                ["import", module] => {
                    aliases.insert(module.to_string(), module.to_string());
                }
                _ => {}
            }
        }
        let Some(at) = code.find(".__version__") else {
            continue;
        };
        let asked: String = code[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let Some(answer) = lines[i + 1..]
            .iter()
            .map(|(_, l)| l.trim())
            .find(|l| !l.is_empty())
        else {
            continue;
        };
        if answer.starts_with(['>', '$']) {
            continue;
        }
        let value = answer.trim_matches(['\'', '"']);
        if asked.is_empty() || !looks_like_version(value) || value.contains(char::is_whitespace) {
            continue;
        }
        let module = aliases.get(&asked).cloned().unwrap_or(asked);
        let name = names::component_name(&module).unwrap_or(module);
        out.push((name, value.to_string()));
    }
    out
}

#[derive(PartialEq)]
enum Tool {
    Pip,
    Conda,
    Dpkg,
    Apt,
    /// A source archive unpacked, an installer run, an RPM installed
    /// (`tar -xvf Python-3.10.10.tgz`, `sh cuda_11.7.0_515.43.04_linux.run`,
    /// `rpm -ivh nvidia-fabric-manager-525.105.17-1.x86_64.rpm`): the
    /// file's name says what and which version.
    Unpack,
}

/// The installer a line runs and what follows its install word.
fn command(line: &str) -> Option<(Tool, &str)> {
    let t = without_prompt(line.trim())
        .trim_start_matches(['$', '#', '>'])
        .trim_start();
    let t = t.strip_prefix("sudo ").unwrap_or(t);
    for (marker, tool) in [
        ("pip install ", Tool::Pip),
        ("pip3 install ", Tool::Pip),
        // OpenMMLab's installer takes pip's pins (`mim install mmcv==2.1.0`).
        ("mim install ", Tool::Pip),
        ("conda install ", Tool::Conda),
        ("micromamba install ", Tool::Conda),
        ("micromamba create ", Tool::Conda),
        ("mamba create ", Tool::Conda),
        // An environment made with its packages (`conda create -n env
        // python=3.10`).
        ("conda create ", Tool::Conda),
        ("mamba install ", Tool::Conda),
        ("dpkg -i ", Tool::Dpkg),
        ("apt-get install ", Tool::Apt),
        ("apt install ", Tool::Apt),
        ("yum install ", Tool::Apt),
        ("dnf install ", Tool::Apt),
        ("rpm -i", Tool::Unpack),
        ("rpm -U", Tool::Unpack),
        ("tar ", Tool::Unpack),
        ("sh ", Tool::Unpack),
        ("bash ", Tool::Unpack),
        ("./", Tool::Unpack),
    ] {
        if let Some(at) = t.find(marker) {
            // The installer is the command, not a word of prose before it.
            let before = &t[..at];
            // `/opt/conda/bin/conda install`: the installer by its path.
            let by_path = before.ends_with('/') && !before.contains(char::is_whitespace);
            // `RUN pip install …` (a Dockerfile's step).
            if before.is_empty()
                || before == "RUN "
                || by_path
                || before.ends_with("-m ")
                || before.ends_with("uv ")
                || before.ends_with("&& ")
                || before.ends_with("; ")
            {
                let args = &t[at + marker.len()..];
                // `tar -czf out.tar.gz`: an archive made, nothing unpacked.
                if marker == "tar "
                    && !args
                        .split_whitespace()
                        .next()
                        .is_some_and(|flags| flags.contains('x') && !flags.contains('c'))
                {
                    return None;
                }
                return Some((tool, args));
            }
        }
    }
    None
}

/// `name==1.2` (and conda's `name=1.2`): the name without extras
/// (`sglang[all]`), when the version is one and no wildcard.
fn pinned(word: &str, conda: bool) -> Option<(String, String)> {
    let (name, version) = match word.split_once("==") {
        Some(pair) => pair,
        None if conda => word.split_once('=').filter(|(_, v)| !v.starts_with('='))?,
        None => return None,
    };
    let name = name.split('[').next().unwrap_or(name);
    if version.contains(['*', ',', '<', '>']) || !looks_like_version(version) {
        return None;
    }
    // conda's `cuda-version=11.8` pins a constraint, no package.
    let lower = name.to_ascii_lowercase();
    if lower.ends_with("-version") || lower.ends_with("_version") {
        return None;
    }
    Some((names::component_name(name)?, version.to_string()))
}

/// A Debian package an install command pins (`libnccl2=2.21.5-1+cuda12.4`).
fn debian_pin(word: &str) -> Option<(String, String)> {
    let (name, version) = word.split_once('=')?;
    (looks_like_version(version) && !version.contains('*'))
        .then(|| Some((names::component_name(name)?, version.to_string())))
        .flatten()
}

/// A known component's Debian package named for its version
/// (`python3.10`, `python3.10-dev`: Python 3.10).
fn debian_named_package(word: &str) -> Option<(String, String)> {
    if word.contains('=') {
        return None;
    }
    // The package's flavour (`-dev`, `-venv`) is no part of the version.
    let word = match word.split_once('-') {
        Some((package, flavour)) if flavour.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            package
        }
        _ => word,
    };
    let (name, version) = crate::tags::glued(word)?;
    (names::is_alias(&name) && version.contains('.')).then_some((name, version))
}

/// A package file's name and version: `torch_gcu-2.7.0*.whl` (a wheel:
/// name, dash, version), `topsaten_3.6*.deb` (a Debian package: name,
/// underscore, version); a wildcard ends the version.
fn package_file(word: &str) -> Option<(String, String)> {
    let file = word.rsplit('/').next().unwrap_or(word);
    let (stem, separator) = if let Some(stem) = file.strip_suffix(".whl") {
        (stem, '-')
    } else if let Some(stem) = file.strip_suffix(".deb") {
        (stem, '_')
    } else {
        return None;
    };
    let (name, rest) = stem.split_once(separator)?;
    let version = rest.split(['*', separator]).next().unwrap_or(rest);
    let version = version.trim_end_matches('.');
    (!version.is_empty() && version.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| Some((names::component_name(name)?, version.to_string())))
        .flatten()
}

/// A command line without the shell's prompt before it: a virtual
/// environment's name (`(.venv_train) $ pip install …`), `user@host:~$`,
/// `[root@host ~]#`.
fn without_prompt(line: &str) -> &str {
    let mut rest = line;
    if rest.starts_with('(')
        && let Some(end) = rest.find(") ")
        && !rest[1..end].contains(char::is_whitespace)
    {
        rest = rest[end + 1..].trim_start();
    }
    if rest.starts_with('[')
        && let Some((prompt, after)) = ["]# ", "]$ "].iter().find_map(|end| rest.split_once(end))
        && prompt.contains('@')
    {
        return after;
    }
    match rest.split_once(' ') {
        Some((prompt, after)) if prompt.contains('@') && prompt.ends_with(['$', '#']) => after,
        _ => rest,
    }
}

/// A source archive, installer or RPM a command unpacks, runs or installs,
/// under the name data knows it by.
fn installed_file(word: &str) -> Option<(String, String)> {
    let (name, version) = crate::components::archive_file(word)?;
    Some((names::component_name(&name)?, version))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{numbered, pairs};

    #[test]
    fn a_session_printing_a_modules_version_states_it() {
        let lines = numbered(">>> import tensorflow as tf\n>>> tf.__version__\n'2.16.1'\n>>>");
        assert_eq!(
            printed_versions(&lines),
            [("tensorflow".to_string(), "2.16.1".to_string())]
        );
        let lines = numbered("$ python -c 'import torch; print(torch.__version__)'\n2.7.1+cu128");
        assert_eq!(
            printed_versions(&lines),
            [("torch".to_string(), "2.7.1+cu128".to_string())]
        );
        // A prompt after the question: nothing was printed.
        assert!(printed_versions(&numbered(">>> tf.__version__\n>>> exit()")).is_empty());
    }

    fn read(text: &str) -> Vec<(String, String)> {
        pins(&numbered(text))
    }

    #[test]
    fn commands_after_a_shell_prompt() {
        let text = "(.venv_train) $ pip install pip==24.0\n\
                    user@gpu01:~/work$ pip install ninja==1.11.1\n\
                    [root@host ~]# pip install flash-attn==2.5.0\n\
                    (a note) pip install x==1.0";
        assert_eq!(
            read(text),
            pairs(&[
                ("pip", "24.0"),
                ("ninja", "1.11.1"),
                ("flash-attn", "2.5.0")
            ])
        );
    }

    #[test]
    fn files_unpacked_run_or_installed_name_what_they_install() {
        let text = "tar -zxvf openssl-1.1.1t.tar.gz\nsudo sh cuda_11.2.0_460.27.04_linux.run\n\
                    rpm -ivh nvidia-fabric-manager-525.105.17-1.x86_64.rpm\n\
                    tar -czf backup-1.2.tar.gz data\ntar xf v1.1.0.tar.gz";
        // Weaker than any statement: not among the pins.
        assert!(read(text).is_empty());
        assert_eq!(
            debian_named(&numbered(text)),
            pairs(&[
                ("openssl", "1.1.1t"),
                ("cuda", "11.2.0"),
                ("nvidia-fabric-manager", "525.105.17"),
            ])
        );
    }

    #[test]
    fn debian_packages_pinned_or_named_for_their_version() {
        let text = "RUN apt-get update && apt-get install -y \\\n    python3.10 \\\n    python3.10-dev \\\n    libnccl2=2.21.5-1+cuda12.4 curl";
        assert_eq!(read(text), pairs(&[("libnccl2", "2.21.5-1+cuda12.4")]));
        assert_eq!(
            debian_named(&numbered(text)),
            pairs(&[("Python", "3.10"), ("Python", "3.10")])
        );
    }

    #[test]
    fn a_dockerfile_step_pins() {
        assert_eq!(
            read(
                "RUN pip install pytorch-lightning==1.2.1 transformers==4.3.3 boto3; pip install x==1.0"
            ),
            pairs(&[
                ("pytorch-lightning", "1.2.1"),
                ("transformers", "4.3.3"),
                ("x", "1.0")
            ])
        );
        assert_eq!(
            read("RUN mim install mmengine==0.10.3 && mim install \"mmdet==3.3.0\""),
            pairs(&[("mmengine", "0.10.3"), ("mmdet", "3.3.0")])
        );
    }

    #[test]
    fn a_command_going_on_over_lines() {
        assert_eq!(
            read(
                "uv pip install \\\n    \"torch==2.13.0+rocm7.2\" \\\n    \"triton-rocm==3.7.1\" \\\n    --index-url https://x/whl/rocm7.2\npip install numpy==2.0.0"
            ),
            pairs(&[
                ("torch", "2.13.0+rocm7.2"),
                ("triton-rocm", "3.7.1"),
                ("numpy", "2.0.0")
            ])
        );
    }

    #[test]
    fn pins_of_pip_conda_and_package_files() {
        assert_eq!(
            read(
                "conda install pytorch==1.12.0 cudatoolkit=11.3 -c pytorch\n$ pip install 'sglang[all]>=0.4.8' vllm==0.9.2"
            ),
            pairs(&[
                ("pytorch", "1.12.0"),
                ("cudatoolkit", "11.3"),
                ("vllm", "0.9.2")
            ])
        );
        assert_eq!(
            read(
                "conda create -n stepaudio python=3.10 -y\nmicromamba create -n exaonepath python=3.12"
            ),
            pairs(&[("python", "3.10"), ("python", "3.12")])
        );
        assert_eq!(
            read(
                "pip install torch_gcu-2.7.0*.whl\nsudo dpkg -i topsaten_3.6*.deb\npython3 -m pip install flash_attn-2.6.3+torch.2.7.0.gcu*.whl"
            ),
            pairs(&[
                ("torch_gcu", "2.7.0"),
                ("topsaten", "3.6"),
                ("flash_attn", "2.6.3+torch.2.7.0.gcu")
            ])
        );
    }

    #[test]
    fn an_installer_by_its_path_or_after_another_command_pins() {
        assert_eq!(
            read(
                "/opt/conda/bin/conda install -c \"nvidia\"  cuda==12.4 cudnn && \\\napt update && pip install vllm==0.9.2"
            ),
            pairs(&[("cuda", "12.4"), ("vllm", "0.9.2")])
        );
    }

    #[test]
    fn floors_wildcards_and_prose_pin_nothing() {
        assert!(read("pip install 'torch>=2.1' numpy==1.*").is_empty());
        assert!(read("To upgrade, run pip install vllm==0.9.2 in your shell.").is_empty());
        assert!(read("pip install -r requirements.txt").is_empty());
    }
}
