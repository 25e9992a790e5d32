//! The game loop of `play`, the same for every game: agents decide for their seats, people
//! answer at the terminal; every decision's scorings are announced; `undo` replays the game
//! from its setup without the last decision taken at the terminal; `save` writes a record
//! naming every seat's player, which `--load` continues.

use super::announce::scorings;
use super::seats::{self, Seat, SeatSpec};
use super::table::{decision_view, numbered_options, scores_line, ActionOf, Look, Table};
use super::{emit, Args, CmdResult};
use meeplelab::core::tileset::CompiledTiles;
use meeplelab::games::{ResolvedSetup, Setup};
use meeplelab::io::record::{Entry, Record, RecordWriter, TileSource};
use meeplelab::io::write_atomically;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What the person typed, once understood.
enum Input<A> {
    /// A decision to play.
    Play(A),
    /// Take back the last decision taken at the terminal.
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
  a move              in record notation, e.g. place 07.2 1,0 r90, meeple path E, pass
                      (see docs/notation.md for every game's moves)
  board               show the board and your options again (the whole board)
  undo                take back your last decision (and the agents' decisions after it)
  save FILE           write the game so far as a record (replay, render, or play --load it)
  quit                stop the game (end of input stops it too)
Board: each tile is 7x5 characters, north up; the tile placed last is between [ ]; a digit
is a piece of that seat; x,y on an empty space (fits: the tile to place fits there).
Safari: a lowercase letter is an animal printed on the tile (a ape, e elephant, g giraffe,
l lion, z zebra), an uppercase letter in a corner a watering-hole token, |V1 | a vehicle.
";

/// A game in progress with its history.
struct Session<G: Table> {
    /// The compiled tile set.
    tiles: &'static CompiledTiles,
    /// What drawing the board needs.
    look: G::Look,
    /// The game's setup with every draw fixed: undo and save start from it.
    resolved: ResolvedSetup<G>,
    /// How records name the tile set (`builtin` or a path).
    tileset_ref: String,
    /// The position now.
    state: G,
    /// Every decision so far: (seat, action).
    history: Vec<(usize, ActionOf<G>)>,
    /// Who plays each seat.
    seats: Vec<Seat<G>>,
}

/// Starts a new game of `G` as `args` describe it.
pub(super) fn start<G: Table>(args: &Args) -> CmdResult {
    let players = usize::from(args.players);
    let specs = seats::from_args(&args.vs, &args.seats, players)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (setup, tileset_ref) = super::super::build_setup::<G>(players, seed, &args.setup)?;
    let tile_file = args.setup.tileset.as_deref();
    let mut session = Session::new(&setup, tileset_ref, tile_file, &specs, seed)?;
    emit(&format!(
        "{}, {players} players, seed {seed}: {} (type help for the commands)\n",
        G::TITLE,
        session.seating()
    ));
    session.play(&mut std::io::stdin().lock());
    Ok(())
}

/// Continues the game saved in `record` (read from `path`).
pub(super) fn load<G: Table>(args: &Args, path: &Path, record: &Record) -> CmdResult {
    let base = path.parent().map(PathBuf::from).unwrap_or_default();
    record
        .replay_game::<G>(&base, None)
        .map_err(|e| e.to_string())?;
    let specs: Vec<SeatSpec> = if args.vs.is_empty() && args.seats.is_empty() {
        seats::from_record(record)?.ok_or_else(|| {
            format!(
                "{}: the record names no agents (no \"agent P<seat> …\" lines); give --vs SPEC \
                 (and --seat N) to say who plays",
                path.display()
            )
        })?
    } else {
        seats::from_args(&args.vs, &args.seats, record.players)?
    };
    let setup = record.setup::<G>(&base).map_err(|e| e.to_string())?;
    let (tileset_ref, file) = match &record.tileset.0 {
        TileSource::Builtin => ("builtin".to_string(), None),
        TileSource::File(p) => {
            let file = base.join(p);
            let abs = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
            (abs.display().to_string(), Some(file))
        }
    };
    let mut session = Session::new(&setup, tileset_ref, file.as_deref(), &specs, record.seed)?;
    for entry in &record.entries {
        if let Entry::Decision { line, player, text } = entry {
            let action = (session.state.parse_action(text))
                .map_err(|m| format!("{}:{line}: {m}", record.origin))?;
            session.history.push((*player, action));
            session.state.apply(action);
        }
    }
    emit(&format!(
        "{}: {}, {} decisions played, continuing: {} (type help for the commands)\n",
        path.display(),
        G::TITLE,
        session.history.len(),
        session.seating()
    ));
    session.play(&mut std::io::stdin().lock());
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

impl<G: Table> Session<G> {
    /// The start of the game `setup` describes, its tile set named `tileset_ref` in records
    /// (and read from `tile_file` for the look of the board when not built in), with the
    /// players of `specs` (agents seeded from `seed`).
    fn new(
        setup: &Setup<G>,
        tileset_ref: String,
        tile_file: Option<&Path>,
        specs: &[SeatSpec],
        seed: u64,
    ) -> Result<Session<G>, String> {
        let resolved = G::resolve(setup)?;
        let tiles = G::tiles(setup);
        let look = G::Look::read(tiles, tile_file)?;
        let state = G::start(tiles, &resolved)?;
        Ok(Session {
            tiles,
            look,
            resolved,
            tileset_ref,
            state,
            history: Vec::new(),
            seats: seats::build::<G>(specs, seed)?,
        })
    }

    /// The seats played at the terminal.
    fn humans(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&p| matches!(self.seats[p], Seat::Human))
            .collect()
    }

    /// How records name each seat's player.
    fn labels(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.label().to_string()).collect()
    }

    /// `P0 you, P1 greedy`.
    fn seating(&self) -> String {
        let seats: Vec<String> = (self.seats.iter().enumerate())
            .map(|(p, s)| match s {
                Seat::Human => format!("P{p} you"),
                Seat::Agent { label, .. } => format!("P{p} {label}"),
            })
            .collect();
        seats.join(", ")
    }

    /// Everything shown at a person's decision.
    fn view(&self, whole: bool) -> String {
        decision_view(
            &self.state,
            &self.look,
            &self.humans(),
            &self.labels(),
            whole,
        )
    }

    /// Plays until the game ends or the person stops, then offers to save.
    fn play(&mut self, input: &mut dyn BufRead) {
        let mut show = true;
        while let Some(seat) = self.state.to_move() {
            if let Seat::Agent { .. } = self.seats[seat] {
                self.agent_decision(seat);
                show = true;
                continue;
            }
            if show {
                emit(&self.view(false));
            }
            prompt(seat);
            let Some(line) = read_line(input) else {
                emit("\nend of input: the game stops here.\n");
                emit(&scores_line(&self.state, &self.humans(), "scores"));
                return;
            };
            match self.understand(&line) {
                Ok(Input::Quit) => {
                    emit(&scores_line(&self.state, &self.humans(), "scores"));
                    return;
                }
                Ok(cmd) => show = self.execute(seat, cmd),
                Err(message) => {
                    emit(&format!("{message}\n"));
                    show = false;
                }
            }
        }
        emit(&self.state.board(&self.look, true));
        emit(&scores_line(&self.state, &self.humans(), "final scores"));
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
                Ok(Input::Board) => emit(&self.state.board(&self.look, true)),
                Ok(_) | Err(_) => {
                    emit("The game is over: only save FILE, board, help and quit work now.\n")
                }
            }
        }
    }

    /// Lets the agent of `seat` decide, and prints its decision (with the agent's telemetry
    /// when it keeps some, e.g. `mcts:telemetry=true`).
    fn agent_decision(&mut self, seat: usize) {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let Seat::Agent { label, agent } = &mut self.seats[seat] else {
            return;
        };
        let action = agent.choose(&self.state, &legal);
        emit(&format!(
            "P{seat} ({label}): {}\n",
            self.state.format_action(&action)
        ));
        if let Some(telemetry) = agent.telemetry() {
            emit(&format!("  {telemetry}\n"));
        }
        self.apply(seat, action);
    }

    /// Records and applies a decision of `seat`, and announces what it scored.
    fn apply(&mut self, seat: usize, action: ActionOf<G>) {
        let before = self.state.clone();
        self.history.push((seat, action));
        self.state.apply(action);
        emit(&scorings(&before, &self.state));
    }

    /// Turns a line into a command or a legal action; errors explain what was wrong.
    fn understand(&self, line: &str) -> Result<Input<ActionOf<G>>, String> {
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
    fn option(&self, text: &str) -> Result<ActionOf<G>, String> {
        let legal = numbered_options(&self.state);
        text.parse::<usize>()
            .ok()
            .filter(|n| (1..=legal.len()).contains(n))
            .map(|n| legal[n - 1])
            .ok_or_else(|| format!("there is no option {text}: choose 1 to {}", legal.len()))
    }

    /// A move typed in record notation, if it parses and is legal now.
    fn typed_move(&self, line: &str) -> Result<ActionOf<G>, String> {
        let action = self
            .state
            .parse_action(line)
            .map_err(|m| format!("not understood: {m} (type help for the commands)"))?;
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if self.state.is_legal(&action, &legal) {
            Ok(action)
        } else {
            Err(format!(
                "\"{line}\" is {}",
                self.state.explain_illegal(&action)
            ))
        }
    }

    /// Carries out a command of `seat`; returns whether to show the board again.
    fn execute(&mut self, seat: usize, cmd: Input<ActionOf<G>>) -> bool {
        match cmd {
            Input::Play(action) => {
                emit(&format!(
                    "P{seat} (you): {}\n",
                    self.state.format_action(&action)
                ));
                self.apply(seat, action);
                true
            }
            Input::Undo => self.undo(),
            Input::Save(file) => {
                self.save(&file);
                false
            }
            Input::Board => {
                emit(&self.view(true));
                false
            }
            Input::Help => {
                emit(HELP);
                false
            }
            Input::Quit => false,
        }
    }

    /// Takes back the last decision taken at the terminal and every agent decision after it.
    fn undo(&mut self) -> bool {
        let humans = self.humans();
        let Some(i) = self.history.iter().rposition(|(p, _)| humans.contains(p)) else {
            emit("nothing to undo: nothing was decided at this terminal yet\n");
            return false;
        };
        let taken = self.history.split_off(i);
        self.state = self.replay(&self.history, |_, _| ());
        emit(&format!(
            "took back P{}'s \"{}\" and {} agent decision(s) after it\n",
            taken[0].0,
            self.state.format_action(&taken[0].1),
            taken.len() - 1
        ));
        true
    }

    /// The position after `history`, from the setup; `visit` sees each decision before it is
    /// applied.
    fn replay(
        &self,
        history: &[(usize, ActionOf<G>)],
        mut visit: impl FnMut(&G, &ActionOf<G>),
    ) -> G {
        let mut state = G::start(self.tiles, &self.resolved).expect("the setup started this game");
        for (_, action) in history {
            visit(&state, action);
            state.apply(*action);
        }
        state
    }

    /// Writes the record of the game so far to `file`.
    fn save(&self, file: &str) {
        let mut writer = RecordWriter::new(
            &self.resolved,
            self.tiles,
            &self.tileset_ref,
            &self.labels(),
        );
        let state = self.replay(&self.history, |s, a| writer.decision(s, a));
        let text = writer.finish(&state);
        match write_atomically(Path::new(file), &text) {
            Ok(()) => emit(&format!(
                "saved {} decisions to {file} (meeplelab play --load {file} continues it; \
                 meeplelab render {file} --html game.html shows it)\n",
                self.history.len()
            )),
            Err(e) => emit(&format!("could not save: {e}\n")),
        }
    }
}
