//! The Python interpreter: `PY_VERSION` in `include/python3.X/patchlevel.h`
//! (`usr/include`, `usr/local/include`, or a prefix such as `opt/conda`),
//! and `PYTHON_VERSION` in the config env (set by the `python` images).
//! `PY_VERSION` is what `sys.version` starts with, build tags included
//! (`3.12.7+gc` for a patched interpreter).

use super::cataloger::{Cataloger, Findings, MAX_VERSION_FILE, c_define, env_var};
use crate::{FoundFile, ImageConfig};
use model::Ecosystem;

pub(crate) struct PythonRuntime;

impl Cataloger for PythonRuntime {
    fn name(&self) -> &'static str {
        "python-runtime"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        if size > MAX_VERSION_FILE {
            return false;
        }
        let Some(dir) = path.strip_suffix("/patchlevel.h") else {
            return false;
        };
        let mut parts = dir.rsplit('/');
        let python = parts.next().unwrap_or("");
        parts.next() == Some("include")
            && python
                .strip_prefix("python3.")
                .is_some_and(|minor| minor.starts_with(|c: char| c.is_ascii_digit()))
    }

    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        for file in files.iter().filter(|f| !f.symlink) {
            let text = String::from_utf8_lossy(&file.contents);
            match c_define(&text, "PY_VERSION") {
                Some(v) => out.found_in(
                    self,
                    file,
                    "python",
                    v.trim_matches('"'),
                    Ecosystem::Generic,
                ),
                None => out.problem(self, file, "no `#define PY_VERSION`".into()),
            }
        }
        if let Some((location, version)) = env_var(config, "PYTHON_VERSION") {
            out.found_in_config(self, location, "python", version, Ecosystem::Generic);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// The constants block of CPython 3.12.7's `Include/patchlevel.h`.
    const PATCHLEVEL_H: &str = "
/* Python version identification scheme.

   When the major/minor version number is bumped, also change the
   PYTHON_VERSION in PC/pyconfig.h.in, and the Py_LIMITED_API macro.
*/

/* Values for PY_RELEASE_LEVEL */
#define PY_RELEASE_LEVEL_ALPHA  0xA
#define PY_RELEASE_LEVEL_BETA   0xB
#define PY_RELEASE_LEVEL_GAMMA  0xC     /* For release candidates */
#define PY_RELEASE_LEVEL_FINAL  0xF     /* Serial should be 0 here */
                                        /* Higher for patch releases */

/* Version parsed out into numeric values */
/*--start constants--*/
#define PY_MAJOR_VERSION        3
#define PY_MINOR_VERSION        12
#define PY_MICRO_VERSION        7
#define PY_RELEASE_LEVEL        PY_RELEASE_LEVEL_FINAL
#define PY_RELEASE_SERIAL       0

/* Version as a string */
#define PY_VERSION              \"3.12.7\"
/*--end constants--*/
";

    #[test]
    fn py_version_of_each_interpreter_and_the_env() {
        let out = run(
            &PythonRuntime,
            &[
                file("usr/include/python3.12/patchlevel.h", PATCHLEVEL_H),
                file(
                    "usr/local/include/python3.12/patchlevel.h",
                    &PATCHLEVEL_H.replace("\"3.12.7\"", "\"3.12.7+gc\""),
                ),
            ],
            &["PYTHON_VERSION=3.12.7"],
        );
        assert_eq!(
            found(&out),
            [
                (
                    "python".into(),
                    "3.12.7".into(),
                    "usr/include/python3.12/patchlevel.h".into()
                ),
                (
                    "python".into(),
                    "3.12.7+gc".into(),
                    "usr/local/include/python3.12/patchlevel.h".into()
                ),
                (
                    "python".into(),
                    "3.12.7".into(),
                    "config:env/PYTHON_VERSION".into()
                ),
            ]
        );
    }

    #[test]
    fn interpreter_include_dirs_only() {
        let c = PythonRuntime;
        assert!(c.wants("usr/include/python3.12/patchlevel.h", 100));
        assert!(c.wants("opt/conda/include/python3.13t/patchlevel.h", 100));
        assert!(!c.wants("usr/include/python3.12/internal/patchlevel.h", 100));
        assert!(!c.wants("usr/include/python2.7/patchlevel.h", 100));
        assert!(!c.wants("usr/share/doc/patchlevel.h", 100));
    }
}
