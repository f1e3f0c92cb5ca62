//! A CycloneDX 1.5 XML document from cyclonedx-bom, completed: its events
//! copied to a writer indenting as cyclonedx-bom does, each component's
//! `evidence.occurrences` written (the crate's XML encoder drops them),
//! `metadata.lifecycles` moved to where every XSD (1.5 to 1.7) wants it,
//! right after `timestamp` (the crate writes it last),
//! and for 1.6 and 1.7 their namespace and each occurrence's
//! `additionalContext` (new in 1.6).

use super::lifecycles::{Entry, LifecyclesOf};
use super::occurrences::{Occurrence, Occurrences, xml_namespace};
use crate::CycloneDxVersion;
use std::borrow::Cow;
use xml::EventWriter;
use xml::namespace::Namespace;
use xml::reader::{EventReader, XmlEvent as ReadEvent};
use xml::writer::{EmitterConfig, XmlEvent as WriteEvent};

/// The children of a component that come after `evidence` in both XSDs.
const AFTER_EVIDENCE: [&str; 5] = [
    "releaseNotes",
    "modelCard",
    "data",
    "cryptoProperties",
    "tags",
];

/// An open `component` element: its occurrences, until they are written.
struct OpenComponent<'a> {
    pending: &'a [Occurrence],
}

/// `document` (cyclonedx-bom's CycloneDX 1.5 XML) as CycloneDX `version`
/// XML with every occurrence in `occurrences` and the BOM's `lifecycles`
/// in their place.
pub(crate) fn complete_xml(
    document: &[u8],
    version: CycloneDxVersion,
    occurrences: &Occurrences,
    lifecycles: &LifecyclesOf,
) -> Result<Vec<u8>, String> {
    let from = xml_namespace(CycloneDxVersion::V1_5);
    let to = xml_namespace(version);
    let with_context = version != CycloneDxVersion::V1_5;
    let mut out = Vec::new();
    let mut writer = EmitterConfig::new()
        .perform_indent(true)
        .create_writer(&mut out);
    let mut open: Vec<String> = Vec::new();
    let mut components: Vec<OpenComponent> = Vec::new();
    // Whitespace right after a start tag: the element's value if the end
    // tag follows, else indentation the writer redoes.
    let mut pending_space: Option<String> = None;
    let mut after_start = false;
    // Inside the `lifecycles` the encoder wrote (they are written anew).
    let mut skip_depth = 0usize;
    let mut lifecycles_pending = false;
    for event in EventReader::new(document) {
        let event = event.map_err(|e| e.to_string())?;
        if skip_depth > 0 {
            match event {
                ReadEvent::StartElement { .. } => skip_depth += 1,
                ReadEvent::EndElement { .. } => skip_depth -= 1,
                _ => {}
            }
            after_start = false;
            pending_space = None;
            continue;
        }
        if let Some(space) = pending_space.take()
            && matches!(event, ReadEvent::EndElement { .. })
        {
            write(&mut writer, WriteEvent::Characters(&space))?;
        }
        let is_start = matches!(event, ReadEvent::StartElement { .. });
        match event {
            ReadEvent::StartDocument {
                version,
                encoding,
                standalone,
            } => write(
                &mut writer,
                WriteEvent::StartDocument {
                    version,
                    encoding: Some(&encoding),
                    standalone,
                },
            )?,
            ReadEvent::StartElement {
                name,
                attributes,
                namespace,
            } => {
                let local = name.local_name.as_str();
                let in_metadata = open.len() == 2 && open[1] == "metadata";
                if in_metadata && local == "lifecycles" {
                    skip_depth = 1;
                    after_start = false;
                    continue;
                }
                if in_metadata && local != "timestamp" && lifecycles_pending {
                    lifecycles_pending = false;
                    write_lifecycles(&mut writer, lifecycles)?;
                }
                let in_component = open.last().is_some_and(|e| e == "component");
                if in_component && AFTER_EVIDENCE.contains(&local) {
                    let component = components.last_mut().expect("an open component");
                    write_evidence(&mut writer, component, with_context)?;
                }
                let namespace = rebound(&namespace, &from, &to);
                write(
                    &mut writer,
                    WriteEvent::StartElement {
                        name: name.borrow(),
                        attributes: attributes.iter().map(|a| a.borrow()).collect(),
                        namespace: Cow::Borrowed(&namespace),
                    },
                )?;
                if local == "metadata" && open.len() == 1 {
                    lifecycles_pending = !lifecycles.0.is_empty();
                }
                if local == "component" {
                    let bom_ref = attributes.iter().find(|a| a.name.local_name == "bom-ref");
                    components.push(OpenComponent {
                        pending: bom_ref.map_or(&[], |r| occurrences.of_component(&r.value)),
                    });
                }
                if local == "evidence" && in_component {
                    // Occurrences come first but for `identity`, which
                    // cyclonedx-bom does not write in XML either.
                    let component = components.last_mut().expect("an open component");
                    write_occurrences(&mut writer, component, with_context)?;
                }
                open.push(name.local_name);
            }
            ReadEvent::Characters(text) | ReadEvent::CData(text) => {
                write(&mut writer, WriteEvent::Characters(&text))?
            }
            ReadEvent::Whitespace(space) => {
                if after_start {
                    pending_space = Some(space);
                }
            }
            ReadEvent::EndElement { name } => {
                if name.local_name == "component"
                    && let Some(mut component) = components.pop()
                {
                    write_evidence(&mut writer, &mut component, with_context)?;
                }
                let is_metadata = open.len() == 2 && name.local_name == "metadata";
                if is_metadata && lifecycles_pending {
                    lifecycles_pending = false;
                    write_lifecycles(&mut writer, lifecycles)?;
                }
                write(
                    &mut writer,
                    WriteEvent::EndElement {
                        name: Some(name.borrow()),
                    },
                )?;
                open.pop();
                let in_metadata = open.len() == 2 && open[1] == "metadata";
                if in_metadata && name.local_name == "timestamp" && lifecycles_pending {
                    lifecycles_pending = false;
                    write_lifecycles(&mut writer, lifecycles)?;
                }
            }
            ReadEvent::Comment(text) => write(&mut writer, WriteEvent::Comment(&text))?,
            ReadEvent::ProcessingInstruction { name, data } => write(
                &mut writer,
                WriteEvent::ProcessingInstruction {
                    name: &name,
                    data: data.as_deref(),
                },
            )?,
            ReadEvent::EndDocument => {}
        }
        after_start = is_start;
    }
    Ok(out)
}

fn write<W: std::io::Write>(writer: &mut EventWriter<W>, event: WriteEvent) -> Result<(), String> {
    writer.write(event).map_err(|e| e.to_string())
}

/// `<evidence>` with the component's occurrences, unless written already.
fn write_evidence<W: std::io::Write>(
    writer: &mut EventWriter<W>,
    component: &mut OpenComponent,
    with_context: bool,
) -> Result<(), String> {
    if component.pending.is_empty() {
        return Ok(());
    }
    write(writer, WriteEvent::start_element("evidence").into())?;
    write_occurrences(writer, component, with_context)?;
    write(writer, WriteEvent::end_element().into())
}

/// `<occurrences>` of the component, unless written already.
fn write_occurrences<W: std::io::Write>(
    writer: &mut EventWriter<W>,
    component: &mut OpenComponent,
    with_context: bool,
) -> Result<(), String> {
    let occurrences = std::mem::take(&mut component.pending);
    if occurrences.is_empty() {
        return Ok(());
    }
    write(writer, WriteEvent::start_element("occurrences").into())?;
    for occurrence in occurrences {
        write(writer, WriteEvent::start_element("occurrence").into())?;
        text_element(writer, "location", &occurrence.location)?;
        if with_context && let Some(context) = occurrence.context() {
            text_element(writer, "additionalContext", &context)?;
        }
        write(writer, WriteEvent::end_element().into())?;
    }
    write(writer, WriteEvent::end_element().into())
}

/// `<lifecycles>`, each a `phase` or a `name` with its `description`.
fn write_lifecycles<W: std::io::Write>(
    writer: &mut EventWriter<W>,
    lifecycles: &LifecyclesOf,
) -> Result<(), String> {
    write(writer, WriteEvent::start_element("lifecycles").into())?;
    for entry in &lifecycles.0 {
        write(writer, WriteEvent::start_element("lifecycle").into())?;
        match entry {
            Entry::Phase(phase) => text_element(writer, "phase", phase)?,
            Entry::Named { name, description } => {
                text_element(writer, "name", name)?;
                if let Some(description) = description {
                    text_element(writer, "description", description)?;
                }
            }
        }
        write(writer, WriteEvent::end_element().into())?;
    }
    write(writer, WriteEvent::end_element().into())
}

fn text_element<W: std::io::Write>(
    writer: &mut EventWriter<W>,
    name: &str,
    text: &str,
) -> Result<(), String> {
    write(writer, WriteEvent::start_element(name).into())?;
    write(writer, WriteEvent::Characters(text))?;
    write(writer, WriteEvent::end_element().into())
}

/// `namespace` with the URI `from` bound to `to` instead.
fn rebound(namespace: &Namespace, from: &str, to: &str) -> Namespace {
    let mut out = Namespace::empty();
    for (prefix, uri) in namespace {
        out.force_put(prefix, if uri == from { to } else { uri });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::rewrite::occurrences::Occurrence;
    use std::collections::HashMap;

    const DOCUMENT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.5" serialNumber="urn:uuid:0" version="1">
  <components>
    <component type="library" bom-ref="pkg:pypi/x@1?a=1&amp;b=2">
      <name>x</name>
      <description>  two  spaces &lt;kept&gt;  </description>
      <properties>
        <property name="blank">   </property>
        <property name="empty" />
      </properties>
      <releaseNotes>
        <type>patch</type>
      </releaseNotes>
    </component>
    <component type="library" bom-ref="other">
      <name>y</name>
    </component>
  </components>
</bom>"#;

    fn occurrences() -> Occurrences {
        let found = vec![Occurrence {
            location: "/a & b".into(),
            layer: Some("sha256:aa".into()),
        }];
        Occurrences(HashMap::from([("pkg:pypi/x@1?a=1&b=2".to_string(), found)]))
    }

    #[test]
    fn a_document_without_occurrences_is_copied_unchanged() {
        let out = complete_xml(
            DOCUMENT.as_bytes(),
            CycloneDxVersion::V1_5,
            &Occurrences::default(),
            &LifecyclesOf::default(),
        );
        assert_eq!(String::from_utf8(out.unwrap()).unwrap(), DOCUMENT);
    }

    #[test]
    fn occurrences_go_before_what_follows_evidence_with_their_context_in_1_6() {
        let out = complete_xml(
            DOCUMENT.as_bytes(),
            CycloneDxVersion::V1_6,
            &occurrences(),
            &LifecyclesOf::default(),
        );
        let expected = DOCUMENT.replace("bom/1.5", "bom/1.6").replace(
            "      <releaseNotes>",
            "      <evidence>
        <occurrences>
          <occurrence>
            <location>/a &amp; b</location>
            <additionalContext>layer sha256:aa</additionalContext>
          </occurrence>
        </occurrences>
      </evidence>
      <releaseNotes>",
        );
        assert_eq!(String::from_utf8(out.unwrap()).unwrap(), expected);
    }

    #[test]
    fn occurrences_in_1_5_have_no_context_and_join_an_existing_evidence() {
        let document = DOCUMENT.replace(
            "      <releaseNotes>",
            "      <evidence>\n        <copyright>\n          <text>c</text>\n        </copyright>\n      </evidence>\n      <releaseNotes>",
        );
        let out = complete_xml(
            document.as_bytes(),
            CycloneDxVersion::V1_5,
            &occurrences(),
            &LifecyclesOf::default(),
        );
        let expected = document.replace(
            "      <evidence>\n",
            "      <evidence>
        <occurrences>
          <occurrence>
            <location>/a &amp; b</location>
          </occurrence>
        </occurrences>
",
        );
        assert_eq!(String::from_utf8(out.unwrap()).unwrap(), expected);
    }

    #[test]
    fn in_1_7_the_namespace_is_1_7s_and_occurrences_have_their_context() {
        let out = complete_xml(
            DOCUMENT.as_bytes(),
            CycloneDxVersion::V1_7,
            &occurrences(),
            &LifecyclesOf::default(),
        );
        let out = String::from_utf8(out.unwrap()).unwrap();
        assert!(out.contains(r#"<bom xmlns="http://cyclonedx.org/schema/bom/1.7""#));
        assert!(!out.contains("bom/1.5"));
        assert!(out.contains("<additionalContext>layer sha256:aa</additionalContext>"));
    }

    #[test]
    fn lifecycles_move_after_the_timestamp_or_first_into_metadata() {
        let lifecycles = LifecyclesOf(vec![
            Entry::Phase("post-build".into()),
            Entry::Named {
                name: "n".into(),
                description: Some("d".into()),
            },
        ]);
        let moved = "    <lifecycles>
      <lifecycle>
        <phase>post-build</phase>
      </lifecycle>
      <lifecycle>
        <name>n</name>
        <description>d</description>
      </lifecycle>
    </lifecycles>
";
        let encoded = "  <metadata>
    <timestamp>2025-01-01T00:00:00Z</timestamp>
    <properties>
      <property name=\"a\">b</property>
    </properties>
    <lifecycles>
      <lifecycle>
        <phase>stale</phase>
      </lifecycle>
    </lifecycles>
  </metadata>
";
        let document = DOCUMENT.replace("  <components>\n", &format!("{encoded}  <components>\n"));
        let out = complete_xml(
            document.as_bytes(),
            CycloneDxVersion::V1_6,
            &Occurrences::default(),
            &lifecycles,
        );
        let out = String::from_utf8(out.unwrap()).unwrap();
        let expected = format!(
            "  <metadata>
    <timestamp>2025-01-01T00:00:00Z</timestamp>
{moved}    <properties>
      <property name=\"a\">b</property>
    </properties>
  </metadata>
"
        );
        assert!(out.contains(&expected), "{out}");
        assert!(!out.contains("stale"), "{out}");

        let untimed = document.replace("    <timestamp>2025-01-01T00:00:00Z</timestamp>\n", "");
        let out = complete_xml(
            untimed.as_bytes(),
            CycloneDxVersion::V1_6,
            &Occurrences::default(),
            &lifecycles,
        );
        let out = String::from_utf8(out.unwrap()).unwrap();
        assert!(
            out.contains(&format!("  <metadata>\n{moved}    <properties>")),
            "{out}"
        );
    }

    #[test]
    fn a_broken_document_is_an_error() {
        let err = complete_xml(
            b"<bom><a></bom>",
            CycloneDxVersion::V1_6,
            &Occurrences::default(),
            &LifecyclesOf::default(),
        );
        assert!(err.is_err());
    }
}
