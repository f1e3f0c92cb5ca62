//! A page rendered straight from its JSON context, without the Handlebars
//! interpreter, when the page uses only what this module knows.
//!
//! Handlebars looks every path up anew, copies each value it reads and
//! keeps a block context per scope; at a thousand releases that was most
//! of a site build. A page whose partials are all written in place (see
//! `flatten`) is compiled once more here, into [`Program`]: paths split
//! into their scope and segments, helpers named by an enum. Running it
//! reads the context by reference.
//!
//! It knows exactly Handlebars' strict-mode rules for what it accepts —
//! `if`, `unless`, `each`, `with`, the comparison and boolean helpers,
//! `len`, and the project's `markdown`, `t`, `join` and `md_cell` — and
//! refuses to compile anything else (partial calls, other decorators,
//! block parameters), so such a page is rendered by Handlebars. Where
//! Handlebars would fail, running a program fails too, and the caller
//! renders the page with Handlebars to get its error with file and line.

use super::tree::Node;
use super::{PageFormat, helpers, markdown};
use handlebars::template::{
    DecoratorTemplate, HelperTemplate, Parameter, Template, TemplateElement,
};
use handlebars::{Handlebars, Path, PathSeg};
use model::labels::label;
use model::record::Lang;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};

/// A page compiled for [`Program::render`].
#[derive(Debug)]
pub struct Program {
    ops: Vec<Op>,
    format: PageFormat,
    /// The length of the page rendered last: the next one's buffer starts
    /// at that size instead of growing to it (pages of one template are
    /// of a size).
    last_len: AtomicUsize,
}

/// Running a program stopped where Handlebars would report an error (or
/// the page outgrew its limit): render the page with Handlebars instead.
#[derive(Debug, PartialEq, Eq)]
pub struct Fallback;

type Run<T> = Result<T, Fallback>;

#[derive(Debug)]
enum Op {
    Raw(String),
    /// `{{path}}`, or `{{{path}}}` when not `escape`.
    Value {
        lookup: Lookup,
        escape: bool,
    },
    /// `{{helper args}}`.
    Call {
        call: Call,
        escape: bool,
    },
    /// `{{#if}}` (positive) and `{{#unless}}`, strict: an unknown field fails.
    If {
        positive: bool,
        call: Call,
        then: Vec<Op>,
        otherwise: Option<Vec<Op>>,
    },
    Each {
        call: Call,
        body: Option<Vec<Op>>,
        inverse: Option<Vec<Op>>,
    },
    With {
        call: Call,
        body: Option<Vec<Op>>,
        inverse: Option<Vec<Op>>,
    },
    /// A partial in a scope of its own: `base`'s value, or the current
    /// one. A `block` (of `{{#> partial}}`) is rendered first and given to
    /// the partial's `{{> @partial-block}}`.
    Partial {
        base: Option<Lookup>,
        block: Option<Vec<Op>>,
        body: Vec<Op>,
    },
    /// `{{> @partial-block}}`: the block of the innermost partial call,
    /// else its own `fallback` block.
    PartialBlock {
        fallback: Option<Vec<Op>>,
    },
}

/// A helper call: the helper's params and hash.
#[derive(Debug)]
struct Call {
    helper: Helper,
    params: Vec<Arg>,
    hash: Vec<(String, Arg)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Helper {
    If,
    Unless,
    Each,
    With,
    Markdown,
    Label,
    Join,
    MdCell,
    Len,
    Eq,
    Ne,
    Gt,
    Gte,
    Lt,
    Lte,
    And,
    Or,
    Not,
}

/// Every helper name the page registries know, Handlebars' built-in ones
/// included: an expression `{{name}}` with such a name is a helper call.
const HELPER_NAMES: &[&str] = &[
    "if", "unless", "each", "with", "lookup", "raw", "log", "eq", "ne", "gt", "gte", "lt", "lte",
    "and", "or", "not", "len", "markdown", "t", "join", "md_cell",
];

impl Helper {
    fn named(name: &str) -> Option<Helper> {
        Some(match name {
            "if" => Helper::If,
            "unless" => Helper::Unless,
            "each" => Helper::Each,
            "with" => Helper::With,
            "markdown" => Helper::Markdown,
            "t" => Helper::Label,
            "join" => Helper::Join,
            "md_cell" => Helper::MdCell,
            "len" => Helper::Len,
            "eq" => Helper::Eq,
            "ne" => Helper::Ne,
            "gt" => Helper::Gt,
            "gte" => Helper::Gte,
            "lt" => Helper::Lt,
            "lte" => Helper::Lte,
            "and" => Helper::And,
            "or" => Helper::Or,
            "not" => Helper::Not,
            _ => return None,
        })
    }

    fn is_block(self) -> bool {
        matches!(
            self,
            Helper::If | Helper::Unless | Helper::Each | Helper::With
        )
    }
}

#[derive(Debug)]
enum Arg {
    Lookup(Lookup),
    Literal(Node),
    Call(Box<Call>),
}

/// Where a path reads from, as Handlebars resolves it.
#[derive(Debug)]
enum Lookup {
    /// `@index`, `@first`, `@last`, `@key`, `@../index`, …
    Local { level: usize, name: String },
    /// `a.b`, `this`, `../a`, `@root.a`: the scope (`ups` scopes out, or
    /// the root), then the named segments.
    Path {
        ups: usize,
        root: bool,
        segments: Vec<Segment>,
    },
}

/// A named segment of a path.
#[derive(Debug)]
struct Segment {
    name: String,
    /// The name as an array index; `None` if it is not one.
    index: Option<usize>,
    /// Where in an object the name was last found. The objects a segment
    /// reads at one place of a template mostly have the same members, so
    /// the name is usually there again and one comparison finds it.
    /// Shared by the threads running the program: a stale hint costs only
    /// the search.
    hint: AtomicU32,
}

impl Segment {
    fn new(name: String) -> Segment {
        Segment {
            index: name.parse().ok(),
            name,
            hint: AtomicU32::new(0),
        }
    }
}

impl Program {
    /// `page` compiled, with the partials it calls from `registry`, if it
    /// uses only what this module knows. `known` says whether a partial of
    /// that name exists at all (compiled or not yet): a call to one that is
    /// not in `registry` yet is left to Handlebars, which will find it.
    pub fn compile(
        page: &Template,
        registry: &Handlebars<'_>,
        known: &dyn Fn(&str) -> bool,
        format: PageFormat,
    ) -> Option<Program> {
        let mut compiler = Compiler {
            registry,
            known,
            inlines: HashMap::new(),
            calls: Vec::new(),
            ops: 0,
        };
        Some(Program {
            ops: compiler.template(page, true)?,
            format,
            last_len: AtomicUsize::new(0),
        })
    }

    /// The page for `context`, untidied; at most `limit` bytes.
    pub fn render(&self, context: &Node, limit: usize) -> Run<String> {
        let mut run = Runner {
            root: context,
            scopes: vec![Scope {
                base: context,
                locals: Locals::default(),
            }],
            partial_blocks: Vec::new(),
            out: String::with_capacity(
                (self.last_len.load(Relaxed) * 9 / 8).clamp(16 << 10, limit.max(16 << 10)),
            ),
            html: self.format == PageFormat::Html,
            format: self.format,
            limit,
        };
        run.ops(&self.ops)?;
        if run.out.len() > limit {
            return Err(Fallback);
        }
        self.last_len.store(run.out.len(), Relaxed);
        Ok(run.out)
    }
}

/// Past this many operations a page is left to Handlebars: partials are
/// compiled into every place that calls them.
const MAX_OPS: usize = 200_000;

const PARTIAL_BLOCK: &str = "@partial-block";

struct Compiler<'t> {
    registry: &'t Handlebars<'t>,
    known: &'t dyn Fn(&str) -> bool,
    /// Inline partials the page has defined so far at its top level,
    /// where Handlebars registers them for the whole render.
    inlines: HashMap<String, &'t Template>,
    /// The partials being compiled, outermost first.
    calls: Vec<String>,
    ops: usize,
}

impl<'t> Compiler<'t> {
    /// `top`: the page's own top level (the root scope).
    fn template(&mut self, template: &'t Template, top: bool) -> Option<Vec<Op>> {
        let current = template.name.as_deref();
        let mut ops = Vec::with_capacity(template.elements.len());
        for element in &template.elements {
            self.ops += 1;
            if self.ops > MAX_OPS {
                return None;
            }
            match element {
                TemplateElement::RawString(text) => ops.push(Op::Raw(text.clone())),
                TemplateElement::Comment(_) => {}
                TemplateElement::Expression(helper) => ops.push(expression(helper, true)?),
                TemplateElement::HtmlExpression(helper) => ops.push(expression(helper, false)?),
                TemplateElement::HelperBlock(helper) => ops.push(self.block(helper)?),
                TemplateElement::PartialExpression(call) | TemplateElement::PartialBlock(call) => {
                    ops.push(self.partial(call, current)?);
                }
                // An inline partial renders nothing where it is defined; at
                // the top level it stays defined for the rest of the page.
                TemplateElement::DecoratorBlock(decorator) if top => {
                    let (
                        Parameter::Name(kind),
                        [Parameter::Literal(serde_json::Value::String(name))],
                        Some(body),
                    ) = (
                        &decorator.name,
                        decorator.params.as_slice(),
                        decorator.template.as_ref(),
                    )
                    else {
                        return None;
                    };
                    if kind != "inline" {
                        return None;
                    }
                    self.inlines.insert(name.clone(), body);
                }
                _ => return None,
            }
        }
        Some(ops)
    }

    fn block(&mut self, helper: &'t HelperTemplate) -> Option<Op> {
        if helper.block_param.is_some() {
            return None;
        }
        let call = call(helper)?;
        let body = match &helper.template {
            Some(t) => Some(self.template(t, false)?),
            None => None,
        };
        let inverse = match &helper.inverse {
            Some(t) => Some(self.template(t, false)?),
            None => None,
        };
        Some(match call.helper {
            Helper::If | Helper::Unless => Op::If {
                positive: call.helper == Helper::If,
                call,
                then: body.unwrap_or_default(),
                otherwise: inverse,
            },
            // Scopes hold references into the context: only a path can open one.
            Helper::Each | Helper::With
                if call.hash.is_empty()
                    && matches!(call.params.as_slice(), [Arg::Lookup(Lookup::Path { .. })]) =>
            {
                if call.helper == Helper::Each {
                    Op::Each {
                        call,
                        body,
                        inverse,
                    }
                } else {
                    Op::With {
                        call,
                        body,
                        inverse,
                    }
                }
            }
            _ => return None,
        })
    }

    /// `{{> name}}`, `{{> name path}}`, `{{#> name}}block{{/name}}` and
    /// `{{> @partial-block}}`, as Handlebars expands them: the partial
    /// in a scope of its own (the path's value, or the current one).
    fn partial(&mut self, call: &'t DecoratorTemplate, current: Option<&str>) -> Option<Op> {
        let Parameter::Name(name) = &call.name else {
            return None;
        };
        if !call.hash.is_empty()
            || call.indent.as_deref().is_some_and(|i| !i.is_empty())
            || call.params.len() > 1
        {
            return None;
        }
        if name == PARTIAL_BLOCK {
            if !call.params.is_empty() {
                return None;
            }
            let fallback = match &call.template {
                Some(t) => Some(self.template(t, false)?),
                None => None,
            };
            return Some(Op::PartialBlock { fallback });
        }
        if current == Some(name.as_str()) || self.calls.contains(name) {
            return None;
        }
        let base = match call.params.first() {
            None => None,
            Some(Parameter::Path(path)) => match lookup(path)? {
                found @ Lookup::Path { .. } => Some(found),
                Lookup::Local { .. } => return None,
            },
            Some(_) => return None,
        };
        let found = match self.inlines.get(name) {
            Some(inline) => Some(*inline),
            None => self.registry.get_template(name),
        };
        let (block, body) = match (found, &call.template) {
            (Some(partial), block) => {
                let block = match block {
                    Some(t) => Some(self.template(t, false)?),
                    None => None,
                };
                self.calls.push(name.clone());
                let body = self.template(partial, false);
                self.calls.pop();
                (block, body?)
            }
            // No such partial: the call's own block is rendered instead.
            (None, Some(block)) if !(self.known)(name) => (None, self.template(block, false)?),
            (None, _) => return None,
        };
        Some(Op::Partial { base, block, body })
    }
}

fn helper_name(param: &Parameter) -> Option<&str> {
    match param {
        Parameter::Name(name) => Some(name),
        Parameter::Path(path) => Some(path_raw(path)),
        _ => None,
    }
}

fn path_raw(path: &Path) -> &str {
    match path {
        Path::Relative((_, raw)) | Path::Local((_, _, raw)) => raw,
    }
}

fn expression(helper: &HelperTemplate, escape: bool) -> Option<Op> {
    if helper.block_param.is_some() || helper.template.is_some() || helper.inverse.is_some() {
        return None;
    }
    let name_only = helper.params.is_empty() && helper.hash.is_empty();
    if name_only {
        let Parameter::Path(path) = &helper.name else {
            return None;
        };
        if HELPER_NAMES.contains(&path_raw(path)) {
            // Handlebars calls the helper with no arguments.
            return None;
        }
        return Some(Op::Value {
            lookup: lookup(path)?,
            escape,
        });
    }
    let call = call(helper)?;
    if call.helper.is_block() {
        return None;
    }
    Some(Op::Call { call, escape })
}

fn call(helper: &HelperTemplate) -> Option<Call> {
    let helper_kind = Helper::named(helper_name(&helper.name)?)?;
    let params = helper.params.iter().map(arg).collect::<Option<Vec<_>>>()?;
    let mut hash = helper
        .hash
        .iter()
        .map(|(k, v)| Some((k.clone(), arg(v)?)))
        .collect::<Option<Vec<_>>>()?;
    hash.sort_by(|a, b| a.0.cmp(&b.0));
    Some(Call {
        helper: helper_kind,
        params,
        hash,
    })
}

fn arg(param: &Parameter) -> Option<Arg> {
    match param {
        Parameter::Path(path) => Some(Arg::Lookup(lookup(path)?)),
        Parameter::Literal(value) => Some(Arg::Literal(Node::from(value))),
        Parameter::Subexpression(sub) => match sub.element.as_ref() {
            TemplateElement::Expression(helper)
                if helper.template.is_none()
                    && helper.inverse.is_none()
                    && helper.block_param.is_none() =>
            {
                let call = call(helper)?;
                (!call.helper.is_block()).then(|| Arg::Call(Box::new(call)))
            }
            _ => None,
        },
        _ => None,
    }
}

fn lookup(path: &Path) -> Option<Lookup> {
    match path {
        Path::Local((level, name, _)) => Some(Lookup::Local {
            level: *level,
            name: name.clone(),
        }),
        Path::Relative((segments, _)) => {
            // As Handlebars reads a path: leading `../` choose the scope,
            // a leading `@root` the root; then every named segment.
            let mut ups = 0;
            let mut root = false;
            for segment in segments {
                match segment {
                    PathSeg::Named(_) => break,
                    PathSeg::Ruled(rule) => match format!("{rule:?}").as_str() {
                        "path_up" => ups += 1,
                        "path_root" => {
                            root = true;
                            break;
                        }
                        _ => return None,
                    },
                    _ => return None,
                }
            }
            let segments = segments
                .iter()
                .filter_map(|s| match s {
                    PathSeg::Named(name) => Some(Segment::new(name.clone())),
                    _ => None,
                })
                .collect();
            Some(Lookup::Path {
                ups,
                root,
                segments,
            })
        }
    }
}

/// A scope: what `this` is, and the `@` variables of its `each`.
struct Scope<'a> {
    base: &'a Node,
    locals: Locals<'a>,
}

#[derive(Clone, Copy, Default)]
struct Locals<'a> {
    first: Option<bool>,
    last: Option<bool>,
    index: Option<usize>,
    key: Option<&'a str>,
}

/// A call's evaluated params and hash.
type Args<'a> = (Vec<Val<'a>>, Vec<(&'a str, Val<'a>)>);

/// A value read: by reference from the context, made by a helper or a
/// local variable, or missing.
enum Val<'a> {
    Ref(&'a Node),
    Owned(Node),
    Missing,
}

static NULL: Node = Node::Null;

impl Val<'_> {
    fn value(&self) -> &Node {
        match self {
            Val::Ref(v) => v,
            Val::Owned(v) => v,
            Val::Missing => &NULL,
        }
    }

    fn is_missing(&self) -> bool {
        matches!(self, Val::Missing)
    }
}

struct Runner<'a> {
    root: &'a Node,
    /// Innermost last.
    scopes: Vec<Scope<'a>>,
    /// Per partial call, innermost last: its block, rendered.
    partial_blocks: Vec<Option<String>>,
    out: String,
    html: bool,
    format: PageFormat,
    limit: usize,
}

impl<'a> Runner<'a> {
    fn ops(&mut self, ops: &'a [Op]) -> Run<()> {
        for op in ops {
            self.op(op)?;
        }
        Ok(())
    }

    fn op(&mut self, op: &'a Op) -> Run<()> {
        match op {
            Op::Raw(text) => self.out.push_str(text),
            Op::Value { lookup, escape } => {
                let value = self.lookup(lookup)?;
                match value.value() {
                    _ if value.is_missing() => return Err(Fallback),
                    Node::String(s) => self.write(s, *escape),
                    other => self.write(&other.render(), *escape),
                }
            }
            Op::Call { call, escape } => self.call_out(call, *escape)?,
            Op::Partial { base, block, body } => {
                let base = match base {
                    // A missing value gives the partial a null scope.
                    Some(lookup) => match self.lookup(lookup)? {
                        Val::Ref(v) => v,
                        Val::Missing => &NULL,
                        Val::Owned(_) => return Err(Fallback),
                    },
                    None => self.innermost().base,
                };
                let locals = self.innermost().locals;
                self.scopes.push(Scope { base, locals });
                let rendered = match block {
                    Some(block) => {
                        let outer = std::mem::take(&mut self.out);
                        let done = self.ops(block);
                        let inner = std::mem::replace(&mut self.out, outer);
                        done?;
                        Some(inner)
                    }
                    None => None,
                };
                self.partial_blocks.push(rendered);
                self.ops(body)?;
                self.partial_blocks.pop();
                self.scopes.pop();
            }
            Op::PartialBlock { fallback } => match (self.partial_blocks.last(), fallback) {
                (Some(Some(content)), _) => {
                    let content = content.clone();
                    self.out.push_str(&content);
                }
                (_, Some(fallback)) => self.ops(fallback)?,
                (_, None) => return Err(Fallback),
            },
            Op::If {
                positive,
                call,
                then,
                otherwise,
            } => {
                // Every argument is evaluated, as Handlebars does.
                let mut cond = None;
                for (i, arg) in call.params.iter().enumerate() {
                    let value = self.arg(arg)?;
                    if i == 0 {
                        cond = Some(value);
                    }
                }
                let mut include_zero = false;
                for (key, arg) in &call.hash {
                    let value = self.arg(arg)?;
                    if key == "includeZero" {
                        include_zero = value.value().as_bool().unwrap_or(false);
                    }
                }
                let cond = cond.ok_or(Fallback)?;
                if cond.is_missing() {
                    return Err(Fallback);
                }
                if cond.value().is_truthy(include_zero) == *positive {
                    self.ops(then)?;
                } else if let Some(otherwise) = otherwise {
                    self.ops(otherwise)?;
                }
            }
            Op::Each {
                call,
                body,
                inverse,
            } => self.each(call, body.as_deref(), inverse.as_deref())?,
            Op::With {
                call,
                body,
                inverse,
            } => {
                let value = self.scope_param(call)?;
                if value.is_some_and(|v| v.is_truthy(false)) {
                    let locals = self.innermost().locals;
                    self.scopes.push(Scope {
                        base: value.unwrap_or(&NULL),
                        locals,
                    });
                    if let Some(body) = body {
                        self.ops(body)?;
                    }
                    self.scopes.pop();
                } else if let Some(inverse) = inverse {
                    self.ops(inverse)?;
                } else {
                    return Err(Fallback);
                }
            }
        }
        Ok(())
    }

    fn each(
        &mut self,
        call: &'a Call,
        body: Option<&'a [Op]>,
        inverse: Option<&'a [Op]>,
    ) -> Run<()> {
        let value = self.scope_param(call)?;
        let Some(body) = body else {
            return Ok(());
        };
        match value {
            Some(Node::Array(items)) if !items.is_empty() || inverse.is_none() => {
                self.each_item(body, items.iter().map(|item| (None, item)), items.len())?;
            }
            Some(Node::Object(map)) if !map.is_empty() || inverse.is_none() => {
                self.each_item(body, map.iter().map(|(k, item)| (Some(k), item)), map.len())?;
            }
            _ => match inverse {
                Some(inverse) => self.ops(inverse)?,
                None => return Err(Fallback),
            },
        }
        Ok(())
    }

    /// `body` once per item, in a scope of its own with `@index`,
    /// `@first`, `@last` and (of an object's members) `@key`.
    fn each_item(
        &mut self,
        body: &'a [Op],
        items: impl Iterator<Item = (Option<&'a str>, &'a Node)>,
        len: usize,
    ) -> Run<()> {
        for (i, (key, item)) in items.enumerate() {
            self.scopes.push(Scope {
                base: item,
                locals: Locals {
                    first: Some(i == 0),
                    last: Some(i + 1 == len),
                    index: Some(i),
                    key,
                },
            });
            self.ops(body)?;
            self.scopes.pop();
            self.check_size()?;
        }
        Ok(())
    }

    fn check_size(&self) -> Run<()> {
        if self.out.len() > self.limit {
            Err(Fallback)
        } else {
            Ok(())
        }
    }

    fn innermost(&self) -> &Scope<'a> {
        self.scopes.last().expect("the root scope is never popped")
    }

    fn write(&mut self, text: &str, escape: bool) {
        if escape && self.html {
            markdown::escape_html_into(text, &mut self.out);
        } else {
            self.out.push_str(text);
        }
    }

    /// The value a block helper opens a scope on (`each`, `with`): by
    /// reference, `None` when missing. Compiling made sure it is a path.
    fn scope_param(&self, call: &'a Call) -> Run<Option<&'a Node>> {
        match call.params.first() {
            Some(Arg::Lookup(lookup)) => match self.lookup(lookup)? {
                Val::Ref(v) => Ok(Some(v)),
                Val::Missing => Ok(None),
                Val::Owned(_) => Err(Fallback),
            },
            _ => Err(Fallback),
        }
    }

    fn lookup(&self, lookup: &'a Lookup) -> Run<Val<'a>> {
        match lookup {
            Lookup::Local { level, name } => {
                let Some(scope) = self
                    .scopes
                    .len()
                    .checked_sub(level + 1)
                    .map(|i| &self.scopes[i])
                else {
                    return Ok(Val::Missing);
                };
                let locals = scope.locals;
                Ok(match name.as_str() {
                    "first" => locals.first.map(Node::Bool),
                    "last" => locals.last.map(Node::Bool),
                    "index" => locals.index.map(|i| Node::Number(i.into())),
                    "key" => locals.key.map(|k| Node::String(k.to_string())),
                    _ => None,
                }
                .map_or(Val::Missing, Val::Owned))
            }
            Lookup::Path {
                ups,
                root,
                segments,
            } => {
                let base = if *ups > 0 {
                    // Past the outermost scope Handlebars reads the innermost.
                    match self.scopes.len().checked_sub(ups + 1) {
                        Some(i) => self.scopes[i].base,
                        None => self.innermost().base,
                    }
                } else if *root {
                    self.root
                } else {
                    self.innermost().base
                };
                let mut at = Some(base);
                for segment in segments {
                    at = match at {
                        Some(Node::Array(items)) => match segment.index {
                            Some(i) => items.get(i),
                            // Handlebars: an invalid array index is an error.
                            None => return Err(Fallback),
                        },
                        Some(Node::Object(map)) => map.get_hinted(&segment.name, &segment.hint),
                        _ => None,
                    };
                }
                Ok(at.map_or(Val::Missing, Val::Ref))
            }
        }
    }

    fn arg(&self, arg: &'a Arg) -> Run<Val<'a>> {
        match arg {
            Arg::Lookup(lookup) => self.lookup(lookup),
            Arg::Literal(value) => Ok(Val::Ref(value)),
            Arg::Call(call) => self.call_value(call).map(Val::Owned),
        }
    }

    /// Every param and hash value is evaluated before the helper runs, as
    /// Handlebars does: an invalid path fails even where it is unused.
    fn args(&self, call: &'a Call) -> Run<Args<'a>> {
        let params = call
            .params
            .iter()
            .map(|a| self.arg(a))
            .collect::<Run<Vec<_>>>()?;
        let hash = call
            .hash
            .iter()
            .map(|(k, a)| Ok((k.as_str(), self.arg(a)?)))
            .collect::<Run<Vec<_>>>()?;
        Ok((params, hash))
    }

    /// A helper call written out: `markdown` and the boolean helpers write
    /// as they are, the others' values are escaped like any value.
    fn call_out(&mut self, call: &'a Call, escape: bool) -> Run<()> {
        let value = self.call_value(call)?;
        let raw = matches!(
            call.helper,
            Helper::Markdown
                | Helper::Eq
                | Helper::Ne
                | Helper::Gt
                | Helper::Gte
                | Helper::Lt
                | Helper::Lte
                | Helper::And
                | Helper::Or
                | Helper::Not
        );
        match value {
            Node::String(s) => self.write(&s, escape && !raw),
            other => self.write(&other.render(), escape && !raw),
        }
        Ok(())
    }

    /// What a helper call gives as a value (a subexpression's value).
    fn call_value(&self, call: &'a Call) -> Run<Node> {
        let (params, hash) = self.args(call)?;
        // A param Handlebars' strict mode counts as absent.
        let present = |i: usize| match params.get(i) {
            Some(v) if !v.is_missing() => Ok(v.value()),
            _ => Err(Fallback),
        };
        let string = |i: usize| match present(i)? {
            Node::String(s) => Ok(s.as_str()),
            Node::Null => Ok(""),
            _ => Err(Fallback),
        };
        Ok(match call.helper {
            Helper::Markdown => {
                let text = string(0)?;
                let inline = hash
                    .iter()
                    .find(|(k, _)| *k == "inline")
                    .is_some_and(|(_, v)| v.value().is_truthy(false));
                Node::String(match (self.format, inline) {
                    (PageFormat::Md, _) => text.to_string(),
                    (PageFormat::Html, false) => markdown::to_html(text),
                    (PageFormat::Html, true) => markdown::to_inline_html(text),
                })
            }
            Helper::Label => {
                let key = string(0)?;
                let lang = self
                    .root
                    .get("lang")
                    .and_then(Node::as_str)
                    .and_then(|code| Lang::from_str(code).ok())
                    .ok_or(Fallback)?;
                Node::String(label(key, lang).ok_or(Fallback)?.to_string())
            }
            Helper::Join => {
                let list = present(0)?;
                let separator = string(1)?;
                match list {
                    Node::Array(items) => Node::String(
                        items
                            .iter()
                            .map(Node::render)
                            .collect::<Vec<_>>()
                            .join(separator),
                    ),
                    Node::Null => Node::String(String::new()),
                    _ => return Err(Fallback),
                }
            }
            Helper::MdCell => Node::String(helpers::md_cell(string(0)?)),
            Helper::Len => Node::Number(serde_json::Number::from(match present(0)? {
                Node::Array(a) => a.len(),
                Node::Object(m) => m.len(),
                Node::String(s) => s.len(),
                _ => 0,
            })),
            Helper::Eq => Node::Bool(present(0)? == present(1)?),
            Helper::Ne => Node::Bool(present(0)? != present(1)?),
            Helper::Gt => Node::Bool(compare(present(0)?, present(1)?)? == Some(Ordering::Greater)),
            Helper::Gte => {
                Node::Bool(compare(present(0)?, present(1)?)?.is_some_and(|o| o != Ordering::Less))
            }
            Helper::Lt => Node::Bool(compare(present(0)?, present(1)?)? == Some(Ordering::Less)),
            Helper::Lte => Node::Bool(
                compare(present(0)?, present(1)?)?.is_some_and(|o| o != Ordering::Greater),
            ),
            Helper::And => Node::Bool(params.iter().all(|p| p.value().is_truthy(false))),
            Helper::Or => Node::Bool(params.iter().any(|p| p.value().is_truthy(false))),
            Helper::Not => Node::Bool(!present(0)?.is_truthy(false)),
            Helper::If | Helper::Unless | Helper::Each | Helper::With => return Err(Fallback),
        })
    }
}

/// Handlebars' order for `gt` and the like, where this module is sure of
/// it: strings, booleans, and integers of one sign; anything else (floats,
/// numbers against strings) is left to Handlebars.
fn compare(x: &Node, y: &Node) -> Run<Option<Ordering>> {
    Ok(match (x, y) {
        (Node::String(a), Node::String(b)) => Some(a.cmp(b)),
        (Node::Bool(a), Node::Bool(b)) => Some(a.cmp(b)),
        (Node::Number(a), Node::Number(b)) => match (a.as_u64(), b.as_u64()) {
            (Some(a), Some(b)) => Some(a.cmp(&b)),
            _ => match (a.as_i64(), b.as_i64()) {
                (Some(a), Some(b)) => Some(a.cmp(&b)),
                _ => return Err(Fallback),
            },
        },
        (Node::Number(_), Node::String(_)) | (Node::String(_), Node::Number(_)) => {
            return Err(Fallback);
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::templates::registry;
    use serde_json::{Value, json};

    /// A registry of `format` as the pages have, holding `partials` and
    /// `page` (as "page").
    fn registered(
        format: PageFormat,
        page: &str,
        partials: &[(&str, &str)],
    ) -> Handlebars<'static> {
        let mut hbs = registry(format);
        for (name, text) in partials {
            hbs.register_template_string(name, text).unwrap();
        }
        hbs.register_template_string("page", page).unwrap();
        hbs
    }

    /// "page" of `hbs` compiled for a direct run, every partial compiled.
    fn compiled(hbs: &Handlebars<'_>, format: PageFormat) -> Option<Program> {
        Program::compile(hbs.get_template("page").unwrap(), hbs, &|_| false, format)
    }

    /// Registers `partials` and `page` as the page registries do, renders
    /// the page with Handlebars and directly, asserts both agree (the same
    /// text, or both failing), and returns Handlebars' result. Panics if
    /// the page does not compile for a direct run.
    fn both(
        format: PageFormat,
        page: &str,
        partials: &[(&str, &str)],
        data: &Value,
    ) -> Result<String, String> {
        let hbs = registered(format, page, partials);
        let expected = hbs.render("page", data).map_err(|e| e.to_string());
        let program = compiled(&hbs, format).unwrap_or_else(|| panic!("{page:?} does not compile"));
        let direct = program.render(&Node::from(data), 1 << 20);
        match (&expected, &direct) {
            (Ok(e), Ok(d)) => assert_eq!(d, e, "{page:?}"),
            (Err(_), Err(Fallback)) => {}
            _ => panic!("{page:?}: Handlebars {expected:?}, direct {direct:?}"),
        }
        expected
    }

    fn refused(page: &str, partials: &[(&str, &str)]) -> bool {
        compiled(
            &registered(PageFormat::Html, page, partials),
            PageFormat::Html,
        )
        .is_none()
    }

    fn data() -> Value {
        json!({
            "lang": "en",
            "title": "A <b> & \"c\"",
            "n": 3, "zero": 0, "float": 1.5, "yes": true, "no": false, "none": null,
            "empty": [], "list": ["x", "y<", 2],
            "rows": [
                {"name": "a", "differs": true, "cells": [1, 2], "note": "| a\nb"},
                {"name": "b", "differs": false, "cells": [], "note": null}
            ],
            "map": {"k1": {"v": 1}, "k2": {"v": 2}},
            "md": "a `b` & *c*",
            "labels": {"x": "X", "sep": ", "},
        })
    }

    #[test]
    fn values_and_escaping_match_handlebars() {
        for format in [PageFormat::Html, PageFormat::Md] {
            let out = both(
                format,
                "{{title}}|{{{title}}}|{{n}}|{{float}}|{{yes}}|{{none}}|{{list}}|{{map}}|{{this.title}}|{{labels.x}}|{{rows.0.name}}|{{list.[1]}}",
                &[],
                &data(),
            )
            .unwrap();
            assert!(out.starts_with(match format {
                PageFormat::Html => "A &lt;b&gt; &amp; &quot;c&quot;|A <b>",
                PageFormat::Md => "A <b> & \"c\"|A <b>",
            }));
        }
    }

    #[test]
    fn blocks_and_scopes_match_handlebars() {
        let d = data();
        for page in [
            "{{#each rows}}{{@index}}{{@first}}{{@last}}{{name}}{{../title}}{{@root.n}}{{#each cells}}[{{this}} {{../name}} {{@../index}}]{{/each}}{{/each}}",
            "{{#each map}}{{@key}}={{v}}{{@index}};{{/each}}",
            "{{#each empty}}x{{else}}none{{/each}}{{#each empty}}x{{/each}}{{#each none}}x{{else}}null{{/each}}",
            "{{#each rows}}{{#with this}}{{name}}{{@index}}{{../name}}{{/with}}{{/each}}",
            "{{#with map.k1}}{{v}}{{../n}}{{/with}}{{#with none}}x{{else}}no{{/with}}",
            "{{#if yes}}y{{else if no}}n{{else}}z{{/if}}{{#unless no}}u{{/unless}}{{#if zero}}z{{/if}}{{#if zero includeZero=true}}Z{{/if}}",
            "{{#if empty}}e{{/if}}{{#if list}}l{{/if}}{{#if none}}n{{/if}}{{#if float}}f{{/if}}",
            "{{#each rows}}{{#if differs}}{{name}}{{/if}}{{#each cells}}{{#if @last}}.{{/if}}{{/each}}{{/each}}",
            "{{../title}} {{../../n}}{{#each rows}}{{../../../name}}{{/each}}",
        ] {
            both(PageFormat::Html, page, &[], &d).unwrap();
        }
    }

    #[test]
    fn helpers_match_handlebars() {
        let d = data();
        for format in [PageFormat::Html, PageFormat::Md] {
            for page in [
                "{{t \"features\"}}|{{join list \", \"}}|{{join list labels.sep}}|{{join none \"-\"}}",
                "{{#each rows}}{{md_cell note}}|{{/each}}{{md_cell none}}",
                "{{markdown md}}|{{markdown md inline=true}}|{{{markdown md}}}",
                "{{len list}} {{len map}} {{len title}} {{len n}}",
                "{{#if (or none empty yes)}}o{{/if}}{{#if (and yes n)}}a{{/if}}{{#if (not no)}}!{{/if}}",
                "{{eq n 3}} {{ne title \"x\"}} {{gt n 2}} {{lt n 2}} {{gte n 3}} {{lte \"a\" \"b\"}} {{gt none 1}}",
                "{{#if (gt (len list) 2)}}long{{/if}} {{md_cell (join list labels.sep)}}",
            ] {
                both(format, page, &[], &d).unwrap();
            }
        }
    }

    #[test]
    fn partials_match_handlebars() {
        let d = data();
        let partials = [
            (
                "row",
                "<{{name}}{{#each cells}} {{this}}{{#if ../differs}}*{{/if}}{{/each}} {{@index}}>\n",
            ),
            ("item", "({{this}})"),
            ("up", "{{../name}}{{@index}}"),
            (
                "layout",
                "<html>{{#if yes}}[{{/if}}{{> @partial-block}}</html>\n",
            ),
            ("style", "{{#> page-style}}default{{/page-style}}"),
        ];
        for page in [
            "{{#each rows}}{{> row}}{{/each}}",
            "{{#each list}}{{> item}}{{/each}}{{> item title}}{{> item none}}",
            "{{#each rows}}{{> up}}{{/each}}",
            "{{#> layout}}{{title}}{{#each rows}}{{name}}{{/each}}{{/layout}}",
            "{{#> absent}}{{title}}{{/absent}}",
            "{{> style}}",
            "{{#*inline \"page-style\"}}mine {{title}}{{/inline}}{{> style}}",
            "{{> style}}{{#*inline \"page-style\"}}late{{/inline}}{{> style}}",
            "{{#> layout}}{{#> @partial-block}}fallback{{/@partial-block}}{{/layout}}",
        ] {
            both(PageFormat::Html, page, &partials, &d).unwrap();
        }
    }

    #[test]
    fn where_handlebars_fails_the_direct_run_fails() {
        let d = data();
        for page in [
            "{{missing}}",
            "{{rows.name}}",
            "{{#if missing}}x{{/if}}",
            "{{#each title}}x{{/each}}",
            "{{#with none}}x{{/with}}",
            "{{#each rows}}{{@key}}{{/each}}",
            "{{t \"no such label\"}}",
            "{{join title \", \"}}",
            "{{join missing \", \"}}",
            "{{md_cell n}}",
            "{{gt missing 1}}",
            "{{len missing}}",
            "{{> @partial-block}}",
        ] {
            assert!(both(PageFormat::Html, page, &[], &d).is_err(), "{page}");
        }
    }

    #[test]
    fn what_it_does_not_know_is_left_to_handlebars() {
        assert!(refused("{{lookup map \"k1\"}}", &[]));
        assert!(refused("{{len}}", &[]));
        assert!(refused("{{#each rows as |row|}}{{row.name}}{{/each}}", &[]));
        assert!(refused("{{#each (or rows)}}x{{/each}}", &[]));
        assert!(refused("<a>\n  {{> p}}\n</a>", &[("p", "1\n2\n")]));
        assert!(refused(
            "{{#if yes}}{{#*inline \"p\"}}i{{/inline}}{{/if}}",
            &[]
        ));
        assert!(refused("{{> p}}", &[("p", "{{> p}}")]));
        assert!(refused("{{> p x=1}}", &[("p", "{{x}}")]));
        assert!(refused("{{> absent}}", &[]));
        assert!(!refused(
            "{{#each rows}}{{> p}}{{/each}}",
            &[("p", "{{name}}")]
        ));
    }

    #[test]
    fn a_partial_not_compiled_yet_is_left_to_handlebars() {
        let mut hbs = registry(PageFormat::Html);
        hbs.register_template_string("page", "{{#> later}}block{{/later}}")
            .unwrap();
        let page = hbs.get_template("page").unwrap();
        assert!(Program::compile(page, &hbs, &|_| false, PageFormat::Html).is_some());
        assert!(Program::compile(page, &hbs, &|n| n == "later", PageFormat::Html).is_none());
    }

    /// `page` (with no partials) compiled for Markdown pages.
    fn markdown_program(page: &str) -> Program {
        compiled(&registered(PageFormat::Md, page, &[]), PageFormat::Md).unwrap()
    }

    #[test]
    fn floats_and_mixed_comparisons_are_left_to_handlebars() {
        let program = markdown_program("{{gt float 1}}");
        assert_eq!(program.render(&Node::from(&data()), 1 << 20), Err(Fallback));
    }

    #[test]
    fn a_page_past_its_limit_stops() {
        let d = Node::from(&json!({"xs": vec!["0123456789"; 100]}));
        let program = markdown_program("{{#each xs}}{{this}}{{/each}}");
        assert_eq!(program.render(&d, 1000).unwrap().len(), 1000);
        assert_eq!(program.render(&d, 999), Err(Fallback));
    }
}
