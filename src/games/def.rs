//! What the command line, game records and runs need to know about a game beyond [`Game`]:
//! its name, how many play it, how a game is set up from a seed, a tile set and rule options,
//! and how its actions are written in records. Each game implements [`GameDef`] once; the
//! commands are generic over it and [`GameId`] picks the game at run time
//! ([`with_game!`](crate::with_game)).

use super::setup::{Deal, ResolvedSetup, Setup};
use crate::core::draw_pile::resolve_draw_order_of;
use crate::core::game::Game;
use crate::core::options::{RuleOption, RuleOptions};
use crate::core::rng::{derive_seed, rng_from_seed};
use crate::core::tileset::validate::TileProblem;
use crate::core::tileset::{parse_tileset, render_tileset, CompiledTiles, TileSet, VariantId};
use crate::games::tile_sets;
use std::ops::RangeInclusive;
use std::path::Path;

/// A game's checks of a tile set of the shared format ([`GameDef::TILE_CHECKS`]).
pub type TileChecks = fn(&TileSet) -> Result<(), TileProblem>;

/// A game line of a record header that only some games have (`tokens …`, `hand …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderItem {
    /// 1-based line in the record.
    pub line: usize,
    /// The first word (one of [`GameDef::HEADER_KEYWORDS`]).
    pub key: String,
    /// The words after it.
    pub args: Vec<String>,
}

/// The parts of a resolved setup that every record header shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommonHeader<'a> {
    /// Number of players.
    pub players: usize,
    /// Seed of the game.
    pub seed: u64,
    /// Every rule option as `key=value`.
    pub rules: Vec<String>,
    /// The complete draw pile, top first.
    pub tile_order: &'a [VariantId],
}

/// A tile file as `meeplelab tiles` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileFileView {
    /// One line for `tiles check`: the set's name, game and sizes.
    pub summary: String,
    /// What `tiles show` prints: every tile type drawn, with its copies and features.
    pub drawing: String,
}

/// A game's text notation of actions in records and at the terminal (`docs/notation.md`),
/// written in the game's `notation.rs`.
pub trait Notation: Game {
    /// Writes `action` in record notation (relative to this position).
    fn format_action(&self, action: &Self::Action) -> String;
    /// Parses record notation into an action for this position (not checked for legality);
    /// errors say what was expected.
    fn parse_action(&self, text: &str) -> Result<Self::Action, String>;
    /// Says why a well-formed action is not legal now (for record errors).
    fn explain_illegal(&self, action: &Self::Action) -> String;
}

/// A game as the command line, records, tournaments and experiments see it.
pub trait GameDef: Game + Notation + Sized + 'static {
    /// Name used by `--game`, in records (`game …`), `run.json` and `games.csv`.
    const NAME: &'static str;
    /// Name shown to people (`Safari`).
    const TITLE: &'static str;
    /// Numbers of players the rules allow.
    const PLAYERS: RangeInclusive<usize>;
    /// Record header keywords of this game beyond the common ones (see `docs/notation.md`).
    const HEADER_KEYWORDS: &'static [&'static str];
    /// `expect` keywords of this game beyond the common ones.
    const EXPECT_KEYWORDS: &'static [&'static str];

    /// The rule options (a table, see [`RuleOptions`]).
    type Options: RuleOptions;
    /// What a setup deals besides tiles (`()` for nothing).
    type Deal: Deal<Self::Options>;
    /// Every rule option: key, values, and how it is read and shown.
    const RULE_OPTIONS: &'static [RuleOption<Self::Options>] =
        <Self::Options as RuleOptions>::TABLE;

    /// The built-in tile set.
    fn builtin_tiles() -> &'static CompiledTiles;
    /// What a tile set of the shared format (docs/tileset-format.md) must hold to be played as
    /// this game, beyond what [`crate::core::tileset::validate`] shares: the game's checks,
    /// run by [`crate::games::tile_sets::validate`]; `None` for a game whose tile files have a
    /// format of their own (New World).
    const TILE_CHECKS: Option<TileChecks>;
    /// The text of the built-in tile file (embedded in the binary).
    const BUILTIN_TILE_FILE: &'static str;
    /// A setup with default options over `tiles`.
    fn setup(players: usize, seed: u64, tiles: &'static CompiledTiles) -> Setup<Self> {
        Setup::with_tiles(players, seed, tiles)
    }
    /// Sets one rule option from `key=value` text; errors list the game's options.
    fn set_rule(setup: &mut Setup<Self>, assignment: &str) -> Result<(), String> {
        setup.options.set(assignment).map_err(|e| e.0)
    }
    /// Changes the seed of a setup.
    fn set_seed(setup: &mut Setup<Self>, seed: u64) {
        setup.seed = seed;
    }
    /// Fixes the first tiles of the draw pile.
    fn set_tile_order(setup: &mut Setup<Self>, order: Vec<VariantId>) {
        setup.tile_order = order;
    }
    /// Applies the game's own record header lines (all of them, in file order); errors give
    /// the line.
    /// Games with no header lines of their own keep this default, which takes nothing.
    fn read_header_items(
        _setup: &mut Setup<Self>,
        _items: &[HeaderItem],
    ) -> Result<(), (usize, String)> {
        Ok(())
    }
    /// The setup's compiled tile set.
    fn tiles(setup: &Setup<Self>) -> &'static CompiledTiles {
        setup.tiles
    }
    /// Every rule option as space-separated `key=value` (as stored in `run.json`).
    fn rules_text(setup: &Setup<Self>) -> String {
        setup.options.to_string()
    }
    /// Checks what a setup asks for before it is resolved; the default checks the number of
    /// players ([`check_players`]).
    fn check_setup(setup: &Setup<Self>) -> Result<(), String> {
        check_players::<Self>(setup.players)
    }
    /// The land tiles that make up the draw pile; the default is every land tile of the set.
    fn pile_tiles(setup: &Setup<Self>) -> Vec<VariantId> {
        setup.tiles.land.clone()
    }
    /// Fixes every draw order, from `derive_seed(seed, 0)`: the tile pile (the setup's first
    /// tiles, then the rest of [`GameDef::pile_tiles`] shuffled), then the game's [`Deal`].
    fn resolve(setup: &Setup<Self>) -> Result<ResolvedSetup<Self>, String> {
        Self::check_setup(setup)?;
        let mut rng = rng_from_seed(derive_seed(setup.seed, 0));
        let pile = Self::pile_tiles(setup);
        let tile_order = resolve_draw_order_of(setup.tiles, pile, &setup.tile_order, &mut rng)?;
        let deal = setup
            .deal
            .resolve(setup.players, &setup.options, &mut rng)?;
        Ok(ResolvedSetup {
            players: setup.players,
            seed: setup.seed,
            options: setup.options,
            tile_order,
            deal,
        })
    }
    /// Starts a game whose draw orders are fixed.
    fn start(tiles: &'static CompiledTiles, resolved: &ResolvedSetup<Self>)
        -> Result<Self, String>;
    /// Starts a game from a setup.
    fn new_game(setup: &Setup<Self>) -> Result<Self, String> {
        Self::start(Self::tiles(setup), &Self::resolve(setup)?)
    }
    /// Turns `self` into the start of the game `setup` describes: the same game as
    /// [`GameDef::new_game`]; games override it to reuse the state's memory (for callers that
    /// play many games in a row). On error the state is left unchanged.
    fn restart(&mut self, setup: &Setup<Self>) -> Result<(), String> {
        *self = Self::new_game(setup)?;
        Ok(())
    }
    /// The header items every game's record shows.
    fn common_header(resolved: &ResolvedSetup<Self>) -> CommonHeader<'_> {
        CommonHeader {
            players: resolved.players,
            seed: resolved.seed,
            rules: resolved.options.assignments(),
            tile_order: &resolved.tile_order,
        }
    }
    /// Writes the game's own header lines (after the `tiles` lines), each ending in a newline.
    /// Games with no header lines of their own keep this default, which writes nothing.
    fn write_header_items(_resolved: &ResolvedSetup<Self>, _out: &mut String) {}

    /// Whether a record may take `action` now, given the actions [`Game::legal_actions`]
    /// lists (`legal`). The default is exactly those; a game whose rules allow more choices
    /// than it offers agents accepts them here (Carcassonne: any whole bazaar bid, B-7, where
    /// agents see a ladder of bids).
    fn is_legal(&self, action: &Self::Action, legal: &[Self::Action]) -> bool {
        legal.contains(action)
    }
    /// Whether `action` may be the first decision of a turn (records label the first such
    /// decision of each turn `# turn N`).
    fn starts_turn(action: &Self::Action) -> bool;

    /// Meeples in `player`'s supply (`expect supply`).
    fn meeples_in_supply(&self, player: usize) -> u8;
    /// Checks a game-specific `expect` line (`words` start with one of
    /// [`GameDef::EXPECT_KEYWORDS`]); the error says what was expected and found.
    fn check_expectation(&self, words: &[String]) -> Result<(), String>;
    /// Tiles removed from the game because they fitted nowhere.
    fn tiles_removed(&self) -> usize;
    /// Extra per-seat facts that `replay --json` shows (`meeples_in_supply`, …).
    fn seat_facts(&self, player: usize) -> Vec<(&'static str, i64)>;
    /// In a tile-placement decision: the fit tests its legal actions take (frontier cells where
    /// the game allows tiles times distinct rotations of the tile); `None` at other
    /// decisions. Used by `bench`.
    fn placement_tests(&self) -> Option<u64>;

    /// Loads a tile-set file for this game; the error names the file and says when the set is
    /// for another game.
    fn load_tiles(path: &Path) -> Result<&'static CompiledTiles, String> {
        let set = tile_sets::load(path).map_err(|e| e.to_string())?;
        if set.game != Self::NAME {
            return Err(format!(
                "{}: the tile set is for game \"{}\", not {}",
                path.display(),
                set.game,
                Self::NAME
            ));
        }
        Ok(CompiledTiles::compile(&set).leak())
    }

    /// Reads the text of a tile file of this game (`origin` names it in errors, which give
    /// `origin:line`) for `meeplelab tiles check|show`. The default reads the shared format
    /// of docs/tileset-format.md (Safari and Carcassonne sets).
    fn view_tile_file(text: &str, origin: &str) -> Result<TileFileView, String> {
        let set = parse_tileset(text, origin).map_err(|e| e.to_string())?;
        tile_sets::validate(&set).map_err(|e| e.to_string())?;
        if set.game != Self::NAME {
            return Err(format!(
                "{origin}: the tile set is for game \"{}\", not {}",
                set.game,
                Self::NAME
            ));
        }
        Ok(TileFileView {
            summary: format!(
                "tile set \"{}\" for {}: {} types, {} land tiles, {} start cells, {} vehicle spaces",
                set.name,
                set.game,
                set.types.len(),
                set.land_tile_count(),
                set.start.len(),
                set.vehicles.len()
            ),
            drawing: render_tileset(&set),
        })
    }

    /// A setup from command-line style inputs: `rules` are `key=value` assignments applied
    /// over the defaults.
    fn setup_with_rules<S: AsRef<str>>(
        players: usize,
        seed: u64,
        tiles: &'static CompiledTiles,
        rules: &[S],
    ) -> Result<Setup<Self>, String> {
        let mut setup = Self::setup(players, seed, tiles);
        for rule in rules {
            Self::set_rule(&mut setup, rule.as_ref())
                .map_err(|e| format!("{e} (rule options of {})", Self::NAME))?;
        }
        Ok(setup)
    }
}

/// A setup of `G` for `players` players and `seed`, with the tile set of the file `tileset`
/// (the built-in set when `None`) and the `key=value` rule options `rules`; also returns how a
/// record names the tile set (`builtin`, or the file's absolute path).
pub fn build_setup<G: GameDef, S: AsRef<str>>(
    players: usize,
    seed: u64,
    tileset: Option<&Path>,
    rules: &[S],
) -> Result<(Setup<G>, String), String> {
    let (tiles, name) = match tileset {
        Some(path) => {
            let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            (G::load_tiles(path)?, abs.display().to_string())
        }
        None => (G::builtin_tiles(), "builtin".to_string()),
    };
    let setup = G::setup_with_rules(players, seed, tiles, rules)?;
    Ok((setup, name))
}

/// Checks that `G` is played by `players` players.
pub fn check_players<G: GameDef>(players: usize) -> Result<(), String> {
    if G::PLAYERS.contains(&players) {
        return Ok(());
    }
    Err(format!(
        "{} is played by {} to {} players, not {players}",
        G::TITLE,
        G::PLAYERS.start(),
        G::PLAYERS.end()
    ))
}

/// Parses a seat `P0`, `P1`, … of a game of `players` players.
pub fn parse_seat(s: &str, players: usize) -> Result<usize, String> {
    let p = s
        .strip_prefix('P')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n < 5)
        .ok_or_else(|| format!("expected a seat P0..P4, found \"{s}\""))?;
    if p >= players {
        return Err(format!("P{p} does not exist in a {players}-player game"));
    }
    Ok(p)
}

/// The one list of the games meeplelab plays, handed to `$callback`: a game's line — its
/// doc comment, its [`GameId`] variant and its [`GameDef`] type — is all that [`GameId`],
/// [`GameId::ALL`] and [`with_game!`](crate::with_game) need to know of it.
#[doc(hidden)]
#[macro_export]
macro_rules! game_list {
    ($($callback:ident)::+ ! ($($args:tt)*)) => {
        $($callback)::+! {
            ($($args)*)
            /// Carcassonne Safari.
            Safari => $crate::games::safari::SafariState,
            /// Carcassonne, base game.
            Carcassonne => $crate::games::carcassonne::CarcassonneState,
            /// New World (Mayflower).
            NewWorld => $crate::games::new_world::NewWorldState,
        }
    };
}

/// Defines [`GameId`] and [`GameId::ALL`] from [`game_list!`](crate::game_list).
macro_rules! define_game_ids {
    (() $($(#[$doc:meta])* $game:ident => $type:ty,)*) => {
        /// The games meeplelab plays; [`with_game!`](crate::with_game) turns one into its
        /// [`GameDef`] type.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($(#[$doc])* $game,)*
        }

        impl GameId {
            /// Every game, in the order messages list them.
            pub const ALL: [GameId; [$(stringify!($game)),*].len()] = [$(GameId::$game),*];
        }
    };
}

crate::game_list!(define_game_ids!());

impl GameId {
    /// The game's [`GameDef::NAME`].
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => G::NAME)
    }

    /// The game called `name`; the error lists the games.
    pub fn from_name(name: &str) -> Result<GameId, String> {
        GameId::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
                format!("unknown game \"{name}\"; available: {}", names.join(", "))
            })
    }
}

impl std::str::FromStr for GameId {
    type Err = String;

    fn from_str(s: &str) -> Result<GameId, String> {
        GameId::from_name(s)
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with the type alias `$G` naming the [`GameDef`] type of the game `$id`
/// (a [`GameId`]), with an arm for every game of [`game_list!`](crate::game_list).
///
/// ```
/// use meeplelab::games::GameId;
/// use meeplelab::games::def::GameDef;
/// let players = meeplelab::with_game!(GameId::Carcassonne, G => G::PLAYERS);
/// assert_eq!(players, 2..=5);
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        $crate::game_list!($crate::with_game_arms!($id, $G, $body))
    };
}

/// The `match` of [`with_game!`](crate::with_game), one arm per game of
/// [`game_list!`](crate::game_list).
#[doc(hidden)]
#[macro_export]
macro_rules! with_game_arms {
    (($id:expr, $G:ident, $body:expr) $($(#[$doc:meta])* $game:ident => $type:ty,)*) => {
        match $id {
            $($crate::games::GameId::$game => {
                type $G = $type;
                $body
            })*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_found_by_name_and_unknown_names_list_them() {
        for g in GameId::ALL {
            assert_eq!(GameId::from_name(g.name()), Ok(g));
        }
        assert_eq!(GameId::Carcassonne.to_string(), "carcassonne");
        let e = GameId::from_name("chess").unwrap_err();
        assert_eq!(
            e,
            "unknown game \"chess\"; available: safari, carcassonne, new-world"
        );
    }
}
