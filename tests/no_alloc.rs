//! No heap allocation in `apply` or legal-action generation (issue 5, design.md): a counting
//! global allocator watches random games once the action buffer has its capacity.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::safari::{SafariState, Setup};
use std::sync::atomic::Ordering;

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{start_counting, stop_counting, Counting, ALLOCATIONS};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn apply_and_legal_actions_do_not_allocate() {
    let mut legal = Vec::with_capacity(4096);
    let mut decisions = 0u64;
    for seed in 0..100 {
        let mut g = SafariState::new(&Setup::new(2 + (seed % 4) as usize, seed)).unwrap();
        let mut rng = rng_from_seed(seed);
        start_counting();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            g.apply(a);
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

#[test]
fn sampling_and_restarting_do_not_allocate() {
    let mut scratch = Vec::with_capacity(4096);
    let mut decisions = 0u64;
    let mut g = SafariState::new(&Setup::new(2, 0)).unwrap();
    for seed in 0..100 {
        let setup = Setup::new(2 + (seed % 4) as usize, seed);
        let mut rng = rng_from_seed(seed);
        start_counting();
        g.restart(&setup).unwrap();
        while !g.is_terminal() {
            let a = g.random_action(&mut rng, &mut scratch);
            g.apply(a);
            decisions += 1;
        }
        stop_counting();
    }
    assert!(decisions > 10_000);
    assert_eq!(
        ALLOCATIONS.load(Ordering::Relaxed),
        0,
        "allocations while restarting or sampling"
    );
}
