//! RSS 2.0 and Atom feeds as the HTML import reads: the feed's title a
//! first heading, each item (entry) its title as a heading over its text
//! (description, summary or content, most often HTML itself). A software
//! feed states its changes so ("New version: devel/ollama version
//! 0.32.14"), a project's release feed its releases. AppStream metainfo
//! (the release notes Flathub and GNOME Software show) the same way: each
//! `<release version=… date=…>` a heading over its description.

use quick_xml::events::Event;

/// Whether `content` opens as a feed: an XML declaration or the root
/// element of RSS or Atom first.
pub(crate) fn is_feed(content: &str) -> bool {
    let head: String = content.trim_start().chars().take(512).collect();
    let head = head.to_ascii_lowercase();
    (head.starts_with("<?xml") || head.starts_with("<rss") || head.starts_with("<feed"))
        && (head.contains("<rss") || head.contains("<feed"))
        || is_appstream(content)
}

/// Whether `content` is AppStream metainfo: a `<component>` root with
/// `<releases>`.
fn is_appstream(content: &str) -> bool {
    let head: String = content.trim_start().chars().take(512).collect();
    let head = head.to_ascii_lowercase();
    (head.starts_with("<?xml") || head.starts_with("<component"))
        && head.contains("<component")
        && content.contains("<releases>")
}

/// The feed as HTML, or `None` when it is no well-formed feed with an item.
pub(crate) fn as_html(xml: &str) -> Option<String> {
    if is_appstream(xml) {
        return appstream_as_html(xml);
    }
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut html = String::new();
    let mut in_item = false;
    // The field being read (`title`, `description` …) and its text so far.
    let mut field: Option<String> = None;
    let mut text = String::new();
    let (mut title, mut body) = (String::new(), String::new());
    let mut entries: Vec<(String, String)> = Vec::new();
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) => {
                let name = e.local_name().as_ref().to_ascii_lowercase();
                if name == "item" || name == "entry" {
                    in_item = true;
                    title.clear();
                    body.clear();
                } else if field.is_none()
                    && matches!(
                        name.as_str(),
                        "title" | "description" | "summary" | "content" | "encoded"
                    )
                {
                    field = Some(name);
                    text.clear();
                }
            }
            Event::Text(t) if field.is_some() => text.push_str(&t),
            Event::CData(c) if field.is_some() => text.push_str(&c),
            Event::GeneralRef(r) if field.is_some() => {
                match quick_xml::escape::resolve_predefined_entity(&r) {
                    Some(resolved) => text.push_str(resolved),
                    None => text.extend(r.resolve_char_ref().ok().flatten()),
                }
            }
            Event::End(e) => {
                let name = e.local_name().as_ref().to_ascii_lowercase();
                if field.as_deref() == Some(name.as_str()) {
                    field = None;
                    match (in_item, name.as_str()) {
                        (true, "title") => title = text.trim().to_string(),
                        // A feed's text is HTML (RSS escapes it, Atom's
                        // `type="html"` too).
                        (true, _) => {
                            body.push_str(&text);
                            body.push('\n');
                        }
                        (false, "title") => {
                            html.push_str(&format!("<h1>{}</h1>\n", escaped(text.trim())));
                        }
                        (false, _) => html.push_str(&format!("<p>{}</p>\n", escaped(text.trim()))),
                    }
                } else if name == "item" || name == "entry" {
                    in_item = false;
                    entries.push((std::mem::take(&mut title), std::mem::take(&mut body)));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if entries.is_empty() {
        return None;
    }
    // A feed of releases titles each by the release ("v2.0.0", "Release
    // 2.0.0: faster caching"); a feed of updates by what changed, in
    // words before its version ("New version: devel/ollama version
    // 0.32.14", "New version: devel/rust version 1.97.1"): a list.
    let subjects: std::collections::HashSet<&str> =
        entries.iter().map(|(title, _)| subject(title)).collect();
    if subjects.len() > 1 {
        html.push_str("<ul>\n");
        for (title, _) in &entries {
            html.push_str(&format!("<li>{}</li>\n", escaped(title)));
        }
        html.push_str("</ul>\n");
    } else {
        for (title, body) in &entries {
            html.push_str(&format!("<h2>{}</h2>\n<div>{body}</div>\n", escaped(title)));
        }
    }
    Some(html)
}

/// AppStream metainfo as HTML: the component's name a first heading, each
/// release "VERSION (DATE)" a heading over its description's paragraphs
/// and lists. `None` when it holds no release.
fn appstream_as_html(xml: &str) -> Option<String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut html = String::new();
    let mut path: Vec<String> = Vec::new();
    let mut releases = 0usize;
    let mut in_description = false;
    loop {
        let event = reader.read_event().ok()?;
        match &event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.local_name().as_ref().to_ascii_lowercase();
                let attribute = |key: &str| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.local_name().as_ref() == key)
                        .and_then(|a| a.normalized_value(quick_xml::XmlVersion::default()).ok())
                        .map(|v| v.trim().to_string())
                };
                let in_releases = path.last().is_some_and(|p| p == "releases");
                if name == "release" && in_releases {
                    let Some(version) = attribute("version") else {
                        continue;
                    };
                    let dated = attribute("date")
                        .map(|d| format!(" ({})", escaped(&d)))
                        .unwrap_or_default();
                    html.push_str(&format!("<h2>{}{dated}</h2>\n", escaped(&version)));
                    releases += 1;
                } else if name == "description" && path.iter().any(|p| p == "release") {
                    in_description = true;
                } else if in_description
                    && matches!(name.as_str(), "p" | "ul" | "ol" | "li" | "em" | "code")
                {
                    html.push_str(&format!("<{name}>"));
                }
                if matches!(event, Event::Start(_)) {
                    path.push(name);
                }
            }
            Event::End(_) => {
                let name = path.pop().unwrap_or_default();
                if name == "description" {
                    in_description = false;
                } else if in_description
                    && matches!(name.as_str(), "p" | "ul" | "ol" | "li" | "em" | "code")
                {
                    html.push_str(&format!("</{name}>\n"));
                }
            }
            Event::Text(t) if in_description => {
                html.push_str(&escaped(t));
            }
            Event::Text(t) if path.len() == 2 && path[1] == "name" && !html.contains("<h1>") => {
                html.insert_str(0, &format!("<h1>{}</h1>\n", escaped(t.trim())));
            }
            Event::GeneralRef(r) if in_description => {
                match quick_xml::escape::resolve_predefined_entity(r) {
                    Some(resolved) => html.push_str(&escaped(resolved)),
                    None => {
                        let c = r.resolve_char_ref().ok().flatten();
                        html.push_str(&escaped(&c.map(String::from).unwrap_or_default()));
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    (releases > 0).then_some(html)
}

/// A title's words before its first holding a digit.
fn subject(title: &str) -> &str {
    let end = title
        .split_whitespace()
        .find(|w| w.contains(|c: char| c.is_ascii_digit()))
        .and_then(|w| title.find(w))
        .unwrap_or(title.len());
    title[..end].trim()
}

/// Text as HTML text.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_become_headings_over_their_text() {
        let rss = r#"<?xml version="1.0"?>
<rss version="2.0"><channel><title>Software updates</title>
<item><title>New version: devel/ollama version 0.32.14</title>
<description>Run &lt;b&gt;LLMs&lt;/b&gt; locally &amp; more.</description></item>
<item><title><![CDATA[v1.2 & fixes]]></title></item>
</channel></rss>"#;
        assert!(is_feed(rss));
        assert_eq!(
            as_html(rss).unwrap(),
            "<h1>Software updates</h1>\n<ul>\n\
             <li>New version: devel/ollama version 0.32.14</li>\n\
             <li>v1.2 &amp; fixes</li>\n</ul>\n"
        );
        let releases = rss.replace(
            "New version: devel/ollama version 0.32.14",
            "v1.3 &amp; more",
        );
        assert_eq!(
            as_html(&releases).unwrap(),
            "<h1>Software updates</h1>\n\
             <h2>v1.3 &amp; more</h2>\n<div>Run <b>LLMs</b> locally & more.\n</div>\n\
             <h2>v1.2 &amp; fixes</h2>\n<div></div>\n"
        );
        let atom = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title>Releases</title>
<entry><title>v2.0.0</title><content type="html">&lt;ul&gt;&lt;li&gt;CUDA 12.8&lt;/li&gt;&lt;/ul&gt;</content></entry></feed>"#;
        assert!(is_feed(atom));
        assert!(
            as_html(atom)
                .unwrap()
                .contains("<h2>v2.0.0</h2>\n<div><ul><li>CUDA 12.8</li></ul>")
        );
    }

    #[test]
    fn appstream_releases_become_headings_over_their_descriptions() {
        // Alpaca's metainfo: the release notes Flathub shows.
        let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop"><id>com.jeffser.Alpaca</id><name>Alpaca</name>
<description><p>A private AI client</p></description>
<releases>
  <release version="8.1.0" date="2025-09-20">
    <url type="details">https://example.org/8.1.0</url>
    <description translate="no"><p>New</p><ul><li>Updated runtime to Gnome 49 &amp; more</li></ul></description>
  </release>
  <release version="0.1.1" date="2024-05-12"><description><p>First</p></description></release>
</releases></component>"#;
        assert!(is_feed(xml));
        assert_eq!(
            as_html(xml).unwrap(),
            "<h1>Alpaca</h1>\n<h2>8.1.0 (2025-09-20)</h2>\n<p>New</p>\n\
             <ul><li>Updated runtime to Gnome 49 &amp; more</li>\n</ul>\n\
             <h2>0.1.1 (2024-05-12)</h2>\n<p>First</p>\n"
        );
        // Metainfo with no release is no page of releases.
        assert!(!is_feed(
            "<?xml version=\"1.0\"?><component><name>X</name></component>"
        ));
    }

    #[test]
    fn no_feed_without_items_or_well_formed_xml() {
        assert!(!is_feed("<html><body>x</body></html>"));
        assert_eq!(
            as_html("<?xml version=\"1.0\"?><rss><channel><title>x</title></channel></rss>"),
            None
        );
        assert_eq!(as_html("<rss><channel><item><title>x</item></rss>"), None);
    }
}
