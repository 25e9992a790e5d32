//! Greedy and MCTS take the Carcassonne decisions added by issue 14 in whole games: discarding
//! a tile that fits only with a bridge (B-2), bidding on bazaar tiles from the bid ladder (B-7),
//! and a robber staying or moving back with a marker that pays at a bazaar (R-5b), decided by a
//! player other than the active one. Every choice must be legal and the games must end.

mod common;

use common::play_agents;
use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::options::RuleOptions;
use meeplelab::games::carcassonne::{
    Action, CarcassonneState, Options, Phase, ResolvedSetup, Setup, BID_LADDER,
};
use meeplelab::games::def::{GameDef, Notation};
use std::path::Path;

/// The agent specs under test: greedy and a small MCTS, open-loop and with chance nodes.
const SPECS: [&str; 3] = ["greedy", "mcts:iters=50", "mcts:iters=50,chance=explicit"];

fn agents(spec: &str, players: usize, seed: u64) -> Vec<Box<dyn Agent<CarcassonneState>>> {
    let s = AgentSpec::resolve(spec).unwrap();
    s.validate_for::<CarcassonneState>().unwrap();
    (0..players)
        .map(|seat| s.build::<CarcassonneState>(seed, seat))
        .collect()
}

/// What the agents did at the decisions `watch` picks: (phase, decider, active player, legal
/// actions, choice) for each, after playing `state` to the end with `spec` in every seat.
type Seen = Vec<(Phase, usize, usize, Vec<Action>, Action)>;

fn play(
    state: &mut CarcassonneState,
    spec: &str,
    seed: u64,
    watch: impl Fn(&CarcassonneState, &[Action]) -> bool,
) -> Seen {
    let mut agents = agents(spec, state.players(), seed);
    let mut seen = Vec::new();
    play_agents(state, &mut agents, |state, seat, legal, a| {
        if watch(state, legal) {
            let who = (state.phase(), seat, state.active_player());
            seen.push((who.0, who.1, who.2, legal.to_vec(), a));
        }
    });
    assert!(state.is_terminal());
    seen
}

/// A game of `players` with the built-in tiles and rule options `rules` that draws the tiles
/// `first` first (the others shuffled by `seed`).
fn drawing_first(players: usize, seed: u64, rules: &[&str], first: &[&str]) -> CarcassonneState {
    let mut setup = Setup::new(players, seed);
    setup.options = Options::from_assignments(rules).unwrap();
    let tiles = setup.tiles;
    setup.tile_order = first.iter().map(|id| tiles.find(id).unwrap()).collect();
    CarcassonneState::new(&setup).unwrap()
}

/// Applies actions written in record notation (the `moves` of a record), checking each.
fn apply_all(g: &mut CarcassonneState, moves: &[&str]) {
    let mut legal = Vec::new();
    for m in moves {
        let a = g.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.legal_actions(&mut legal);
        assert!(legal.contains(&a), "{m}: {}", g.explain_illegal(&a));
        g.apply(a);
    }
}

/// B-2: with the crossroads as start tile (tiles/scenario `b02.tiles`) the city caps fit only
/// with a bridge, so the first decision offers `discard` besides the bridge placements.
#[test]
fn greedy_and_mcts_decide_whether_to_discard_a_tile_that_fits_only_with_a_bridge() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/carcassonne/b02.tiles");
    let tiles = CarcassonneState::load_tiles(&path).unwrap();
    let order = ["E.1", "E.2", "U.1", "E.3", "U.2"];
    for spec in SPECS {
        let setup = ResolvedSetup {
            players: 2,
            seed: 3,
            options: Options::from_assignments(&["expansions=bcb"]).unwrap(),
            tile_order: order.iter().map(|id| tiles.find(id).unwrap()).collect(),
            deal: (),
        };
        let mut g = CarcassonneState::from_resolved(tiles, &setup).unwrap();
        let seen = play(&mut g, spec, 3, |_, legal| legal.contains(&Action::Discard));
        assert!(!seen.is_empty(), "{spec}: no discard decision");
        for (phase, _, _, legal, _) in &seen {
            assert_eq!(*phase, Phase::PlaceTile);
            assert!(legal
                .iter()
                .all(|a| matches!(a, Action::Place { .. } | Action::Discard)));
        }
        // Every tile was placed or discarded (none fits nowhere here).
        assert_eq!(g.cells().len() + g.tiles_discarded(), 1 + order.len());
    }
}

/// B-7: in 3-player auction games every bazaar decision offers the ladder of bids; the agents
/// offer and bid from it (and the ladder's larger steps are there to take).
#[test]
fn greedy_and_mcts_bid_from_the_ladder_in_auction_games() {
    for spec in SPECS {
        let mut g = drawing_first(3, 11, &["expansions=bcb"], &["BZ4.1"]);
        let seen = play(&mut g, spec, 11, |s, _| {
            matches!(s.phase(), Phase::BazaarOffer | Phase::BazaarBid)
        });
        assert!(!seen.is_empty(), "{spec}: no bazaar");
        let mut bids = 0;
        for (phase, _, _, legal, choice) in &seen {
            let ladder_top = legal.iter().any(|a| {
                matches!(
                    a,
                    Action::BazaarOffer { bid: 50, .. } | Action::BazaarBid { bid: 50 }
                )
            });
            assert!(ladder_top || *phase == Phase::BazaarBid, "{legal:?}");
            match *choice {
                Action::BazaarOffer { bid, .. } => {
                    assert!(BID_LADDER.contains(&bid));
                    bids += 1;
                }
                Action::BazaarBid { bid } => {
                    assert!(legal.contains(&Action::BazaarBid { bid }));
                    bids += 1;
                }
                _ => {}
            }
        }
        assert!(bids > 0, "{spec} made no offer or bid");
    }
}

/// R-5b: the position of `r05b-robber-stays-or-moves-back.rec` when P2 pays its own bid: the
/// robbers of P0 and P1 share P2's space with the other's marker, so each owner (neither of
/// them the active player, P2) chooses to move back or stay; then the game goes on to the end.
#[test]
fn greedy_and_mcts_choose_whether_a_robber_stays_or_moves_back() {
    for spec in SPECS {
        let first = ["RA.1", "BZ4.1", "U.1", "U.2", "E.1"];
        let mut g = drawing_first(3, 1, &["expansions=robbers,bcb"], &first);
        apply_all(
            &mut g,
            &[
                "place RA.1 1,0 r0",
                "robber 0",
                "robber 0",
                "pass",
                "place BZ4.1 0,-1 r0",
                "no-bridge",
                "pass",
                "offer 0 2",
                "bazaar-pass",
                "bazaar-pass",
            ],
        );
        assert_eq!(
            (g.phase(), g.to_move(), g.active_player()),
            (Phase::RobberBack, Some(0), 2)
        );
        let seen = play(&mut g, spec, 5, |s, _| s.phase() == Phase::RobberBack);
        let deciders: Vec<usize> = seen.iter().take(2).map(|s| s.1).collect();
        assert_eq!(deciders, [0, 1], "{spec}");
        for (_, decider, active, legal, choice) in &seen[..2] {
            assert_ne!(decider, active, "the robber's owner decides off turn");
            assert_eq!(
                legal,
                &[
                    Action::RobberBack { follow: true },
                    Action::RobberBack { follow: false }
                ]
            );
            assert!(matches!(choice, Action::RobberBack { .. }));
        }
    }
}
