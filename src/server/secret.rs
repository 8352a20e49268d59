//! Everything the server draws at random — invite codes, seat tokens, flipped pieces — from the
//! operating system's entropy through a cryptographically secure generator, and the one hash.

use super::record::TokenHash;
use crate::rules::junqi::{Piece, PlayerView};
use rand::RngExt;
use sha2::{Digest, Sha256};

/// Invite code letters: no 0/O, 1/I/L, so a code read aloud or copied by hand survives.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Invite code length: 10 letters of 31, about 49 bits.
pub const CODE_LENGTH: usize = 10;

/// A fresh invite code.
pub fn invite_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LENGTH)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// The canonical form of a code a person typed (upper case, no spaces or dashes), or `None` if
/// it cannot be a code.
pub fn normalise_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A fresh seat token: 128 random bits as 32 hex digits.
pub fn seat_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The hash under which a seat token is stored.
pub fn hash_token(token: &str) -> TokenHash {
    TokenHash(sha256_hex(token.as_bytes()))
}

/// The SHA-256 digest of `bytes`, in lower-case hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What a flip reveals: a piece drawn from the face-down pool, each piece weighted by how many
/// of it are still face down. Drawn at flip time, so no face-down identity exists before.
pub fn draw_from_pool(view: &PlayerView) -> Option<Piece> {
    let total = view.face_down_count();
    if total == 0 {
        return None;
    }
    let mut ticket = rand::rng().random_range(0..total);
    (0..24).map(Piece::from_index).find(|&piece| {
        let count = u32::from(view.pool_count(piece));
        if ticket < count {
            true
        } else {
            ticket -= count;
            false
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::{Position, Ruleset};

    #[test]
    fn codes_are_long_random_and_read_back() {
        let a = invite_code();
        let b = invite_code();
        assert_eq!(a.len(), CODE_LENGTH);
        assert_ne!(a, b);
        let typed = format!("{}-{} ", a[..5].to_lowercase(), &a[5..]);
        assert_eq!(normalise_code(&typed), Some(a));
        assert_eq!(normalise_code("ABC"), None);
        assert_eq!(normalise_code("0000000000"), None);
    }

    #[test]
    fn tokens_have_128_bits_and_only_their_hash_is_kept() {
        let token = seat_token();
        assert_eq!(token.len(), 32);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(token, seat_token());
        let hash = hash_token(&token);
        assert_eq!(hash, hash_token(&token));
        assert!(!hash.0.contains(&token));
        assert_eq!(hash.0.len(), 64);
    }

    #[test]
    fn draws_follow_the_pool() {
        let view = Position::deal_seeded(Ruleset::default(), 1).view().clone();
        let mut marshals = 0;
        for _ in 0..5000 {
            let piece = draw_from_pool(&view).expect("a full pool");
            assert!(view.pool_count(piece) > 0);
            if piece.kind == crate::rules::junqi::Kind::Marshal {
                marshals += 1;
            }
        }
        // 2 marshals among 50 pieces: 200 expected of 5000.
        assert!((120..300).contains(&marshals), "{marshals}");
    }
}
