//! What `play` shows of a position: the [`Table`] hook each game implements (board, the tile
//! to place, supplies, what a decision decides, why a point source scores), and the parts every
//! game shares (the scores line, the seats, the numbered options with what each one scores).

use super::announce::worth;
use meeplelab::core::game::Game;
use meeplelab::core::geom::Coord;
use meeplelab::core::tile_game::TileRules;
use meeplelab::core::tileset::CompiledTiles;
use meeplelab::games::GameDef;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// Width the option list may take.
const LIST_WIDTH: usize = 100;

/// What drawing a game's board needs besides the position, read once per session.
pub(super) trait Look: Sized {
    /// The look of the tile set `tiles`, read from `file` when it is not the built-in one.
    fn read(tiles: &'static CompiledTiles, file: Option<&Path>) -> Result<Self, String>;
}

/// Games whose compiled tiles hold everything the board shows need nothing more.
impl Look for () {
    fn read(_: &'static CompiledTiles, _: Option<&Path>) -> Result<(), String> {
        Ok(())
    }
}

/// A game as `play` shows it: a tile game (its [`TileRules`] say which actions place the
/// drawn tile, and where).
pub(super) trait Table: GameDef + TileRules<Action = <Self as Game>::Action> {
    /// What drawing the board needs besides the position (Safari: the animals printed on the
    /// tiles, which only the tile file holds; `()` for games whose tiles say it all).
    type Look: Look;

    /// The board as text: around the last tile placed, or all of it (`whole`).
    fn board(&self, look: &Self::Look, whole: bool) -> String;

    /// What the decider needs to see besides the board (the tile to place in each rotation,
    /// the bazaar's tiles, …); may be empty.
    fn decision_facts(&self, look: &Self::Look) -> String;

    /// A seat's supplies after its score (`meeples 5   tokens AE`).
    fn supplies(&self, player: usize) -> String;

    /// What the current decision decides, with the rule.
    fn question(&self) -> String;

    /// Why points of `source` (a `points_<source>` statistic) are scored: what, and the rule
    /// (majority, bonus, robbery, …).
    fn source_reason(source: &str) -> &'static str;
}

/// A game's action (its [`Game`] and its [`TileRules`] name the same type).
pub(super) type ActionOf<G> = <G as Game>::Action;

/// The legal actions in the order they are numbered: tile placements in reading order of the
/// board (north to south, west to east; rotations as the game lists them), other actions as
/// the game lists them.
pub(super) fn numbered_options<G: Table>(state: &G) -> Vec<ActionOf<G>> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal.sort_by_key(|a| placed_at::<G>(a).map(|c| (-i32::from(c.y), i32::from(c.x))));
    legal
}

/// Where the drawn tile fits: the spaces of the legal placements (none at other decisions).
pub(super) fn place_targets<G: Table>(state: &G) -> BTreeSet<Coord> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal.iter().filter_map(placed_at::<G>).collect()
}

/// Where `action` places the drawn tile, if it is a placement.
fn placed_at<G: Table>(action: &ActionOf<G>) -> Option<Coord> {
    G::placement_of(action).map(|(at, _)| at)
}

/// ` (you)` after a seat played at the terminal.
pub(super) fn you(p: usize, humans: &[usize]) -> &'static str {
    if humans.contains(&p) {
        " (you)"
    } else {
        ""
    }
}

/// Everything shown at a person's decision.
pub(super) fn decision_view<G: Table>(
    state: &G,
    look: &G::Look,
    humans: &[usize],
    labels: &[String],
    whole: bool,
) -> String {
    let decider = state.to_move().unwrap_or_default();
    let mut out = format!(
        "\n=== {} · turn {} · P{decider} to decide ===\n",
        G::TITLE,
        state.turn() + 1
    );
    out.push_str(&state.board(look, whole));
    out.push_str(&state.decision_facts(look));
    out.push_str(&seats(state, humans, labels));
    out.push_str(&options(state));
    out
}

/// `final scores: P0 (you) 28, P1 23 · P0 wins`.
pub(super) fn scores_line<G: GameDef>(state: &G, humans: &[usize], label: &str) -> String {
    let scores = state.scores();
    let parts: Vec<String> = (scores.iter().enumerate())
        .map(|(p, s)| format!("P{p}{} {s}", you(p, humans)))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<String> = (0..scores.len())
        .filter(|&p| scores[p] == best)
        .map(|p| format!("P{p}"))
        .collect();
    let (one, shared) = if state.is_terminal() {
        ("wins", "share the win")
    } else {
        ("leads", "share the lead")
    };
    let verb = if leaders.len() > 1 { shared } else { one };
    format!(
        "{label}: {} · {} {verb}\n",
        parts.join(", "),
        leaders.join(" and ")
    )
}

/// One line per seat: who plays it, score and supplies.
fn seats<G: Table>(state: &G, humans: &[usize], labels: &[String]) -> String {
    let mut out = String::new();
    for (p, label) in labels.iter().enumerate() {
        let who = if humans.contains(&p) { "you" } else { label };
        let _ = writeln!(
            out,
            "P{p} {who:<14} score {:>3}   {}",
            state.scores()[p],
            state.supplies(p)
        );
    }
    out
}

/// What is being decided and the numbered legal options in columns, each with the points it
/// scores at once.
fn options<G: Table>(state: &G) -> String {
    let legal = numbered_options(state);
    let notes: Vec<Option<String>> = legal.iter().map(|a| worth(state, a)).collect();
    let entries: Vec<String> = (legal.iter().zip(&notes).enumerate())
        .map(|(i, (a, note))| {
            let note = note
                .as_ref()
                .map_or_else(String::new, |w| format!(" ({w})"));
            format!("{:>3}. {}{note}", i + 1, state.format_action(a))
        })
        .collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0) + 2;
    let cols = if entries.len() <= 10 {
        1
    } else {
        (LIST_WIDTH / width).clamp(1, 4)
    };
    let rows = entries.len().div_ceil(cols);
    let mut out = format!("Decide: {}. Options:\n", state.question());
    for r in 0..rows {
        let line: String = (0..cols)
            .filter_map(|c| entries.get(c * rows + r))
            .map(|e| format!("{e:<width$}"))
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if notes.iter().any(Option::is_some) {
        out.push_str("(in brackets: the points that choice scores at once)\n");
    }
    out.push_str("Type a number, a move (e.g. pass), board, undo, save FILE, help or quit.\n");
    out
}
