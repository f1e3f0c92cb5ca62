//! A page's context as `direct` reads it: serialised straight from the
//! context's types, like `serde_json::to_value`, but with the names of
//! struct fields kept as the `&'static str` they are (no string per field
//! per page) and objects held as sorted vectors (one allocation each,
//! looked up by binary search).
//!
//! What `serde_json::to_value` would give differently (map keys that are
//! not strings, 128-bit integers, tuple and struct variants) is refused
//! instead: the page is then rendered by Handlebars from its JSON value.

use serde::ser::{self, Serialize};
use serde_json::Number;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering as Memory};

/// A JSON value, as `serde_json::Value`.
#[derive(Debug, Clone)]
pub enum Node {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Node>),
    Object(Object),
}

pub type Key = Cow<'static, str>;

/// An object's members, in the order `serde_json::Map` iterates them.
#[derive(Debug, Clone, Default)]
pub struct Object(Vec<(Key, Node)>);

/// Whether `serde_json::Map` keeps its keys sorted (it does unless its
/// `preserve_order` feature is on): objects here iterate in its order.
fn maps_sort_keys() -> bool {
    static SORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SORTED.get_or_init(|| {
        let mut probe = serde_json::Map::new();
        probe.insert("b".into(), serde_json::Value::Null);
        probe.insert("a".into(), serde_json::Value::Null);
        probe.keys().next().is_some_and(|k| k == "a")
    })
}

/// The order of `str`, byte by byte, with the first bytes compared
/// inline: keys mostly differ there, and a call to `memcmp` per
/// comparison was most of what sorting and finding members cost.
#[inline]
fn key_order(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    match (a.first(), b.first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

/// `a == b`, inline for short keys (a call to `bcmp` per lookup was a
/// good part of what finding members cost).
#[inline]
fn same_key(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len()
        && if a.len() <= 16 {
            a.iter().zip(b).all(|(x, y)| x == y)
        } else {
            a == b
        }
}

impl Object {
    /// Members in insertion order become the map serde_json would build:
    /// a later member of one name replaces the earlier one's value.
    fn from_members(mut members: Vec<(Key, Node)>) -> Object {
        if maps_sort_keys() {
            // A map serialised from a sorted map is already in order.
            if members
                .windows(2)
                .all(|pair| key_order(&pair[0].0, &pair[1].0) == Ordering::Less)
            {
                return Object(members);
            }
            // Stable: of equal keys the last inserted ends up last, and wins.
            members.sort_by(|a, b| key_order(&a.0, &b.0));
            members.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    std::mem::swap(&mut later.1, &mut kept.1);
                }
                same
            });
            Object(members)
        } else {
            let mut out: Vec<(Key, Node)> = Vec::with_capacity(members.len());
            for (key, node) in members {
                match out.iter_mut().find(|(k, _)| *k == key) {
                    Some(existing) => existing.1 = node,
                    None => out.push((key, node)),
                }
            }
            Object(out)
        }
    }

    pub fn get(&self, key: &str) -> Option<&Node> {
        if maps_sort_keys() {
            self.0
                .binary_search_by(|(k, _)| key_order(k, key))
                .ok()
                .map(|i| &self.0[i].1)
        } else {
            self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
        }
    }

    /// [`Object::get`], trying first the position `hint` holds, and
    /// leaving there where `key` was found.
    pub fn get_hinted(&self, key: &str, hint: &AtomicU32) -> Option<&Node> {
        let guess = hint.load(Memory::Relaxed) as usize;
        if let Some((k, v)) = self.0.get(guess)
            && same_key(k, key)
        {
            return Some(v);
        }
        let found = if maps_sort_keys() {
            self.0.binary_search_by(|(k, _)| key_order(k, key)).ok()
        } else {
            self.0.iter().position(|(k, _)| k == key)
        }?;
        hint.store(found as u32, Memory::Relaxed);
        Some(&self.0[found].1)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Node)> {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl PartialEq for Object {
    fn eq(&self, other: &Object) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl PartialEq for Node {
    /// As `serde_json::Value`'s equality.
    fn eq(&self, other: &Node) -> bool {
        match (self, other) {
            (Node::Null, Node::Null) => true,
            (Node::Bool(a), Node::Bool(b)) => a == b,
            (Node::Number(a), Node::Number(b)) => a == b,
            (Node::String(a), Node::String(b)) => a == b,
            (Node::Array(a), Node::Array(b)) => a == b,
            (Node::Object(a), Node::Object(b)) => a == b,
            _ => false,
        }
    }
}

impl Node {
    /// As Handlebars writes a value (`JsonRender`).
    pub fn render(&self) -> String {
        match self {
            Node::String(s) => s.clone(),
            Node::Bool(b) => b.to_string(),
            Node::Number(n) => n.to_string(),
            Node::Null => String::new(),
            Node::Array(items) => {
                let items: Vec<String> = items.iter().map(Node::render).collect();
                format!("[{}]", items.join(", "))
            }
            Node::Object(_) => "[object]".to_string(),
        }
    }

    /// As Handlebars decides `{{#if}}` (`JsonTruthy`).
    pub fn is_truthy(&self, include_zero: bool) -> bool {
        match self {
            Node::Bool(b) => *b,
            Node::Number(n) if include_zero => n.as_f64().is_some_and(|f| !f.is_nan()),
            Node::Number(n) => n.as_f64().is_some_and(f64::is_normal),
            Node::Null => false,
            Node::String(s) => !s.is_empty(),
            Node::Array(items) => !items.is_empty(),
            Node::Object(members) => !members.is_empty(),
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members.get(key),
            _ => None,
        }
    }
}

impl From<&serde_json::Value> for Node {
    fn from(value: &serde_json::Value) -> Node {
        use serde_json::Value;
        match value {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(*b),
            Value::Number(n) => Node::Number(n.clone()),
            Value::String(s) => Node::String(s.clone()),
            Value::Array(items) => Node::Array(items.iter().map(Node::from).collect()),
            Value::Object(map) => Node::Object(Object::from_members(
                map.iter()
                    .map(|(k, v)| (Cow::Owned(k.clone()), Node::from(v)))
                    .collect(),
            )),
        }
    }
}

/// `value` as a tree, or `None` where it would not be what
/// `serde_json::to_value` gives.
pub fn to_tree<T: Serialize + ?Sized>(value: &T) -> Option<Node> {
    value.serialize(Tree).ok()
}

/// A value `to_tree` does not take.
#[derive(Debug)]
pub struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a value a page context tree holds")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_: T) -> Unsupported {
        Unsupported
    }
}

struct Tree;

type Done = Result<Node, Unsupported>;

fn number(n: impl Into<Number>) -> Done {
    Ok(Node::Number(n.into()))
}

fn float(f: f64) -> Done {
    Ok(Number::from_f64(f).map_or(Node::Null, Node::Number))
}

impl ser::Serializer for Tree {
    type Ok = Node;
    type Error = Unsupported;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = ser::Impossible<Node, Unsupported>;
    type SerializeMap = Members;
    type SerializeStruct = Members;
    type SerializeStructVariant = ser::Impossible<Node, Unsupported>;

    fn serialize_bool(self, v: bool) -> Done {
        Ok(Node::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Done {
        number(v)
    }
    fn serialize_i16(self, v: i16) -> Done {
        number(v)
    }
    fn serialize_i32(self, v: i32) -> Done {
        number(v)
    }
    fn serialize_i64(self, v: i64) -> Done {
        number(v)
    }
    fn serialize_u8(self, v: u8) -> Done {
        number(v)
    }
    fn serialize_u16(self, v: u16) -> Done {
        number(v)
    }
    fn serialize_u32(self, v: u32) -> Done {
        number(v)
    }
    fn serialize_u64(self, v: u64) -> Done {
        number(v)
    }
    fn serialize_f32(self, v: f32) -> Done {
        float(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Done {
        float(v)
    }
    fn serialize_char(self, v: char) -> Done {
        Ok(Node::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Done {
        Ok(Node::String(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        Ok(Node::Array(
            v.iter().map(|b| Node::Number((*b).into())).collect(),
        ))
    }
    fn serialize_none(self) -> Done {
        Ok(Node::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        value.serialize(Tree)
    }
    fn serialize_unit(self) -> Done {
        Ok(Node::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(Node::Null)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        Ok(Node::String(variant.to_string()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Done {
        value.serialize(Tree)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        Ok(Node::Object(Object(vec![(
            Cow::Borrowed(variant),
            value.serialize(Tree)?,
        )])))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items, Unsupported> {
        Ok(Items(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, Unsupported> {
        Ok(Items(Vec::with_capacity(len)))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items, Unsupported> {
        Ok(Items(Vec::with_capacity(len)))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Members, Unsupported> {
        Ok(Members {
            members: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Members, Unsupported> {
        Ok(Members {
            members: Vec::with_capacity(len),
            key: None,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}

struct Items(Vec<Node>);

impl ser::SerializeSeq for Items {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.0.push(value.serialize(Tree)?);
        Ok(())
    }
    fn end(self) -> Done {
        Ok(Node::Array(self.0))
    }
}

impl ser::SerializeTuple for Items {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Done {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Items {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Done {
        ser::SerializeSeq::end(self)
    }
}

struct Members {
    members: Vec<(Key, Node)>,
    key: Option<Key>,
}

impl ser::SerializeMap for Members {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        // Only string keys: serde_json would turn others into strings.
        match key.serialize(Tree)? {
            Node::String(key) => {
                self.key = Some(Cow::Owned(key));
                Ok(())
            }
            _ => Err(Unsupported),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let key = self.key.take().ok_or(Unsupported)?;
        self.members.push((key, value.serialize(Tree)?));
        Ok(())
    }
    fn end(self) -> Done {
        Ok(Node::Object(Object::from_members(self.members)))
    }
}

impl ser::SerializeStruct for Members {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.members
            .push((Cow::Borrowed(key), value.serialize(Tree)?));
        Ok(())
    }
    fn end(self) -> Done {
        Ok(Node::Object(Object::from_members(self.members)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use serde_json::json;

    #[derive(Serialize)]
    struct Base {
        lang: &'static str,
        shared: u32,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Plain,
        Wrapped(u8),
    }

    #[derive(Serialize)]
    struct Page {
        #[serde(flatten)]
        base: Base,
        title: String,
        kinds: Vec<Kind>,
        none: Option<String>,
        float: f64,
        nan: f64,
        map: std::collections::BTreeMap<String, i64>,
        shared: u32,
    }

    fn page() -> Page {
        Page {
            base: Base {
                lang: "en",
                shared: 1,
            },
            title: "T".into(),
            kinds: vec![Kind::Plain, Kind::Wrapped(3)],
            none: None,
            float: 1.5,
            nan: f64::NAN,
            map: [("z".to_string(), -1), ("a".to_string(), 2)].into(),
            shared: 2,
        }
    }

    #[test]
    fn keys_compare_as_strs_do() {
        let keys = [
            "",
            "a",
            "A",
            "ab",
            "abc",
            "abd",
            "b",
            "labels",
            "label",
            "é",
            "z",
            "zz",
            "a_long_key_of_more_than_sixteen_bytes",
            "a_long_key_of_more_than_sixteen_bytez",
        ];
        for a in keys {
            for b in keys {
                assert_eq!(key_order(a, b), a.cmp(b), "{a:?} {b:?}");
                assert_eq!(same_key(a, b), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_hint_finds_the_member_wherever_it_points() {
        let tree = to_tree(&json!({"a": 1, "b": 2, "c": {"d": 4}, "e": 5})).unwrap();
        let Node::Object(members) = &tree else {
            panic!("an object");
        };
        let hint = AtomicU32::new(0);
        for (key, stale) in [("e", 0), ("b", 3), ("a", 99), ("c", 1), ("missing", 2)] {
            hint.store(stale, Memory::Relaxed);
            assert!(members.get_hinted(key, &hint) == members.get(key), "{key}");
            // Found members leave their position; the hint then finds them at once.
            if let Some(found) = members.get(key) {
                assert!(std::ptr::eq(members.get_hinted(key, &hint).unwrap(), found));
                assert_eq!(members.0[hint.load(Memory::Relaxed) as usize].0, key);
            }
        }
    }

    #[test]
    fn a_tree_is_what_serde_json_makes() {
        let value = serde_json::to_value(page()).unwrap();
        let tree = to_tree(&page()).unwrap();
        assert_eq!(tree, Node::from(&value));
        // The same members in the same order, and the later `shared` won.
        let Node::Object(members) = &tree else {
            panic!("an object")
        };
        let keys: Vec<&str> = members.iter().map(|(k, _)| k).collect();
        let expected: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, expected);
        assert_eq!(tree.get("shared"), Some(&Node::Number(2.into())));
        assert_eq!(value["shared"], json!(2));
        assert_eq!(tree.get("nan"), Some(&Node::Null));
        assert_eq!(tree.get("absent"), None);
    }

    #[test]
    fn what_serde_json_would_change_is_refused() {
        let map: std::collections::BTreeMap<u32, &str> = [(1, "a")].into();
        assert!(to_tree(&map).is_none());
        #[derive(Serialize)]
        enum Variant {
            Tuple(u8, u8),
        }
        assert!(to_tree(&Variant::Tuple(1, 2)).is_none());
    }

    #[test]
    fn rendering_and_truth_follow_handlebars() {
        use handlebars::{JsonRender, JsonTruthy};
        for value in [
            json!(null),
            json!(true),
            json!(0),
            json!(1.5),
            json!(0.0),
            json!(""),
            json!("x"),
            json!([]),
            json!([1, "a", [2]]),
            json!({}),
            json!({"a": 1}),
        ] {
            let node = Node::from(&value);
            assert_eq!(node.render(), value.render(), "{value}");
            for zero in [false, true] {
                assert_eq!(node.is_truthy(zero), value.is_truthy(zero), "{value}");
            }
        }
    }
}
