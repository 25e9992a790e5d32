//! Invariants on random Carcassonne games (design.md "Tests"): meeples conserved, scores never
//! decrease, points by source add up to the score, legal actions never empty while the game
//! runs, every tile placed or removed, same seed ⇒ same game, and redeterminize keeps what is
//! public. The random games run with and without The Robbers (R-1…R-6): a robber on the
//! track always shares a space with another player's marker, and with robbers every point
//! stolen is counted as such. They also run with Bridges, Castles and Bazaars (B-1…B-6),
//! alone and with The Robbers: meeples on castles are counted, bridges and castles never
//! exceed their supply, and every tile's edges match its neighbours', bridges counted (B-2).

mod common;

use common::play_random;
use meeplelab::core::game::Game;
use meeplelab::core::geom::Side;
use meeplelab::core::rng::rng_from_seed;
use meeplelab::games::carcassonne::{
    bridges_and_castles, Action, CarcassonneState, Phase, PointSource, Setup,
};

fn new_game(players: usize, seed: u64) -> CarcassonneState {
    game_with(players, seed, false)
}

fn game_with(players: usize, seed: u64, robbers: bool) -> CarcassonneState {
    game_with_bcb(players, seed, robbers, false)
}

fn game_with_bcb(players: usize, seed: u64, robbers: bool, bcb: bool) -> CarcassonneState {
    let mut setup = Setup::new(players, seed);
    setup.options.expansions.robbers = robbers;
    setup.options.expansions.bcb = bcb;
    CarcassonneState::new(&setup).expect("default setup starts")
}

fn check_conservation(s: &CarcassonneState) {
    for p in 0..s.players() {
        let on_board = s
            .placed_meeples()
            .iter()
            .filter(|m| m.player as usize == p)
            .count();
        let castles = s.castles().iter().filter(|c| c.owner as usize == p);
        let on_castles = castles.clone().filter(|c| !c.scored).count();
        assert_eq!(
            s.castles_in_supply(p) as usize + castles.count(),
            if s.options().expansions.bcb {
                bridges_and_castles(s.players()).1 as usize
            } else {
                0
            },
            "B-1: castles of P{p}"
        );
        let bridges = s.cells().iter().filter(|c| c.data.bridge.is_some()).count();
        assert!(bridges <= s.players() * bridges_and_castles(s.players()).0 as usize);
        assert_eq!(
            s.meeples_in_supply(p) as usize + on_board + on_castles,
            s.options().meeples as usize,
            "meeples of P{p} not conserved"
        );
        assert_eq!(
            s.stats(p).total_points(),
            s.scores()[p],
            "points by source ≠ score"
        );
        assert_eq!(
            s.track_position(p) as i32,
            s.scores()[p].rem_euclid(50),
            "C-6 track"
        );
    }
    // C-2: a meeple stands only where its feature's aggregate counts it.
    for m in s.placed_meeples() {
        assert!(s.feature(m.node).meeples[m.player as usize] > 0);
    }
    // a robber stands on a space with another player's marker.
    for p in 0..s.players() {
        if let Some(space) = s.track().robber(p) {
            let shared = (0..s.players()).any(|q| q != p && s.track_position(q) == space);
            assert!(shared, "robber of P{p} alone on space {space}");
        }
    }
    if !s.options().expansions.robbers {
        assert_eq!(s.stats_robbery_total(), 0);
    }
    if s.phase() != Phase::Bridge {
        check_edges(s);
    }
}

/// C-2, B-2: every placed tile's edges match its neighbours', a bridge showing a road.
fn check_edges(s: &CarcassonneState) {
    let terrain = |cell: &meeplelab::games::carcassonne::Cell, side: Side| {
        if cell.data.bridge.is_some_and(|b| b.covers(side)) {
            return 1;
        }
        (s.orientation_of(cell).signature >> (2 * side.index())) & 0b11
    };
    for cell in s.cells() {
        for side in Side::ALL {
            if let Some(other) = s.cell_at(cell.at.step(side)) {
                assert_eq!(
                    terrain(cell, side),
                    terrain(other, side.opposite()),
                    "edges of {} and {} do not match",
                    cell.at,
                    other.at
                );
            }
        }
    }
}

/// Points from robbers over all players.
trait RobberyTotal {
    fn stats_robbery_total(&self) -> i32;
}

impl RobberyTotal for CarcassonneState {
    fn stats_robbery_total(&self) -> i32 {
        (0..self.players())
            .map(|p| {
                let st = self.stats(p);
                st.points_from(PointSource::Robbery) + st.points_from(PointSource::FinalRobber)
            })
            .sum()
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let (mut stolen, mut bridges, mut castles, mut bazaars) = (0, 0, 0, 0);
    let (mut discarded, mut robber_choices) = (0, 0);
    for seed in 0..700u64 {
        let players = 2 + (seed % 4) as usize;
        let robbers = (200..400).contains(&seed) || seed >= 550;
        let bcb = seed >= 400;
        let mut g = game_with_bcb(players, seed, robbers, bcb);
        // Scores never fall except by bazaar payments (B-7): compare them without those.
        let earned = |s: &CarcassonneState| -> Vec<i32> {
            (0..s.players())
                .map(|p| s.scores()[p] - s.stats(p).points_from(PointSource::Bazaar))
                .collect()
        };
        let mut last = earned(&g);
        let mut turn = 0;
        play_random(&mut g, seed, |s, legal, a| {
            assert!(legal.contains(&a));
            check_conservation(s);
            for (p, (&now, &before)) in earned(s).iter().zip(&last).enumerate() {
                assert!(now >= before, "score of P{p} fell from {before} to {now}");
            }
            last = earned(s);
            assert!(s.turn() == turn || s.turn() == turn + 1);
            turn = s.turn();
            assert_eq!(s.to_move(), Some(s.decider()));
            match s.phase() {
                Phase::Meeple => {
                    assert!(legal.contains(&Action::Pass));
                    assert_eq!(s.decider(), s.active_player());
                }
                Phase::PlaceTile => {
                    assert_eq!(s.decider(), s.active_player());
                    // B-2: a discard comes last, after placements that all need a bridge.
                    if legal.contains(&Action::Discard) {
                        assert!(bcb && legal.len() >= 2 && legal.last() == Some(&Action::Discard));
                    }
                }
                // the robber phase offers to keep the robber and at least one space.
                Phase::Robber => assert!(legal.len() >= 2 && legal[0] == Action::KeepRobber),
                // decisions come only when there is a choice.
                Phase::ScoreOrder | Phase::Rob => assert!(legal.len() >= 2),
                // B-2: a bridge decision offers at least one bridge.
                Phase::Bridge => assert!(legal.iter().any(|a| matches!(a, Action::Bridge { .. }))),
                // B-4: score or convert; B-5: a choice between different values.
                Phase::Castle | Phase::CastleScore => assert!(legal.len() >= 2),
                // B-7: bazaar decisions only with a choice; only players without a tile bid.
                Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal => {
                    assert!(legal.len() >= 2);
                    bazaars += 1;
                }
                // R-5b: move back or stay, asked only with both expansions.
                Phase::RobberBack => {
                    assert!(robbers && bcb && legal.len() == 2);
                    robber_choices += 1;
                }
                Phase::GameOver => unreachable!("no decision after the end"),
            }
            if !robbers && !bcb {
                assert!(matches!(s.phase(), Phase::PlaceTile | Phase::Meeple));
            }
        });
        check_conservation(&g);
        stolen += g.stats_robbery_total();
        bridges += g.cells().iter().filter(|c| c.data.bridge.is_some()).count();
        castles += g.castles().len();
        assert!(earned(&g).iter().zip(&last).all(|(a, b)| a >= b));
        // Every tile was placed or removed (C-2); the start tile makes 72, robber tiles 8 and
        // BCB tiles 12 more.
        let total = 72 + if robbers { 8 } else { 0 } + if bcb { 12 } else { 0 };
        // B-2: or discarded instead of being placed with a bridge.
        let gone = g.tiles_removed() + g.tiles_discarded();
        assert_eq!(g.cells().len() + gone, total, "seed {seed}");
        discarded += g.tiles_discarded();
        assert_eq!(g.tiles_left(), 0);
        assert_eq!(g.to_move(), None);
        let mut legal = vec![Action::Pass];
        g.legal_actions(&mut legal);
        assert!(legal.is_empty());
    }
    assert!(stolen > 0, "random robbers games never stole");
    assert!(
        bridges > 0 && castles > 0 && bazaars > 0 && discarded > 0 && robber_choices > 0,
        "random BCB games: {bridges} bridges, {castles} castles, {bazaars} bazaar decisions, \
         {discarded} tiles discarded, {robber_choices} robber choices"
    );
}

#[test]
fn five_player_games_run_with_seven_meeples_each() {
    for seed in 0..20u64 {
        let mut g = new_game(5, seed);
        assert_eq!(g.num_players(), 5);
        let mut movers = [false; 5];
        play_random(&mut g, seed, |s, _, _| movers[s.to_move().unwrap()] = true);
        assert_eq!(movers, [true; 5]);
        check_conservation(&g);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for seed in [3u64, 17, 99] {
        let run = || {
            let mut g = new_game(3, seed);
            let mut actions = Vec::new();
            play_random(&mut g, seed, |_, _, a| actions.push(a));
            (actions, g.scores().to_vec(), g.cells().to_vec())
        };
        assert_eq!(run(), run());
    }
    assert_ne!(new_game(2, 1).pile(), new_game(2, 2).pile());
}

#[test]
fn redeterminize_keeps_public_information() {
    let mut rng = rng_from_seed(5);
    for seed in 0..40u64 {
        let mut g = game_with_bcb(2 + (seed % 4) as usize, seed, seed >= 20, seed % 2 == 1);
        let mut n = 0;
        play_random(&mut g, seed, |s, legal, _| {
            n += 1;
            if n % 7 != 0 {
                return;
            }
            let mut r = s.clone();
            r.redeterminize(&mut rng);
            assert_eq!(r.cells(), s.cells());
            assert_eq!(r.scores(), s.scores());
            assert_eq!(r.placed_meeples(), s.placed_meeples());
            assert_eq!((r.phase(), r.drawn_tile()), (s.phase(), s.drawn_tile()));
            assert_eq!(r.to_move(), s.to_move());
            let mut same = Vec::new();
            r.legal_actions(&mut same);
            assert_eq!(same, legal);
            let (mut a, mut b) = (r.pile().to_vec(), s.pile().to_vec());
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "the unseen pile holds the same tiles");
        });
    }
}
