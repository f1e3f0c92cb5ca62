//! BLAKE3 digests of what the site is built from and of what it wrote.
//!
//! They tell a build what it may reuse, not who wrote a file: any strong
//! 256-bit hash would do, and BLAKE3 is about three times as fast here as
//! SHA-256 on the pages' sizes (a full build hashes every page it writes).

use blake3::Hasher;
use std::fmt;
use std::io::{self, Read};

/// A BLAKE3 digest, written as 64 lowercase hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest([u8; 32]);

impl Digest {
    pub fn of(bytes: &[u8]) -> Digest {
        Digest(*blake3::hash(bytes).as_bytes())
    }

    /// The digest of everything `reader` yields, read in blocks.
    pub fn of_reader(mut reader: impl Read) -> io::Result<Digest> {
        let mut hasher = Hasher::new();
        let mut block = [0u8; 64 * 1024];
        loop {
            match reader.read(&mut block) {
                Ok(0) => return Ok(Digest(*hasher.finalize().as_bytes())),
                Ok(n) => {
                    hasher.update(&block[..n]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    pub fn parse(hex: &str) -> Option<Digest> {
        // Only the lowercase spelling is ours: anything else is not a
        // manifest we wrote.
        let nibble = |b: u8| match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            _ => None,
        };
        let bytes = hex.as_bytes();
        if bytes.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        for (byte, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
            *byte = nibble(pair[0])? << 4 | nibble(pair[1])?;
        }
        Some(Digest(out))
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One write, not 32: a manifest holds tens of thousands of digests.
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut out = [0u8; 64];
        for (pair, byte) in out.chunks_exact_mut(2).zip(self.0) {
            pair[0] = HEX[usize::from(byte >> 4)];
            pair[1] = HEX[usize::from(byte & 0xf)];
        }
        f.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)
    }
}

/// Feeds named parts into one digest; each part is length-prefixed, so
/// `("ab", "c")` and `("a", "bc")` differ. The parts are gathered and
/// hashed at once: BLAKE3 is fast on long inputs and slow on many small
/// updates, which is what values streamed field by field make.
pub struct Fingerprint(Vec<u8>);

impl Fingerprint {
    pub fn new(domain: &str) -> Fingerprint {
        let mut f = Fingerprint(Vec::with_capacity(4096));
        f.part(domain.as_bytes());
        f
    }

    pub fn part(&mut self, bytes: &[u8]) -> &mut Fingerprint {
        self.0
            .extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        self.0.extend_from_slice(bytes);
        self
    }

    pub fn str(&mut self, text: &str) -> &mut Fingerprint {
        self.part(text.as_bytes())
    }

    pub fn digest(&mut self, digest: &Digest) -> &mut Fingerprint {
        self.part(&digest.0)
    }

    /// A value as its `Debug` form shows it: every field of the model's
    /// types, which derive `Debug`.
    pub fn debug(&mut self, value: &impl fmt::Debug) -> &mut Fingerprint {
        struct Feed<'a>(&'a mut Vec<u8>);
        impl fmt::Write for Feed<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.extend_from_slice(s.as_bytes());
                Ok(())
            }
        }
        let start = self.0.len();
        fmt::write(&mut Feed(&mut self.0), format_args!("{value:?}"))
            .expect("Debug into a buffer cannot fail");
        let written = (self.0.len() - start) as u64;
        self.0.extend_from_slice(&written.to_le_bytes());
        self
    }

    /// A value as its JSON shows it.
    pub fn json(&mut self, value: &impl serde::Serialize) -> &mut Fingerprint {
        let start = self.0.len();
        // Only a value that cannot be JSON fails, and then so does its page.
        let fed = serde_json::to_writer(&mut self.0, value).is_ok();
        let written = (self.0.len() - start) as u64;
        self.0.extend_from_slice(&written.to_le_bytes());
        self.0.push(u8::from(fed));
        self
    }

    pub fn finish(&self) -> Digest {
        Digest::of(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_what_we_never_write() {
        let d = Digest::of(b"abc");
        let hex = d.to_string();
        assert_eq!(
            hex,
            // BLAKE3's own test of "abc".
            "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"
        );
        assert_eq!(Digest::parse(&hex), Some(d));
        assert_eq!(Digest::parse(&hex.to_uppercase()), None);
        assert_eq!(Digest::parse(&hex[1..]), None);
        assert_eq!(Digest::parse(&format!("{}g", &hex[1..])), None);
        assert_eq!(Digest::of_reader(&b"abc"[..]).unwrap(), d);
    }

    #[test]
    fn parts_are_delimited() {
        let a = Fingerprint::new("t").str("ab").str("c").finish();
        let b = Fingerprint::new("t").str("a").str("bc").finish();
        assert_ne!(a, b);
        let c = Fingerprint::new("t").debug(&("ab", 1)).finish();
        let d = Fingerprint::new("t").debug(&("ab", 1)).finish();
        assert_eq!(c, d);
        assert_ne!(c, Fingerprint::new("t").debug(&("ab", 2)).finish());
    }
}
