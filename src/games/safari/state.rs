//! The Safari game state: board, features, supplies, draw piles, and where the turn stands.

use super::features::FeatureAgg;
use super::options::Options;
use super::setup::{ResolvedSetup, Setup, SetupError, TOKENS_PER_SPECIES};
use super::stats::PlayerStats;
use crate::core::board::{Board, MAX_CELLS};
use crate::core::draw_pile::EdgeClassCounts;
use crate::core::geom::{Coord, Rotation, Vertex};
use crate::core::rng::{derive_seed, rng_from_seed, shuffle, GameRng};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::{CompiledTiles, Orientation, Variant, VariantId};
use crate::core::unionfind::UnionFind;

/// Most players in a Safari game.
pub const MAX_PLAYERS: usize = 5;

/// Union-find capacity: segments over all cells of a game.
pub const MAX_NODES: usize = 256;

/// Tokens in the game (S-1.4).
pub const TOTAL_TOKENS: usize = 50;

/// Most meeples on the board at once (players × meeples per player).
pub const MAX_MEEPLES: usize = MAX_PLAYERS * 12;

/// A cell with a tile on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Where it is.
    pub at: Coord,
    /// Which tile copy.
    pub variant: VariantId,
    /// How it is turned.
    pub rot: Rotation,
    /// Union-find node of its first segment (segments are consecutive).
    pub first_node: u8,
    /// Tokens on its corner slots: 4 bits per corner (`Corner::index`), 0 = none, else
    /// species index + 1.
    pub tokens: u16,
    /// Corners that are open savanna and hold no token (4-bit mask): where a hole may go.
    pub free_corners: u8,
    /// Corners whose vertex holds a token on any of its four slots (4-bit mask).
    pub near_token: u8,
    /// Corners that are open savanna, token or not (4-bit mask; the orientation's
    /// `open_corners`, kept here for the heuristics).
    pub open_corners: u8,
}

impl Cell {
    /// The token on `corner`, if any.
    pub fn token(&self, corner: crate::core::geom::Corner) -> Option<Species> {
        let v = (self.tokens >> (4 * corner.index())) & 0xF;
        (v != 0).then(|| Species::from_index(v as usize - 1))
    }
}

/// Where a meeple stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// On a path or bush: the union-find node of the segment it was put on.
    Feature(u8),
    /// Lying on the baobab of a cell (index into the cells).
    Baobab(u8),
    /// On a watering hole at a vertex.
    Hole(Vertex),
}

/// A meeple on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedMeeple {
    /// Its owner.
    pub player: u8,
    /// Where it stands.
    pub spot: Spot,
}

/// What kind of decision the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// S-4: place the drawn tile.
    PlaceTile,
    /// S-5: the one action.
    Action,
    /// S-6.8: choose which completed feature to score next.
    ScoreOrder,
    /// S-6.5: a scoring player may boost the feature being scored.
    Boost,
    /// S-7.3: re-place the displaced vehicle.
    ReplaceVehicle,
    /// S-10: the game is over.
    GameOver,
}

/// Steps of the scoring part of a turn (S-6), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    BaobabsFirst,
    Features,
    BaobabsLast,
    Vehicle,
    EndTurn,
}

/// Bookkeeping for step 3 of the turn in progress.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scoring {
    pub stage: Stage,
    /// Segment (of the tile placed this turn) of each completed, occupied feature.
    pub completed: [u8; 4],
    pub n_completed: u8,
    /// Bit per entry of `completed`: already scored.
    pub resolved: u8,
    /// Entry being scored, if any.
    pub current: Option<u8>,
    /// Next seat offset (from the active player) to ask for a boost.
    pub next_offset: u8,
    /// Extra species each seat added to the current feature.
    pub boosts: [u8; MAX_PLAYERS],
    /// Vehicle displaced by this turn's tile.
    pub displaced: Option<u8>,
}

impl Scoring {
    pub(super) const IDLE: Scoring = Scoring {
        stage: Stage::BaobabsFirst,
        completed: [0; 4],
        n_completed: 0,
        resolved: 0,
        current: None,
        next_offset: 0,
        boosts: [0; MAX_PLAYERS],
        displaced: None,
    };
}

/// How many tiles fit a vehicle's space (for the `next_vehicle_points` heuristic term): kept
/// by the turn logic whenever the vehicles, the cells around them or the draws change, since
/// heuristics read it far more often.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct VehicleFit {
    /// The edge classes that fit a vehicle's space (one bit per class).
    pub classes: u128,
    /// Unseen tiles of the pile that fit.
    pub unseen: u8,
    /// Whether the drawn tile fits.
    pub drawn: bool,
}

impl VehicleFit {
    /// Takes tile `v` off the unseen tiles (a draw).
    pub fn take(&mut self, tiles: &CompiledTiles, v: VariantId) {
        if self.fits(tiles, v) {
            self.unseen -= 1;
        }
    }

    /// Whether tile `v` fits a vehicle's space.
    pub fn fits(&self, tiles: &CompiledTiles, v: VariantId) -> bool {
        self.classes & 1 << tiles.edge_class[v as usize] != 0
    }
}

/// A complete Carcassonne Safari position.
pub struct SafariState {
    pub(super) tiles: &'static CompiledTiles,
    pub(super) options: Options,
    pub(super) n_players: u8,
    pub(super) board: Board,
    pub(super) cells: [Cell; MAX_CELLS],
    pub(super) n_cells: u8,
    pub(super) features: UnionFind<FeatureAgg, MAX_NODES>,
    pub(super) pile: [VariantId; MAX_CELLS],
    pub(super) pile_next: u8,
    pub(super) pile_len: u8,
    /// The unseen part of the pile (`pile[pile_next..pile_len]`) counted by edge class.
    pub(super) unseen: EdgeClassCounts,
    pub(super) vehicle_fit: VehicleFit,
    pub(super) bag: [u8; TOTAL_TOKENS],
    pub(super) bag_next: u8,
    pub(super) bag_len: u8,
    pub(super) discard: SpeciesCounts,
    pub(super) hands: [SpeciesCounts; MAX_PLAYERS],
    pub(super) supply: [u8; MAX_PLAYERS],
    pub(super) scores: [i32; MAX_PLAYERS],
    pub(super) stats: [PlayerStats; MAX_PLAYERS],
    pub(super) vehicles: [Option<Coord>; 2],
    pub(super) meeples: [PlacedMeeple; MAX_MEEPLES],
    pub(super) n_meeples: u8,
    /// Meeples lying on baobabs (so baobab scoring is skipped when there are none).
    pub(super) on_baobabs: u8,
    pub(super) phase: Phase,
    pub(super) active: u8,
    pub(super) decider: u8,
    pub(super) drawn: VariantId,
    pub(super) scoring: Scoring,
    pub(super) turn: u16,
    pub(super) tiles_removed: u8,
    pub(super) tokens_placed: u8,
    pub(super) rng: GameRng,
}

impl Clone for SafariState {
    fn clone(&self) -> Self {
        let mut s = SafariState::blank(self.tiles, self.options, self.players(), 0);
        s.clone_from(self);
        s
    }

    fn clone_from(&mut self, src: &Self) {
        self.tiles = src.tiles;
        self.options = src.options;
        self.n_players = src.n_players;
        self.board.clone_from(&src.board);
        let n = src.n_cells as usize;
        self.cells[..n].copy_from_slice(&src.cells[..n]);
        self.n_cells = src.n_cells;
        self.features.clone_from(&src.features);
        self.pile = src.pile;
        self.pile_next = src.pile_next;
        self.pile_len = src.pile_len;
        self.unseen = src.unseen;
        self.vehicle_fit = src.vehicle_fit;
        self.bag = src.bag;
        self.bag_next = src.bag_next;
        self.bag_len = src.bag_len;
        self.discard = src.discard;
        self.hands = src.hands;
        self.supply = src.supply;
        self.scores = src.scores;
        self.stats = src.stats;
        self.vehicles = src.vehicles;
        let n = src.n_meeples as usize;
        self.meeples[..n].copy_from_slice(&src.meeples[..n]);
        self.n_meeples = src.n_meeples;
        self.on_baobabs = src.on_baobabs;
        self.phase = src.phase;
        self.active = src.active;
        self.decider = src.decider;
        self.drawn = src.drawn;
        self.scoring = src.scoring;
        self.turn = src.turn;
        self.tiles_removed = src.tiles_removed;
        self.tokens_placed = src.tokens_placed;
        self.rng = src.rng.clone();
    }
}

/// Checks that a game with `land` land tiles fits the state's fixed capacities.
fn check_capacity(tiles: &CompiledTiles, land: usize) -> Result<(), SetupError> {
    if land + tiles.start.len() > MAX_CELLS {
        return Err(SetupError(format!(
            "{} tiles exceed the board limit of {MAX_CELLS} cells",
            land + tiles.start.len()
        )));
    }
    if tiles.total_segments() >= MAX_NODES {
        return Err(SetupError(format!(
            "the tile set has {} segments; at most {} are supported",
            tiles.total_segments(),
            MAX_NODES - 1
        )));
    }
    Ok(())
}

impl SafariState {
    /// Starts a game from a setup (shuffling whatever it leaves open).
    pub fn new(setup: &Setup) -> Result<SafariState, SetupError> {
        if !setup.leaves_everything_to_the_seed() {
            let resolved = setup.resolve()?;
            return SafariState::from_resolved(setup.tiles, &resolved);
        }
        setup.check()?;
        check_capacity(setup.tiles, setup.tiles.land.len())?;
        // Built inside the result, so the 12 KB state is not moved into it afterwards.
        let mut out = Ok(SafariState::blank(
            setup.tiles,
            setup.options,
            setup.players,
            setup.seed,
        ));
        if let Ok(s) = &mut out {
            s.deal_from_seed(setup);
        }
        out
    }

    /// Starts a game whose draw orders and hands are fixed.
    pub fn from_resolved(
        tiles: &'static CompiledTiles,
        setup: &ResolvedSetup,
    ) -> Result<SafariState, SetupError> {
        check_capacity(tiles, setup.tile_order.len())?;
        let mut out = Ok(SafariState::blank(
            tiles,
            setup.options,
            setup.players,
            setup.seed,
        ));
        if let Ok(s) = &mut out {
            s.deal_resolved(setup);
        }
        out
    }

    /// Turns this state into the start of a new game from `setup`, reusing its memory: the same
    /// game as `SafariState::new(setup)`, without building and moving a whole new state (for
    /// callers that play many games in a row). On error the state is left unchanged.
    pub fn restart(&mut self, setup: &Setup) -> Result<(), SetupError> {
        if !setup.leaves_everything_to_the_seed() {
            let resolved = setup.resolve()?;
            check_capacity(setup.tiles, resolved.tile_order.len())?;
            self.clear(setup.tiles, setup.options, setup.players, setup.seed);
            self.deal_resolved(&resolved);
            return Ok(());
        }
        setup.check()?;
        check_capacity(setup.tiles, setup.tiles.land.len())?;
        self.clear(setup.tiles, setup.options, setup.players, setup.seed);
        self.deal_from_seed(setup);
        Ok(())
    }

    /// A state with nothing placed, dealt or drawn yet.
    fn blank(
        tiles: &'static CompiledTiles,
        options: Options,
        players: usize,
        seed: u64,
    ) -> SafariState {
        SafariState {
            tiles,
            options,
            n_players: players as u8,
            board: Board::default(),
            cells: [Cell::default(); MAX_CELLS],
            n_cells: 0,
            features: UnionFind::default(),
            pile: [0; MAX_CELLS],
            pile_next: 0,
            pile_len: 0,
            unseen: EdgeClassCounts::EMPTY,
            vehicle_fit: VehicleFit::default(),
            bag: [0; TOTAL_TOKENS],
            bag_next: 0,
            bag_len: 0,
            discard: SpeciesCounts::EMPTY,
            hands: [SpeciesCounts::EMPTY; MAX_PLAYERS],
            supply: [0; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            stats: [PlayerStats::default(); MAX_PLAYERS],
            vehicles: [None; 2],
            meeples: [PlacedMeeple {
                player: 0,
                spot: Spot::Baobab(0),
            }; MAX_MEEPLES],
            n_meeples: 0,
            on_baobabs: 0,
            phase: Phase::PlaceTile,
            active: 0,
            decider: 0,
            drawn: 0,
            scoring: Scoring::IDLE,
            turn: 0,
            tiles_removed: 0,
            tokens_placed: 0,
            rng: rng_from_seed(derive_seed(seed, 1)),
        }
    }

    /// Makes this state [`SafariState::blank`] field by field (assigning a whole blank state
    /// would build it elsewhere and copy 12 KB). The cell, meeple, pile and bag arrays keep
    /// stale entries past their lengths, which nothing reads.
    fn clear(
        &mut self,
        tiles: &'static CompiledTiles,
        options: Options,
        players: usize,
        seed: u64,
    ) {
        self.tiles = tiles;
        self.options = options;
        self.n_players = players as u8;
        self.board = Board::default();
        self.n_cells = 0;
        self.features = UnionFind::default();
        self.pile_next = 0;
        self.pile_len = 0;
        self.bag_next = 0;
        self.bag_len = 0;
        self.discard = SpeciesCounts::EMPTY;
        self.hands = [SpeciesCounts::EMPTY; MAX_PLAYERS];
        self.supply = [0; MAX_PLAYERS];
        self.scores = [0; MAX_PLAYERS];
        self.stats = [PlayerStats::default(); MAX_PLAYERS];
        self.vehicles = [None; 2];
        self.n_meeples = 0;
        self.on_baobabs = 0;
        self.phase = Phase::PlaceTile;
        self.active = 0;
        self.decider = 0;
        self.drawn = 0;
        self.scoring = Scoring::IDLE;
        self.turn = 0;
        self.tiles_removed = 0;
        self.tokens_placed = 0;
        self.rng = rng_from_seed(derive_seed(seed, 1));
    }

    /// Fills a blank state with fixed draw orders and hands, then starts the game.
    fn deal_resolved(&mut self, setup: &ResolvedSetup) {
        self.pile[..setup.tile_order.len()].copy_from_slice(&setup.tile_order);
        self.pile_len = setup.tile_order.len() as u8;
        for (i, t) in setup.token_order.iter().enumerate() {
            self.bag[i] = t.index() as u8;
        }
        self.bag_len = setup.token_order.len() as u8;
        for (p, hand) in setup.hands.iter().enumerate() {
            for t in hand {
                self.hands[p].add(*t);
            }
            self.supply[p] = setup.options.meeples;
        }
        self.lay_out();
    }

    /// Fills a blank state the way [`Setup::resolve`] resolves a setup without explicit orders
    /// or hands — the same random draws in the same order, so the same game — but shuffling
    /// straight into the state's arrays instead of through vectors.
    fn deal_from_seed(&mut self, setup: &Setup) {
        let mut rng = rng_from_seed(derive_seed(setup.seed, 0));
        let land = &setup.tiles.land;
        self.pile[..land.len()].copy_from_slice(land);
        shuffle(&mut rng, &mut self.pile[..land.len()]);
        self.pile_len = land.len() as u8;
        let mut n = 0;
        for s in Species::ALL {
            for _ in 0..TOKENS_PER_SPECIES {
                self.bag[n] = s.index() as u8;
                n += 1;
            }
        }
        shuffle(&mut rng, &mut self.bag[..n]);
        let deal = setup.options.start_tokens as usize;
        let mut dealt = 0;
        for p in 0..setup.players {
            let k = deal.min(n - dealt);
            for &t in &self.bag[dealt..dealt + k] {
                self.hands[p].add(Species::from_index(t as usize));
            }
            dealt += k;
            self.supply[p] = setup.options.meeples;
        }
        self.bag.copy_within(dealt..n, 0);
        self.bag_len = (n - dealt) as u8;
        self.lay_out();
    }

    /// Places the start cells and vehicles and draws the first tile.
    fn lay_out(&mut self) {
        let tiles = self.tiles;
        self.unseen = EdgeClassCounts::of(tiles, self.pile());
        for &(at, v) in &tiles.start {
            self.put_tile(at, v, Rotation::default());
        }
        for (i, at) in tiles
            .vehicles
            .iter()
            .take(self.options.vehicles as usize)
            .enumerate()
        {
            self.vehicles[i] = Some(*at);
        }
        self.vehicle_fit = self.fresh_vehicle_fit();
        self.begin_turn();
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

    /// The tile to place (meaningful in [`Phase::PlaceTile`]; afterwards the tile just placed).
    pub fn drawn_tile(&self) -> VariantId {
        self.drawn
    }

    /// The placed cells, in placement order (start cells first).
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.n_cells as usize]
    }

    /// The cell placed this turn (valid after [`Phase::PlaceTile`]).
    pub fn last_cell(&self) -> &Cell {
        &self.cells[self.n_cells as usize - 1]
    }

    /// The board (cells and frontier).
    pub fn board(&self) -> &Board {
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
    pub fn feature(&self, node: u8) -> &FeatureAgg {
        self.features.get(node)
    }

    /// The root node of the feature containing `node`.
    pub fn feature_root(&self, node: u8) -> u8 {
        self.features.root(node)
    }

    /// Tokens in each player's supply.
    pub fn hand(&self, player: usize) -> &SpeciesCounts {
        &self.hands[player]
    }

    /// Meeples in each player's supply.
    pub fn meeples_in_supply(&self, player: usize) -> u8 {
        self.supply[player]
    }

    /// Meeples on the board.
    pub fn placed_meeples(&self) -> &[PlacedMeeple] {
        &self.meeples[..self.n_meeples as usize]
    }

    /// Vehicle positions (`None` for vehicles not in play).
    pub fn vehicles(&self) -> [Option<Coord>; 2] {
        self.vehicles
    }

    /// Per-player statistics.
    pub fn stats(&self, player: usize) -> &PlayerStats {
        &self.stats[player]
    }

    /// Tiles still in the draw pile (not counting the one drawn).
    pub fn tiles_left(&self) -> usize {
        (self.pile_len - self.pile_next) as usize
    }

    /// Tiles removed to the box because they fitted nowhere (S-4.2).
    pub fn tiles_removed(&self) -> usize {
        self.tiles_removed as usize
    }

    /// The unseen draw pile, top first.
    pub fn pile(&self) -> &[VariantId] {
        &self.pile[self.pile_next as usize..self.pile_len as usize]
    }

    /// Tokens still in the bag (face down).
    pub fn bag_counts(&self) -> SpeciesCounts {
        let mut c = SpeciesCounts::EMPTY;
        for &t in &self.bag[self.bag_next as usize..self.bag_len as usize] {
            c.add(Species::from_index(t as usize));
        }
        c
    }

    /// Face-up discarded tokens.
    pub fn discard(&self) -> &SpeciesCounts {
        &self.discard
    }

    /// Tokens lying on watering holes, counted per species.
    pub fn tokens_on_board(&self) -> SpeciesCounts {
        let mut c = SpeciesCounts::EMPTY;
        for cell in self.cells() {
            for corner in crate::core::geom::Corner::ALL {
                if let Some(s) = cell.token(corner) {
                    c.add(s);
                }
            }
        }
        c
    }

    /// The completed feature being scored and the boosts so far (in [`Phase::Boost`]).
    pub fn boost_target(&self) -> Option<u8> {
        let i = self.scoring.current?;
        Some(self.last_cell().first_node + self.scoring.completed[i as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// design.md: states are small, cloning is the MCTS hot path (target < 16 KiB).
    #[test]
    fn state_fits_in_16_kib() {
        let size = std::mem::size_of::<SafariState>();
        assert!(size <= 16 * 1024, "SafariState is {size} bytes");
        // The core's generic board and union-find keep Safari's compact layout (docs/engine.md):
        // 12,712 bytes, plus what heuristics read instead of recounting (the board's count of
        // placed cells around each cell, the unseen tiles by edge class and the vehicle fit).
        // Search copies only the parts in use (`clone_from`), so size matters less than it did.
        assert!(size <= 12_896, "SafariState grew to {size} bytes");
    }
}
