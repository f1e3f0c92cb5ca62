use super::*;
use crate::Error;
use ::sbom::SbomFormat;
use model::Lang;
use pages::{PageFormat, SiteCheckReport, SiteWritten};
use std::path::Path;

fn session() -> Session {
    Session::open(Some(Path::new(env!("CARGO_MANIFEST_DIR"))), false).unwrap()
}

#[test]
fn lang_choice_is_all_or_a_language() {
    assert_eq!("all".parse(), Ok(LangChoice::All));
    assert_eq!("en".parse(), Ok(LangChoice::One(Lang::EN)));
    assert!("english".parse::<LangChoice>().is_err());
}

#[test]
fn every_language_of_a_page_needs_a_directory() {
    let mut request = RenderRequest {
        version: "25.10",
        lang: Some(LangChoice::All),
        format: PageFormat::Md,
        templates: None,
        destination: Destination::Stdout,
    };
    let err = render_release(&mut session(), &request).unwrap_err();
    assert!(matches!(err, Error::Usage(_)), "{err}");

    request.destination = Destination::Path("pages".into());
    let Outcome::Files(files) = render_release(&mut session(), &request).unwrap() else {
        panic!("files expected");
    };
    let paths: Vec<_> = files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(
        paths,
        [
            Path::new("pages/25.10.zh.md"),
            Path::new("pages/25.10.en.md")
        ]
    );
}

#[test]
fn site_says_what_it_kept_and_exits_1_when_stale() {
    let written = SiteOutcome::Written {
        out: "public".into(),
        written: SiteWritten {
            files: 25,
            reused: 0,
            kept: vec!["CNAME".into()],
            recovered: Vec::new(),
            dirs: Vec::new(),
            config_written: Vec::new(),
            config_needs: Vec::new(),
        },
        generator: None,
    };
    assert_eq!(
        written.to_text(),
        "wrote 25 files to public\nkept 1 file relnotes did not write\n"
    );
    assert_eq!(written.exit_code(), 0);
    let stale = SiteOutcome::Checked {
        out: "public".into(),
        report: SiteCheckReport {
            missing: vec!["zh/matrix.html".into()],
            ..SiteCheckReport::default()
        },
        generator: None,
    };
    assert_eq!(stale.exit_code(), 1);
}

#[test]
fn an_image_sbom_is_named_beside_the_record_sbom() {
    let image = SbomSource::Image {
        reference: None,
        access: ImageAccess::default(),
    };
    assert_eq!(
        SbomSource::Record.file_name("25.10", &"amd64".parse().unwrap(), SbomFormat::Json),
        "25.10-amd64.cdx.json"
    );
    assert_eq!(
        image.file_name("25.10", &"amd64".parse().unwrap(), SbomFormat::Xml),
        "25.10-amd64.image.cdx.xml"
    );
}

#[test]
fn a_password_is_read_without_its_line_end() {
    let access = ImageAccess::default()
        .with_login("ci".into(), "s3cret\n".as_bytes())
        .unwrap();
    let credentials = access.open_options().credentials.unwrap();
    assert_eq!(
        (credentials.username.as_str(), credentials.password.expose()),
        ("ci", "s3cret")
    );
}
