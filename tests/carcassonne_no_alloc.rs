//! No heap allocation in Carcassonne's `apply` or legal-action generation (design.md): a
//! counting global allocator watches random games once the action buffer has its capacity.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::carcassonne::{CarcassonneState, Setup};
use std::sync::atomic::Ordering;

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{start_counting, stop_counting, Counting, ALLOCATIONS};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn apply_and_legal_actions_do_not_allocate() {
    let mut legal = Vec::with_capacity(1024);
    let mut decisions = 0u64;
    for seed in 0..100 {
        // Half the games with The Robbers (robber and scoring decisions, R-2…R-5), half with
        // Bridges, Castles and Bazaars (bridge and castle decisions, B-2…B-5).
        let mut setup = Setup::new(2 + (seed % 4) as usize, seed);
        setup.options.expansions.robbers = seed % 2 == 1;
        setup.options.expansions.bcb = seed % 4 >= 2;
        let mut g = CarcassonneState::new(&setup).unwrap();
        let mut rng = rng_from_seed(seed);
        start_counting();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            g.apply(a);
            std::hint::black_box(g.eval_terms(0));
            decisions += 1;
        }
        stop_counting();
    }
    assert!(decisions > 10_000);
    assert_eq!(
        ALLOCATIONS.load(Ordering::Relaxed),
        0,
        "allocations during play"
    );
}
