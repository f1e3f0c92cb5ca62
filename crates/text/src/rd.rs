//! R's documentation format as R packages write their NEWS
//! (`inst/NEWS.Rd`, "Writing R Extensions", §1.1.6 and §2): `\section{…}{`
//! heads a release, `\item` opens a change, `\pkg{BH}` and
//! `\href{url}{text}` mark words. Read as the Markdown a reader sees:
//! one line for each line, so line numbers stay the page's.

use std::collections::HashMap;

/// Whether `content` is an Rd file of news: two `\section{` lines or more
/// and an `\item`.
pub(crate) fn is_news(content: &str) -> bool {
    let sections = content
        .lines()
        .filter(|l| l.trim_start().starts_with("\\section{"))
        .count();
    sections >= 2
        && content
            .lines()
            .any(|l| l.trim_start().starts_with("\\item"))
}

/// `content` as Markdown, line for line: sections as headings
/// (subsections a level below), items as list items, macros as the text
/// they show (a `\newcommand` without arguments as its body's text).
pub(crate) fn as_markdown(content: &str) -> String {
    let mut defined: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for line in content.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("\\newcommand{\\") {
            if let Some((name, body)) = rest.split_once("}{")
                && !body.contains('#')
            {
                let body = body.strip_suffix('}').unwrap_or(body);
                let shown = text_of(body, &defined);
                defined.insert(name.to_string(), shown);
            }
            out.push(String::new());
            continue;
        }
        let heading = [("\\section{", "# "), ("\\subsection{", "## ")]
            .iter()
            .find_map(|(mark, level)| Some((t.strip_prefix(mark)?, *level)));
        let converted = if let Some((rest, level)) = heading {
            let title = balanced(rest).unwrap_or(rest);
            format!("{level}{}", text_of(title, &defined))
        } else if let Some(rest) = t
            .strip_prefix("\\item")
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        {
            format!("- {}", text_of(rest.trim_start(), &defined))
        } else if t.starts_with('\\') && t.ends_with('{') || t.chars().all(|c| c == '}') {
            // `\itemize{`, `\name{NEWS}` and closing braces: no text.
            String::new()
        } else if t.starts_with("\\name{") || t.starts_with("\\title{") {
            String::new()
        } else {
            // A continued item keeps its indent.
            format!("  {}", text_of(t, &defined))
        };
        out.push(converted);
    }
    out.push(String::new());
    out.join("\n")
}

/// The text before the brace closing the one opened before `text`.
fn balanced(text: &str) -> Option<&str> {
    let mut depth = 1;
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[..at]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` with its macros as the words they show: `\href{url}{text}` its
/// text, `\pkg{BH}` its argument, a defined macro its body's text, any
/// other macro its name.
fn text_of(text: &str, defined: &HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name_len = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        let name = &after[..name_len];
        let mut tail = &after[name_len..];
        if name.is_empty() {
            // `\%`, `\\`: the character itself.
            let mut chars = after.chars();
            out.extend(chars.next());
            rest = chars.as_str();
            continue;
        }
        let mut arguments = Vec::new();
        while let Some(inner) = tail.strip_prefix('{') {
            let Some(argument) = balanced(inner) else {
                break;
            };
            arguments.push(argument);
            tail = &inner[argument.len() + 1..];
        }
        let shown = match (defined.get(name), arguments.as_slice()) {
            (Some(body), _) => body.clone(),
            (None, [.., last]) => text_of(last, defined),
            (None, []) => name.to_string(),
        };
        out.push_str(&shown);
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_of_an_r_package_as_markdown() {
        // BH's NEWS.Rd.
        let rd = "\\name{NEWS}\n\\newcommand{\\boost}{\\href{https://www.boost.org}{\\pkg{Boost}}}\n\
                  \\newcommand{\\ghit}{\\href{https://x/#1}{##1}}\n\n\
                  \\section{Changes in version 1.90.0-1 (2025-12-13)}{\n  \\itemize{\n\
                  \\item Upgrade to \\boost 1.90.0, patched as usual\n    to comment-out messages\n\
                  \\item Added \\pkg{qvm} (requested in \\ghit{97})\n  }\n}\n\
                  \\section{Changes in version 1.87.0-1 (2024-12-17)}{\n  \\itemize{\n\
                  \\item Upgrade to \\boost 1.87.0\n  }\n}\n";
        assert!(is_news(rd));
        let md = as_markdown(rd);
        assert_eq!(md.lines().count(), rd.lines().count());
        let filled: Vec<&str> = md.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(
            filled,
            [
                "# Changes in version 1.90.0-1 (2025-12-13)",
                "- Upgrade to Boost 1.90.0, patched as usual",
                "  to comment-out messages",
                "- Added qvm (requested in 97)",
                "# Changes in version 1.87.0-1 (2024-12-17)",
                "- Upgrade to Boost 1.87.0",
            ]
        );
        assert!(!is_news("# NEWS\n\n\\item a\n"));
    }
}
