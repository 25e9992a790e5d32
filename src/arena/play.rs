//! Playing games: one game with freshly built agents, and many games in parallel on a rayon
//! pool, handed to a single consumer as they finish.

use super::schedule::Schedule;
use crate::agents::{play_out, Agent, AgentSpec};
use crate::core::game::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The result of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Index of the game in the tournament.
    pub game_index: u64,
    /// Seed of the game ([`TournamentConfig::game_seed`](super::TournamentConfig::game_seed)).
    pub game_seed: u64,
    /// Agent index per seat.
    pub seating: Vec<usize>,
    /// Final score per seat (a seat that forfeited is recorded below the others:
    /// [`record_forfeits`](super::outcome::record_forfeits)).
    pub scores: Vec<i32>,
    /// Statistics per seat, in [`Game::stat_names`] order.
    pub stats: Vec<Vec<i64>>,
    /// Completed turns.
    pub turns: usize,
    /// Wall-clock time of the game (building agents included) in milliseconds.
    pub wall_ms: f64,
}

/// Plays game `game_index` of a tournament from `game_seed` (its configuration's
/// [`game_seed`](super::TournamentConfig::game_seed)), seating from the schedule, each seat's
/// agent built with `spec.build(game_seed, seat)`.
pub fn play_game<G: Game + 'static>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    schedule: &Schedule,
    game_seed: u64,
    game_index: u64,
) -> PlayedGame {
    play_indexed(new_game, specs, schedule, game_seed, game_index, None)
}

/// Plays game `game_index` exactly as [`play_game`] does and also returns every decision in
/// order (for a game record).
pub fn play_game_recorded<G: Game + 'static>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    schedule: &Schedule,
    game_seed: u64,
    game_index: u64,
) -> (PlayedGame, Vec<G::Action>) {
    let mut decisions = Vec::new();
    let game = play_indexed(
        new_game,
        specs,
        schedule,
        game_seed,
        game_index,
        Some(&mut decisions),
    );
    (game, decisions)
}

/// [`play_game`], appending the decisions to `history` when one is given.
fn play_indexed<G: Game + 'static>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    schedule: &Schedule,
    game_seed: u64,
    game_index: u64,
    history: Option<&mut Vec<G::Action>>,
) -> PlayedGame {
    let seating = schedule.seating(game_index);
    play_seated(new_game, specs, seating, game_index, game_seed, history)
}

/// Plays one game from `new_game(game_seed)` with the agents of `seating` (agent index per
/// seat), each built with `spec.build(game_seed, seat)`, appending the decisions to `history`
/// when one is given; `game_index` only labels the result.
fn play_seated<G: Game + 'static>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    seating: &[usize],
    game_index: u64,
    game_seed: u64,
    history: Option<&mut Vec<G::Action>>,
) -> PlayedGame {
    let start = Instant::now();
    let seating = seating.to_vec();
    let mut state = new_game(game_seed);
    let mut agents: Vec<Box<dyn Agent<G>>> = seating
        .iter()
        .enumerate()
        .map(|(seat, &a)| specs[a].build::<G>(game_seed, seat))
        .collect();
    match history {
        None => play_out(&mut state, &mut agents),
        Some(history) => play_out_recording(&mut state, &mut agents, history),
    }
    let mut stats = Vec::with_capacity(seating.len());
    for seat in 0..seating.len() {
        let mut v = Vec::new();
        state.player_stats(seat, &mut v);
        stats.push(v);
    }
    let mut scores = state.scores().to_vec();
    let forfeited: Vec<bool> = agents.iter().map(|a| a.forfeit().is_some()).collect();
    super::outcome::record_forfeits(&mut scores, &forfeited);
    PlayedGame {
        game_index,
        game_seed,
        scores,
        seating,
        stats,
        turns: state.turn(),
        wall_ms: start.elapsed().as_secs_f64() * 1000.0,
    }
}

/// [`play_out`], also appending every decision to `history`.
fn play_out_recording<G: Game>(
    state: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    history: &mut Vec<G::Action>,
) {
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        let action = agents[seat].choose(state, &legal);
        history.push(action);
        state.apply(action);
    }
}

/// A rayon pool of `threads` game threads (0: one per core).
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("arena-{i}"))
        .build()
        .map_err(|e| format!("cannot start {threads} game threads: {e}"))
}

/// Runs `play` for every item (a game index, or any other id of a game) on `pool` and passes
/// each result to `sink` on the calling thread as soon as it finishes (completion order). When
/// `sink` fails, no further games start and the error is returned once running games end.
pub fn play_parallel<I, T, E, P, S>(
    pool: &rayon::ThreadPool,
    indices: &[I],
    play: P,
    mut sink: S,
) -> Result<(), E>
where
    I: Copy + Send + Sync,
    T: Send,
    P: Fn(I) -> T + Sync,
    S: FnMut(T) -> Result<(), E>,
{
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<T>();
    std::thread::scope(|scope| {
        let (stop, play) = (&stop, &play);
        scope.spawn(move || {
            pool.install(|| {
                indices
                    .par_iter()
                    .with_max_len(1)
                    .for_each_with(tx, |tx, &g| {
                        if !stop.load(Ordering::Relaxed) {
                            let result = play(g);
                            if tx.send(result).is_err() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    });
            });
        });
        let mut outcome = Ok(());
        for result in rx.iter() {
            if let Err(e) = sink(result) {
                stop.store(true, Ordering::Relaxed);
                outcome = Err(e);
                break;
            }
        }
        drop(rx);
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_play_hands_every_result_once() {
        let indices: Vec<u64> = (0..50).collect();
        let mut seen = Vec::new();
        play_parallel(
            &thread_pool(3).unwrap(),
            &indices,
            |g| g * 2,
            |v| -> Result<(), ()> {
                seen.push(v);
                Ok(())
            },
        )
        .unwrap();
        seen.sort_unstable();
        assert_eq!(seen, (0..50).map(|g| g * 2).collect::<Vec<_>>());
    }

    #[test]
    fn a_failing_sink_stops_the_run() {
        let indices: Vec<u64> = (0..1000).collect();
        let mut count = 0;
        let r = play_parallel(
            &thread_pool(2).unwrap(),
            &indices,
            |g| g,
            |_| {
                count += 1;
                if count == 3 {
                    Err("disk full")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err("disk full"));
        assert_eq!(count, 3);
    }
}
