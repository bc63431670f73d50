//! Secrets: random tokens, their hashes (a seat's token is stored only hashed), the seed's
//! published commitment and the bots' own seeds.

use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// A fresh random hex string of `bytes` random bytes from the operating system.
///
/// # Errors
/// [`ApiError::Internal`] when the operating system gives no randomness.
pub fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(hex(&buf))
}

/// A fresh random `u64` from the operating system.
///
/// # Errors
/// [`ApiError::Internal`] when the operating system gives no randomness.
pub fn random_u64() -> Result<u64, ApiError> {
    let mut buf = [0u8; 8];
    getrandom::getrandom(&mut buf).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(u64::from_le_bytes(buf))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// SHA-256, hex.
pub fn sha256_hex(data: &[u8]) -> String {
    hex(&Sha256::digest(data))
}

/// The published commitment of a seed: SHA-256 of its decimal text, or with a nonce, of
/// `SEED:NONCE` (the nonce in hex). The nonce is revealed with the seed; without it, the
/// 64-bit seed alone could be found from the commitment by trying every seed.
pub fn seed_commitment_with(seed: u64, nonce: Option<&str>) -> String {
    match nonce {
        Some(n) => sha256_hex(format!("{seed}:{n}").as_bytes()),
        None => sha256_hex(seed.to_string().as_bytes()),
    }
}

/// The commitment scheme of tables stored before nonces: SHA-256 of the seed's decimal text.
pub fn seed_commitment(seed: u64) -> String {
    seed_commitment_with(seed, None)
}

/// A bot's own seed for one decision: derived from the table's seed through a hash, so that it
/// never equals the game's seed and no bot's randomness retraces the game's deals.
pub(crate) fn bot_seed(seed: u64, version: u64) -> u64 {
    let digest = Sha256::digest(format!("ordo bot {seed} {version}").as_bytes());
    digest
        .iter()
        .take(8)
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_and_commitments_are_hex_sha256() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(seed_commitment(7), sha256_hex(b"7"));
        assert_eq!(seed_commitment_with(7, Some("00ff")), sha256_hex(b"7:00ff"));
        assert_ne!(bot_seed(7, 0), bot_seed(7, 1));
        assert_eq!(random_hex(8).map(|h| h.len()).ok(), Some(16));
    }
}
