//! Rule options of Carcassonne. The base-game rules (C-1…C-6) define no option; `meeples` is a
//! research knob (rule C-2 gives 7). `expansions` switches expansions on (their tiles join the
//! draw pile, their rules apply); `robber_placement` is the option of rule R-2. `bcb` switches on Bridges, Castles and
//! Bazaars (B-1…B-7); `bazaar` is the option of rule B-7.

pub use crate::core::options::OptionError;
use crate::core::options::{parse_int, split_assignment, unknown_key};
use std::fmt;

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

    fn parse(key: &str, value: &str) -> Result<Expansions, OptionError> {
        let mut e = Expansions::default();
        if value == "none" {
            return Ok(e);
        }
        for name in value.split(',') {
            match name {
                "robbers" => e.robbers = true,
                "bcb" => e.bcb = true,
                _ => {
                    return Err(OptionError(format!(
                        "option {key}: unknown expansion {name:?}; expected a comma-separated \
                         list of {} or none",
                        Self::NAMES.join(", ")
                    )))
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

/// who may put their robber on the track after a robber tile is placed (besides the
/// player who placed it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RobberPlacement {
    /// Hans im Glück: the next player clockwise whose robber is in their supply.
    #[default]
    NextPlayer,
    /// Z-Man: every other player in turn order whose robber is in their supply.
    AllInOrder,
}

impl RobberPlacement {
    /// The option value.
    pub fn name(self) -> &'static str {
        match self {
            RobberPlacement::NextPlayer => "next_player",
            RobberPlacement::AllInOrder => "all_in_order",
        }
    }
}

/// B-7: how a bazaar hands out its tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BazaarMode {
    /// Auction: offers, bids, buy or sell (default).
    #[default]
    Auction,
    /// Each player in turn order picks a tile and plays it at once.
    NoBidding,
}

impl BazaarMode {
    /// The option value.
    pub fn name(self) -> &'static str {
        match self {
            BazaarMode::Auction => "auction",
            BazaarMode::NoBidding => "no_bidding",
        }
    }
}

/// The rule switches of a Carcassonne game. `Default` gives the rules' defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// C-2: meeples per player (1..=7).
    pub meeples: u8,
    /// Expansions in play (none by default).
    pub expansions: Expansions,
    /// who else places a robber after a robber tile.
    pub robber_placement: RobberPlacement,
    /// B-7: bazaar auctions or picks.
    pub bazaar: BazaarMode,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            meeples: MAX_MEEPLES_PER_PLAYER,
            expansions: Expansions::default(),
            robber_placement: RobberPlacement::default(),
            bazaar: BazaarMode::default(),
        }
    }
}

/// The option keys, with what values each takes (for messages and `--help`).
pub const OPTION_KEYS: &[(&str, &str)] = &[
    ("meeples", "integer 1..=7"),
    (
        "expansions",
        "comma-separated list of robbers, bcb, or none",
    ),
    ("robber_placement", "next_player or all_in_order"),
    ("bazaar", "auction or no_bidding"),
];

impl Options {
    /// Sets one option from `key=value` text.
    pub fn set(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (key, value) = split_assignment(assignment)?;
        match key {
            "meeples" => self.meeples = parse_int(key, value, 1, MAX_MEEPLES_PER_PLAYER)?,
            "expansions" => self.expansions = Expansions::parse(key, value)?,
            "robber_placement" => {
                self.robber_placement = match value {
                    "next_player" => RobberPlacement::NextPlayer,
                    "all_in_order" => RobberPlacement::AllInOrder,
                    _ => {
                        return Err(OptionError(format!(
                            "option {key}: expected next_player or all_in_order, found {value:?}"
                        )))
                    }
                }
            }
            "bazaar" => {
                self.bazaar = match value {
                    "auction" => BazaarMode::Auction,
                    "no_bidding" => BazaarMode::NoBidding,
                    _ => {
                        return Err(OptionError(format!(
                            "option {key}: expected auction or no_bidding, found {value:?}"
                        )))
                    }
                }
            }
            _ => return Err(unknown_key(key, OPTION_KEYS)),
        }
        Ok(())
    }

    /// Options from a list of `key=value` assignments applied over the defaults.
    pub fn from_assignments<S: AsRef<str>>(items: &[S]) -> Result<Options, OptionError> {
        let mut o = Options::default();
        for item in items {
            o.set(item.as_ref())?;
        }
        Ok(o)
    }

    /// Every option as `key=value`, in [`OPTION_KEYS`] order.
    pub fn assignments(&self) -> Vec<String> {
        vec![
            format!("meeples={}", self.meeples),
            format!("expansions={}", self.expansions),
            format!("robber_placement={}", self.robber_placement.name()),
            format!("bazaar={}", self.bazaar.name()),
        ]
    }
}

impl fmt::Display for Options {
    /// Space-separated `key=value` list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.assignments().join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let e = Options::from_assignments(&["expansions=robbers,towers"]).unwrap_err();
        assert!(e.0.contains("\"towers\""), "{e}");
        assert!(Options::from_assignments(&["robber_placement=first"]).is_err());
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
        assert!(Options::from_assignments(&["bazaar=dutch"]).is_err());
    }

    #[test]
    fn bad_options_name_key_and_value() {
        let e = Options::from_assignments(&["meeples=8"]).unwrap_err();
        assert!(e.0.contains("meeples") && e.0.contains("\"8\""), "{e}");
        let e = Options::from_assignments(&["robbers=on"]).unwrap_err();
        assert!(e.0.contains("known options: meeples"), "{e}");
        assert!(e.0.contains("robber_placement"), "{e}");
        assert!(Options::from_assignments(&["meeples"]).is_err());
    }
}
