//! Safari's hooks: its rule variants, what players see, the unseen tiles and tokens, the
//! invariants of design.md (meeples and tokens conserved, scores never fall, every tile placed
//! or removed), the flood-fill oracle of `tests/common/mod.rs` and the naive move generator of
//! `tests/common/naive.rs`.

use super::hooks::{pieces_per_seat, pile_order, Hooks, Oracle, Variant, Watch};
use crate::common::{check_features_against_flood_fill, naive};
use meeplelab::core::game::Game;
use meeplelab::core::species::Species;
use meeplelab::games::safari::{Action, Phase, SafariState, Setup, Spot};

/// Safari's hooks.
pub struct SafariHooks;

impl Hooks<SafariState> for SafariHooks {
    /// Vehicles 0–2, the scoring options, few meeples with many tokens (positions without a
    /// meeple in supply, so no digging), and so many tokens dealt that the bag runs empty.
    fn variants(&self) -> &'static [Variant] {
        &[
            &[],
            &["vehicles=0"],
            &["vehicles=1", "final_scoring=all", "vehicle_bonus=5"],
            &["meeples=1", "start_tokens=6", "baobab_tokens_first=false"],
            &["start_tokens=10"],
        ]
    }

    /// The board, meeples, vehicles, hands (face up), supplies, the bag's counts, the discard
    /// and the tile drawn.
    fn public_view(&self, s: &SafariState) -> Option<String> {
        let seats: Vec<_> = (0..s.players())
            .map(|p| (s.hand(p), s.meeples_in_supply(p)))
            .collect();
        Some(format!(
            "{:?}",
            (
                (
                    s.phase(),
                    s.active_player(),
                    s.drawn_tile(),
                    s.boost_target()
                ),
                (s.cells(), s.placed_meeples(), s.vehicles(), seats),
                (s.bag_counts(), s.discard(), s.tokens_on_board()),
                (s.tiles_left(), s.tiles_removed(), s.options()),
            )
        ))
    }

    /// The unseen pile (the bag's order is not observable; its counts are public).
    fn hidden_order(&self, s: &SafariState) -> Option<Vec<u32>> {
        pile_order(s.pile())
    }

    fn unseen(&self, s: &SafariState) -> Option<Vec<u32>> {
        let mut all: Vec<u32> = s.pile().iter().map(|&v| v as u32).collect();
        all.sort_unstable();
        for sp in Species::ALL {
            all.extend(std::iter::repeat_n(
                1000 + sp as u32,
                s.bag_counts().get(sp) as usize,
            ));
        }
        Some(all)
    }

    fn restarts_in_place(&self) -> bool {
        true
    }

    fn invariants(&self) -> Box<dyn Watch<SafariState>> {
        Box::new(Invariants::default())
    }

    /// 1000 random games; features are compared after every tile placement and after every
    /// action step (completion, species, animals, birds, meeples per feature).
    fn oracle(&self) -> Option<Oracle<SafariState>> {
        Some(Oracle::new(1000, FloodFill::default()))
    }

    fn naive_legal(&self, s: &SafariState, engine: &[Action]) -> Option<Vec<Action>> {
        Some(naive::legal_actions(s, engine))
    }

    fn naive_games(&self) -> u64 {
        100
    }

    /// Vehicles, start tokens, explicit tile and token orders and dealt hands (the resolving
    /// paths of `restart`).
    fn special_setups(&self) -> Vec<Setup> {
        let mut out = Vec::new();
        for seed in 0..12u64 {
            let mut s = Setup::new(2 + (seed % 4) as usize, 500 + seed);
            s.options.vehicles = (seed % 3) as u8;
            s.options.start_tokens = (seed % 4) as u8;
            if seed % 3 == 1 {
                s.tile_order = s.tiles.land[..3].to_vec();
                s.deal.token_order = vec![Species::Lion, Species::Ape];
            }
            if seed % 4 == 3 {
                s.deal.hands = Some(vec![vec![Species::Zebra]; s.players]);
            }
            out.push(s);
        }
        out
    }
}

/// Meeples and tokens conserved, points by source add up, scores never decrease, every tile
/// placed or removed, someone scores in every 5-player game.
#[derive(Default)]
struct Invariants {
    last: Vec<i32>,
}

fn check_conservation(s: &SafariState) {
    let per_player = s.options().meeples;
    let seats = s.placed_meeples().iter().map(|m| m.player);
    for (p, on_board) in pieces_per_seat(s.players(), seats).into_iter().enumerate() {
        assert_eq!(
            s.meeples_in_supply(p) as usize + on_board,
            per_player as usize,
            "meeples of P{p} not conserved"
        );
        assert_eq!(
            s.stats(p).total_points(),
            s.scores()[p],
            "points by source ≠ score"
        );
    }
    let hands: u32 = (0..s.players()).map(|p| s.hand(p).total()).sum();
    let total = hands + s.bag_counts().total() + s.discard().total() + s.tokens_on_board().total();
    assert_eq!(total, 50, "tokens not conserved");
    let holes = s
        .placed_meeples()
        .iter()
        .filter(|m| matches!(m.spot, Spot::Hole(_)))
        .count();
    assert!(holes as u32 <= s.tokens_on_board().total());
}

impl Invariants {
    fn check(&mut self, s: &SafariState) {
        check_conservation(s);
        if self.last.len() == s.players() {
            for (p, (&now, &before)) in s.scores().iter().zip(&self.last).enumerate() {
                assert!(now >= before, "score of P{p} fell from {before} to {now}");
            }
        }
        self.last = s.scores().to_vec();
    }
}

impl Watch<SafariState> for Invariants {
    fn before(&mut self, s: &SafariState, _: &[Action], _: Action) {
        self.check(s);
    }

    fn end(&mut self, g: &SafariState) {
        self.check(g);
        self.last.clear();
        assert_eq!(g.tiles_left(), 0, "game ended with tiles left");
        let placed = g.cells().len() - g.tiles().start.len();
        assert_eq!(placed + g.tiles_removed(), g.tiles().land.len());
        if g.players() == 5 {
            assert!(g.scores().iter().any(|&s| s > 0), "nobody scored");
        }
    }
}

/// The union-find agrees with the flood fill right after every placement (before scoring
/// returns meeples), at the start of every action step and at the end.
#[derive(Default)]
struct FloodFill {
    checks: u64,
}

impl Watch<SafariState> for FloodFill {
    fn before(&mut self, s: &SafariState, _: &[Action], a: Action) {
        if s.phase() == Phase::Action || matches!(a, Action::Place { .. }) {
            check_features_against_flood_fill(s);
            self.checks += 1;
        }
    }

    fn end(&mut self, s: &SafariState) {
        check_features_against_flood_fill(s);
    }

    fn finish(&self) {
        assert!(
            self.checks > 100_000,
            "only {} positions checked",
            self.checks
        );
    }
}
