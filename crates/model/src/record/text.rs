//! Bilingual text: every human text in a record is a `{ zh, en }` pair.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

/// A language relnotes writes pages in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Chinese, `zh`.
    Zh,
    /// English, `en`.
    En,
}

impl Lang {
    /// Every language, in the order of a text's sides.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// The language code records and page paths use (`zh`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The other language of the pair.
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(deserializer)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s {
            "zh" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            other => Err(format!("unknown language `{other}` (known: zh, en)")),
        }
    }
}

/// A text in both languages. An empty side is a missing translation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// The Chinese side.
    #[serde(default)]
    pub zh: String,
    /// The English side.
    #[serde(default)]
    pub en: String,
}

impl Text {
    /// A text of the Chinese side `zh` and the English side `en`.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Text {
        Text {
            zh: zh.into(),
            en: en.into(),
        }
    }

    /// The text in `lang`, or in the other language when that side is missing.
    pub fn get(&self, lang: Lang) -> &str {
        let (wanted, fallback) = match lang {
            Lang::Zh => (&self.zh, &self.en),
            Lang::En => (&self.en, &self.zh),
        };
        if wanted.trim().is_empty() {
            fallback
        } else {
            wanted
        }
    }

    /// Languages whose side is empty while the other is not.
    pub(crate) fn missing(&self) -> Vec<Lang> {
        let zh = self.zh.trim().is_empty();
        let en = self.en.trim().is_empty();
        match (zh, en) {
            (true, false) => vec![Lang::Zh],
            (false, true) => vec![Lang::En],
            (true, true) => vec![Lang::Zh, Lang::En],
            (false, false) => vec![],
        }
    }

    /// Whether `other` has the same words in both languages.
    pub fn same_words(&self, other: &Text) -> bool {
        self == other
    }
}
