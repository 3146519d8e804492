//! FNV-1a (64 bits): the checksum that the network file and the match saves carry, so
//! that accidental damage (a flipped bit, a cut) is detected before the content is used.
//! Not a defence against deliberate edits — nothing here is.

/// The FNV-1a hash of `bytes`.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(FNV1A_EMPTY, bytes)
}

/// The FNV-1a hash of nothing: where a hash computed piece by piece ([`fnv1a_more`]) begins.
pub const FNV1A_EMPTY: u64 = 0xcbf2_9ce4_8422_2325;

/// The hash of the bytes hashed to `h` followed by `bytes`: `fnv1a_more(fnv1a(a), b)` is
/// `fnv1a` of `a` then `b`, so that a file's hash can be kept up to date as it grows.
#[must_use]
pub fn fnv1a_more(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::{FNV1A_EMPTY, fnv1a, fnv1a_more};

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn fnv1a_piece_by_piece_is_fnv1a_of_the_whole() {
        assert_eq!(fnv1a_more(fnv1a(b"foo"), b"bar"), fnv1a(b"foobar"));
        assert_eq!(fnv1a_more(FNV1A_EMPTY, b"foobar"), fnv1a(b"foobar"));
    }
}
