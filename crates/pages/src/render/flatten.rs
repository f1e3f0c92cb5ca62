//! A page with its partials written in place, for speed.
//!
//! Handlebars renders a partial by copying the whole current context into
//! a new scope, and every value read inside that scope is copied again.
//! On a page of a few dozen kilobytes of context that copying is most of
//! the render. A partial called with no arguments sees exactly the values
//! of its call site, so writing its template in place of the call gives
//! the same page without the copies, as long as nothing in it can tell
//! the difference: it climbs no further up (`../`) than its own blocks,
//! defines no inline partials, and is not indented.
//!
//! The flattened page is only ever a faster way to the same bytes: on any
//! error the caller renders the original page, whose error names the true
//! file and line.

use handlebars::template::{
    DecoratorTemplate, HelperTemplate, Parameter, Template, TemplateElement,
};
use handlebars::{Handlebars, Path, PathSeg};
use std::collections::BTreeSet;

/// Past this many elements a page stops growing: the remaining calls stay
/// calls (partials that call each other many times over could otherwise
/// multiply a page's size).
const MAX_ELEMENTS: usize = 200_000;

const PARTIAL_BLOCK: &str = "@partial-block";

/// `page` with every partial call that can be written in place replaced
/// by the partial's template, transitively; `None` when nothing can be.
pub(super) fn flatten(page: &Template, registry: &Handlebars<'_>) -> Option<Template> {
    let mut inline_names = BTreeSet::new();
    inline_partials_in(page, &mut inline_names);
    for template in registry.get_templates().values() {
        inline_partials_in(template, &mut inline_names);
    }
    let mut flattener = Flattener {
        registry,
        inline_names,
        calls: Vec::new(),
        elements: 0,
        expanded: 0,
    };
    let flat = flattener.template(page);
    (flattener.expanded > 0).then_some(flat)
}

struct Flattener<'a, 'r> {
    registry: &'a Handlebars<'r>,
    /// Names some `{{#*inline}}` defines: at render time they may hide a
    /// registered partial of the same name, so their calls stay calls.
    inline_names: BTreeSet<String>,
    /// The partials being written in place, outermost first.
    calls: Vec<String>,
    elements: usize,
    expanded: usize,
}

impl Flattener<'_, '_> {
    fn template(&mut self, template: &Template) -> Template {
        let mut out = Template::default();
        out.name.clone_from(&template.name);
        for element in &template.elements {
            self.element(element, &mut out.elements);
        }
        out
    }

    fn element(&mut self, element: &TemplateElement, out: &mut Vec<TemplateElement>) {
        match element {
            TemplateElement::PartialExpression(call) | TemplateElement::PartialBlock(call) => {
                match self.expansion(call) {
                    Some(elements) => {
                        self.expanded += 1;
                        out.extend(elements);
                    }
                    None => out.push(element.clone()),
                }
            }
            TemplateElement::HelperBlock(helper) => {
                let mut helper: HelperTemplate = (**helper).clone();
                helper.template = helper.template.as_ref().map(|t| self.template(t));
                helper.inverse = helper.inverse.as_ref().map(|t| self.template(t));
                out.push(TemplateElement::HelperBlock(Box::new(helper)));
            }
            other => out.push(other.clone()),
        }
        self.elements += 1;
    }

    /// The elements that render exactly what `call` renders, if there are.
    fn expansion(&mut self, call: &DecoratorTemplate) -> Option<Vec<TemplateElement>> {
        let Parameter::Name(name) = &call.name else {
            return None;
        };
        if name == PARTIAL_BLOCK
            || !call.params.is_empty()
            || !call.hash.is_empty()
            || call.indent.as_deref().is_some_and(|i| !i.is_empty())
            || self.inline_names.contains(name)
            || self.calls.contains(name)
            || self.elements > MAX_ELEMENTS
        {
            return None;
        }
        let block = call.template.as_ref();
        if let Some(block) = block
            && !stays_inside(block)
        {
            return None;
        }
        let partial = match self.registry.get_template(name) {
            Some(partial) => partial,
            // No such partial: the call renders its own block instead,
            // with no `@partial-block` to give.
            None => {
                let fallback = block?;
                if partial_block_uses(fallback) != (0, 0) {
                    return None;
                }
                return Some(self.inside(name, fallback).elements);
            }
        };
        if !stays_inside(partial) {
            return None;
        }
        match block {
            None => {
                if partial_block_uses(partial) != (0, 0) {
                    return None;
                }
                Some(self.inside(name, partial).elements)
            }
            // A layout: its one `{{> @partial-block}}`, at its top level,
            // becomes the block (which is rendered once either way).
            Some(block) => {
                if partial_block_uses(partial) != (1, 1) {
                    return None;
                }
                let body = self.template(block).elements;
                let layout = self.inside(name, partial).elements;
                let mut out = Vec::with_capacity(layout.len() + body.len());
                let mut body = Some(body);
                for element in layout {
                    if is_partial_block_call(&element) {
                        out.extend(body.take().unwrap_or_default());
                    } else {
                        out.push(element);
                    }
                }
                Some(out)
            }
        }
    }

    fn inside(&mut self, name: &str, template: &Template) -> Template {
        self.calls.push(name.to_string());
        let flat = self.template(template);
        self.calls.pop();
        flat
    }
}

/// Whether `element` is a plain `{{> @partial-block}}`.
fn is_partial_block_call(element: &TemplateElement) -> bool {
    matches!(element, TemplateElement::PartialExpression(call)
        if matches!(&call.name, Parameter::Name(n) if n == PARTIAL_BLOCK)
            && call.template.is_none()
            && call.params.is_empty()
            && call.hash.is_empty()
            && call.indent.as_deref().is_none_or(str::is_empty))
}

/// How many `@partial-block` calls `template` makes that would read the
/// block of the partial it is: (plain calls at its top level, all such
/// calls). Calls inside another partial call's block read that call's.
fn partial_block_uses(template: &Template) -> (usize, usize) {
    let mut top = 0;
    let mut all = 0;
    for element in &template.elements {
        match element {
            TemplateElement::PartialExpression(call) | TemplateElement::PartialBlock(call) if matches!(&call.name, Parameter::Name(n) if n == PARTIAL_BLOCK) =>
            {
                all += 1;
                if is_partial_block_call(element) {
                    top += 1;
                }
            }
            TemplateElement::HelperBlock(helper) => {
                for inner in [&helper.template, &helper.inverse].into_iter().flatten() {
                    all += partial_block_uses(inner).1;
                }
            }
            _ => {}
        }
    }
    (top, all)
}

/// Whether `template`, rendered in place of a call, reads only what it
/// would read as a partial: no `../` or `@../` past its own blocks, and
/// no inline partial definitions (they would outlive the call).
fn stays_inside(template: &Template) -> bool {
    stays_inside_at(template, 0)
}

/// `depth`: the scopes opened inside the partial so far. Only `each` and
/// `with` open one (the helpers that could open more are refused below by
/// counting none for them: a `../` past the count is refused).
fn stays_inside_at(template: &Template, depth: usize) -> bool {
    template.elements.iter().all(|element| match element {
        TemplateElement::RawString(_) | TemplateElement::Comment(_) => true,
        TemplateElement::Expression(helper) | TemplateElement::HtmlExpression(helper) => {
            helper_stays_inside(helper, depth)
        }
        TemplateElement::HelperBlock(helper) => {
            let inner = match &helper.name {
                Parameter::Name(n) if n == "each" || n == "with" => depth + 1,
                _ => depth,
            };
            helper_stays_inside(helper, depth)
                && helper
                    .template
                    .as_ref()
                    .is_none_or(|t| stays_inside_at(t, inner))
                && helper
                    .inverse
                    .as_ref()
                    .is_none_or(|t| stays_inside_at(t, depth))
        }
        TemplateElement::PartialExpression(call) | TemplateElement::PartialBlock(call) => {
            // A call left as a call pushes a scope of its own: its block
            // and the partial's text are checked when it is expanded.
            param_stays_inside(&call.name, depth)
                && call.params.iter().all(|p| param_stays_inside(p, depth))
                && call.hash.values().all(|p| param_stays_inside(p, depth))
                && call
                    .template
                    .as_ref()
                    .is_none_or(|t| stays_inside_at(t, depth))
        }
        _ => false,
    })
}

fn helper_stays_inside(helper: &HelperTemplate, depth: usize) -> bool {
    param_stays_inside(&helper.name, depth)
        && helper.params.iter().all(|p| param_stays_inside(p, depth))
        && helper.hash.values().all(|p| param_stays_inside(p, depth))
}

fn param_stays_inside(param: &Parameter, depth: usize) -> bool {
    match param {
        Parameter::Name(_) | Parameter::Literal(_) => true,
        Parameter::Path(Path::Local((level, _, _))) => *level <= depth,
        Parameter::Path(Path::Relative((segments, _))) => ups(segments).is_some_and(|n| n <= depth),
        Parameter::Subexpression(sub) => match sub.element.as_ref() {
            TemplateElement::Expression(helper) | TemplateElement::HelperBlock(helper) => {
                helper_stays_inside(helper, depth)
            }
            _ => false,
        },
        _ => false,
    }
}

/// The leading `../` of a path, as Handlebars counts them to choose the
/// scope it reads; `None` for a segment this module does not know.
fn ups(segments: &[PathSeg]) -> Option<usize> {
    let mut ups = 0;
    for segment in segments {
        match segment {
            PathSeg::Named(_) => break,
            PathSeg::Ruled(rule) => match format!("{rule:?}").as_str() {
                "path_up" => ups += 1,
                "path_root" => break,
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(ups)
}

/// Adds the names `template` defines with `{{#*inline "name"}}`.
fn inline_partials_in(template: &Template, names: &mut BTreeSet<String>) {
    for element in &template.elements {
        match element {
            TemplateElement::DecoratorBlock(decorator)
            | TemplateElement::DecoratorExpression(decorator) => {
                for param in &decorator.params {
                    match param {
                        Parameter::Literal(serde_json::Value::String(name))
                        | Parameter::Name(name) => {
                            names.insert(name.clone());
                        }
                        _ => {}
                    }
                }
                if let Some(inner) = &decorator.template {
                    inline_partials_in(inner, names);
                }
            }
            TemplateElement::HelperBlock(helper) => {
                for inner in [&helper.template, &helper.inverse].into_iter().flatten() {
                    inline_partials_in(inner, names);
                }
            }
            TemplateElement::PartialBlock(call) => {
                if let Some(inner) = &call.template {
                    inline_partials_in(inner, names);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Renders `page` from `partials` as Handlebars does and flattened,
    /// asserts both give the same text, and says whether any call was
    /// written in place.
    fn same_both_ways(page: &str, partials: &[(&str, &str)], data: &serde_json::Value) -> bool {
        let mut registry = Handlebars::new();
        registry.set_strict_mode(true);
        for (name, text) in partials {
            registry.register_template_string(name, text).unwrap();
        }
        registry.register_template_string("page", page).unwrap();
        let original = registry.render("page", data).unwrap();
        let Some(flat) = flatten(registry.get_template("page").unwrap(), &registry) else {
            return false;
        };
        registry.register_template("flat", flat);
        assert_eq!(registry.render("flat", data).unwrap(), original);
        true
    }

    fn data() -> serde_json::Value {
        json!({
            "title": "T", "flag": true,
            "rows": [{"name": "a", "differs": true, "cells": [1, 2]},
                     {"name": "b", "differs": false, "cells": [3]}],
            "labels": {"x": "X"}
        })
    }

    #[test]
    fn plain_partials_are_written_in_place() {
        let partials = [
            (
                "row",
                "<{{name}}{{#each cells}} {{this}}{{#if ../differs}}*{{/if}} @{{@index}}{{/each}}>\n",
            ),
            (
                "table",
                "{{#each rows}}{{> row}}{{/each}}{{@root.labels.x}}\n",
            ),
        ];
        assert!(same_both_ways(
            "{{title}}\n{{> table}}{{#if flag}}{{> table}}{{/if}}",
            &partials,
            &data()
        ));
    }

    #[test]
    fn a_layout_takes_its_block_in_place() {
        let partials = [(
            "layout",
            "<html>\n{{#if flag}}[{{/if}}{{> @partial-block}}\n</html>\n",
        )];
        assert!(same_both_ways(
            "{{#> layout}}{{title}} {{#each rows}}{{name}}{{/each}}{{/layout}}",
            &partials,
            &data()
        ));
    }

    #[test]
    fn what_could_tell_the_difference_stays_a_call() {
        let d = data();
        // Reads past its own scope.
        assert!(!same_both_ways(
            "{{#each rows}}{{> up}}{{/each}}",
            &[("up", "{{../name}}")],
            &d
        ));
        // Defines an inline partial, or may be hidden by one.
        assert!(!same_both_ways(
            "{{> def}}{{> p}}",
            &[("def", "{{#*inline \"p\"}}i{{/inline}}"), ("p", "x")],
            &d
        ));
        // Takes arguments.
        assert!(!same_both_ways(
            "{{> p rows}}{{> p x=1}}",
            &[("p", "{{this}}")],
            &d
        ));
        // Indented: its lines are indented on output.
        assert!(!same_both_ways(
            "<a>\n  {{> p}}\n</a>",
            &[("p", "1\n2\n")],
            &d
        ));
        // A layout that uses its block twice or in a loop.
        assert!(!same_both_ways(
            "{{#> l}}b{{/l}}",
            &[("l", "{{> @partial-block}}{{> @partial-block}}")],
            &d
        ));
        assert!(!same_both_ways(
            "{{#> l}}b{{/l}}",
            &[("l", "{{#each rows}}{{> @partial-block}}{{/each}}")],
            &d
        ));
    }

    #[test]
    fn a_missing_partial_with_a_block_renders_the_block_in_place() {
        assert!(same_both_ways(
            "{{#> absent}}{{title}}{{/absent}}",
            &[],
            &data()
        ));
    }
}
