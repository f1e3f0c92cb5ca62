//! Texts in the project's languages: every human text in a record is a
//! table of strings keyed by BCP 47 language tags (`{ zh = "…", en = "…" }`).

use indexmap::IndexMap;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

/// The longest tag accepted: a language, script, region and a variant or
/// two fit; longer tags are more likely junk than a language.
const MAX_TAG_CHARS: usize = 35;

/// A language relnotes writes pages in: a well-formed, valid BCP 47 tag in
/// its normal case (`zh`, `en`, `zh-Hant`, `pt-BR`). `zh` is Simplified
/// Chinese, as in the records written before tags were free.
///
/// Copied everywhere a page is written, so it holds its tag interned: each
/// distinct tag is stored once per process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(&'static str);

impl Lang {
    /// Simplified Chinese, `zh`.
    pub const ZH: Lang = Lang("zh");
    /// English, `en`: what labels and texts fall back to.
    pub const EN: Lang = Lang("en");

    /// The tag records and page paths use (`zh`, `en`, `zh-Hant`).
    pub fn code(self) -> &'static str {
        self.0
    }
}

/// The one stored copy of `tag`.
fn intern(tag: String) -> &'static str {
    for known in [Lang::ZH, Lang::EN] {
        if known.0 == tag {
            return known.0;
        }
    }
    static TAGS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut tags = TAGS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(known) = tags.get(tag.as_str()) {
        return known;
    }
    let stored: &'static str = Box::leak(tag.into_boxed_str());
    tags.insert(stored);
    stored
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        let quoted = crate::diagnostic::clip(s, MAX_TAG_CHARS);
        if s.chars().count() > MAX_TAG_CHARS {
            return Err(format!(
                "`{quoted}` is too long for a language tag (at most {MAX_TAG_CHARS} characters)"
            ));
        }
        let tag = language_tags::LanguageTag::parse(s)
            .map_err(|e| format!("`{quoted}` is not a BCP 47 language tag: {e}"))?;
        tag.validate()
            .map_err(|e| format!("`{quoted}` is not a valid BCP 47 language tag: {e}"))?;
        Ok(Lang(intern(tag.into_string())))
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(deserializer)?;
        code.parse().map_err(de::Error::custom)
    }
}

impl JsonSchema for Lang {
    fn schema_name() -> Cow<'static, str> {
        "Lang".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A language: a BCP 47 tag (`zh` is Simplified Chinese, `en`, `ja`, `zh-Hant`, `id` …).",
            "type": "string",
            "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
            "maxLength": MAX_TAG_CHARS,
        })
    }
}

/// A text in the project's languages, keyed by tag, in the order written.
/// An empty or absent language is a missing translation.
#[derive(Debug, Clone, Default)]
pub struct Text(IndexMap<Lang, String>);

impl Text {
    /// A text in `lang` only.
    pub fn one(lang: Lang, text: impl Into<String>) -> Text {
        Text(IndexMap::from([(lang, text.into())]))
    }

    /// A text with one entry per `(language, text)`, in that order.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (Lang, String)>) -> Text {
        Text(pairs.into_iter().collect())
    }

    /// The text in `lang`, or where that is missing the English one, or
    /// else the first language the text has (in the order written).
    pub fn get(&self, lang: Lang) -> &str {
        [self.side(lang), self.side(Lang::EN)]
            .into_iter()
            .chain(self.0.values().map(String::as_str))
            .find(|t| !t.trim().is_empty())
            .unwrap_or("")
    }

    /// Exactly what the text says in `lang` (empty when it says nothing).
    pub fn side(&self, lang: Lang) -> &str {
        self.0.get(&lang).map_or("", String::as_str)
    }

    /// Sets what the text says in `lang`.
    pub fn set(&mut self, lang: Lang, text: impl Into<String>) {
        self.0.insert(lang, text.into());
    }

    /// Every language the text has an entry for, with it, in the order written.
    pub fn entries(&self) -> impl Iterator<Item = (Lang, &str)> {
        self.0.iter().map(|(l, t)| (*l, t.as_str()))
    }

    /// The text with `f` applied to every language's side.
    pub fn map(&self, mut f: impl FnMut(Lang, &str) -> String) -> Text {
        Text(self.0.iter().map(|(l, t)| (*l, f(*l, t))).collect())
    }

    /// Languages of `langs` the text says nothing in.
    pub(crate) fn missing(&self, langs: &[Lang]) -> Vec<Lang> {
        langs
            .iter()
            .copied()
            .filter(|l| self.side(*l).trim().is_empty())
            .collect()
    }

    /// Languages the text has that are not among `langs`.
    pub(crate) fn foreign(&self, langs: &[Lang]) -> Vec<Lang> {
        self.0
            .keys()
            .copied()
            .filter(|l| !langs.contains(l))
            .collect()
    }

    /// Whether `other` has the same words in every language.
    pub fn same_words(&self, other: &Text) -> bool {
        self == other
    }
}

/// Equal when every language says the same, an absent side counting as empty.
impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        let agree = |a: &Text, b: &Text| a.0.iter().all(|(l, t)| b.side(*l) == t);
        agree(self, other) && agree(other, self)
    }
}

impl Eq for Text {}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (lang, text) in &self.0 {
            map.serialize_entry(lang.code(), text)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table of texts keyed by language tags, e.g. { en = \"…\" }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
                let mut texts = IndexMap::new();
                while let Some((key, text)) = map.next_entry::<String, String>()? {
                    let lang: Lang = key.parse().map_err(de::Error::custom)?;
                    if texts.insert(lang, text).is_some() {
                        return Err(de::Error::custom(format!(
                            "the language `{lang}` is given twice"
                        )));
                    }
                }
                Ok(Text(texts))
            }
        }
        deserializer.deserialize_map(TextVisitor)
    }
}

impl JsonSchema for Text {
    fn schema_name() -> Cow<'static, str> {
        "Text".into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let lang = generator.subschema_for::<Lang>();
        json_schema!({
            "description": "A text in the project's languages, keyed by BCP 47 tags: { zh = \"…\", en = \"…\" }. An empty or absent language is a missing translation.",
            "type": "object",
            "propertyNames": lang,
            "additionalProperties": { "type": "string" },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_normalised_and_validated() {
        let tag = |s: &str| s.parse::<Lang>().map(Lang::code);
        assert_eq!(tag("zh"), Ok("zh"));
        assert_eq!(tag("ZH-hant"), Ok("zh-Hant"));
        assert_eq!(tag("pt-br"), Ok("pt-BR"));
        assert!(tag("zz-qq-").is_err());
        assert!(tag("english").is_err());
        assert!(tag("").is_err());
        assert!(tag(&"a".repeat(500)).is_err());
        assert_eq!("zh".parse::<Lang>(), Ok(Lang::ZH));
    }

    #[test]
    fn a_missing_side_falls_back_to_english_then_the_first() {
        let text: Text = toml::from_str("zh = \"甲\"\nen = \"\"").unwrap();
        assert_eq!(text.get(Lang::EN), "甲");
        let text = Text::from_pairs([(Lang::ZH, String::new()), (Lang::EN, "A".into())]);
        assert_eq!(text.get(Lang::ZH), "A");
        assert_eq!(text.get("ja".parse().unwrap()), "A");
        assert_eq!(text.missing(&[Lang::ZH, Lang::EN]), [Lang::ZH]);
        assert_eq!(text.missing(&[Lang::EN]), []);
    }

    #[test]
    fn tables_keep_their_order_and_refuse_a_language_twice() {
        let text: Text = toml::from_str("en = \"A\"\nja = \"エー\"").unwrap();
        assert_eq!(
            toml::to_string(&text).unwrap(),
            "en = \"A\"\nja = \"エー\"\n"
        );
        assert!(toml::from_str::<Text>("en = \"A\"\nEN = \"B\"").is_err());
        assert!(toml::from_str::<Text>("klingon = \"A\"").is_err());
        let with_empty_zh = Text::from_pairs([(Lang::ZH, String::new()), (Lang::EN, "A".into())]);
        assert_eq!(Text::one(Lang::EN, "A"), with_empty_zh);
    }
}
