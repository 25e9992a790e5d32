//! Tiny: a test-only fourth game, to show that a game needs nothing but its own code and a
//! place in the game list to be played, recorded, replayed, put in tournaments and tested by
//! the generic suite. It is not in `GameId::ALL` (that list is the library's), so the suite's
//! tests call the generic checks for it by name.
//!
//! Rules: 2–3 players and a pile of 12 tiles of three types. The start tile lies alone in a
//! row. In turn, each player draws the top tile and places it at the west or east end of the
//! row, scoring 1 point when it is of the same type as the tile it joins (`match`). Then, while
//! they have marks left (rule option `marks`, default 2), they mark the tile or pass. When the
//! pile is empty the game ends and every marked tile scores its owner 1 point per neighbour of
//! its type (`final`).

use super::hooks::{pile_order, Hooks, Variant, Watch};
use meeplelab::core::draw_pile::DrawPile;
use meeplelab::core::game::{ChanceOutcome, Game, EVAL_TERMS};
use meeplelab::core::rng::GameRng;
use meeplelab::core::search_hooks::SearchHooks;
use meeplelab::core::tileset::{BuiltinTileFile, CompiledTiles, VariantId};
use meeplelab::games::def::{parse_seat, GameDef, Notation, TileChecks};
use meeplelab::games::ResolvedSetup;
use std::ops::RangeInclusive;

/// The tile file: three types; the format of docs/tileset-format.md (a Safari-format set).
const TILE_FILE: &str = "\
tileset tiny
game safari
source Test data for tests/suite/tiny.rs.

tile road count 5
  path W E
  copy -
  copy Z
  copy -
  copy L
  copy -
tile bush count 4
  bush W E
  copy -
  copy -
  copy A
  copy -
tile plain count 3
  copy
  copy
  copy

start
  cell 0 0
    path W E
    copy -
";

/// Most tiles in a game (the pile, plus the start tile).
const MAX_TILES: usize = 16;
/// Middle of the row: the start tile's slot.
const MIDDLE: usize = MAX_TILES;
/// Most players.
const MAX_PLAYERS: usize = 3;

/// A decision of Tiny.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the drawn tile at the west (`false`) or east (`true`) end of the row.
    Place { east: bool },
    /// Mark the tile just placed.
    Mark,
    /// Do not mark it.
    Pass,
}

/// The decision asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Place,
    Mark,
    Over,
}

meeplelab::rule_options! {
    /// The rule options.
    pub struct Options {
        /// Marks per player.
        marks: u8 = 2, int(0..=3);
    }
}

/// A position of Tiny.
#[derive(Clone, Debug)]
pub struct Tiny {
    tiles: &'static CompiledTiles,
    players: usize,
    phase: Phase,
    active: usize,
    turn: usize,
    /// The row: tile slots around the start tile at [`MIDDLE`] (`u8::MAX`: empty).
    row: [VariantId; 2 * MAX_TILES + 1],
    /// Who marked each slot (`u8::MAX`: nobody).
    marked: [u8; 2 * MAX_TILES + 1],
    /// Occupied slots: `west..east`.
    west: usize,
    east: usize,
    /// The slot of the tile placed this turn.
    last: usize,
    pile: DrawPile<VariantId, MAX_TILES>,
    drawn: VariantId,
    marks: [u8; MAX_PLAYERS],
    scores: [i32; MAX_PLAYERS],
    /// Per seat: points from matches, final points, places, marks, passes.
    stats: [[i64; 5]; MAX_PLAYERS],
}

const STAT_NAMES: [&str; 5] = [
    "points_match",
    "points_final",
    "actions_place",
    "actions_mark",
    "actions_pass",
];

impl Tiny {
    fn kind(&self, v: VariantId) -> usize {
        self.tiles.variant(v).type_index
    }

    /// Neighbours of slot `i` of the same type.
    fn alike_around(&self, i: usize) -> i32 {
        let k = self.kind(self.row[i]);
        [i - 1, i + 1]
            .into_iter()
            .filter(|&j| self.row[j] != u8::MAX && self.kind(self.row[j]) == k)
            .count() as i32
    }

    /// Draws the next tile or ends the game with the final scoring.
    fn next_turn(&mut self) {
        self.turn += 1;
        self.active = (self.active + 1) % self.players;
        let Some(drawn) = self.pile.draw() else {
            self.phase = Phase::Over;
            for i in self.west..self.east {
                let owner = self.marked[i];
                if owner != u8::MAX {
                    let points = self.alike_around(i);
                    self.scores[owner as usize] += points;
                    self.stats[owner as usize][1] += points as i64;
                }
            }
            return;
        };
        self.drawn = drawn;
        self.phase = Phase::Place;
    }

    /// The unseen pile, top first.
    pub fn pile(&self) -> &[VariantId] {
        self.pile.unseen()
    }
}

/// The tiny game judges nothing ahead: every search hook keeps its default.
impl SearchHooks<Action> for Tiny {}

impl Game for Tiny {
    type Action = Action;

    fn num_players(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.active)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Place => {
                out.push(Action::Place { east: false });
                out.push(Action::Place { east: true });
            }
            Phase::Mark => {
                out.push(Action::Mark);
                out.push(Action::Pass);
            }
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: Action) {
        let p = self.active;
        match action {
            Action::Place { east } => {
                let i = if east { self.east } else { self.west - 1 };
                self.row[i] = self.drawn;
                self.west = self.west.min(i);
                self.east = self.east.max(i + 1);
                self.last = i;
                let points = self.alike_around(i);
                self.scores[p] += points;
                self.stats[p][0] += points as i64;
                self.stats[p][2] += 1;
                if self.marks[p] > 0 {
                    self.phase = Phase::Mark;
                } else {
                    self.next_turn();
                }
            }
            Action::Mark => {
                self.marked[self.last] = p as u8;
                self.marks[p] -= 1;
                self.stats[p][3] += 1;
                self.next_turn();
            }
            Action::Pass => {
                self.stats[p][4] += 1;
                self.next_turn();
            }
        }
    }

    fn scores(&self) -> &[i32] {
        &self.scores[..self.players]
    }

    fn turn(&self) -> usize {
        self.turn
    }

    fn redeterminize(&mut self, rng: &mut GameRng) {
        self.pile.shuffle_unseen(rng);
    }

    fn chance_outcomes(&self, out: &mut Vec<ChanceOutcome>) {
        self.pile.next_draw_outcomes(out);
    }

    fn fix_chance(&mut self, id: u32, rng: &mut GameRng) {
        self.pile.fix_next_draw(id, rng);
    }

    fn chance_events(&self) -> usize {
        self.pile.drawn_count()
    }

    fn action_kind_names() -> &'static [&'static str] {
        &["place", "mark", "pass"]
    }

    fn action_kind(&self, action: &Action) -> usize {
        match action {
            Action::Place { .. } => 0,
            Action::Mark => 1,
            Action::Pass => 2,
        }
    }

    fn eval_term_names() -> &'static [&'static str] {
        &["marks_left"]
    }

    fn default_eval_weights() -> &'static [f64] {
        &[0.5]
    }

    fn eval_terms(&self, player: usize) -> [f64; EVAL_TERMS] {
        let mut t = [0.0; EVAL_TERMS];
        t[0] = self.marks[player] as f64;
        t
    }

    fn stat_names() -> &'static [&'static str] {
        &STAT_NAMES
    }

    fn player_stats(&self, player: usize, out: &mut Vec<i64>) {
        out.clear();
        out.extend_from_slice(&self.stats[player]);
    }
}

impl Notation for Tiny {
    fn format_action(&self, action: &Action) -> String {
        match action {
            Action::Place { east: false } => "place W".into(),
            Action::Place { east: true } => "place E".into(),
            Action::Mark => "mark".into(),
            Action::Pass => "pass".into(),
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        match text {
            "place W" => Ok(Action::Place { east: false }),
            "place E" => Ok(Action::Place { east: true }),
            "mark" => Ok(Action::Mark),
            "pass" => Ok(Action::Pass),
            _ => Err(format!(
                "expected place W|E, mark or pass, found \"{text}\""
            )),
        }
    }

    fn explain_illegal(&self, action: &Action) -> String {
        format!("not a decision of the {:?} phase ({action:?})", self.phase)
    }
}

impl GameDef for Tiny {
    const NAME: &'static str = "tiny";
    const TITLE: &'static str = "Tiny";
    const PLAYERS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    const HEADER_KEYWORDS: &'static [&'static str] = &[];
    const EXPECT_KEYWORDS: &'static [&'static str] = &["marks"];
    type Options = Options;
    type Deal = ();
    const BUILTIN_TILE_FILE: &'static str = TILE_FILE;

    /// Tiny plays only its built-in set (written in Safari's format, `game safari`).
    const TILE_CHECKS: Option<TileChecks> = None;

    fn builtin_tiles() -> &'static CompiledTiles {
        static TILES: BuiltinTileFile = BuiltinTileFile::new(TILE_FILE, "tiny");
        TILES.compiled()
    }

    fn start(tiles: &'static CompiledTiles, r: &ResolvedSetup<Tiny>) -> Result<Tiny, String> {
        let order = &r.tile_order;
        if order.len() >= MAX_TILES {
            return Err(format!("at most {} tiles", MAX_TILES - 1));
        }
        let mut pile = DrawPile::default();
        pile.set(order);
        let mut row = [u8::MAX; 2 * MAX_TILES + 1];
        row[MIDDLE] = tiles.start[0].1;
        let mut g = Tiny {
            tiles,
            players: r.players,
            phase: Phase::Place,
            active: r.players - 1,
            turn: 0,
            row,
            marked: [u8::MAX; 2 * MAX_TILES + 1],
            west: MIDDLE,
            east: MIDDLE + 1,
            last: MIDDLE,
            pile,
            drawn: 0,
            marks: [r.options.marks; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            stats: [[0; 5]; MAX_PLAYERS],
        };
        g.next_turn();
        g.turn = 0;
        Ok(g)
    }

    fn starts_turn(action: &Action) -> bool {
        matches!(action, Action::Place { .. })
    }

    fn meeples_in_supply(&self, player: usize) -> u8 {
        self.marks[player]
    }

    /// `expect marks P0 1`: marks left.
    fn check_expectation(&self, words: &[String]) -> Result<(), String> {
        let [_, p, n] = words else {
            return Err("expected \"expect marks P<seat> <n>\"".into());
        };
        let p = parse_seat(p, self.players)?;
        let got = self.marks[p].to_string();
        if *n != got {
            return Err(format!("expected P{p} marks {n}, but the game has {got}"));
        }
        Ok(())
    }

    fn tiles_removed(&self) -> usize {
        0
    }

    fn seat_facts(&self, player: usize) -> Vec<(&'static str, i64)> {
        vec![("marks", self.marks[player] as i64)]
    }

    fn placement_tests(&self) -> Option<u64> {
        (self.phase == Phase::Place).then_some(2)
    }
}

/// Tiny's hooks.
pub struct TinyHooks;

impl Hooks<Tiny> for TinyHooks {
    fn variants(&self) -> &'static [Variant] {
        &[&[], &["marks=0"], &["marks=3"]]
    }

    fn public_view(&self, s: &Tiny) -> Option<String> {
        Some(format!(
            "{:?}",
            (
                s.phase,
                s.active,
                s.drawn,
                &s.row[s.west..s.east],
                &s.marked,
                s.marks
            )
        ))
    }

    fn hidden_order(&self, s: &Tiny) -> Option<Vec<u32>> {
        pile_order(s.pile())
    }

    fn restarts_in_place(&self) -> bool {
        false
    }

    fn invariants(&self) -> Box<dyn Watch<Tiny>> {
        Box::new(RowInvariants)
    }
}

/// Every tile drawn is in the row by the end; marked tiles are the marks taken.
struct RowInvariants;

impl Watch<Tiny> for RowInvariants {
    fn after(&mut self, s: &Tiny) {
        let marked = s.marked.iter().filter(|&&m| m != u8::MAX).count() as i64;
        let taken: i64 = s.stats[..s.players].iter().map(|st| st[3]).sum();
        assert_eq!(marked, taken);
    }

    fn end(&mut self, s: &Tiny) {
        assert_eq!(
            s.east - s.west,
            1 + s.pile.drawn_count(),
            "every tile is in the row"
        );
        assert!(s.pile().is_empty());
    }
}
