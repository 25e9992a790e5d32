//! The Carcassonne game state: board, features, meeples, the draw pile, and where the turn
//! stands.

use super::bcb::{bridges_and_castles, Bridge, Castle, MAX_CASTLES};
use super::features::FeatureAgg;
use super::options::{Options, MAX_MEEPLES_PER_PLAYER};
use super::robbers::Track;
use super::setup::{ResolvedSetup, Setup, SetupError};
use super::stats::PlayerStats;
use crate::core::board::{self, max_frontier};
use crate::core::geom::{Coord, Rotation};
use crate::core::shared_tiles::SharedTileBits;
use crate::core::tileset::{
    CompiledTiles, FeatureKind, Orientation, Variant, VariantId, CARCASSONNE_MAX_CELLS,
    CARCASSONNE_MAX_SEGMENTS,
};
use crate::core::unionfind::UnionFind;

/// Most players in a game.
pub const MAX_PLAYERS: usize = 5;

/// Most cells: the base game's 72 tiles and every expansion's (92 with The Robbers and
/// Bridges, Castles and Bazaars).
pub const MAX_CELLS: usize = CARCASSONNE_MAX_CELLS;

/// The board: a torus of side `MAX_CELLS + 2` with 16-bit entries (cell indices and
/// frontier slots exceed a byte), see `docs/engine.md`.
pub type CarcassonneBoard = board::Board<u16, { MAX_CELLS + 2 }, { max_frontier(MAX_CELLS) }>;

/// A union-find node id (segments of all tiles exceed 255).
pub type Node = u16;

/// Union-find capacity: segments over all tiles of a game.
pub const MAX_NODES: usize = CARCASSONNE_MAX_SEGMENTS + 1;

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

/// A cell with a tile on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Where it is.
    pub at: Coord,
    /// Which tile copy.
    pub variant: VariantId,
    /// How it is turned.
    pub rot: Rotation,
    /// Union-find node of its first segment (its segments are consecutive nodes).
    pub first_node: Node,
    /// B-2: the bridge built on it, if any.
    pub bridge: Option<Bridge>,
    /// Bit of [`FeatureAgg::shared`] of this tile (0 when its roads and cities are one each).
    pub shared: u32,
}

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

/// A complete Carcassonne position.
#[derive(Clone)]
pub struct CarcassonneState {
    pub(super) tiles: &'static CompiledTiles,
    pub(super) options: Options,
    pub(super) n_players: u8,
    pub(super) board: CarcassonneBoard,
    pub(super) cells: [Cell; MAX_CELLS],
    pub(super) n_cells: u8,
    pub(super) features: UnionFind<FeatureAgg, MAX_NODES, Node>,
    /// (field node, city node) of every field beside a city on a placed tile.
    pub(super) borders: [(Node, Node); MAX_BORDERS],
    pub(super) n_borders: u8,
    pub(super) monasteries: [Monastery; MAX_MONASTERIES],
    pub(super) n_monasteries: u8,
    /// Tiles with several roads or cities placed so far (next bit of `FeatureAgg::shared`).
    pub(super) shared_tiles: SharedTileBits,
    /// Cities completed so far (next bit of `FeatureAgg::cities`).
    pub(super) cities_completed: u8,
    pub(super) pile: [VariantId; MAX_CELLS],
    pub(super) pile_next: u8,
    pub(super) pile_len: u8,
    pub(super) supply: [u8; MAX_PLAYERS],
    /// Scores, markers and robbers (C-6, R-2…R-6).
    pub(super) track: Track,
    /// players (bit per seat) still to decide on their robber after this turn's tile.
    pub(super) robber_queue: u8,
    pub(super) stats: [PlayerStats; MAX_PLAYERS],
    pub(super) meeples: [PlacedMeeple; MAX_MEEPLES],
    pub(super) n_meeples: u8,
    /// Roots and kinds of the roads and cities this turn's tile completed (scored after the
    /// meeple).
    pub(super) completed: [(Node, FeatureKind); MAX_TURN_COMPLETIONS],
    pub(super) n_completed: u8,
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
    pub(super) castles: [Castle; MAX_CASTLES],
    pub(super) n_castles: u8,
    /// B-6: bits of [`FeatureAgg::cities`] of the cities converted into castles.
    pub(super) castle_cities: u32,
    /// B-5: features completed this turn that castles may score (and castles scored).
    pub(super) events: [super::bcb::Event; super::bcb::MAX_EVENTS],
    pub(super) n_events: u8,
    /// B-7: the bazaar in progress.
    pub(super) bazaar: super::bazaar::Bazaar,
    /// B-7: the tile of this turn was held from a bazaar (it opens no bazaar).
    pub(super) from_bazaar: bool,
    pub(super) phase: Phase,
    pub(super) active: u8,
    pub(super) decider: u8,
    pub(super) drawn: VariantId,
    pub(super) turn: u16,
    /// Tiles removed from the game because they fitted nowhere (C-2).
    pub(super) tiles_removed: u8,
    /// B-2: tiles discarded instead of being placed with a bridge.
    pub(super) tiles_discarded: u8,
}

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
        let n = setup.players;
        let (bridges, castles) = if setup.options.expansions.bcb {
            bridges_and_castles(n)
        } else {
            (0, 0)
        };
        check_capacity(tiles, setup.tile_order.len(), n * bridges as usize)?;
        let mut s = CarcassonneState {
            tiles,
            options: setup.options,
            n_players: n as u8,
            board: CarcassonneBoard::default(),
            cells: [Cell::default(); MAX_CELLS],
            n_cells: 0,
            features: UnionFind::default(),
            borders: [(0, 0); MAX_BORDERS],
            n_borders: 0,
            monasteries: [Monastery::default(); MAX_MONASTERIES],
            n_monasteries: 0,
            shared_tiles: SharedTileBits::default(),
            cities_completed: 0,
            pile: [0; MAX_CELLS],
            pile_next: 0,
            pile_len: setup.tile_order.len() as u8,
            supply: [0; MAX_PLAYERS],
            track: Track::new(n),
            robber_queue: 0,
            stats: [PlayerStats::default(); MAX_PLAYERS],
            meeples: [PlacedMeeple {
                player: 0,
                node: 0,
                kind: FeatureKind::Road,
            }; MAX_MEEPLES],
            n_meeples: 0,
            completed: [(0, FeatureKind::Road); MAX_TURN_COMPLETIONS],
            n_completed: 0,
            completed_city_bit: [0; MAX_TURN_COMPLETIONS],
            castle_asked: 0,
            castle_built: 0,
            bridges: [0; MAX_PLAYERS],
            castle_supply: [0; MAX_PLAYERS],
            turn_bridge: None,
            castles: [Castle::default(); MAX_CASTLES],
            n_castles: 0,
            castle_cities: 0,
            events: [super::bcb::Event::default(); super::bcb::MAX_EVENTS],
            n_events: 0,
            bazaar: super::bazaar::Bazaar::default(),
            from_bazaar: false,
            phase: Phase::PlaceTile,
            active: 0,
            decider: 0,
            drawn: 0,
            turn: 0,
            tiles_removed: 0,
            tiles_discarded: 0,
        };
        s.pile[..setup.tile_order.len()].copy_from_slice(&setup.tile_order);
        s.supply[..n].fill(setup.options.meeples);
        s.bridges[..n].fill(bridges);
        s.castle_supply[..n].fill(castles);
        for &(at, v) in &tiles.start {
            s.put_tile(at, v, Rotation::default());
        }
        s.begin_turn();
        Ok(s)
    }

    /// The compiled tile set in use.
    pub fn tiles(&self) -> &'static CompiledTiles {
        self.tiles
    }

    /// The rule options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n_players as usize
    }

    /// The decision the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is.
    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    /// Turns completed so far.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The tile to place (in [`Phase::PlaceTile`]; afterwards the tile just placed).
    pub fn drawn_tile(&self) -> VariantId {
        self.drawn
    }

    /// The placed cells, in placement order (the start tile first).
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.n_cells as usize]
    }

    /// The cell placed last (this turn's tile once it is placed).
    pub fn last_cell(&self) -> &Cell {
        &self.cells[self.n_cells as usize - 1]
    }

    /// The board (cells and frontier).
    pub fn board(&self) -> &CarcassonneBoard {
        &self.board
    }

    /// The cell at `c`, if a tile is there.
    pub fn cell_at(&self, c: Coord) -> Option<&Cell> {
        self.board.get(c).map(|i| &self.cells[i as usize])
    }

    /// The compiled variant of a placed cell.
    pub fn variant_of(&self, cell: &Cell) -> &Variant {
        self.tiles.variant(cell.variant)
    }

    /// The orientation (rotated data) of a placed cell.
    pub fn orientation_of(&self, cell: &Cell) -> &Orientation {
        &self.tiles.variant(cell.variant).orientations[cell.rot.quarter_turns() as usize]
    }

    /// The aggregate of the feature containing union-find node `node`.
    pub fn feature(&self, node: Node) -> &FeatureAgg {
        self.features.get(node)
    }

    /// The root node of the feature containing `node`.
    pub fn feature_root(&self, node: Node) -> Node {
        self.features.root(node)
    }

    /// Meeples in `player`'s supply.
    pub fn meeples_in_supply(&self, player: usize) -> u8 {
        self.supply[player]
    }

    /// Meeples on the board.
    pub fn placed_meeples(&self) -> &[PlacedMeeple] {
        &self.meeples[..self.n_meeples as usize]
    }

    /// Per-player statistics.
    pub fn stats(&self, player: usize) -> &PlayerStats {
        &self.stats[player]
    }

    /// C-6: the space of `player`'s marker on the 50-space scoring track (`score mod 50`).
    pub fn track_position(&self, player: usize) -> u8 {
        self.track.position(player)
    }

    /// The scoring track: scores, markers and robbers (R-2…R-6).
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// The player who takes the current decision (the active player, or another player
    /// placing a robber or choosing for theirs, R-2, R-5 and R-5b, or bidding, B-7).
    pub fn decider(&self) -> usize {
        self.decider as usize
    }

    /// Cities completed so far.
    pub fn cities_completed(&self) -> usize {
        self.cities_completed as usize
    }

    /// Tiles still in the draw pile (not counting the one drawn).
    pub fn tiles_left(&self) -> usize {
        (self.pile_len - self.pile_next) as usize
    }

    /// Tiles removed from the game because they fitted nowhere (C-2); tiles players discarded
    /// are counted apart ([`CarcassonneState::tiles_discarded`]).
    pub fn tiles_removed(&self) -> usize {
        self.tiles_removed as usize
    }

    /// B-2: tiles players discarded instead of placing them with a bridge (they left the game
    /// too, like the tiles of [`CarcassonneState::tiles_removed`]).
    pub fn tiles_discarded(&self) -> usize {
        self.tiles_discarded as usize
    }

    /// The unseen draw pile, top first.
    pub fn pile(&self) -> &[VariantId] {
        &self.pile[self.pile_next as usize..self.pile_len as usize]
    }

    /// B-2: bridges in `player`'s supply.
    pub fn bridges_in_supply(&self, player: usize) -> u8 {
        self.bridges[player]
    }

    /// B-4: castles in `player`'s supply.
    pub fn castles_in_supply(&self, player: usize) -> u8 {
        self.castle_supply[player]
    }

    /// B-4: the castles built so far, in building order.
    pub fn castles(&self) -> &[Castle] {
        &self.castles[..self.n_castles as usize]
    }

    /// B-6: bits of [`FeatureAgg::cities`] that are castles (a field scores 4 for them).
    pub fn castle_cities(&self) -> u32 {
        self.castle_cities
    }

    /// Roots and kinds of the roads and cities this turn's tile completed (during
    /// [`Phase::Meeple`]; they score when the meeple decision is taken).
    pub fn completed_this_turn(&self) -> &[(Node, FeatureKind)] {
        &self.completed[..self.n_completed as usize]
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
