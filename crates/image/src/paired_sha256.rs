//! SHA-256 of two streams at once.
//!
//! SHA-256 is a chain: each SHA-NI round instruction waits for the one
//! before, so one stream keeps the core's SHA unit a quarter busy. Two
//! streams compressed in lockstep fill the gaps: on the machine of
//! docs/performance.md, 1.8 GB/s for one stream, 2.8–3.2 GB/s for two.
//! Blocks that cannot be paired, padding and every CPU without SHA-NI go
//! through `sha2`'s own compression.

use sha2::block_api::compress256;

const BLOCK: usize = 64;

const INITIAL_STATE: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// The SHA-256 of a stream, fed piece by piece.
#[derive(Clone)]
pub(crate) struct StreamSha256 {
    state: [u32; 8],
    /// Bytes of a block not yet complete: `partial[..partial_len]`.
    partial: [u8; BLOCK],
    partial_len: usize,
    length: u64,
}

impl Default for StreamSha256 {
    fn default() -> Self {
        StreamSha256 {
            state: INITIAL_STATE,
            partial: [0; BLOCK],
            partial_len: 0,
            length: 0,
        }
    }
}

impl StreamSha256 {
    pub fn update(&mut self, data: &[u8]) {
        let rest = self.complete_partial(data);
        let (blocks, tail) = rest.as_chunks::<BLOCK>();
        compress256(&mut self.state, blocks);
        self.keep(tail);
    }

    /// The 32-byte digest.
    pub fn finalize(mut self) -> [u8; 32] {
        let bits = self.length.wrapping_mul(8);
        let mut padded = [0u8; 2 * BLOCK];
        padded[..self.partial_len].copy_from_slice(&self.partial[..self.partial_len]);
        padded[self.partial_len] = 0x80;
        let end = if self.partial_len < BLOCK - 8 {
            BLOCK
        } else {
            2 * BLOCK
        };
        padded[end - 8..end].copy_from_slice(&bits.to_be_bytes());
        compress256(&mut self.state, padded[..end].as_chunks::<BLOCK>().0);
        let mut digest = [0u8; 32];
        for (out, word) in digest.chunks_exact_mut(4).zip(self.state) {
            out.copy_from_slice(&word.to_be_bytes());
        }
        digest
    }

    /// Counts `data`, completes the block begun by an earlier update if
    /// there is one, and returns the bytes left.
    fn complete_partial<'a>(&mut self, data: &'a [u8]) -> &'a [u8] {
        self.length = self.length.wrapping_add(data.len() as u64);
        if self.partial_len == 0 {
            return data;
        }
        let take = (BLOCK - self.partial_len).min(data.len());
        self.partial[self.partial_len..self.partial_len + take].copy_from_slice(&data[..take]);
        self.partial_len += take;
        if self.partial_len == BLOCK {
            compress256(&mut self.state, &[self.partial]);
            self.partial_len = 0;
        }
        &data[take..]
    }

    /// Keeps the bytes after the last whole block (fewer than a block; when
    /// there are any, no partial block is pending).
    fn keep(&mut self, tail: &[u8]) {
        self.partial[self.partial_len..self.partial_len + tail.len()].copy_from_slice(tail);
        self.partial_len += tail.len();
    }
}

/// `a.update(data_a)` and `b.update(data_b)`, their common whole blocks
/// compressed in lockstep.
pub(crate) fn update_pair(
    a: &mut StreamSha256,
    data_a: &[u8],
    b: &mut StreamSha256,
    data_b: &[u8],
) {
    let (blocks_a, tail_a) = a.complete_partial(data_a).as_chunks::<BLOCK>();
    let (blocks_b, tail_b) = b.complete_partial(data_b).as_chunks::<BLOCK>();
    let paired = blocks_a.len().min(blocks_b.len());
    compress_pair(
        &mut a.state,
        &blocks_a[..paired],
        &mut b.state,
        &blocks_b[..paired],
    );
    compress256(&mut a.state, &blocks_a[paired..]);
    compress256(&mut b.state, &blocks_b[paired..]);
    a.keep(tail_a);
    b.keep(tail_b);
}

/// Compresses `blocks_a` into `a` and `blocks_b` (as many) into `b`.
fn compress_pair(
    a: &mut [u32; 8],
    blocks_a: &[[u8; BLOCK]],
    b: &mut [u32; 8],
    blocks_b: &[[u8; BLOCK]],
) {
    debug_assert_eq!(blocks_a.len(), blocks_b.len());
    #[cfg(target_arch = "x86_64")]
    if shani::available() {
        // SAFETY: the CPU has the features `shani::compress_pair` is
        // compiled for.
        unsafe { shani::compress_pair(a, blocks_a, b, blocks_b) };
        return;
    }
    compress256(a, blocks_a);
    compress256(b, blocks_b);
}

#[cfg(target_arch = "x86_64")]
mod shani {
    //! Two-lane compression on the SHA extensions (Intel's SHA-NI, also on
    //! AMD since Zen). The state is kept the way the round instruction
    //! wants it: words A, B, E, F in one register and C, D, G, H in another.

    use super::BLOCK;
    use std::arch::x86_64::*;

    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];

    pub(super) fn available() -> bool {
        is_x86_feature_detected!("sha")
            && is_x86_feature_detected!("sse4.1")
            && is_x86_feature_detected!("ssse3")
    }

    /// One stream's state in round order: (A B E F, C D G H).
    #[derive(Clone, Copy)]
    struct Lane {
        abef: __m128i,
        cdgh: __m128i,
    }

    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    fn load_state(state: &[u32; 8]) -> Lane {
        // SAFETY: both 16-byte loads are inside `state` (32 bytes).
        let (abcd, efgh) = unsafe {
            let at = state.as_ptr().cast::<__m128i>();
            (_mm_loadu_si128(at), _mm_loadu_si128(at.add(1)))
        };
        let cdab = _mm_shuffle_epi32(abcd, 0xB1);
        let hgfe = _mm_shuffle_epi32(efgh, 0x1B);
        Lane {
            abef: _mm_alignr_epi8(cdab, hgfe, 8),
            cdgh: _mm_blend_epi16(hgfe, cdab, 0xF0),
        }
    }

    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    fn store_state(lane: Lane, state: &mut [u32; 8]) {
        let feba = _mm_shuffle_epi32(lane.abef, 0x1B);
        let dchg = _mm_shuffle_epi32(lane.cdgh, 0xB1);
        let dcba = _mm_blend_epi16(feba, dchg, 0xF0);
        let hgfe = _mm_alignr_epi8(dchg, feba, 8);
        // SAFETY: both 16-byte stores are inside `state` (32 bytes).
        unsafe {
            let at = state.as_mut_ptr().cast::<__m128i>();
            _mm_storeu_si128(at, dcba);
            _mm_storeu_si128(at.add(1), hgfe);
        }
    }

    /// The block's sixteen words, byte-swapped from big-endian.
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    fn load_words(block: &[u8; BLOCK]) -> [__m128i; 4] {
        let swap = _mm_set_epi64x(0x0c0d0e0f_08090a0b, 0x04050607_00010203);
        // SAFETY: the four 16-byte loads are inside `block` (64 bytes).
        let at = block.as_ptr().cast::<__m128i>();
        unsafe {
            [
                _mm_shuffle_epi8(_mm_loadu_si128(at), swap),
                _mm_shuffle_epi8(_mm_loadu_si128(at.add(1)), swap),
                _mm_shuffle_epi8(_mm_loadu_si128(at.add(2)), swap),
                _mm_shuffle_epi8(_mm_loadu_si128(at.add(3)), swap),
            ]
        }
    }

    /// Four rounds of `group` (0..16), the message words for rounds
    /// 16 and on computed from the four groups before in `words`.
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    #[inline]
    fn rounds(lane: &mut Lane, words: &mut [__m128i; 4], group: usize) {
        let i = group % 4;
        if group >= 4 {
            let (w0, w1, w2, w3) = (
                words[i],
                words[(i + 1) % 4],
                words[(i + 2) % 4],
                words[(i + 3) % 4],
            );
            let partial = _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4));
            words[i] = _mm_sha256msg2_epu32(partial, w3);
        }
        let k = _mm_set_epi32(
            K[4 * group + 3] as i32,
            K[4 * group + 2] as i32,
            K[4 * group + 1] as i32,
            K[4 * group] as i32,
        );
        let message = _mm_add_epi32(words[i], k);
        lane.cdgh = _mm_sha256rnds2_epu32(lane.cdgh, lane.abef, message);
        lane.abef = _mm_sha256rnds2_epu32(lane.abef, lane.cdgh, _mm_shuffle_epi32(message, 0x0E));
    }

    /// # Safety
    /// The CPU must have SHA, SSE4.1 and SSSE3 ([`available`]).
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    pub(super) unsafe fn compress_pair(
        a: &mut [u32; 8],
        blocks_a: &[[u8; BLOCK]],
        b: &mut [u32; 8],
        blocks_b: &[[u8; BLOCK]],
    ) {
        let mut x = load_state(a);
        let mut y = load_state(b);
        for (block_a, block_b) in blocks_a.iter().zip(blocks_b) {
            let (x0, y0) = (x, y);
            let mut words_a = load_words(block_a);
            let mut words_b = load_words(block_b);
            // Written out so that the two chains interleave in registers.
            macro_rules! both {
                ($($group:literal)*) => {$(
                    rounds(&mut x, &mut words_a, $group);
                    rounds(&mut y, &mut words_b, $group);
                )*};
            }
            both!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
            x.abef = _mm_add_epi32(x.abef, x0.abef);
            x.cdgh = _mm_add_epi32(x.cdgh, x0.cdgh);
            y.abef = _mm_add_epi32(y.abef, y0.abef);
            y.cdgh = _mm_add_epi32(y.cdgh, y0.cdgh);
        }
        store_state(x, a);
        store_state(y, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest as _, Sha256};

    fn bytes(len: usize, seed: usize) -> Vec<u8> {
        (0..len)
            .map(|i| ((i * 131 + seed * 7919) % 251) as u8)
            .collect()
    }

    #[test]
    fn one_stream_matches_sha2_at_every_padding_edge() {
        for len in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70_001] {
            let data = bytes(len, 1);
            let mut sha = StreamSha256::default();
            sha.update(&data);
            assert_eq!(sha.finalize()[..], Sha256::digest(&data)[..], "{len} bytes");
        }
    }

    #[test]
    fn two_streams_in_uneven_pieces_match_sha2() {
        // Pieces of every alignment, of unequal lengths, one stream ending
        // before the other: paired, unpaired and partial blocks all meet.
        let a = bytes(300_007, 2);
        let b = bytes(211_111, 3);
        let (mut sha_a, mut sha_b) = (StreamSha256::default(), StreamSha256::default());
        let (mut at_a, mut at_b) = (0, 0);
        let mut step = 1;
        while at_a < a.len() || at_b < b.len() {
            let end_a = (at_a + step * 37).min(a.len());
            let end_b = (at_b + step * 53 + 11).min(b.len());
            update_pair(&mut sha_a, &a[at_a..end_a], &mut sha_b, &b[at_b..end_b]);
            (at_a, at_b) = (end_a, end_b);
            step = step % 997 + 13;
        }
        assert_eq!(sha_a.finalize()[..], Sha256::digest(&a)[..]);
        assert_eq!(sha_b.finalize()[..], Sha256::digest(&b)[..]);
    }

    #[test]
    fn paired_blocks_match_blocks_compressed_alone() {
        let (a, b) = (bytes(64 * 300, 4), bytes(64 * 300, 5));
        let (blocks_a, blocks_b) = (a.as_chunks::<BLOCK>().0, b.as_chunks::<BLOCK>().0);
        let (mut pair_a, mut pair_b) = (INITIAL_STATE, INITIAL_STATE);
        compress_pair(&mut pair_a, blocks_a, &mut pair_b, blocks_b);
        let (mut alone_a, mut alone_b) = (INITIAL_STATE, INITIAL_STATE);
        compress256(&mut alone_a, blocks_a);
        compress256(&mut alone_b, blocks_b);
        assert_eq!((pair_a, pair_b), (alone_a, alone_b));
        assert_ne!(pair_a, pair_b);
    }
}
