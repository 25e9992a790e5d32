//! [`TileState`]: what every tile game's position holds, with the game's own part.

use super::parts::{Cell, Feature, GameParts, NewCell};
use super::rules::TileRules;
use crate::core::board::Board;
use crate::core::draw_pile::DrawPile;
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, EVAL_TERMS};
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::index::SmallIndex;
use crate::core::stats::{ScoreSheet, Tally};
use crate::core::tileset::{CompiledTiles, Orientation, Variant, VariantId, NO_SEGMENT};
use crate::core::unionfind::UnionFind;

/// Most players of any game.
pub const MAX_PLAYERS: usize = crate::core::stats::MAX_SEATS;

/// The heuristic terms of every seat, `terms` (one entry per seat in play) followed by zeros:
/// what the games' judges keep of the position they judge from.
pub(crate) fn all_seats(terms: &SeatTerms) -> [[f64; EVAL_TERMS]; MAX_PLAYERS] {
    let mut all = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
    all[..terms.len()].copy_from_slice(terms);
    all
}

/// A position of a tile game whose own part is `G`: the compiled tile set, the seats (whose
/// turn it is, who decides now, scores, statistics, meeples in supply), the board of `SIDE`²
/// entries (it holds `SIDE - 2` cells, with a frontier of `FRONTIER` =
/// [`max_frontier`](crate::core::board::max_frontier)`(SIDE - 2)` spaces), the placed cells,
/// the union-find of `NODES` feature segments, the draw pile and the drawn tile. Each game
/// names its instance (`SafariState`, …) and implements [`TileRules`] for it.
///
/// `clone_from` copies only the parts in use (board rows, cells, union-find nodes and the
/// pile written so far), which is what search does with positions all the time.
pub struct TileState<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> {
    pub(crate) tiles: &'static CompiledTiles,
    pub(crate) n_players: u8,
    /// The player whose turn it is.
    pub(crate) active: u8,
    /// The player who decides now (often the active player).
    pub(crate) decider: u8,
    /// Turns completed.
    pub(crate) turn: u16,
    /// Scores and statistics.
    pub(crate) sheet: ScoreSheet<G::Stats>,
    /// Meeples (settlers) in each player's supply.
    pub(crate) supply: [u8; MAX_PLAYERS],
    pub(crate) board: Board<G::Entry, SIDE, FRONTIER>,
    pub(crate) cells: FixedVec<Cell<G::Node, G::CellData>, SIDE>,
    pub(crate) features: UnionFind<G::Feature, NODES, G::Node>,
    pub(crate) pile: DrawPile<VariantId, SIDE>,
    /// The tile to place (afterwards: the tile just placed).
    pub(crate) drawn: VariantId,
    /// Tiles that left the game because they fitted nowhere.
    pub(crate) tiles_removed: u8,
    /// The game's own part.
    pub(crate) game: G,
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> Clone
    for TileState<G, SIDE, FRONTIER, NODES>
{
    fn clone(&self) -> Self {
        TileState {
            tiles: self.tiles,
            n_players: self.n_players,
            active: self.active,
            decider: self.decider,
            turn: self.turn,
            sheet: self.sheet,
            supply: self.supply,
            board: self.board.clone(),
            cells: self.cells.clone(),
            features: self.features.clone(),
            pile: self.pile.clone(),
            drawn: self.drawn,
            tiles_removed: self.tiles_removed,
            game: self.game.clone(),
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.tiles = src.tiles;
        self.n_players = src.n_players;
        self.active = src.active;
        self.decider = src.decider;
        self.turn = src.turn;
        self.sheet = src.sheet;
        self.supply = src.supply;
        self.board.clone_from(&src.board);
        self.cells.clone_from(&src.cells);
        self.features.clone_from(&src.features);
        self.pile.clone_from(&src.pile);
        self.drawn = src.drawn;
        self.tiles_removed = src.tiles_removed;
        self.game.clone_from(&src.game);
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
{
    /// Most cells (land tiles and start cells) a game holds.
    pub const MAX_CELLS: usize = SIDE - 2;

    /// A position over `tiles` for `players` players with nothing placed or drawn yet, every
    /// supply holding `meeples`, and `game` as the game's part.
    pub(crate) fn blank(
        tiles: &'static CompiledTiles,
        players: usize,
        meeples: u8,
        game: G,
    ) -> Self {
        let mut supply = [0; MAX_PLAYERS];
        supply[..players].fill(meeples);
        TileState {
            tiles,
            n_players: players as u8,
            active: 0,
            decider: 0,
            turn: 0,
            sheet: ScoreSheet::default(),
            supply,
            board: Board::default(),
            cells: FixedVec::default(),
            features: UnionFind::default(),
            pile: DrawPile::default(),
            drawn: 0,
            tiles_removed: 0,
            game,
        }
    }

    /// Makes this position [`TileState::blank`] in place (assigning a whole new state would
    /// build it elsewhere and copy it); the tables keep stale entries past their lengths,
    /// which nothing reads.
    pub(crate) fn reset(
        &mut self,
        tiles: &'static CompiledTiles,
        players: usize,
        meeples: u8,
        game: G,
    ) {
        self.tiles = tiles;
        self.n_players = players as u8;
        self.active = 0;
        self.decider = 0;
        self.turn = 0;
        self.sheet = ScoreSheet::default();
        self.supply = [0; MAX_PLAYERS];
        self.supply[..players].fill(meeples);
        self.board.clear();
        self.cells.clear();
        self.features.clear();
        self.pile = DrawPile::default();
        self.drawn = 0;
        self.tiles_removed = 0;
        self.game = game;
    }

    /// The compiled tile set in use.
    pub fn tiles(&self) -> &'static CompiledTiles {
        self.tiles
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n_players as usize
    }

    /// The player whose turn it is.
    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    /// Turns completed so far.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The tile to place (during the placement; afterwards the tile just placed).
    pub fn drawn_tile(&self) -> VariantId {
        self.drawn
    }

    /// The placed cells, in placement order (start cells first).
    pub fn cells(&self) -> &[Cell<G::Node, G::CellData>] {
        &self.cells
    }

    /// Whether the tile just placed completed the surroundings of placed cell number `cell`:
    /// all eight cells around it are placed, and the tile is one of them or `cell` itself
    /// (earlier completions were resolved in their own turn). Monasteries, baobabs and farms
    /// complete this way.
    pub fn surrounded_by_last_tile(&self, cell: usize) -> bool {
        self.cells[cell].at.touches(self.last_cell().at)
            && self.board.placed_around_cell(G::Entry::from_usize(cell)) == 8
    }

    /// The cell placed last.
    pub fn last_cell(&self) -> &Cell<G::Node, G::CellData> {
        &self.cells[self.cells.len() - 1]
    }

    /// The board (placed cells and frontier).
    pub fn board(&self) -> &Board<G::Entry, SIDE, FRONTIER> {
        &self.board
    }

    /// The cell at `c`, if a tile is there.
    pub fn cell_at(&self, c: Coord) -> Option<&Cell<G::Node, G::CellData>> {
        self.board.get(c).map(|i| &self.cells[i.index()])
    }

    /// The compiled variant of a placed cell.
    pub fn variant_of(&self, cell: &Cell<G::Node, G::CellData>) -> &'static Variant {
        self.tiles.variant(cell.variant)
    }

    /// The orientation (rotated data) of a placed cell.
    pub fn orientation_of(&self, cell: &Cell<G::Node, G::CellData>) -> &'static Orientation {
        self.variant_of(cell).turned(cell.rot)
    }

    /// The summary of the feature containing union-find node `node`.
    pub fn feature(&self, node: G::Node) -> &G::Feature {
        self.features.get(node)
    }

    /// The root node of the feature containing `node`.
    pub fn feature_root(&self, node: G::Node) -> G::Node {
        self.features.root(node)
    }

    /// Meeples (settlers) in `player`'s supply.
    pub fn meeples_in_supply(&self, player: usize) -> u8 {
        self.supply[player]
    }

    /// `player`'s statistics.
    pub fn stats(&self, player: usize) -> &G::Stats {
        &self.sheet.stats[player]
    }

    /// The unseen draw pile, top first.
    pub fn pile(&self) -> &[VariantId] {
        self.pile.unseen()
    }

    /// Tiles still in the draw pile (not counting the one drawn).
    pub fn tiles_left(&self) -> usize {
        self.pile.unseen().len()
    }

    /// Tiles removed from the game because they fitted nowhere.
    pub fn tiles_removed(&self) -> usize {
        self.tiles_removed as usize
    }

    /// Adds `points` from `source` to `player`'s score and statistics.
    pub(crate) fn award(
        &mut self,
        player: usize,
        source: <G::Stats as Tally>::Source,
        points: i32,
    ) {
        self.sheet.award(player, source, points);
    }

    /// Adds `points` from `source` to the score of every seat in `seats`, a bit mask (bit `p`
    /// for seat `p`, as [`majority_mask`](crate::core::scoring::majority_mask) gives it).
    pub(crate) fn award_seats(
        &mut self,
        seats: u8,
        source: <G::Stats as Tally>::Source,
        points: i32,
    ) {
        for p in 0..self.players() {
            if seats & (1 << p) != 0 {
                self.award(p, source, points);
            }
        }
    }

    /// The index of the cell across `side` of a tile with orientation `o` at `at`, when one
    /// is placed there and the tile shows something on that side (Safari's open savanna meets
    /// nothing).
    #[inline(always)]
    pub(crate) fn neighbour_across(&self, at: Coord, o: &Orientation, side: Side) -> Option<usize> {
        let half = 2 * side.index();
        if o.side_segment[side.index()] == NO_SEGMENT
            && o.half_segment[half] == NO_SEGMENT
            && o.half_segment[half + 1] == NO_SEGMENT
        {
            return None;
        }
        Some(self.board.get(at.step(side))?.index())
    }

    /// The node `index` segments after `first`.
    #[inline]
    pub(crate) fn node(first: G::Node, index: usize) -> G::Node {
        G::Node::from_usize(first.index() + index)
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G>,
{
    /// Puts a tile on the board: creates its features (through the game's
    /// [`TileRules::new_feature`]), records the cell and joins its features with its
    /// neighbours' across every side, roads and cities by their side segments, fields by
    /// their half sides.
    pub(crate) fn put_tile(&mut self, at: Coord, variant: VariantId, rot: Rotation) {
        let tiles = self.tiles;
        let v = tiles.variant(variant);
        let o = v.turned(rot);
        let index = self.cells.len();
        let first = G::Node::from_usize(self.features.len());
        let data = self.new_cell_data(at, v, o);
        let placing = NewCell {
            at,
            index,
            orientation: o,
            first_node: first,
            data,
        };
        for (i, seg) in v.segments().iter().enumerate() {
            let feature = self.new_feature(&placing, i, seg);
            self.features.push(feature);
        }
        self.cells.push(Cell {
            at,
            variant,
            rot,
            first_node: first,
            data,
        });
        self.board
            .place(at, G::Entry::from_usize(index), o.signature);
        for side in Side::ALL {
            let Some(j) = self.neighbour_across(at, o, side) else {
                continue;
            };
            let other = self.cells[j];
            let oo = tiles.variant(other.variant).turned(other.rot);
            let seg = o.side_segment[side.index()];
            if seg != NO_SEGMENT {
                let facing = match oo.side_segment[side.opposite().index()] {
                    NO_SEGMENT => self.bridge_node(&other, side.opposite()),
                    s => Some(Self::node(other.first_node, s as usize)),
                };
                if let Some(facing) = facing {
                    let root = self.features.union(Self::node(first, seg as usize), facing);
                    self.features.get_mut(root).join_edges();
                }
            }
            for (field, facing) in o.facing_fields(oo, side) {
                self.features.union(
                    Self::node(first, field as usize),
                    Self::node(other.first_node, facing as usize),
                );
            }
        }
    }

    /// Puts the tile set's start cells on the board, unrotated.
    pub(crate) fn place_start_cells(&mut self) {
        for &(at, v) in &self.tiles.start {
            self.put_tile(at, v, Rotation::default());
        }
    }

    /// Draws tiles until one fits somewhere (those that fit nowhere leave the game): it
    /// becomes the drawn tile, for the active player to place. `seen` is told of every tile
    /// drawn, fitting or not. Returns false when the pile ran out first.
    pub(crate) fn draw_fitting(
        &mut self,
        mut seen: impl FnMut(&mut G, &'static CompiledTiles, VariantId),
    ) -> bool {
        while let Some(v) = self.pile.draw() {
            seen(&mut self.game, self.tiles, v);
            if self.fits_somewhere(v) {
                self.drawn = v;
                self.decider = self.active;
                return true;
            }
            self.tiles_removed += 1;
        }
        false
    }
}
