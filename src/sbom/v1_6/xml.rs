//! A CycloneDX 1.5 XML document as 1.6: the events of the 1.5 document,
//! copied to a writer indenting as cyclonedx-bom does, with the namespace
//! of 1.6 and an `additionalContext` after each occurrence's `location`.

use super::OccurrenceContexts;
use xml::namespace::Namespace;
use xml::reader::{EventReader, XmlEvent as ReadEvent};
use xml::writer::{EmitterConfig, XmlEvent as WriteEvent};

const NAMESPACE_1_5: &str = "http://cyclonedx.org/schema/bom/1.5";
const NAMESPACE_1_6: &str = "http://cyclonedx.org/schema/bom/1.6";

/// `document` (CycloneDX 1.5 XML) as CycloneDX 1.6 XML.
pub fn upgrade_xml(document: &[u8], contexts: &OccurrenceContexts) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut writer = EmitterConfig::new()
        .perform_indent(true)
        .create_writer(&mut out);
    let mut write = |event: WriteEvent| writer.write(event).map_err(|e| e.to_string());
    // Open elements by local name, and the bom-ref of each open component.
    let mut open: Vec<String> = Vec::new();
    let mut components: Vec<Option<String>> = Vec::new();
    let mut location = String::new();
    // Whitespace right after a start tag: the element's value if the end
    // tag follows, else indentation the writer redoes.
    let mut pending_space: Option<String> = None;
    let mut after_start = false;
    for event in EventReader::new(document) {
        let event = event.map_err(|e| e.to_string())?;
        if let Some(space) = pending_space.take()
            && matches!(event, ReadEvent::EndElement { .. })
        {
            write(WriteEvent::Characters(&space))?;
        }
        let is_start = matches!(event, ReadEvent::StartElement { .. });
        match event {
            ReadEvent::StartDocument {
                version,
                encoding,
                standalone,
            } => write(WriteEvent::StartDocument {
                version,
                encoding: Some(&encoding),
                standalone,
            })?,
            ReadEvent::StartElement {
                name,
                attributes,
                namespace,
            } => {
                if name.local_name == "component" {
                    let bom_ref = attributes.iter().find(|a| a.name.local_name == "bom-ref");
                    components.push(bom_ref.map(|a| a.value.clone()));
                }
                if name.local_name == "location" {
                    location.clear();
                }
                open.push(name.local_name.clone());
                let namespace = upgraded(namespace);
                write(WriteEvent::StartElement {
                    name: name.borrow(),
                    attributes: attributes
                        .iter()
                        .map(|a| a.borrow())
                        .collect::<Vec<_>>()
                        .into(),
                    namespace: std::borrow::Cow::Borrowed(&namespace),
                })?;
            }
            ReadEvent::Characters(text) | ReadEvent::CData(text) => {
                if open.last().map(String::as_str) == Some("location") {
                    location.push_str(&text);
                }
                write(WriteEvent::Characters(&text))?;
            }
            ReadEvent::Whitespace(space) => {
                if open.last().map(String::as_str) == Some("location") {
                    location.push_str(&space);
                }
                if after_start {
                    pending_space = Some(space);
                }
            }
            ReadEvent::EndElement { name } => {
                write(WriteEvent::EndElement {
                    name: Some(name.borrow()),
                })?;
                open.pop();
                let in_occurrence = open.last().map(String::as_str) == Some("occurrence");
                if name.local_name == "location" && in_occurrence {
                    let bom_ref = components.last().cloned().flatten();
                    if let Some(context) = bom_ref.and_then(|r| contexts.get(&r, &location)) {
                        write(WriteEvent::start_element("additionalContext").into())?;
                        write(WriteEvent::Characters(context))?;
                        write(WriteEvent::end_element().into())?;
                    }
                }
                if name.local_name == "component" {
                    components.pop();
                }
            }
            ReadEvent::Comment(text) => write(WriteEvent::Comment(&text))?,
            ReadEvent::ProcessingInstruction { name, data } => {
                write(WriteEvent::ProcessingInstruction {
                    name: &name,
                    data: data.as_deref(),
                })?
            }
            ReadEvent::EndDocument => {}
        }
        after_start = is_start;
    }
    Ok(out)
}

/// `namespace` with CycloneDX 1.5 bound to 1.6 instead.
fn upgraded(namespace: Namespace) -> Namespace {
    let mut out = Namespace::empty();
    for (prefix, uri) in &namespace {
        let uri = if uri == NAMESPACE_1_5 {
            NAMESPACE_1_6
        } else {
            uri
        };
        out.force_put(prefix, uri);
    }
    out
}
