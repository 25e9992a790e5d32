//! The Carcassonne game state: board, features, meeples, the draw pile, and where the turn
//! stands.

use super::bcb::{bridges_and_castles, Bridge, Castle, MAX_CASTLES};
use super::features::FeatureAgg;
use super::options::{Options, MAX_MEEPLES_PER_PLAYER};
use super::robbers::{space, Track};
use super::setup::{ResolvedSetup, Setup, SetupError};
use super::stats::{PlayerStats, STAT_NAMES};
use crate::core::board::{self, max_frontier};
use crate::core::fixed_vec::FixedVec;
use crate::core::shared_tiles::SharedTileBits;
use crate::core::tile_game::{GameParts, TileState};
use crate::core::tileset::{CompiledTiles, FeatureKind};

pub use crate::core::tile_game::MAX_PLAYERS;

/// Most cells (land tiles of the base game and every expansion in the tile file, plus the
/// start tile): base 72 + The Robbers 8 + Bridges, Castles and Bazaars 12.
pub const MAX_CELLS: usize = 92;

/// Most segments (features over all tile copies of the file) a game tracks (the union-find
/// has `MAX_TOTAL_SEGMENTS + 1` nodes of 16 bits); tile files that need more are refused.
pub const MAX_TOTAL_SEGMENTS: usize = 383;

/// The board: a torus of side `MAX_CELLS + 2` with 16-bit entries (cell indices and
/// frontier slots exceed a byte), see `docs/engine.md`.
pub type CarcassonneBoard = board::Board<u16, { MAX_CELLS + 2 }, { max_frontier(MAX_CELLS) }>;

/// A union-find node id (segments of all tiles exceed 255).
pub type Node = u16;

/// Union-find capacity: segments over all tiles of a game.
pub const MAX_NODES: usize = MAX_TOTAL_SEGMENTS + 1;

/// Most meeples on the board at once.
pub const MAX_MEEPLES: usize = MAX_PLAYERS * MAX_MEEPLES_PER_PLAYER as usize;

/// Most field–city border pairs (a field segment beside a city segment on one tile).
pub const MAX_BORDERS: usize = 128;

/// Most monasteries in a tile set.
pub const MAX_MONASTERIES: usize = 16;

/// Most tiles with two or more roads or cities in a tile set, tiles with a road and a bridge
/// (B-2) included (bits of [`FeatureAgg::shared`]; the built-in set with every expansion and
/// 5 players' bridges needs all 32).
pub const MAX_SHARED_TILES: usize = 32;

/// Most roads and cities one turn completes: the tile's four sides and a bridge (B-2).
pub const MAX_TURN_COMPLETIONS: usize = 6;

/// Most city segments in a tile set: a completed city has at least two, so at most half as
/// many cities complete (bits of [`FeatureAgg::cities`]).
pub const MAX_CITY_SEGMENTS: usize = 64;

/// What a Carcassonne cell carries besides its tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellInfo {
    /// B-2: the bridge built on it, if any.
    pub bridge: Option<Bridge>,
    /// Bit of [`FeatureAgg::shared`] of this tile (0 when its roads and cities are one each).
    pub shared: u32,
}

/// A cell with a tile on it.
pub type Cell = crate::core::tile_game::Cell<Node, CellInfo>;

/// A meeple on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedMeeple {
    /// Its owner.
    pub player: u8,
    /// Union-find node of the segment it was put on.
    pub node: Node,
    /// What it stands on: road, city, field (a farmer) or monastery.
    pub kind: FeatureKind,
}

/// What kind of decision the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// C-2: place the drawn tile.
    PlaceTile,
    /// B-2: build a bridge (mandatory when the placement needs one) or not.
    Bridge,
    /// after a robber tile, the deciding player may put or move their robber.
    Robber,
    /// C-2: put a meeple on the tile just placed, or not; then the turn's scoring runs.
    Meeple,
    /// the deciding player chooses which of their scorings robbers see.
    ScoreOrder,
    /// the deciding player's robber chooses whom to rob.
    Rob,
    /// B-4: the owner of a just-completed small city scores it or converts it into a castle.
    Castle,
    /// B-5: a castle's owner chooses which of the features completed in its neighbourhood it
    /// scores.
    CastleScore,
    /// B-7: the chooser offers a bazaar tile with a bid (or, `no_bidding`, picks one).
    BazaarOffer,
    /// B-7: a player overbids or passes.
    BazaarBid,
    /// B-7: the chooser buys or sells the tile on offer.
    BazaarDeal,
    /// R-5b: a bazaar payment moved a marker back; the deciding player's robber, on the space
    /// it left with other players' markers, moves back with it or stays.
    RobberBack,
    /// C-4: the game is over (final scoring done).
    GameOver,
}

/// A monastery on the board: its cell and union-find node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Monastery {
    pub cell: u8,
    pub node: Node,
}

/// What a Carcassonne position holds beyond the tile core: options, the feature tables the
/// scoring reads (field–city borders, monasteries), the meeples on the board, the robbers,
/// the turn's completions, bridges, castles and bazaars, and where the turn stands.
#[derive(Clone)]
pub struct Carcassonne {
    pub(super) options: Options,
    /// (field node, city node) of every field beside a city on a placed tile.
    pub(super) borders: FixedVec<(Node, Node), MAX_BORDERS>,
    pub(super) monasteries: FixedVec<Monastery, MAX_MONASTERIES>,
    /// Tiles with several roads or cities placed so far (next bit of `FeatureAgg::shared`).
    pub(super) shared_tiles: SharedTileBits,
    /// Cities completed so far (next bit of `FeatureAgg::cities`).
    pub(super) cities_completed: u8,
    /// Robbers and the turn's scorings (R-2…R-6).
    pub(super) track: Track,
    /// players (bit per seat) still to decide on their robber after this turn's tile.
    pub(super) robber_queue: u8,
    pub(super) meeples: FixedVec<PlacedMeeple, MAX_MEEPLES>,
    /// Roots and kinds of the roads and cities this turn's tile completed (scored after the
    /// meeple).
    pub(super) completed: FixedVec<(Node, FeatureKind), MAX_TURN_COMPLETIONS>,
    /// Bit (of [`FeatureAgg::cities`]) of each completed city in `completed`.
    pub(super) completed_city_bit: [u32; MAX_TURN_COMPLETIONS],
    /// B-4: entries of `completed` whose castle decision is taken (bit per entry).
    pub(super) castle_asked: u8,
    /// B-4: entries of `completed` converted into castles (bit per entry).
    pub(super) castle_built: u8,
    /// B-2: bridges and castles in each player's supply.
    pub(super) bridges: [u8; MAX_PLAYERS],
    pub(super) castle_supply: [u8; MAX_PLAYERS],
    /// B-2: the cell index carrying the bridge built this turn, if any.
    pub(super) turn_bridge: Option<u8>,
    /// B-4: castles built so far.
    pub(super) castles: FixedVec<Castle, MAX_CASTLES>,
    /// B-6: bits of [`FeatureAgg::cities`] of the cities converted into castles.
    pub(super) castle_cities: u32,
    /// B-5: features completed this turn that castles may score (and castles scored).
    pub(super) events: FixedVec<super::bcb::Event, { super::bcb::MAX_EVENTS }>,
    /// B-7: the bazaar in progress.
    pub(super) bazaar: super::bazaar::Bazaar,
    /// B-7: the tile of this turn was held from a bazaar (it opens no bazaar).
    pub(super) from_bazaar: bool,
    pub(super) phase: Phase,
    /// B-2: tiles discarded instead of being placed with a bridge.
    pub(super) tiles_discarded: u8,
}

impl GameParts for Carcassonne {
    type Feature = FeatureAgg;
    type CellData = CellInfo;
    type Node = Node;
    type Entry = u16;
    type Stats = PlayerStats;
    const STAT_NAMES: &'static [&'static str] = &STAT_NAMES;
}

/// A complete Carcassonne position: the tile core on a board of side `MAX_CELLS + 2` with
/// 16-bit entries and nodes, with [`Carcassonne`]'s part.
pub type CarcassonneState =
    TileState<Carcassonne, { MAX_CELLS + 2 }, { max_frontier(MAX_CELLS) }, MAX_NODES>;

impl CarcassonneState {
    /// Starts a game from a setup (shuffling whatever it leaves open).
    pub fn new(setup: &Setup) -> Result<CarcassonneState, SetupError> {
        let resolved = setup.resolve()?;
        CarcassonneState::from_resolved(setup.tiles, &resolved)
    }

    /// Starts a game whose draw order is fixed.
    pub fn from_resolved(
        tiles: &'static CompiledTiles,
        setup: &ResolvedSetup,
    ) -> Result<CarcassonneState, SetupError> {
        let game = Self::starting_part(tiles, setup)?;
        let mut s = CarcassonneState::blank(tiles, setup.players, setup.options.meeples, game);
        s.lay_out(setup);
        Ok(s)
    }

    /// Turns this position into [`CarcassonneState::from_resolved`]'s in place, writing only
    /// the parts the previous game used (loops over many games copy no whole state). On error
    /// the position is left unchanged.
    pub fn restart_resolved(
        &mut self,
        tiles: &'static CompiledTiles,
        setup: &ResolvedSetup,
    ) -> Result<(), SetupError> {
        let game = Self::starting_part(tiles, setup)?;
        self.reset(tiles, setup.players, setup.options.meeples, game);
        self.lay_out(setup);
        Ok(())
    }

    /// The game's own part at the start of `setup`, once the tile set is known to hold it.
    fn starting_part(
        tiles: &'static CompiledTiles,
        setup: &ResolvedSetup,
    ) -> Result<Carcassonne, SetupError> {
        let n = setup.players;
        let (bridges, castles) = if setup.options.expansions.bcb {
            bridges_and_castles(n)
        } else {
            (0, 0)
        };
        check_capacity(tiles, setup.tile_order.len(), n * bridges as usize)?;
        let mut game = Carcassonne {
            options: setup.options,
            borders: FixedVec::default(),
            monasteries: FixedVec::default(),
            shared_tiles: SharedTileBits::default(),
            cities_completed: 0,
            track: Track::new(n),
            robber_queue: 0,
            meeples: FixedVec::default(),
            completed: FixedVec::default(),
            completed_city_bit: [0; MAX_TURN_COMPLETIONS],
            castle_asked: 0,
            castle_built: 0,
            bridges: [0; MAX_PLAYERS],
            castle_supply: [0; MAX_PLAYERS],
            turn_bridge: None,
            castles: FixedVec::default(),
            castle_cities: 0,
            events: FixedVec::default(),
            bazaar: super::bazaar::Bazaar::default(),
            from_bazaar: false,
            phase: Phase::PlaceTile,
            tiles_discarded: 0,
        };
        game.bridges[..n].fill(bridges);
        game.castle_supply[..n].fill(castles);
        Ok(game)
    }

    /// Lays the draw pile and the start tile and draws the first tile.
    fn lay_out(&mut self, setup: &ResolvedSetup) {
        self.pile.set(&setup.tile_order);
        self.place_start_cells();
        self.begin_turn();
    }

    /// The rule options in force.
    pub fn options(&self) -> &Options {
        &self.game.options
    }

    /// The decision the game waits for.
    pub fn phase(&self) -> Phase {
        self.game.phase
    }

    /// Meeples on the board.
    pub fn placed_meeples(&self) -> &[PlacedMeeple] {
        &self.game.meeples
    }

    /// C-6: the space of `player`'s marker on the 50-space scoring track (`score mod 50`).
    pub fn track_position(&self, player: usize) -> u8 {
        space(self.sheet.scores[player])
    }

    /// The robbers and the turn's scorings (R-2…R-6).
    pub fn track(&self) -> &Track {
        &self.game.track
    }

    /// The player who takes the current decision (the active player, or another player
    /// placing a robber or choosing for theirs, R-2, R-5 and R-5b, or bidding, B-7).
    pub fn decider(&self) -> usize {
        self.decider as usize
    }

    /// Cities completed so far.
    pub fn cities_completed(&self) -> usize {
        self.game.cities_completed as usize
    }

    /// B-2: tiles players discarded instead of placing them with a bridge (they left the game
    /// too, like the tiles that fitted nowhere, [`CarcassonneState::tiles_removed`]).
    pub fn tiles_discarded(&self) -> usize {
        self.game.tiles_discarded as usize
    }

    /// B-2: bridges in `player`'s supply.
    pub fn bridges_in_supply(&self, player: usize) -> u8 {
        self.game.bridges[player]
    }

    /// B-4: castles in `player`'s supply.
    pub fn castles_in_supply(&self, player: usize) -> u8 {
        self.game.castle_supply[player]
    }

    /// B-4: the castles built so far, in building order.
    pub fn castles(&self) -> &[Castle] {
        &self.game.castles
    }

    /// B-6: bits of [`FeatureAgg::cities`] that are castles (a field scores 4 for them).
    pub fn castle_cities(&self) -> u32 {
        self.game.castle_cities
    }

    /// Roots and kinds of the roads and cities this turn's tile completed (during
    /// [`Phase::Meeple`]; they score when the meeple decision is taken).
    pub fn completed_this_turn(&self) -> &[(Node, FeatureKind)] {
        &self.game.completed
    }
}

/// Checks that a game over `tiles` with a pile of `pile` tiles fits the state's fixed tables.
fn check_capacity(tiles: &CompiledTiles, pile: usize, bridges: usize) -> Result<(), SetupError> {
    let placed = tiles
        .start
        .iter()
        .map(|&(_, v)| v)
        .chain(tiles.land.iter().copied());
    let (mut borders, mut monasteries, mut shared, mut cities) = (0, 0, 0, 0);
    for v in placed {
        let segments = tiles.variant(v).segments();
        let of = |kind| segments.iter().filter(|s| s.kind == kind).count();
        borders += segments
            .iter()
            .map(|s| s.borders.count_ones() as usize)
            .sum::<usize>();
        monasteries += of(FeatureKind::Monastery);
        shared += usize::from(tiles.variant(v).has_several_roads_or_cities());
        cities += of(FeatureKind::City);
    }
    let limits = [
        (pile + tiles.start.len(), MAX_CELLS, "tiles"),
        (
            tiles.total_segments() + bridges,
            MAX_NODES - 1,
            "segments and bridges",
        ),
        (borders, MAX_BORDERS, "field-city borders"),
        (monasteries, MAX_MONASTERIES, "monasteries"),
        (
            shared + bridges,
            MAX_SHARED_TILES,
            "tiles with several roads or cities",
        ),
        (cities, MAX_CITY_SEGMENTS, "city segments"),
    ];
    for (have, most, what) in limits {
        if have > most {
            return Err(SetupError(format!(
                "the tile set has {have} {what}; a Carcassonne game holds at most {most}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// design.md: states are small, cloning is the MCTS hot path (target < 16 KiB). With
    /// the expansions' capacity (92 cells, 16-bit grid and node ids) Carcassonne needs more;
    /// docs/engine.md explains the bound.
    #[test]
    fn state_fits_in_32_kib() {
        let size = std::mem::size_of::<CarcassonneState>();
        assert!(size <= 32 * 1024, "CarcassonneState is {size} bytes");
    }
}
