//! `meeplelab play`: a person plays Safari in the terminal against agents.
//!
//! At each of the person's decisions the terminal shows the board around the last tile, the
//! tile to place in each rotation, scores and hands, and numbered legal options. The person
//! answers with a number, a move in record notation, or a command (`help`, `board`, `undo`,
//! `save FILE`, `quit`). Undo rebuilds the position from the setup and the decision history.

mod view;

use super::{emit, CmdResult, GameArgs};
use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::tileset::{CompiledTiles, TileSet};
use meeplelab::games::safari::{Action, ResolvedSetup, SafariState};
use meeplelab::games::GameId;
use meeplelab::io::record::RecordWriter;
use meeplelab::io::svg::TileFaces;
use meeplelab::io::write_atomically;
use std::io::{BufRead, Write};
use std::path::Path;

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Agent for every other seat: a spec name (agents/<name>.toml or a built-in: random,
    /// greedy, mcts-500, mcts-1s), a .toml path, or an inline spec such as mcts:iters=300.
    #[arg(long, value_name = "SPEC")]
    pub vs: String,
    /// Number of players (2..=5).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// Your seat: 0 (the default) plays first.
    #[arg(long, default_value_t = 0)]
    pub seat: usize,
    /// Game seed [default: taken from the clock and printed, so the game can be replayed].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Game (only safari so far), tile set and rule options.
    #[command(flatten)]
    pub setup: GameArgs,
}

/// What the person typed, once understood.
enum Input {
    /// A decision to play.
    Play(Action),
    /// Take back the person's last decision.
    Undo,
    /// Write the record so far.
    Save(String),
    /// Show the board and options again.
    Board,
    /// Show the commands.
    Help,
    /// Stop playing.
    Quit,
}

/// Text of `help`.
const HELP: &str = "\
At your decision, type one of:
  a number            the option with that number
  a move              in record notation, e.g. place 07.2 1,0 r90, meeple path E, pass,
                      dig 1,0 NE Z, boost L (see docs/notation.md)
  board               show the board and your options again (the whole board)
  undo                take back your last decision (and the agents' decisions after it)
  save FILE           write the game so far as a record (replay or render it later)
  quit                stop the game (end of input stops it too)
Board: each tile is 7x5 characters, north up: | - + paths (o: dead end), # bush, v bird,
T baobab, . savanna; a letter in a corner is a watering-hole token; a digit 0-4 is a meeple
of that seat; |V1 | a vehicle; x,y on an empty space (fits: the tile to place fits there).
";

/// A game in progress with its history.
struct Session {
    /// The compiled tile set.
    tiles: &'static CompiledTiles,
    /// Its printed layouts and animals (for drawing).
    faces: TileFaces,
    /// The game's setup with every draw fixed: undo and save start from it.
    resolved: ResolvedSetup,
    /// How records name the tile set (`builtin` or a path).
    tileset_ref: String,
    /// The position now.
    state: SafariState,
    /// Every decision so far: (seat, action).
    history: Vec<(usize, Action)>,
    /// The person's seat.
    human: usize,
    /// One agent per seat (`None` for the person's).
    agents: Vec<Option<Box<dyn Agent<SafariState>>>>,
    /// The agents' spec name, shown with their decisions.
    agent_name: String,
}

/// Runs a game between the person at the terminal and agents.
pub fn run(args: &Args) -> CmdResult {
    if args.setup.game != GameId::Safari {
        return Err(format!(
            "play is not available for {} yet (only safari); try `meeplelab match` or \
             `meeplelab tournament --game {}`",
            args.setup.game, args.setup.game
        ));
    }
    let players = usize::from(args.players);
    if args.seat >= players {
        return Err(format!(
            "--seat {} does not exist in a {players}-player game (seats 0..={})",
            args.seat,
            players - 1
        ));
    }
    let spec = AgentSpec::resolve(&args.vs).map_err(|e| e.to_string())?;
    spec.validate_for::<SafariState>()
        .map_err(|e| e.to_string())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (setup, tileset_ref) = super::build_setup::<SafariState>(players, seed, &args.setup)?;
    let resolved = setup.resolve().map_err(|e| e.to_string())?;
    let set = match &args.setup.tileset {
        Some(path) => TileSet::load(path).map_err(|e| e.to_string())?,
        None => meeplelab::games::safari::builtin_tile_set(),
    };
    let faces = TileFaces::new(&set, setup.tiles).map_err(|e| e.to_string())?;
    let state = SafariState::from_resolved(setup.tiles, &resolved).map_err(|e| e.to_string())?;
    let agents = (0..players)
        .map(|p| (p != args.seat).then(|| spec.build::<SafariState>(seed, p)))
        .collect();
    let mut session = Session {
        tiles: setup.tiles,
        faces,
        resolved,
        tileset_ref,
        state,
        history: Vec::new(),
        human: args.seat,
        agents,
        agent_name: spec.name().to_string(),
    };
    emit(&format!(
        "Carcassonne Safari, {players} players, seed {seed}: you are P{} against {} \
         (type help for the commands)\n",
        args.seat, session.agent_name
    ));
    let mut input = std::io::stdin().lock();
    session.play(&mut input);
    Ok(())
}

/// A seed from the clock, for games started without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

/// Shows the input prompt (flushed: it does not end with a newline).
fn prompt(seat: usize) {
    emit(&format!("P{seat} > "));
    let _ = std::io::stdout().flush();
}

/// Reads one line; `None` at the end of input.
fn read_line(input: &mut dyn BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&bytes).trim().to_string()),
    }
}

impl Session {
    /// Plays until the game ends or the person stops, then offers to save.
    fn play(&mut self, input: &mut dyn BufRead) {
        let mut show = true;
        while let Some(seat) = self.state.to_move() {
            if seat != self.human {
                self.agent_decision(seat);
                show = true;
                continue;
            }
            if show {
                emit(&view::decision_view(
                    &self.state,
                    &self.faces,
                    self.human,
                    false,
                ));
            }
            prompt(self.human);
            let Some(line) = read_line(input) else {
                emit("\nend of input: the game stops here.\n");
                emit(&view::scores_line(&self.state, self.human, "scores"));
                return;
            };
            match self.understand(&line) {
                Ok(Input::Quit) => {
                    emit(&view::scores_line(&self.state, self.human, "scores"));
                    return;
                }
                Ok(cmd) => show = self.execute(cmd),
                Err(message) => {
                    emit(&format!("{message}\n"));
                    show = false;
                }
            }
        }
        emit(&view::board_text(&self.state, &self.faces, true));
        emit(&view::scores_line(&self.state, self.human, "final scores"));
        self.after_game(input);
    }

    /// Lets the person save the finished game until they quit or the input ends.
    fn after_game(&mut self, input: &mut dyn BufRead) {
        emit("The game is over: type save FILE to keep its record, or quit.\n");
        while let Some(line) = read_line(input) {
            match self.understand(&line) {
                Ok(Input::Quit) => return,
                Ok(Input::Save(file)) => self.save(&file),
                Ok(Input::Help) => emit(HELP),
                Ok(Input::Board) => emit(&view::board_text(&self.state, &self.faces, true)),
                Ok(_) | Err(_) => {
                    emit("The game is over: only save FILE, board, help and quit work now.\n")
                }
            }
        }
    }

    /// Lets the agent of `seat` decide, and prints its decision.
    fn agent_decision(&mut self, seat: usize) {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let Some(agent) = self.agents[seat].as_mut() else {
            return;
        };
        let action = agent.choose(&self.state, &legal);
        emit(&format!(
            "P{seat} ({}): {}\n",
            self.agent_name,
            self.state.format_action(&action)
        ));
        self.apply(seat, action);
    }

    /// Records and applies a decision of `seat`.
    fn apply(&mut self, seat: usize, action: Action) {
        self.history.push((seat, action));
        self.state.apply(action);
    }

    /// Turns a line into a command or a legal action; errors explain what was wrong.
    fn understand(&self, line: &str) -> Result<Input, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => Err("type a number, a move, or help".into()),
            ["help" | "?"] => Ok(Input::Help),
            ["board" | "show"] => Ok(Input::Board),
            ["undo"] => Ok(Input::Undo),
            ["quit" | "exit"] => Ok(Input::Quit),
            ["save"] => Err("save needs a file name: save FILE".into()),
            ["save", file] => Ok(Input::Save((*file).to_string())),
            ["save", ..] => Err("save takes one file name (without spaces)".into()),
            [number] if number.chars().all(|c| c.is_ascii_digit()) => {
                self.option(number).map(Input::Play)
            }
            _ => self.typed_move(line).map(Input::Play),
        }
    }

    /// The legal option with 1-based number `text`.
    fn option(&self, text: &str) -> Result<Action, String> {
        let legal = view::numbered_options(&self.state);
        text.parse::<usize>()
            .ok()
            .filter(|n| (1..=legal.len()).contains(n))
            .map(|n| legal[n - 1])
            .ok_or_else(|| format!("there is no option {text}: choose 1 to {}", legal.len()))
    }

    /// A move typed in record notation, if it parses and is legal now.
    fn typed_move(&self, line: &str) -> Result<Action, String> {
        let action = self
            .state
            .parse_action(line)
            .map_err(|m| format!("not understood: {m} (type help for the commands)"))?;
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!(
                "\"{line}\" is {}",
                self.state.explain_illegal(&action)
            ))
        }
    }

    /// Carries out a command; returns whether to show the board again.
    fn execute(&mut self, cmd: Input) -> bool {
        match cmd {
            Input::Play(action) => {
                emit(&format!(
                    "P{} (you): {}\n",
                    self.human,
                    self.state.format_action(&action)
                ));
                self.apply(self.human, action);
                self.state.to_move() == Some(self.human)
            }
            Input::Undo => self.undo(),
            Input::Save(file) => {
                self.save(&file);
                false
            }
            Input::Board => {
                emit(&view::decision_view(
                    &self.state,
                    &self.faces,
                    self.human,
                    true,
                ));
                false
            }
            Input::Help => {
                emit(HELP);
                false
            }
            Input::Quit => false,
        }
    }

    /// Takes back the person's last decision and every agent decision after it.
    fn undo(&mut self) -> bool {
        let Some(i) = self.history.iter().rposition(|(p, _)| *p == self.human) else {
            emit("nothing to undo: you have not decided anything yet\n");
            return false;
        };
        let taken = self.history.split_off(i);
        self.state = self.replay(&self.history, |_, _| ());
        emit(&format!(
            "took back your \"{}\" and {} agent decision(s) after it\n",
            self.state.format_action(&taken[0].1),
            taken.len() - 1
        ));
        true
    }

    /// The position after `history`, from the setup; `visit` sees each decision before it is
    /// applied.
    fn replay(
        &self,
        history: &[(usize, Action)],
        mut visit: impl FnMut(&SafariState, &Action),
    ) -> SafariState {
        let mut state = SafariState::from_resolved(self.tiles, &self.resolved)
            .expect("the setup started this game");
        for (_, action) in history {
            visit(&state, action);
            state.apply(*action);
        }
        state
    }

    /// Writes the record of the game so far to `file`.
    fn save(&self, file: &str) {
        let mut writer = RecordWriter::new(&self.resolved, self.tiles, &self.tileset_ref);
        let state = self.replay(&self.history, |s, a| writer.decision(s, a));
        let text = writer.finish(&state);
        match write_atomically(Path::new(file), &text) {
            Ok(()) => emit(&format!(
                "saved {} decisions to {file} (meeplelab replay {file}; meeplelab render {file} \
                 --out board.svg)\n",
                self.history.len()
            )),
            Err(e) => emit(&format!("could not save: {e}\n")),
        }
    }
}
