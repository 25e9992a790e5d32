//! New World at the terminal (`play --game new-world`): the board with settlers as seat
//! digits, the surveyors' columns, each seat's settlers, and the questions of New World's
//! decisions (N rules).

use super::rim::{drawn_tile, rim_board};
use super::table::Table;
use meeplelab::games::new_world::{NewWorldState, Phase};
use std::fmt::Write as _;

impl Table for NewWorldState {
    type Look = ();

    fn board(&self, _: &(), whole: bool) -> String {
        let settlers = self.placed_settlers().iter().map(|s| (s.node, s.player));
        let mut out = rim_board(self, settlers, whole, |_, _| {});
        let columns: Vec<String> = (self.surveyor_columns().iter())
            .map(|x| format!("x={x}"))
            .collect();
        let _ = writeln!(
            out,
            "surveyors in columns {} (a scored settler in a surveyor's column earns a bonus; \
             settlers east of them return home, N-12, N-13)",
            columns.join(" and ")
        );
        out
    }

    fn decision_facts(&self, _: &()) -> String {
        if self.phase() == Phase::PlaceTile {
            drawn_tile(
                self.tiles(),
                self.drawn_tile(),
                "# town, * flag, | - trail, F farm, . plains, digits: settlers",
            )
        } else {
            String::new()
        }
    }

    fn supplies(&self, player: usize) -> String {
        format!(
            "settlers {}   lost to surveyors {}",
            self.settlers_in_supply(player),
            self.settlers_removed(player)
        )
    }

    fn question(&self) -> String {
        match self.phase() {
            Phase::PlaceTile => format!(
                "place the tile {} west of the coast, touching a placed tile (N-4)",
                self.tiles().variant(self.drawn_tile()).name
            ),
            Phase::Settler => "a settler on the tile you placed (robber on a trail, shopkeeper \
                               in a town, trapper on plains, farmer on the farm), or pass; \
                               completed features score after it (N-5, N-6)"
                .into(),
            Phase::ScoreOrder => "which completed feature scores next: a surveyor moves west \
                                  after each scoring (N-11)"
                .into(),
            Phase::GameOver => "nothing: the game is over".into(),
        }
    }

    fn source_reason(source: &str) -> &'static str {
        match source {
            "trail" => {
                "a completed trail: its robber majority scores 1 per tile and 2 per trading \
                 post, ties all score (N-7, N-10)"
            }
            "town" => {
                "a completed town: its shopkeeper majority scores 2 per tile and flag, ties all \
                 score (N-8, N-10)"
            }
            "farm" => "a completed farm: its farmer scores 9 (N-9)",
            "surveyor" => "surveyor bonus: a scored settler in a surveyor's column (N-12)",
            "final_trail" => "an incomplete trail at the end: 1 per tile + 2 per post (N-16)",
            "final_town" => "an incomplete town at the end: 1 per tile and flag (N-16)",
            "final_farm" => "an incomplete farm at the end: 1 + 1 per neighbour (N-16)",
            "final_plains" => {
                "plains at the end: the trapper majority scores 1 per animal shown (N-17)"
            }
            _ => "points of the game's own source",
        }
    }
}
