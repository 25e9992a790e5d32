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

/// Records forfeits (docs/protocol.md, "Forfeits"): the score of each seat of `forfeited` is
/// lowered, where needed, to one below the lowest score of the seats that did not forfeit, so
/// it ranks below all of them and wins nothing; when every seat forfeited, scores stay.
pub fn record_forfeits(scores: &mut [i32], forfeited: &[bool]) {
    let kept = scores.iter().zip(forfeited).filter(|(_, &f)| !f);
    let Some(lowest) = kept.map(|(&s, _)| s).min() else {
        return;
    };
    for (score, _) in scores.iter_mut().zip(forfeited).filter(|(_, &f)| f) {
        *score = (*score).min(lowest - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forfeiting_seats_rank_below_the_others() {
        let mut scores = [50, 80, 20];
        record_forfeits(&mut scores, &[false, true, false]);
        assert_eq!(scores, [50, 19, 20]);
        let mut low = [5, 30];
        record_forfeits(&mut low, &[true, false]);
        assert_eq!(low, [5, 30]);
        let mut all = [3, 4];
        record_forfeits(&mut all, &[true, true]);
        assert_eq!(all, [3, 4]);
    }

    #[test]
    fn ties_share_rank_and_win() {
        assert_eq!(ranks(&[10, 30, 30, 5]), vec![3, 1, 1, 4]);
        assert_eq!(win_shares(&[10, 30, 30, 5]), vec![0.0, 0.5, 0.5, 0.0]);
        assert_eq!(win_shares(&[7, 7, 7]).iter().sum::<f64>(), 1.0);
        assert_eq!(ranks(&[1, 2]), vec![2, 1]);
    }
}
