//! The New World game state: board with the starting column, features (union-find with
//! per-root aggregates), settlers, surveyors, the draw pile and where the turn stands.

use super::options::Options;
use super::setup::SetupError;
use super::stats::{PlayerStats, STAT_NAMES};
use crate::core::board::max_frontier;
use crate::core::fixed_vec::FixedVec;
use crate::core::geom::{Coord, Side};
use crate::core::rng::{rng_from_seed, shuffle};
use crate::core::scoring::majority_mask;
use crate::core::shared_tiles::{joined_tile_count, SharedTileBits};
use crate::core::tile_game::{Feature, GameParts, TileState};
use crate::core::tileset::{CompiledTiles, FeatureKind, Segment, VariantId};
use crate::core::unionfind::Aggregate;
use crate::games::def::check_players;

pub use crate::core::tile_game::MAX_PLAYERS;

/// N-3: settlers in each player's supply at the start (the sixth is the score marker).
pub const SETTLERS: u8 = 5;

/// Most cells: 95 land tiles and 10 starting spaces.
pub const MAX_CELLS: usize = 105;

/// The board: a torus of side `MAX_CELLS + 2` with 16-bit entries.
pub type NewWorldBoard =
    crate::core::board::Board<u16, { MAX_CELLS + 2 }, { max_frontier(MAX_CELLS) }>;

/// A union-find node id (one per tile segment).
pub type Node = u16;

/// Union-find capacity: segments over all tiles and starting spaces.
pub const MAX_NODES: usize = 640;

/// Most farms in a tile set.
pub const MAX_FARMS: usize = 32;

/// Most tiles with two or more trails or towns (bits of [`FeatureAgg::shared`]).
pub const MAX_SHARED_TILES: usize = 32;

/// Most settlers on the board at once.
pub const MAX_SETTLERS: usize = MAX_PLAYERS * SETTLERS as usize;

/// N-11: steps of the variant surveyor on the score track before it enters the board (N-14).
pub const TRACK_STEPS: u8 = 5;

/// What a settler does, from the feature it stands on (N-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// On a town.
    Shopkeeper,
    /// On a trail.
    Robber,
    /// On plains, lying down; never returns (N-17).
    Trapper,
    /// On a farm.
    Farmer,
}

impl Role {
    /// The role of a settler on a segment of `kind`.
    pub fn of(kind: FeatureKind) -> Role {
        match kind {
            FeatureKind::City => Role::Shopkeeper,
            FeatureKind::Road => Role::Robber,
            FeatureKind::Farm => Role::Farmer,
            _ => Role::Trapper,
        }
    }
}

/// Summary of one connected trail, town, plains area or farm, kept at its union-find root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeatureAgg {
    /// Trail and town edges not joined to a neighbour; zero means complete (N-7, N-8). A
    /// starting space's sides facing the sea never count; a land tile's side facing a space
    /// where no tile may go (beyond the board's north or south end) stays open for good.
    pub open: u8,
    /// Distinct tiles (starting spaces included) of a trail or town; 1 for a farm.
    pub tiles: u8,
    /// Flags (town), trading posts (trail) or animal symbols (plains).
    pub marks: u8,
    /// Settlers on it per seat.
    pub settlers: [u8; MAX_PLAYERS],
    /// Bit per tile with several trails or towns that has a segment here (a tile counts once).
    pub shared: u32,
}

impl Aggregate for FeatureAgg {
    fn merge(&mut self, other: &Self) {
        self.open += other.open;
        self.tiles = joined_tile_count((self.tiles, self.shared), (other.tiles, other.shared));
        self.marks += other.marks;
        for (a, b) in self.settlers.iter_mut().zip(other.settlers) {
            *a += b;
        }
        self.shared |= other.shared;
    }
}

impl Feature for FeatureAgg {
    fn join_edges(&mut self) {
        self.open -= 2;
    }
}

impl FeatureAgg {
    /// The summary of segment `seg` of a tile just placed, with `open` of its trail or town
    /// edges open and `shared` its tile's bit among those with several trails or towns (0
    /// for none): trails and towns count the tile and their marks, a farm its tile, plains
    /// their animals.
    pub fn of_segment(seg: &Segment, open: u8, shared: u32) -> FeatureAgg {
        match seg.kind {
            FeatureKind::Road | FeatureKind::City => FeatureAgg {
                open,
                tiles: 1,
                marks: seg.pennants,
                shared,
                ..FeatureAgg::default()
            },
            FeatureKind::Farm => FeatureAgg {
                tiles: 1,
                ..FeatureAgg::default()
            },
            _ => FeatureAgg {
                marks: seg.birds,
                ..FeatureAgg::default()
            },
        }
    }

    /// Whether a settler is on it.
    pub fn is_occupied(&self) -> bool {
        self.settlers.iter().any(|&s| s > 0)
    }

    /// N-10: seats with the most settlers on it (bit mask; ties all score).
    pub fn scorers(&self) -> u8 {
        majority_mask(&self.settlers)
    }
}

/// A placed tile or starting space (`x = 0` is the starting column, land tiles have `x < 0`);
/// it carries its tile's bit among the tiles with several trails or towns
/// ([`FeatureAgg::shared`], 0 for the others).
pub type Cell = crate::core::tile_game::Cell<Node, u32>;

/// A settler on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settler {
    /// Its owner.
    pub player: u8,
    /// The segment it was put on.
    pub node: Node,
    /// What it does.
    pub role: Role,
    /// The column of its tile (N-12, N-13).
    pub column: i8,
}

/// Most features one tile can complete: four sides and nine farms.
pub const MAX_COMPLETED: usize = 13;

/// A feature the tile just placed completed (N-6…N-9), waiting for its turn to be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Completed {
    /// The node that names it in [`Action::Score`](super::Action::Score): the farm's node,
    /// or for a trail or town the first segment (layout order) of the tile just placed
    /// lying in it.
    pub node: Node,
    /// `Road` (trail), `City` (town) or `Farm`.
    pub kind: FeatureKind,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// N-4: place the drawn tile.
    PlaceTile,
    /// N-5: deploy a settler on it or not; scoring (N-6…N-13) follows.
    Settler,
    /// N-11: the active player chooses which of several completed features is scored next
    /// (asked only when the order can matter, docs/new-world-rules-audit.md).
    ScoreOrder,
    /// N-15: over, final scoring done.
    GameOver,
}

/// What a New World position holds beyond the tile core: options, farms, settlers,
/// surveyors and the turn's scoring.
#[derive(Clone)]
pub struct NewWorld {
    pub(super) options: Options,
    /// Farms: (cell index, node).
    pub(super) farms: FixedVec<(u8, Node), MAX_FARMS>,
    pub(super) shared_tiles: SharedTileBits,
    pub(super) settlers: FixedVec<Settler, MAX_SETTLERS>,
    /// Settlers each player lost to the surveyors (N-13).
    pub(super) removed: [u16; MAX_PLAYERS],
    /// Columns of the two surveyors (N-11).
    pub(super) surveyors: [i8; 2],
    /// N-14: steps the second surveyor has taken on the score track ([`TRACK_STEPS`] = on
    /// the board).
    pub(super) track_steps: u8,
    /// Westernmost column with a tile.
    pub(super) west: i8,
    pub(super) phase: Phase,
    /// Features scored so far (N-11 moves).
    pub(super) scorings: u16,
    /// N-11: what the tile just placed completed, in the engine's fixed order (features the
    /// active player scores on first, then the others; farms first in each group, then the
    /// tile's trails and towns in layout order). Empty between turns.
    pub(super) completed: FixedVec<Completed, MAX_COMPLETED>,
    /// Bit `i`: `completed[i]` has been scored (or passed over, having no settler left).
    pub(super) resolved: u16,
}

impl GameParts for NewWorld {
    type Feature = FeatureAgg;
    type CellData = u32;
    type Node = Node;
    type Entry = u16;
    type Stats = PlayerStats;
    const STAT_NAMES: &'static [&'static str] = &STAT_NAMES;
}

/// A complete New World position: the tile core on a board of side `MAX_CELLS + 2` with
/// 16-bit entries and nodes, with [`NewWorld`]'s part.
pub type NewWorldState =
    TileState<NewWorld, { MAX_CELLS + 2 }, { max_frontier(MAX_CELLS) }, MAX_NODES>;

impl NewWorldState {
    /// A game on the built-in tiles with `players` players, the pile shuffled from `seed`.
    pub fn new(players: usize, seed: u64, options: Options) -> Result<NewWorldState, SetupError> {
        let tiles = <NewWorldState as crate::games::def::GameDef>::builtin_tiles();
        let mut order = tiles.land.clone();
        shuffle(&mut rng_from_seed(seed), &mut order);
        NewWorldState::with_order(tiles, players, &order, options)
    }

    /// A game on `tiles` whose draw pile is `order` (top first).
    pub fn with_order(
        tiles: &'static CompiledTiles,
        players: usize,
        order: &[VariantId],
        options: Options,
    ) -> Result<NewWorldState, SetupError> {
        let game = Self::starting_part(tiles, players, order, options)?;
        let mut s = NewWorldState::blank(tiles, players, SETTLERS, game);
        s.lay_out(order);
        Ok(s)
    }

    /// Turns this position into [`NewWorldState::with_order`]'s in place, writing only the
    /// parts the previous game used (loops over many games copy no whole state). On error the
    /// position is left unchanged.
    pub fn restart_with_order(
        &mut self,
        tiles: &'static CompiledTiles,
        players: usize,
        order: &[VariantId],
        options: Options,
    ) -> Result<(), SetupError> {
        let game = Self::starting_part(tiles, players, order, options)?;
        self.reset(tiles, players, SETTLERS, game);
        self.lay_out(order);
        Ok(())
    }

    /// The game's own part at the start, once the players and the pile are known to fit.
    fn starting_part(
        tiles: &'static CompiledTiles,
        players: usize,
        order: &[VariantId],
        options: Options,
    ) -> Result<NewWorld, SetupError> {
        check_players::<NewWorldState>(players).map_err(SetupError)?;
        check_capacity(tiles, order.len())?;
        Ok(NewWorld {
            options,
            farms: FixedVec::default(),
            shared_tiles: SharedTileBits::default(),
            settlers: FixedVec::default(),
            removed: [0; MAX_PLAYERS],
            surveyors: [0, 0],
            track_steps: if options.surveyor_variant {
                0
            } else {
                TRACK_STEPS
            },
            west: 0,
            phase: Phase::PlaceTile,
            scorings: 0,
            completed: FixedVec::default(),
            resolved: 0,
        })
    }

    /// Lays the draw pile and the starting board and draws the first tile.
    fn lay_out(&mut self, order: &[VariantId]) {
        self.pile.set(order);
        self.place_start_cells();
        self.begin_turn();
    }

    /// The rule options.
    pub fn options(&self) -> &Options {
        &self.game.options
    }

    /// The decision awaited.
    pub fn phase(&self) -> Phase {
        self.game.phase
    }

    /// Settlers in `player`'s supply.
    pub fn settlers_in_supply(&self, player: usize) -> u8 {
        self.meeples_in_supply(player)
    }

    /// Settlers on the board.
    pub fn placed_settlers(&self) -> &[Settler] {
        &self.game.settlers
    }

    /// Settlers `player` lost to the surveyors (N-13).
    pub fn settlers_removed(&self, player: usize) -> u16 {
        self.game.removed[player]
    }

    /// Columns of the surveyors on the board (N-11; one while the variant surveyor is still
    /// on the score track, N-14).
    pub fn surveyor_columns(&self) -> &[i8] {
        &self.game.surveyors[..if self.game.track_steps == TRACK_STEPS {
            2
        } else {
            1
        }]
    }

    /// N-14: the variant surveyor's space on the score track (5 once it is on the board).
    pub fn track_surveyor(&self) -> u8 {
        self.game.track_steps
    }

    /// Westernmost column holding a tile.
    pub fn westernmost_column(&self) -> i8 {
        self.game.west
    }

    /// Features scored during play (each moved a surveyor, N-11).
    pub fn scorings(&self) -> usize {
        self.game.scorings as usize
    }

    /// N-11: the features completed this turn that still wait to be scored, with settlers on
    /// them, in the engine's fixed order (empty except while the turn's scoring runs; during
    /// [`Phase::ScoreOrder`] these are the choices).
    pub fn waiting_features(&self) -> impl Iterator<Item = Completed> + '_ {
        let waiting = self.waiting();
        (0..self.game.completed.len())
            .filter(move |i| waiting & (1 << i) != 0)
            .map(|i| self.game.completed[i])
    }

    /// Number of cells placed among the eight around `c` (N-9).
    pub fn placed_around(&self, c: Coord) -> u8 {
        self.board.placed_around(c)
    }

    /// Whether `c` is a starting space (the board's column `x = 0`, N-2).
    pub fn is_starting_space(&self, c: Coord) -> bool {
        c.x >= 0 && self.tiles.start.iter().any(|&(s, _)| s == c)
    }

    /// Whether no tile may ever be placed at `c`: the sea and the ground beyond the board's
    /// north and south ends, east of the land (`x >= 0`, not a starting space; N-4).
    pub fn is_never_placeable(&self, c: Coord) -> bool {
        c.x >= 0 && !self.is_starting_space(c)
    }

    /// N-7, N-8: whether side `side` of the cell at `at` is closed for good by the sea. Only
    /// the starting board's own spaces border the sea: a starting space's side facing a
    /// space where no tile may go (east of the first column beyond the board's north or south
    /// end) is closed, while a land tile's side facing such a space stays open forever.
    pub fn borders_sea(&self, at: Coord, side: Side) -> bool {
        self.is_starting_space(at) && self.is_never_placeable(at.step(side))
    }
}

/// Checks that a game over `tiles` with a pile of `pile` tiles fits the fixed tables.
fn check_capacity(tiles: &CompiledTiles, pile: usize) -> Result<(), SetupError> {
    let all = tiles
        .start
        .iter()
        .map(|&(_, v)| v)
        .chain(tiles.land.iter().copied());
    let (mut farms, mut shared) = (0, 0);
    for v in all {
        let segs = tiles.variant(v).segments();
        let of = |k| segs.iter().filter(|s| s.kind == k).count();
        farms += of(FeatureKind::Farm);
        shared += usize::from(tiles.variant(v).has_several_roads_or_cities());
    }
    let limits = [
        (pile + tiles.start.len(), MAX_CELLS, "tiles"),
        (tiles.total_segments(), MAX_NODES, "segments"),
        (farms, MAX_FARMS, "farms"),
        (
            shared,
            MAX_SHARED_TILES,
            "tiles with several trails or towns",
        ),
    ];
    for (have, most, what) in limits {
        if have > most {
            return Err(SetupError(format!(
                "the tile set has {have} {what}; a New World game holds at most {most}"
            )));
        }
    }
    Ok(())
}
