//! The Safari game state: board, features, supplies, draw piles, and where the turn stands.

use super::features::FeatureAgg;
use super::options::Options;
use super::setup::{
    check, leaves_everything_to_the_seed, ResolvedSetup, Setup, SetupError, TOKENS_PER_SPECIES,
};
use super::stats::{PlayerStats, STAT_NAMES};
use crate::core::board::{BOARD_SIDE, MAX_FRONTIER};
use crate::core::draw_pile::{DrawPile, EdgeClassCounts};
use crate::core::fixed_vec::FixedVec;
use crate::core::geom::{Coord, Vertex};
use crate::core::rng::{derive_seed, rng_from_seed, shuffle, GameRng};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tile_game::{GameParts, TileState};
use crate::core::tileset::{CompiledTiles, VariantId};

pub use crate::core::tile_game::MAX_PLAYERS;

/// Union-find capacity: segments over all cells of a game.
pub const MAX_NODES: usize = 256;

/// Tokens in the game (S-1.4).
pub const TOTAL_TOKENS: usize = 50;

/// Most meeples on the board at once (players × meeples per player).
pub const MAX_MEEPLES: usize = MAX_PLAYERS * 12;

/// What a Safari cell carries: the tokens on its corner slots and its corner masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Corners {
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

impl Corners {
    /// The token on `corner`, if any.
    pub fn token(&self, corner: crate::core::geom::Corner) -> Option<Species> {
        let v = (self.tokens >> (4 * corner.index())) & 0xF;
        (v != 0).then(|| Species::from_index(v as usize - 1))
    }
}

/// A cell with a tile on it.
pub type Cell = crate::core::tile_game::Cell<u8, Corners>;

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

/// What a Safari position holds beyond the tile core: options, tokens, vehicles, the meeples
/// on the board and where the turn stands.
#[derive(Clone)]
pub struct Safari {
    pub(super) options: Options,
    /// The unseen part of the pile counted by edge class.
    pub(super) unseen: EdgeClassCounts,
    pub(super) vehicle_fit: VehicleFit,
    /// The bag of tokens (species indices), face down.
    pub(super) bag: DrawPile<u8, TOTAL_TOKENS>,
    pub(super) discard: SpeciesCounts,
    pub(super) hands: [SpeciesCounts; MAX_PLAYERS],
    pub(super) vehicles: [Option<Coord>; 2],
    pub(super) meeples: FixedVec<PlacedMeeple, MAX_MEEPLES>,
    /// Meeples lying on baobabs (so baobab scoring is skipped when there are none).
    pub(super) on_baobabs: u8,
    pub(super) phase: Phase,
    pub(super) scoring: Scoring,
    pub(super) tokens_placed: u8,
    pub(super) rng: GameRng,
}

impl GameParts for Safari {
    type Feature = FeatureAgg;
    type CellData = Corners;
    type Node = u8;
    type Entry = u8;
    type Stats = PlayerStats;
    const STAT_NAMES: &'static [&'static str] = &STAT_NAMES;
}

/// A complete Carcassonne Safari position: the tile core on Safari's compact board (`u8`
/// entries and nodes) with [`Safari`]'s part.
pub type SafariState = TileState<Safari, BOARD_SIDE, MAX_FRONTIER, MAX_NODES>;

impl Safari {
    /// Safari's part of a game with `options` and `seed` before anything is dealt.
    fn new(options: Options, seed: u64) -> Safari {
        Safari {
            options,
            unseen: EdgeClassCounts::EMPTY,
            vehicle_fit: VehicleFit::default(),
            bag: DrawPile::default(),
            discard: SpeciesCounts::EMPTY,
            hands: [SpeciesCounts::EMPTY; MAX_PLAYERS],
            vehicles: [None; 2],
            meeples: FixedVec::default(),
            on_baobabs: 0,
            phase: Phase::PlaceTile,
            scoring: Scoring::IDLE,
            tokens_placed: 0,
            rng: rng_from_seed(derive_seed(seed, 1)),
        }
    }
}

/// Checks that a game with `land` land tiles fits the state's fixed capacities.
fn check_capacity(tiles: &CompiledTiles, land: usize) -> Result<(), SetupError> {
    if land + tiles.start.len() > SafariState::MAX_CELLS {
        return Err(SetupError(format!(
            "{} tiles exceed the board limit of {} cells",
            land + tiles.start.len(),
            SafariState::MAX_CELLS
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
        if !leaves_everything_to_the_seed(setup) {
            let resolved = setup.resolve()?;
            return SafariState::from_resolved(setup.tiles, &resolved);
        }
        check(setup).map_err(SetupError)?;
        check_capacity(setup.tiles, setup.tiles.land.len())?;
        let (players, options, seed) = (setup.players, setup.options, setup.seed);
        SafariState::dealt(setup.tiles, players, options, seed, |s| {
            s.deal_from_seed(setup)
        })
    }

    /// Starts a game whose draw orders and hands are fixed.
    pub fn from_resolved(
        tiles: &'static CompiledTiles,
        setup: &ResolvedSetup,
    ) -> Result<SafariState, SetupError> {
        check_capacity(tiles, setup.tile_order.len())?;
        let (players, options, seed) = (setup.players, setup.options, setup.seed);
        SafariState::dealt(tiles, players, options, seed, |s| s.deal_resolved(setup))
    }

    /// A blank game of `players` over `tiles` with `options` and `seed`, then dealt by `deal`.
    fn dealt(
        tiles: &'static CompiledTiles,
        players: usize,
        options: Options,
        seed: u64,
        deal: impl FnOnce(&mut SafariState),
    ) -> Result<SafariState, SetupError> {
        let game = Safari::new(options, seed);
        // Built inside the result, so the 12 KB state is not moved into it afterwards.
        let mut out = Ok(SafariState::blank(tiles, players, options.meeples, game));
        if let Ok(s) = &mut out {
            deal(s);
        }
        out
    }

    /// Turns this state into the start of a new game from `setup`, reusing its memory: the same
    /// game as `SafariState::new(setup)`, without building and moving a whole new state (for
    /// callers that play many games in a row). On error the state is left unchanged.
    pub fn restart(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let game = Safari::new(setup.options, setup.seed);
        if !leaves_everything_to_the_seed(setup) {
            let resolved = setup.resolve()?;
            check_capacity(setup.tiles, resolved.tile_order.len())?;
            self.reset(setup.tiles, setup.players, setup.options.meeples, game);
            self.deal_resolved(&resolved);
            return Ok(());
        }
        check(setup).map_err(SetupError)?;
        check_capacity(setup.tiles, setup.tiles.land.len())?;
        self.reset(setup.tiles, setup.players, setup.options.meeples, game);
        self.deal_from_seed(setup);
        Ok(())
    }

    /// Fills a blank state with fixed draw orders and hands, then starts the game.
    fn deal_resolved(&mut self, setup: &ResolvedSetup) {
        self.pile.set(&setup.tile_order);
        let mut bag = [0u8; TOTAL_TOKENS];
        for (slot, t) in bag.iter_mut().zip(&setup.deal.token_order) {
            *slot = t.index() as u8;
        }
        self.game.bag.set(&bag[..setup.deal.token_order.len()]);
        for (p, hand) in setup.deal.hands.iter().enumerate() {
            for t in hand {
                self.game.hands[p].add(*t);
            }
        }
        self.lay_out();
    }

    /// Fills a blank state the way [`Setup::resolve`] resolves a setup without explicit orders
    /// or hands — the same random draws in the same order, so the same game — but shuffling
    /// straight into the state's arrays instead of through vectors.
    fn deal_from_seed(&mut self, setup: &Setup) {
        let mut rng = rng_from_seed(derive_seed(setup.seed, 0));
        self.pile.set(&setup.tiles.land);
        shuffle(&mut rng, self.pile.unseen_mut());
        let mut bag = [0u8; TOTAL_TOKENS];
        let mut n = 0;
        for s in Species::ALL {
            for _ in 0..TOKENS_PER_SPECIES {
                bag[n] = s.index() as u8;
                n += 1;
            }
        }
        shuffle(&mut rng, &mut bag[..n]);
        let deal = setup.options.start_tokens as usize;
        let mut dealt = 0;
        for p in 0..setup.players {
            let k = deal.min(n - dealt);
            for &t in &bag[dealt..dealt + k] {
                self.game.hands[p].add(Species::from_index(t as usize));
            }
            dealt += k;
        }
        self.game.bag.set(&bag[dealt..n]);
        self.lay_out();
    }

    /// Places the start cells and vehicles and draws the first tile.
    fn lay_out(&mut self) {
        let tiles = self.tiles;
        self.game.unseen = EdgeClassCounts::of(tiles, self.pile.unseen());
        self.place_start_cells();
        for (i, at) in tiles
            .vehicles
            .iter()
            .take(self.game.options.vehicles as usize)
            .enumerate()
        {
            self.game.vehicles[i] = Some(*at);
        }
        self.game.vehicle_fit = self.fresh_vehicle_fit();
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

    /// Tokens in each player's supply.
    pub fn hand(&self, player: usize) -> &SpeciesCounts {
        &self.game.hands[player]
    }

    /// Meeples on the board.
    pub fn placed_meeples(&self) -> &[PlacedMeeple] {
        &self.game.meeples
    }

    /// Vehicle positions (`None` for vehicles not in play).
    pub fn vehicles(&self) -> [Option<Coord>; 2] {
        self.game.vehicles
    }

    /// Tokens still in the bag (face down).
    pub fn bag_counts(&self) -> SpeciesCounts {
        let mut c = SpeciesCounts::EMPTY;
        for &t in self.game.bag.unseen() {
            c.add(Species::from_index(t as usize));
        }
        c
    }

    /// Face-up discarded tokens.
    pub fn discard(&self) -> &SpeciesCounts {
        &self.game.discard
    }

    /// Tokens lying on watering holes, counted per species.
    pub fn tokens_on_board(&self) -> SpeciesCounts {
        let mut c = SpeciesCounts::EMPTY;
        for cell in self.cells() {
            for corner in crate::core::geom::Corner::ALL {
                if let Some(s) = cell.data.token(corner) {
                    c.add(s);
                }
            }
        }
        c
    }

    /// The completed feature being scored and the boosts so far (in [`Phase::Boost`]).
    pub fn boost_target(&self) -> Option<u8> {
        let i = self.game.scoring.current?;
        Some(self.last_cell().first_node + self.game.scoring.completed[i as usize])
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
        // The tile core keeps Safari's compact layout (`u8` grid entries and nodes,
        // docs/engine.md), plus what heuristics read instead of recounting (the board's count
        // of placed cells around each cell, the unseen tiles by edge class with the classes
        // present, and the vehicle fit). Search copies only the parts in use (`clone_from`),
        // so size matters less than it did.
        assert!(size <= 13_136, "SafariState grew to {size} bytes");
    }
}
