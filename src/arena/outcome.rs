//! Ranks and win shares from final scores.

/// Competition ranks ("1224"): 1 + the number of seats with a strictly higher score.
pub fn ranks(scores: &[i32]) -> Vec<usize> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|o| *o > s).count())
        .collect()
}

/// Win shares: the seats with the highest score split one win equally; others get 0.
pub fn win_shares(scores: &[i32]) -> Vec<f64> {
    let Some(&best) = scores.iter().max() else {
        return Vec::new();
    };
    let winners = scores.iter().filter(|&&s| s == best).count() as f64;
    scores
        .iter()
        .map(|&s| if s == best { 1.0 / winners } else { 0.0 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_rank_and_win() {
        assert_eq!(ranks(&[10, 30, 30, 5]), vec![3, 1, 1, 4]);
        assert_eq!(win_shares(&[10, 30, 30, 5]), vec![0.0, 0.5, 0.5, 0.0]);
        assert_eq!(win_shares(&[7, 7, 7]).iter().sum::<f64>(), 1.0);
        assert_eq!(ranks(&[1, 2]), vec![2, 1]);
    }
}
