//! Handlebars helpers every page template can use.
//!
//! | helper | in Markdown pages | in HTML pages |
//! |---|---|---|
//! | `{{markdown text}}` | the text as is | Markdown to HTML (blocks) |
//! | `{{markdown text inline=true}}` | the text as is | Markdown to HTML without the outer `<p>` |
//! | `{{t "key"}}` | the label `key` in the page's language (`lang` of the root context) | same, HTML-escaped |
//! | `{{join list sep}}` | the strings of `list` joined with `sep` | same, HTML-escaped |
//! | `{{md_cell text}}` | text made safe for a table cell (`\|`, no line breaks) | same |
//!
//! `if` and `unless` are replaced by strict versions: a condition naming a
//! field that does not exist is an error, as it is everywhere else in
//! strict mode, instead of silently false.

use super::PageFormat;
use super::labels::label;
use super::markdown;
use handlebars::{
    Context, Handlebars, Helper, HelperDef, HelperResult, JsonRender, JsonTruthy, Output,
    RenderContext, RenderError, RenderErrorReason, Renderable, ScopedJson,
};
use model::Lang;
use serde_json::Value;

/// Registers every helper on a registry for pages of `format`.
pub(crate) fn register(registry: &mut Handlebars<'static>, format: PageFormat) {
    registry.register_helper("markdown", Box::new(MarkdownHelper { format }));
    registry.register_helper("t", Box::new(LabelHelper));
    registry.register_helper("join", Box::new(JoinHelper));
    registry.register_helper("md_cell", Box::new(MdCellHelper));
    registry.register_helper("code", Box::new(CodeHelper { format }));
    registry.register_helper("if", Box::new(StrictIf { positive: true }));
    registry.register_helper("unless", Box::new(StrictIf { positive: false }));
}

fn string_param<'a>(
    h: &'a Helper<'_>,
    helper: &'static str,
    index: usize,
) -> Result<&'a str, RenderError> {
    let param = h
        .param(index)
        .ok_or(RenderErrorReason::ParamNotFoundForIndex(helper, index))?;
    if param.is_value_missing() {
        return Err(RenderError::strict_error(param.relative_path()));
    }
    match param.value() {
        Value::String(s) => Ok(s),
        Value::Null => Ok(""),
        _ => Err(RenderErrorReason::InvalidParamType("string").into()),
    }
}

struct MarkdownHelper {
    format: PageFormat,
}

impl HelperDef for MarkdownHelper {
    fn call<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        _: &'reg Handlebars<'reg>,
        _: &'rc Context,
        _: &mut RenderContext<'reg, 'rc>,
        out: &mut dyn Output,
    ) -> HelperResult {
        let text = string_param(h, "markdown", 0)?;
        let inline = h
            .hash_get("inline")
            .is_some_and(|v| v.value().is_truthy(false));
        let rendered = match (self.format, inline) {
            (PageFormat::Md, _) => markdown::escape_for_markdown(text),
            (PageFormat::Html, false) => markdown::to_html(text),
            (PageFormat::Html, true) => markdown::to_inline_html(text),
        };
        out.write(&rendered)?;
        Ok(())
    }
}

struct LabelHelper;

impl HelperDef for LabelHelper {
    fn call_inner<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        _: &'reg Handlebars<'reg>,
        ctx: &'rc Context,
        _: &mut RenderContext<'reg, 'rc>,
    ) -> Result<ScopedJson<'rc>, RenderError> {
        let key = string_param(h, "t", 0)?;
        let lang: Lang = ctx
            .data()
            .get("lang")
            .and_then(Value::as_str)
            .and_then(|code| code.parse().ok())
            .ok_or_else(|| {
                RenderErrorReason::Other("`t` needs `lang` (zh or en) in the root context".into())
            })?;
        let text = label(key, lang)
            .ok_or_else(|| RenderErrorReason::Other(format!("unknown label `{key}`")))?;
        Ok(ScopedJson::Derived(Value::String(text.to_string())))
    }
}

struct JoinHelper;

impl HelperDef for JoinHelper {
    fn call_inner<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        _: &'reg Handlebars<'reg>,
        _: &'rc Context,
        _: &mut RenderContext<'reg, 'rc>,
    ) -> Result<ScopedJson<'rc>, RenderError> {
        let list = h
            .param(0)
            .ok_or(RenderErrorReason::ParamNotFoundForIndex("join", 0))?;
        if list.is_value_missing() {
            return Err(RenderError::strict_error(list.relative_path()));
        }
        let separator = string_param(h, "join", 1)?;
        let items = match list.value() {
            Value::Array(items) => items.iter().map(|v| v.render()).collect::<Vec<_>>(),
            Value::Null => Vec::new(),
            _ => return Err(RenderErrorReason::InvalidParamType("array").into()),
        };
        Ok(ScopedJson::Derived(Value::String(items.join(separator))))
    }
}

/// A value inside code (a span or a fence), where Markdown shows every
/// character as it is: raw in Markdown pages but for what docs generators
/// run before Markdown (broken by a zero-width space), escaped in HTML.
struct CodeHelper {
    format: PageFormat,
}

impl HelperDef for CodeHelper {
    fn call<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        _: &'reg Handlebars<'reg>,
        _: &'rc Context,
        _: &mut RenderContext<'reg, 'rc>,
        out: &mut dyn Output,
    ) -> HelperResult {
        let text = string_param(h, "code", 0)?;
        let written = match self.format {
            PageFormat::Md => markdown::generator_syntax_broken(text, true),
            PageFormat::Html => markdown::escape_html(text),
        };
        out.write(&written)?;
        Ok(())
    }
}

struct MdCellHelper;

impl HelperDef for MdCellHelper {
    fn call_inner<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        _: &'reg Handlebars<'reg>,
        _: &'rc Context,
        _: &mut RenderContext<'reg, 'rc>,
    ) -> Result<ScopedJson<'rc>, RenderError> {
        let text = string_param(h, "md_cell", 0)?;
        Ok(ScopedJson::Derived(Value::String(md_cell(text))))
    }
}

/// Text for a Markdown table cell: pipes escaped, lines joined.
pub(crate) fn md_cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// `if` / `unless` that fail on a field that does not exist.
struct StrictIf {
    positive: bool,
}

impl HelperDef for StrictIf {
    fn call<'reg: 'rc, 'rc>(
        &self,
        h: &Helper<'rc>,
        r: &'reg Handlebars<'reg>,
        ctx: &'rc Context,
        rc: &mut RenderContext<'reg, 'rc>,
        out: &mut dyn Output,
    ) -> HelperResult {
        let name = if self.positive { "if" } else { "unless" };
        let param = h
            .param(0)
            .ok_or(RenderErrorReason::ParamNotFoundForIndex(name, 0))?;
        if r.strict_mode() && param.is_value_missing() {
            return Err(RenderError::strict_error(param.relative_path()));
        }
        let include_zero = h
            .hash_get("includeZero")
            .and_then(|v| v.value().as_bool())
            .unwrap_or(false);
        let value = param.value().is_truthy(include_zero) == self.positive;
        match if value { h.template() } else { h.inverse() } {
            Some(t) => t.render(r, ctx, rc, out),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn registry(format: PageFormat) -> Handlebars<'static> {
        let mut r = Handlebars::new();
        r.set_strict_mode(true);
        if format == PageFormat::Md {
            r.register_escape_fn(markdown::escape_for_markdown);
        } else {
            r.register_escape_fn(markdown::escape_html);
        }
        register(&mut r, format);
        r
    }

    #[test]
    fn markdown_per_format() {
        let data = json!({ "text": "a `b` & c" });
        let html = registry(PageFormat::Html);
        assert_eq!(
            html.render_template("{{markdown text}}", &data).unwrap(),
            "<p>a <code>b</code> &amp; c</p>\n"
        );
        assert_eq!(
            html.render_template("{{markdown text inline=true}}", &data)
                .unwrap(),
            "a <code>b</code> &amp; c"
        );
        let md = registry(PageFormat::Md);
        assert_eq!(
            md.render_template("{{markdown text}}", &data).unwrap(),
            "a `b` & c"
        );
    }

    #[test]
    fn labels_follow_the_page_language() {
        let html = registry(PageFormat::Html);
        assert_eq!(
            html.render_template("{{t \"features\"}}", &json!({"lang": "zh"}))
                .unwrap(),
            "主要特性"
        );
        assert_eq!(
            html.render_template("{{t \"features\"}}", &json!({"lang": "en"}))
                .unwrap(),
            "Main features"
        );
        let err = html
            .render_template("{{t \"featurez\"}}", &json!({"lang": "en"}))
            .unwrap_err();
        assert!(
            err.to_string().contains("unknown label `featurez`"),
            "{err}"
        );
    }

    #[test]
    fn join_escapes_in_html_only() {
        let data = json!({ "xs": ["a&b", "c"] });
        assert_eq!(
            registry(PageFormat::Html)
                .render_template("{{join xs \", \"}}", &data)
                .unwrap(),
            "a&amp;b, c"
        );
        assert_eq!(
            registry(PageFormat::Md)
                .render_template("{{join xs \", \"}}", &data)
                .unwrap(),
            "a&b, c"
        );
    }

    #[test]
    fn md_cells() {
        assert_eq!(md_cell("a | b\nc"), "a \\| b c");
    }

    #[test]
    fn strict_if_rejects_unknown_fields() {
        let r = registry(PageFormat::Md);
        let data = json!({ "present": true, "empty": [], "none": null });
        assert_eq!(
            r.render_template("{{#if present}}y{{else}}n{{/if}}", &data)
                .unwrap(),
            "y"
        );
        assert_eq!(
            r.render_template("{{#if empty}}y{{else}}n{{/if}}", &data)
                .unwrap(),
            "n"
        );
        assert_eq!(
            r.render_template("{{#unless none}}y{{/unless}}", &data)
                .unwrap(),
            "y"
        );
        let err = r
            .render_template("{{#if presnt}}y{{/if}}", &data)
            .unwrap_err();
        assert!(
            matches!(err.reason(), RenderErrorReason::MissingVariable(Some(p)) if p == "presnt"),
            "{err}"
        );
    }
}
