//! Partials that would never stop expanding, found before rendering:
//! a page whose partials call each other in a circle (`a` → `b` → `a`, or
//! an inline partial that calls itself) would overflow the stack, and one
//! whose partials fan out (`a` calls `b` twice, `b` calls `c` twice, …)
//! would run for minutes. Both are refused with the chain of names.

use std::collections::HashMap;

/// The most partial expansions a page may ask for, loops aside.
pub(crate) const MAX_EXPANSIONS: u128 = 1_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PartialProblem {
    /// The chain of names, ending where it started.
    Cycle(Vec<String>),
    /// The page would expand `partial` (and what it calls) this many times.
    Fanout {
        chain: Vec<String>,
        expansions: u128,
    },
}

impl std::fmt::Display for PartialProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PartialProblem::Cycle(chain) => write!(
                f,
                "partials call each other without end: {}",
                chain.join(" → ")
            ),
            PartialProblem::Fanout { chain, expansions } => write!(
                f,
                "partials expand {expansions} times (more than {MAX_EXPANSIONS}): {}",
                chain.join(" → ")
            ),
        }
    }
}

/// Checks the page `name` (text `page`), whose file partials `lookup` finds.
pub(super) fn check<'a>(
    name: &str,
    page: &'a str,
    lookup: &dyn Fn(&str) -> Option<&'a str>,
) -> Result<(), PartialProblem> {
    let mut walk = Walk {
        lookup,
        inline: HashMap::new(),
        expansions: HashMap::new(),
        stack: vec![name.to_string()],
    };
    let total = walk.expansions_of(page)?;
    if total > MAX_EXPANSIONS {
        return Err(PartialProblem::Fanout {
            chain: vec![name.to_string()],
            expansions: total,
        });
    }
    Ok(())
}

struct Walk<'a, 'l> {
    lookup: &'l dyn Fn(&str) -> Option<&'a str>,
    /// Inline partials met so far: name → body.
    inline: HashMap<String, String>,
    /// Expansions a partial causes, once known.
    expansions: HashMap<String, u128>,
    stack: Vec<String>,
}

impl<'a> Walk<'a, '_> {
    /// How many partial expansions rendering `text` causes.
    fn expansions_of(&mut self, text: &str) -> Result<u128, PartialProblem> {
        let text = without_comments(text);
        let (outer, inline) = split_inline(&text);
        for (name, body) in inline {
            self.inline
                .entry(name.to_string())
                .or_insert_with(|| body.to_string());
        }
        let mut total: u128 = 0;
        for called in partials_called(&outer) {
            total = total.saturating_add(1).saturating_add(self.expand(called)?);
            if total > MAX_EXPANSIONS {
                let mut chain = self.stack.clone();
                chain.push(called.to_string());
                return Err(PartialProblem::Fanout {
                    chain,
                    expansions: total,
                });
            }
        }
        Ok(total)
    }

    fn expand(&mut self, name: &str) -> Result<u128, PartialProblem> {
        if let Some(&known) = self.expansions.get(name) {
            return Ok(known);
        }
        if let Some(start) = self.stack.iter().position(|n| n == name) {
            let mut chain = self.stack[start..].to_vec();
            chain.push(name.to_string());
            return Err(PartialProblem::Cycle(chain));
        }
        // Unknown partials are reported when rendering.
        let text = match self.inline.get(name) {
            Some(body) => body.clone(),
            None => match (self.lookup)(name) {
                Some(text) => text.to_string(),
                None => return Ok(0),
            },
        };
        self.stack.push(name.to_string());
        let count = self.expansions_of(&text)?;
        self.stack.pop();
        self.expansions.insert(name.to_string(), count);
        Ok(count)
    }
}

/// `text` without `{{!-- … --}}` and `{{! … }}` comments (which may show
/// partial calls as examples).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{!") {
        out.push_str(&rest[..start]);
        let comment = &rest[start..];
        let end = if comment.starts_with("{{!--") {
            comment.find("--}}").map(|i| i + 4)
        } else {
            comment.find("}}").map(|i| i + 2)
        };
        rest = end.map_or("", |end| &comment[end..]);
    }
    out.push_str(rest);
    out
}

/// The text outside `{{#*inline "name"}} … {{/inline}}` blocks, and the
/// blocks' names and bodies.
fn split_inline(text: &str) -> (String, Vec<(&str, &str)>) {
    let mut outer = String::new();
    let mut inline = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{#*inline") {
        outer.push_str(&rest[..start]);
        let after = &rest[start..];
        let Some(open_end) = after.find("}}") else {
            rest = "";
            break;
        };
        let name = after[..open_end].split('"').nth(1).unwrap_or_default();
        let body_and_rest = &after[open_end + 2..];
        let close = body_and_rest
            .find("{{/inline}}")
            .unwrap_or(body_and_rest.len());
        inline.push((name, &body_and_rest[..close]));
        rest = body_and_rest
            .get(close + "{{/inline}}".len()..)
            .unwrap_or_default();
    }
    outer.push_str(rest);
    (outer, inline)
}

/// Names of the partials a template calls: `{{> name}}`, `{{#> name}}`,
/// `{{> "name"}}`.
pub(crate) fn partials_called(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("{{").filter_map(|(at, _)| {
        let call = text[at + 2..].trim_start_matches('~');
        let call = call.strip_prefix('#').unwrap_or(call);
        let call = call.strip_prefix('>')?.trim_start();
        let call = call.strip_prefix('"').unwrap_or(call);
        let end = call
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '/' | '.')))
            .unwrap_or(call.len());
        (end > 0).then(|| &call[..end])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(page: &str, partials: &[(&str, &str)]) -> Result<(), PartialProblem> {
        let map: HashMap<&str, &str> = partials.iter().copied().collect();
        let lookup = |name: &str| map.get(name).copied();
        check("page", page, &lookup)
    }

    #[test]
    fn circles_are_named_in_order() {
        let err = run(
            "x {{> a}}",
            &[("a", "{{> b}}"), ("b", "{{#if x}}{{> a}}{{/if}}")],
        );
        assert_eq!(
            err.unwrap_err().to_string(),
            "partials call each other without end: a → b → a"
        );
        let own = run("{{#*inline \"me\"}}{{> me}}{{/inline}}{{> me}}", &[]);
        assert_eq!(
            own,
            Err(PartialProblem::Cycle(vec!["me".into(), "me".into()]))
        );
    }

    #[test]
    fn fan_out_beyond_the_limit_is_refused_quickly() {
        // 30 levels, each calling the next twice: 2^31 expansions.
        let mut partials: Vec<(String, String)> = (0..30)
            .map(|i| {
                (
                    format!("p{i}"),
                    format!("{{{{> p{}}}}}{{{{> p{}}}}}", i + 1, i + 1),
                )
            })
            .collect();
        partials.push(("p30".into(), "leaf".into()));
        let refs: Vec<(&str, &str)> = partials
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let err = run("{{> p0}}", &refs).unwrap_err();
        assert!(matches!(err, PartialProblem::Fanout { .. }), "{err:?}");
        assert!(err.to_string().starts_with("partials expand"), "{err}");
    }

    #[test]
    fn comments_call_nothing() {
        let page = "{{!-- use it as {{#> layout}} … --}}{{! or {{> layout}} }}{{> layout}}";
        assert_eq!(run(page, &[("layout", "{{!-- {{> layout}} --}}x")]), Ok(()));
    }

    #[test]
    fn ordinary_pages_pass() {
        let page = "{{> layout}}{{#each xs}}{{> row}}{{/each}}{{> row}}";
        assert_eq!(
            run(
                page,
                &[("layout", "{{> style}}"), ("row", "r"), ("style", "")]
            ),
            Ok(())
        );
        assert_eq!(run("{{> missing}}", &[]), Ok(()));
    }
}
