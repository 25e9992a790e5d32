//! Random-game invariants of New World: 2–5 players, every game terminates, scores never
//! decrease, settlers are conserved, surveyors stay at most one column apart and never east
//! of the land, redeterminize keeps the unseen multiset.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::new_world::{NewWorldState, Options, Role, SETTLERS};

fn check_game(seed: u64, options: Options) -> NewWorldState {
    let players = 2 + (seed % 4) as usize;
    let mut g = NewWorldState::new(players, seed, options).unwrap();
    let mut rng = rng_from_seed(seed ^ 0xA5);
    let mut legal = Vec::new();
    let mut steps = 0;
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action in a running game");
        let before = g.scores().to_vec();
        let cols_before = g.surveyor_columns().to_vec();
        g.apply(legal[below(&mut rng, legal.len())]);
        // Scores never decrease (no rule takes points away).
        for (a, b) in before.iter().zip(g.scores()) {
            assert!(b >= a);
        }
        // Settlers conserved: supply + on the board = 5 per player.
        for p in 0..players {
            let placed = g
                .placed_settlers()
                .iter()
                .filter(|s| s.player as usize == p)
                .count();
            assert_eq!(g.settlers_in_supply(p) as usize + placed, SETTLERS as usize);
        }
        let cols = g.surveyor_columns();
        assert!(cols.iter().all(|&c| c <= 0 && c >= g.westernmost_column()));
        if cols.len() == 2 {
            assert!(
                (cols[0] - cols[1]).abs() <= 1,
                "N-11: surveyors one column apart"
            );
            // N-13: no standing settler east of the easternmost surveyor after a move.
            let east = cols[0].max(cols[1]);
            if cols != cols_before.as_slice() {
                assert!(g
                    .placed_settlers()
                    .iter()
                    .all(|s| s.role == Role::Trapper || s.column <= east));
            }
        }
        assert!(
            g.cells().iter().skip(10).all(|c| c.at.x < 0),
            "N-4: land west of the coast"
        );
        steps += 1;
        assert!(steps < 1000, "the game terminates");
    }
    let total: i64 = (0..players)
        .map(|p| {
            let mut v = Vec::new();
            g.player_stats(p, &mut v);
            assert_eq!(v[..8].iter().sum::<i64>(), g.scores()[p] as i64);
            v[8]
        })
        .sum();
    assert_eq!(
        total as usize + g.tiles_removed(),
        95,
        "every tile placed or removed"
    );
    g
}

#[test]
fn random_games_keep_the_invariants() {
    let mut scorings = 0;
    let mut removed = 0;
    for seed in 0..300 {
        let options = Options::parse(if seed % 3 == 0 {
            &["surveyor_variant=true"]
        } else {
            &[]
        })
        .unwrap();
        let g = check_game(seed, options);
        scorings += g.scorings();
        removed += (0..g.players())
            .map(|p| g.settlers_removed(p) as usize)
            .sum::<usize>();
    }
    assert!(scorings > 300, "{scorings} scorings");
    assert!(
        removed > 20,
        "{removed} settlers removed by surveyors (N-13)"
    );
}

#[test]
fn redeterminize_shuffles_only_the_unseen_pile() {
    let mut g = NewWorldState::new(3, 7, Options::default()).unwrap();
    let mut legal = Vec::new();
    let mut rng = rng_from_seed(1);
    for _ in 0..30 {
        g.legal_actions(&mut legal);
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    let mut before = g.pile().to_vec();
    let drawn = g.drawn_tile();
    let mut h = g.clone();
    h.redeterminize(&mut rng_from_seed(99));
    let mut after = h.pile().to_vec();
    assert_ne!(before, after);
    before.sort();
    after.sort();
    assert_eq!(before, after);
    assert_eq!(h.drawn_tile(), drawn);
    assert_eq!(h.cells().len(), g.cells().len());
}
