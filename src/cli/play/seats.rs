//! Who sits where in `play`: people at the terminal and agents, from the command line
//! (`--seat`, `--vs`) or from a saved record's `agent` lines.

use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::io::record::{Record, HUMAN};

/// One seat's player, before agents are built: `None` for a person at the terminal.
pub(super) type SeatSpec = Option<AgentSpec>;

/// One seat's player during the game.
pub(super) enum Seat<G: Game> {
    /// A person at the terminal.
    Human,
    /// An agent, with its label (as records name it).
    Agent {
        /// [`AgentSpec::label`] of its spec.
        label: String,
        /// The agent.
        agent: Box<dyn Agent<G>>,
    },
}

impl<G: Game> Seat<G> {
    /// How records name this seat's player: the agent's label, or [`HUMAN`].
    pub fn label(&self) -> &str {
        match self {
            Seat::Human => HUMAN,
            Seat::Agent { label, .. } => label,
        }
    }
}

/// The seats `--seat` (people; seat 0 when none) and `--vs` (agents: one spec for every other
/// seat, or one per other seat in seat order) describe, for `players` players.
pub(super) fn from_args(
    vs: &[String],
    humans: &[usize],
    players: usize,
) -> Result<Vec<SeatSpec>, String> {
    let humans = if humans.is_empty() { &[0][..] } else { humans };
    for (i, &h) in humans.iter().enumerate() {
        if h >= players {
            return Err(format!(
                "--seat {h} does not exist in a {players}-player game (seats 0..={})",
                players - 1
            ));
        }
        if humans[..i].contains(&h) {
            return Err(format!("--seat {h} is given twice"));
        }
    }
    let others = players - humans.len();
    let specs: Vec<AgentSpec> = vs
        .iter()
        .map(|v| AgentSpec::resolve(v).map_err(|e| format!("--vs {v}: {e}")))
        .collect::<Result<_, _>>()?;
    let mut agents = match specs.len() {
        0 if others > 0 => {
            return Err(format!(
                "--vs SPEC is needed: {others} seat(s) are not played at this terminal (--seat)"
            ))
        }
        1 => vec![specs[0].clone(); others],
        n if n == others => specs,
        n => {
            return Err(format!(
                "{n} --vs agents for {others} agent seat(s): give one for every other seat, or \
                 one per other seat in seat order"
            ))
        }
    }
    .into_iter();
    Ok((0..players)
        .map(|p| {
            if humans.contains(&p) {
                None
            } else {
                agents.next()
            }
        })
        .collect())
}

/// The seats a record's `agent` lines name ([`HUMAN`] for a person); `None` when it has none.
/// A record that names some seats only, or an agent that cannot be built, is an error naming
/// the file and line.
pub(super) fn from_record(record: &Record) -> Result<Option<Vec<SeatSpec>>, String> {
    if record.agents.is_empty() {
        return Ok(None);
    }
    let labels = record.agent_labels();
    if let Some(p) = labels.iter().position(Option::is_none) {
        return Err(format!(
            "{}: names the agents of some seats only (no \"agent P{p} …\" line); give --vs and \
             --seat to say who plays",
            record.origin
        ));
    }
    let specs = record
        .agents
        .iter()
        .map(|a| -> Result<(usize, SeatSpec), String> {
            if a.label == HUMAN {
                return Ok((a.seat, None));
            }
            let spec = AgentSpec::resolve(&a.label)
                .map_err(|e| format!("{}:{}: agent P{}: {e}", record.origin, a.line, a.seat))?;
            Ok((a.seat, Some(spec)))
        });
    let mut seats = vec![None; record.players];
    for item in specs {
        let (seat, spec) = item?;
        seats[seat] = spec;
    }
    if seats.iter().all(Option::is_some) {
        return Err(format!(
            "{}: every seat is an agent (no \"agent P<seat> {HUMAN}\" line); give --seat to \
             play one",
            record.origin
        ));
    }
    Ok(Some(seats))
}

/// Builds the agents of `specs` for game `G` (seeded from the game seed and the seat).
pub(super) fn build<G: Game + 'static>(
    specs: &[SeatSpec],
    seed: u64,
) -> Result<Vec<Seat<G>>, String> {
    specs
        .iter()
        .enumerate()
        .map(|(p, spec)| match spec {
            None => Ok(Seat::Human),
            Some(spec) => {
                spec.validate_for::<G>().map_err(|e| e.to_string())?;
                Ok(Seat::Agent {
                    label: spec.label(),
                    agent: spec.build::<G>(seed, p),
                })
            }
        })
        .collect()
}
