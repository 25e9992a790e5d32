//! `meeplelab perft`: count action sequences over a fixed draw order.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::core::perft::{perft, perft_divide};
use meeplelab::games::GameDef;
use std::time::Instant;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game seed (fixes tile and token orders).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of decisions to look ahead.
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// Players.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Also print the count below each first action.
    #[arg(long)]
    pub divide: bool,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub rules: GameArgs,
}

/// Counts and prints.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
    let (setup, _) = build_setup::<G>(args.players, args.seed, &args.rules)?;
    let state = G::new_game(&setup)?;
    let start = Instant::now();
    if args.divide {
        let mut total = 0;
        for (a, n) in perft_divide(&state, args.depth) {
            outln!("{:<32} {n}", state.format_action(&a));
            total += n;
        }
        outln!("total {total}");
    } else {
        let n = perft(&state, args.depth);
        outln!(
            "perft(seed {}, depth {}) = {n}  ({:.3} s)",
            args.seed,
            args.depth,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
