//! Who scores a feature, from the number of meeples each seat has on it.

/// Seats with the most meeples, as a bit mask (bit `p` for seat `p`); 0 when nobody has a
/// meeple there. Tied seats all score.
pub fn majority_mask(meeples: &[u8]) -> u8 {
    let most = meeples.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return 0;
    }
    mask_where(meeples, |m| m == most)
}

/// Seats with at least one meeple, as a bit mask (bit `p` for seat `p`).
pub fn presence_mask(meeples: &[u8]) -> u8 {
    mask_where(meeples, |m| m > 0)
}

fn mask_where(meeples: &[u8], keep: impl Fn(u8) -> bool) -> u8 {
    meeples
        .iter()
        .enumerate()
        .filter(|(_, &m)| keep(m))
        .fold(0, |mask, (p, _)| mask | 1 << p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_ties_and_presence() {
        assert_eq!(majority_mask(&[2, 1, 2, 0, 0]), 0b101);
        assert_eq!(presence_mask(&[2, 1, 2, 0, 0]), 0b111);
        assert_eq!(majority_mask(&[0; 5]), 0);
        assert_eq!(presence_mask(&[0; 5]), 0);
        assert_eq!(majority_mask(&[]), 0);
    }
}
