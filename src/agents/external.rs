//! `ext`: an agent played by an external program speaking the line-based JSON protocol of
//! docs/protocol.md over its stdin and stdout.
//!
//! One process per agent and game, started at the agent's first decision and ended with the
//! game. Each decision must be answered within `time_ms` (the first within `time_ms +
//! start_ms`, which covers the bot's start-up). A bot that cannot be started, exits,
//! hangs past the limit, prints a line that is not an answer or answers with an illegal
//! action *forfeits* the game: the failure is reported on stderr (which bot, seat, game seed,
//! turn and, for a bad line, the line and its number), the process is killed, its remaining
//! decisions take the first legal action, and [`Agent::forfeit`] says why, so that the arena
//! records the forfeit (docs/protocol.md, "Forfeits").

use super::params::{ParamDef, Params};
use super::Agent;
use crate::core::game::Game;
use crate::observe::protocol::{decision, read_answer, Asked, Decision};
use std::io::{BufRead, BufReader, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// Parameters of `ext`.
pub(crate) const PARAMS: [ParamDef; 4] = [
    ParamDef::text("cmd"),
    ParamDef::int("time_ms", 1, 3_600_000, 5_000),
    ParamDef::int("start_ms", 0, 3_600_000, 10_000),
    ParamDef::flag("observation", true),
];

/// How an `ext` agent runs its bot.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// The command line, run by `sh -c`.
    pub cmd: String,
    /// Time allowed per decision.
    pub time_limit: Duration,
    /// Time allowed on top of `time_limit` for the first decision (the bot starting up).
    pub start_time: Duration,
    /// Whether decisions carry the observation tensor.
    pub observation: bool,
}

impl Config {
    /// The configuration a spec's parameters give.
    pub(crate) fn from_params(params: &Params) -> Config {
        Config {
            cmd: params.text("cmd").to_string(),
            time_limit: Duration::from_millis(params.int("time_ms")),
            start_time: Duration::from_millis(params.int("start_ms")),
            observation: params.flag("observation"),
        }
    }
}

/// A running bot: its process, its stdin, and its stdout's lines as a reader thread sends them.
struct Bot {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    /// Lines read from it so far.
    lines_read: usize,
}

impl Bot {
    fn start(cmd: &str) -> Result<Bot, String> {
        let mut command = Command::new("sh");
        command.arg("-c").arg(cmd);
        // Its own process group, killed as a whole when the game ends (see `Drop`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start it: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Bot {
            child,
            stdin,
            lines,
            lines_read: 0,
        })
    }

    fn send(&mut self, message: &serde_json::Value) -> Result<(), String> {
        // One write per message: stdin is unbuffered, and a message has thousands of numbers.
        let mut line = message.to_string();
        line.push('\n');
        (self.stdin.write_all(line.as_bytes()))
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to it ({e}); {}", self.exit_status()))
    }

    /// The next line, within `limit`.
    fn answer(&mut self, limit: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => {
                self.lines_read += 1;
                Ok(line)
            }
            Ok(Err(e)) => Err(format!("cannot read its output: {e}")),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer within {} ms", limit.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("closed its output; {}", self.exit_status()))
            }
        }
    }

    /// How the process ended, waiting briefly for it.
    fn exit_status(&mut self) -> String {
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("it exited with {status}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "it is still running".into()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // The bot's own group (see `start`): its shell and anything the shell started.
        #[cfg(unix)]
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(self.child.id() as i32),
            nix::sys::signal::Signal::SIGKILL,
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An agent whose decisions an external program takes.
pub(crate) struct ExternalAgent<G> {
    config: Config,
    game_seed: u64,
    seat: usize,
    bot: Option<Bot>,
    /// Why the bot forfeited, once it has.
    forfeit: Option<String>,
    game: PhantomData<fn(&G)>,
}

impl<G: Game + 'static> ExternalAgent<G> {
    /// An agent for `seat` of the game seeded `game_seed` (its bot starts at the first
    /// decision).
    pub(crate) fn new(config: Config, game_seed: u64, seat: usize) -> ExternalAgent<G> {
        ExternalAgent {
            config,
            game_seed,
            seat,
            bot: None,
            forfeit: None,
            game: PhantomData,
        }
    }

    /// Asks the bot for the decision `d`: the index of its answer in `d.ids`.
    fn ask(&mut self, d: &Decision) -> Result<usize, String> {
        let mut limit = self.config.time_limit;
        if let Some(start) = &d.start {
            let mut bot = Bot::start(&self.config.cmd)?;
            bot.send(start)?;
            self.bot = Some(bot);
            limit += self.config.start_time;
        }
        let bot = self.bot.as_mut().expect("started above");
        bot.send(&d.decide)?;
        let line = bot.answer(limit)?;
        read_answer(&line, &d.ids).map_err(|e| {
            let shown: String = line.chars().take(200).collect();
            format!(
                "its output line {} `{shown}` is refused: {e}",
                bot.lines_read
            )
        })
    }

    fn give_up(&mut self, state: &G, reason: String) {
        let message = format!(
            "external agent `{}` (seat P{}, game seed {}, turn {}): {reason}; it forfeits the game",
            self.config.cmd,
            self.seat,
            self.game_seed,
            state.turn() + 1
        );
        eprintln!("{message}");
        self.bot = None;
        self.forfeit = Some(message);
    }
}

impl<G: Game + 'static> Agent<G> for ExternalAgent<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        if self.forfeit.is_none() {
            let asked = Asked {
                seat: self.seat,
                game_seed: self.game_seed,
                time_ms: self.config.time_limit.as_millis() as u64,
                start: self.bot.is_none(),
                observation: self.config.observation,
            };
            let d = decision(state, asked);
            let Some(d) = d else {
                self.give_up(state, "this game has no protocol".into());
                return legal[0];
            };
            match self.ask(&d) {
                Ok(k) => return legal[k],
                Err(reason) => self.give_up(state, reason),
            }
        }
        legal[0]
    }

    fn forfeit(&self) -> Option<&str> {
        self.forfeit.as_deref()
    }
}
