//! Commands that need no project: shell completions, man pages and the
//! JSON Schemas of the file formats. They run before a project is looked
//! for, so they work anywhere (packaging scripts, editor setup).

use clap::Subcommand;
use clap_complete::Shell;
use clap_mangen::Man;
use model::{Lang, OutputFile, Workspace};
use relnotes::Error;
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum Standalone {
    /// Print a completion script for a shell.
    ///
    /// bash: `relnotes completions bash > ~/.local/share/bash-completion/completions/relnotes`;
    /// zsh: into a directory of `$fpath` as `_relnotes`;
    /// fish: `relnotes completions fish > ~/.config/fish/completions/relnotes.fish`.
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the man page of relnotes or of one command, or write them all.
    ///
    /// Without -o, prints relnotes(1), or relnotes-COMMAND(1) when COMMAND
    /// is given; `-o DIR` writes relnotes.1 and a relnotes-<command>.1 per
    /// command into DIR.
    Man {
        /// The command whose page to print, e.g. render.
        #[arg(conflicts_with = "output")]
        command: Option<String>,
        /// Write every page into DIR instead of printing one.
        #[arg(short, long, value_name = "DIR")]
        output: Option<PathBuf>,
        /// Overwrite existing pages in DIR.
        #[arg(long)]
        force: bool,
    },
    /// Print the JSON Schema of releases/<version>.toml, for editors.
    ///
    /// taplo and Even Better TOML validate records against it as they are
    /// typed (docs/record-format.md shows how to wire it).
    Schema {
        /// The schema of relnotes.toml instead.
        #[arg(long)]
        project: bool,
    },
    /// Print a language's labels as TOML: the built-in ones, or the
    /// project's locales/TAG.toml laid over them.
    ///
    /// A project adds a language by writing that file:
    /// `relnotes labels en > locales/id.toml`, then translating the values
    /// (docs/languages.md).
    Labels {
        /// The language, a BCP 47 tag (en, zh, zh-Hant, ja, id …).
        tag: String,
    },
    /// Start a project: write relnotes.toml and an empty releases/ into DIR.
    ///
    /// Nothing else is written: the built-in templates serve until the
    /// team writes its own. An existing project is refused (exit 2).
    Init {
        /// The project's directory (created when absent).
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// The languages pages are written in, the default first, as BCP 47
        /// tags (default: en).
        #[arg(long, value_delimiter = ',', value_name = "TAG,...")]
        languages: Vec<String>,
        /// The product's id, the image's name (default: DIR's name).
        #[arg(long)]
        id: Option<String>,
        /// The product's name as readers know it (default: its id).
        #[arg(long)]
        name: Option<String>,
    },
    /// List the built-in page templates, or copy them into the project's
    /// templates/ for editing (docs/templates.md).
    Templates {
        #[command(subcommand)]
        command: TemplatesCommand,
    },
    /// Manage the layer catalog cache of verify, sbom --from-image, new,
    /// sync and attach --observed (docs/cache.md).
    Cache {
        #[command(subcommand)]
        command: super::cache::CacheCommand,
    },
}

#[derive(Subcommand)]
pub enum TemplatesCommand {
    /// Print the built-in templates, one per line, and which ones the
    /// project has its own copy of.
    List,
    /// Write built-in templates into the project's templates/, where they
    /// replace the built-in ones; existing files are refused (exit 2).
    Copy {
        /// Templates by their path under templates/ (release.md.hbs,
        /// partials/layout.html.hbs …).
        #[arg(required_unless_present = "all")]
        names: Vec<String>,
        /// Every built-in template.
        #[arg(long, conflicts_with = "names")]
        all: bool,
    },
}

/// Runs a command that needs no project; its exit code. `cli` is the
/// whole command line, which completions and man pages describe.
pub fn run(command: Standalone, cli: clap::Command, root: Option<&Path>) -> Result<u8, Error> {
    match command {
        Standalone::Init {
            dir,
            languages,
            id,
            name,
        } => {
            let languages = languages
                .iter()
                .map(|tag| tag.parse::<Lang>().map_err(Error::Usage))
                .collect::<Result<Vec<_>, _>>()?;
            let dir = match root {
                Some(root) => root.join(dir),
                None => dir,
            };
            let written = relnotes::init_project(&relnotes::InitRequest {
                dir: &dir,
                id: id.as_deref(),
                name: name.as_deref(),
                languages: &languages,
            })?;
            model::print_stdout(&next_steps(&dir, &written))?;
        }
        Standalone::Labels { tag } => {
            let lang: Lang = tag.parse().map_err(Error::Usage)?;
            let root = match root {
                Some(dir) => Workspace::find_root(dir),
                None => Workspace::find_root(Path::new(".")),
            };
            let (text, warnings) =
                model::labels_file(root.as_deref(), lang).map_err(Error::from)?;
            for warning in warnings {
                eprintln!("{}", model::terminal_safe(&warning.to_string()));
            }
            model::print_stdout(&text)?;
        }
        Standalone::Templates {
            command: TemplatesCommand::List,
        } => {
            let project = match root {
                Some(dir) => Workspace::find_root(dir),
                None => Workspace::find_root(Path::new(".")),
            };
            let listed = relnotes::list_templates(project.as_deref());
            let text: String = listed
                .iter()
                .map(|t| {
                    let own = if t.overridden {
                        "  (the project's own)"
                    } else {
                        ""
                    };
                    format!("{}{own}\n", t.name)
                })
                .collect();
            model::print_stdout(&text)?;
        }
        Standalone::Templates {
            command: TemplatesCommand::Copy { names, all },
        } => {
            let session = relnotes::Session::open(root, false)?;
            let written = relnotes::copy_templates(session.root(), &names, all)?;
            let text: String = written
                .iter()
                .map(|path| {
                    let shown = path.strip_prefix(session.root()).unwrap_or(path);
                    format!("wrote {}\n", shown.display())
                })
                .collect();
            model::print_stdout(&text)?;
        }
        Standalone::Cache { command } => return super::cache::run(command),
        Standalone::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cli.clone(), "relnotes", &mut script);
            model::print_stdout(&String::from_utf8_lossy(&script))?;
        }
        Standalone::Man {
            command,
            output: None,
            ..
        } => model::print_stdout(&man_page(&cli, command.as_deref())?)?,
        Standalone::Man {
            output: Some(dir),
            force,
            ..
        } => model::write_files(&man_pages(&cli, &dir), force)?,
        Standalone::Schema { project } => model::print_stdout(&if project {
            relnotes::project_schema()
        } else {
            relnotes::record_schema()
        })?,
    }
    Ok(0)
}

/// The command line with its subcommands named `relnotes-<command>` (what
/// `build` does), without clap's `help` subcommand, which has no page.
fn built_command(cli: &clap::Command) -> clap::Command {
    let mut command = cli.clone().disable_help_subcommand(true);
    command.build();
    command
}

/// One page: relnotes(1), or the page of one of its commands.
fn man_page(cli: &clap::Command, name: Option<&str>) -> Result<String, Error> {
    let command = built_command(cli);
    let page = match name {
        None => command,
        Some(name) => command.find_subcommand(name).cloned().ok_or_else(|| {
            let known: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
            Error::Usage(format!(
                "unknown command `{name}`\n  = hint: pass one of: {}",
                known.join(", ")
            ))
        })?,
    };
    Ok(render(page))
}

/// Every page, as files named the way man looks them up.
fn man_pages(cli: &clap::Command, dir: &std::path::Path) -> Vec<OutputFile> {
    let command = built_command(cli);
    std::iter::once(command.clone())
        .chain(command.get_subcommands().cloned())
        .map(|page| {
            let man = Man::new(page.clone());
            OutputFile {
                path: dir.join(man.get_filename()),
                bytes: render(page).into_bytes(),
            }
        })
        .collect()
}

fn render(command: clap::Command) -> String {
    let title = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_uppercase();
    let mut roff = Vec::new();
    Man::new(command)
        .title(title)
        .manual("relnotes manual")
        .render(&mut roff)
        .expect("writing to memory cannot fail");
    String::from_utf8_lossy(&roff).into_owned()
}

/// What `relnotes init` wrote and the commands that come next.
fn next_steps(dir: &Path, written: &relnotes::Initialized) -> String {
    let at = if dir == Path::new(".") {
        String::new()
    } else {
        format!("-C {} ", dir.display())
    };
    format!(
        "wrote {} and {}/\n\
         next:\n  \
         relnotes {at}new 1.0 --image REF    # a first release, drafted from its image\n  \
         relnotes {at}import PAGE... --all   # or a published history, one record per release\n  \
         relnotes {at}render VERSION         # a release's page (built-in templates)\n",
        written.project_file.display(),
        written.releases.display()
    )
}
