//! Rule options of Carcassonne. The base-game rules (C-1…C-6) define no option; `meeples` is a
//! research knob (rule C-2 gives 7). `expansions` switches expansions on (their tiles join the
//! draw pile, their rules apply); `robber_placement` is the option of rule R-2. `bcb` switches on Bridges, Castles and
//! Bazaars (B-1…B-7); `bazaar` is the option of rule B-7.

use crate::core::names::named_enum;
use crate::rule_options;
use std::fmt;
use std::str::FromStr;

/// Most meeples a player may start with (the state's meeple table is sized for it).
pub const MAX_MEEPLES_PER_PLAYER: u8 = 7;

/// The expansions in play: a set of switches, printed and parsed as a comma-separated list of
/// names (`none` when empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Expansions {
    /// The Robbers (R-1…R-6): its tiles are those of type `expansion robbers` in the tile set.
    pub robbers: bool,
    /// Bridges, Castles and Bazaars (B-1…B-7): its tiles are those of type `expansion bcb`.
    pub bcb: bool,
}

impl Expansions {
    /// Names of the expansions this engine implements, as in tile files and option values.
    pub const NAMES: [&'static str; 2] = ["robbers", "bcb"];

    /// Whether tiles of expansion `name` (`None`: the base game) are in play.
    pub fn includes(&self, name: Option<&str>) -> bool {
        match name {
            None => true,
            Some("robbers") => self.robbers,
            Some("bcb") => self.bcb,
            Some(_) => false,
        }
    }
}

impl FromStr for Expansions {
    type Err = String;

    /// A comma-separated list of expansion names, or `none`.
    fn from_str(value: &str) -> Result<Expansions, String> {
        let mut e = Expansions::default();
        if value == "none" {
            return Ok(e);
        }
        for name in value.split(',') {
            match name {
                "robbers" => e.robbers = true,
                "bcb" => e.bcb = true,
                _ => {
                    return Err(format!(
                        "unknown expansion {name:?}; expected a comma-separated list of {} or none",
                        Self::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(e)
    }
}

impl fmt::Display for Expansions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.robbers, self.bcb) {
            (false, false) => "none",
            (true, false) => "robbers",
            (false, true) => "bcb",
            (true, true) => "robbers,bcb",
        })
    }
}

named_enum! {
    /// who may put their robber on the track after a robber tile is placed (besides the
    /// player who placed it).
    pub enum RobberPlacement {
        /// Hans im Glück: the next player clockwise whose robber is in their supply.
        NextPlayer = "next_player",
        /// Z-Man: every other player in turn order whose robber is in their supply.
        AllInOrder = "all_in_order",
    }
}

named_enum! {
    /// B-7: how a bazaar hands out its tiles.
    pub enum BazaarMode {
        /// Auction: offers, bids, buy or sell (default).
        Auction = "auction",
        /// Each player in turn order picks a tile and plays it at once.
        NoBidding = "no_bidding",
    }
}

rule_options! {
    /// The rule switches of a Carcassonne game. `Default` gives the rules' defaults.
    pub struct Options {
        /// C-2: meeples per player (1..=7).
        meeples: u8 = MAX_MEEPLES_PER_PLAYER, int(1..=MAX_MEEPLES_PER_PLAYER);
        /// Expansions in play (none by default).
        expansions: Expansions = Expansions::default(),
            text("comma-separated list of robbers, bcb, or none");
        /// who else places a robber after a robber tile.
        robber_placement: RobberPlacement = RobberPlacement::NextPlayer, choice;
        /// B-7: bazaar auctions or picks.
        bazaar: BazaarMode = BazaarMode::Auction, choice;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::{assert_refused, RuleOptions};

    #[test]
    fn c_2_seven_meeples_by_default_and_options_round_trip() {
        assert_eq!(Options::default().meeples, 7);
        let o = Options::from_assignments(&["meeples=3"]).unwrap();
        assert_eq!(o.meeples, 3);
        assert_eq!(Options::from_assignments(&o.assignments()).unwrap(), o);
        assert_eq!(
            o.to_string(),
            "meeples=3 expansions=none robber_placement=next_player bazaar=auction"
        );
    }

    #[test]
    fn r_2_expansions_and_robber_placement_round_trip() {
        let o = Options::from_assignments(&["expansions=robbers", "robber_placement=all_in_order"])
            .unwrap();
        assert!(o.expansions.robbers);
        assert_eq!(o.robber_placement, RobberPlacement::AllInOrder);
        assert_eq!(Options::from_assignments(&o.assignments()).unwrap(), o);
        assert!(o.expansions.includes(Some("robbers")) && o.expansions.includes(None));
        assert!(!Options::default().expansions.includes(Some("robbers")));
        assert_refused::<Options>("expansions=robbers,towers", &["\"towers\""]);
        assert_refused::<Options>("robber_placement=first", &[]);
    }

    #[test]
    fn b_1_bcb_alone_and_with_robbers_round_trips() {
        for (value, robbers, bcb) in [
            ("bcb", false, true),
            ("robbers,bcb", true, true),
            ("none", false, false),
        ] {
            let o = Options::from_assignments(&[format!("expansions={value}")]).unwrap();
            assert_eq!((o.expansions.robbers, o.expansions.bcb), (robbers, bcb));
            assert_eq!(o.expansions.to_string(), value);
            assert_eq!(o.expansions.includes(Some("bcb")), bcb);
        }
        let o = Options::from_assignments(&["expansions=bcb,robbers"]).unwrap();
        assert_eq!(o.expansions.to_string(), "robbers,bcb");
        let o = Options::from_assignments(&["bazaar=no_bidding"]).unwrap();
        assert_eq!(o.bazaar, BazaarMode::NoBidding);
        assert_eq!(Options::from_assignments(&o.assignments()).unwrap(), o);
        assert_refused::<Options>("bazaar=dutch", &[]);
    }

    #[test]
    fn bad_options_name_key_and_value() {
        assert_refused::<Options>("meeples=8", &["meeples", "\"8\""]);
        assert_refused::<Options>(
            "robbers=on",
            &["known options: meeples", "robber_placement"],
        );
        assert_refused::<Options>("meeples", &[]);
    }
}
