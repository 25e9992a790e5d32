//! What a decision scored: the points each seat gained from each source between two
//! positions (the game's `points_<source>` statistics), announced with the game's reason for
//! the source, and the points an option would score at once.

use super::table::Table;
use meeplelab::games::GameDef;
use std::fmt::Write as _;

/// Each seat's points by source: `(source, points)` in the game's statistics order.
fn points<G: GameDef>(state: &G) -> Vec<Vec<(&'static str, i64)>> {
    let mut values = Vec::new();
    (0..state.num_players())
        .map(|p| {
            state.player_stats(p, &mut values);
            (G::stat_names().iter().zip(&values))
                .filter_map(|(name, &v)| name.strip_prefix("points_").map(|s| (s, v)))
                .collect()
        })
        .collect()
}

/// One line per seat and source that scored between `before` and `after`:
/// `  P1 scores 6 (city: a completed city; its majority scores …)`; empty when nothing scored.
pub(super) fn scorings<G: Table>(before: &G, after: &G) -> String {
    let mut out = String::new();
    for (p, (was, now)) in points(before).iter().zip(points(after)).enumerate() {
        for (&(source, a), &(_, b)) in was.iter().zip(&now) {
            let gained = b - a;
            if gained == 0 {
                continue;
            }
            let verb = if gained > 0 { "scores" } else { "pays" };
            let _ = writeln!(
                out,
                "  P{p} {verb} {} ({source}: {})",
                gained.abs(),
                G::source_reason(source)
            );
        }
    }
    out
}

/// The points `action` scores at once, per seat (`P0 +4, P1 -2`); `None` when it scores
/// nothing before the next decision.
pub(super) fn worth<G: GameDef>(state: &G, action: &G::Action) -> Option<String> {
    let mut next = state.clone();
    next.apply(*action);
    let parts: Vec<String> = (state.scores().iter().zip(next.scores()).enumerate())
        .filter(|(_, (a, b))| a != b)
        .map(|(p, (a, b))| format!("P{p} {:+}", b - a))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}
