//! Rule options of Carcassonne Safari (every **Option** of `rules/safari.md`).

pub use crate::core::options::OptionError;
use crate::core::options::{parse_bool, parse_int, split_assignment, unknown_key};
use std::fmt;

/// Who scores an incomplete path or bush at the end (rule S-10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalScoring {
    /// Only the majority holder(s) score (Hans im Glück, French Z-Man; the default).
    Majority,
    /// Every player with a meeple on the feature scores it (English Z-Man).
    All,
}

/// The rule switches of a Safari game. `Default` gives the rules' defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// S-10.2: final scoring of incomplete paths and bush.
    pub final_scoring: FinalScoring,
    /// S-6.7: resolve completed baobabs before paths and bush (so their tokens can boost).
    pub baobab_tokens_first: bool,
    /// S-7.3: points for a displaced vehicle.
    pub vehicle_bonus: i32,
    /// S-7.4: number of vehicles (0, 1 or 2).
    pub vehicles: u8,
    /// S-2.4: meeples per player (1..=12).
    pub meeples: u8,
    /// S-2.3: tokens dealt to each player at the start (0..=10).
    pub start_tokens: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            final_scoring: FinalScoring::Majority,
            baobab_tokens_first: true,
            vehicle_bonus: 3,
            vehicles: 2,
            meeples: 6,
            start_tokens: 2,
        }
    }
}

/// The option keys, with what values each takes (for messages and `--help`).
pub const OPTION_KEYS: &[(&str, &str)] = &[
    ("final_scoring", "majority | all"),
    ("baobab_tokens_first", "true | false"),
    ("vehicle_bonus", "integer 0..=100"),
    ("vehicles", "0 | 1 | 2"),
    ("meeples", "integer 1..=12"),
    ("start_tokens", "integer 0..=10"),
];

impl Options {
    /// Sets one option from `key=value` text.
    pub fn set(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (key, value) = split_assignment(assignment)?;
        match key {
            "final_scoring" => {
                self.final_scoring = match value {
                    "majority" => FinalScoring::Majority,
                    "all" => FinalScoring::All,
                    _ => {
                        return Err(OptionError(format!(
                            "rule option final_scoring: expected majority or all, found \"{value}\""
                        )))
                    }
                }
            }
            "baobab_tokens_first" => self.baobab_tokens_first = parse_bool(key, value)?,
            "vehicle_bonus" => self.vehicle_bonus = parse_int(key, value, 0, 100)?,
            "vehicles" => self.vehicles = parse_int(key, value, 0, 2)?,
            "meeples" => self.meeples = parse_int(key, value, 1, 12)?,
            "start_tokens" => self.start_tokens = parse_int(key, value, 0, 10)?,
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
        let fs = match self.final_scoring {
            FinalScoring::Majority => "majority",
            FinalScoring::All => "all",
        };
        vec![
            format!("final_scoring={fs}"),
            format!("baobab_tokens_first={}", self.baobab_tokens_first),
            format!("vehicle_bonus={}", self.vehicle_bonus),
            format!("vehicles={}", self.vehicles),
            format!("meeples={}", self.meeples),
            format!("start_tokens={}", self.start_tokens),
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
    fn every_option_round_trips() {
        let o = Options::from_assignments(&[
            "final_scoring=all",
            "baobab_tokens_first=false",
            "vehicle_bonus=5",
            "vehicles=0",
            "meeples=4",
            "start_tokens=0",
        ])
        .unwrap();
        assert_eq!(o.final_scoring, FinalScoring::All);
        assert_eq!(Options::from_assignments(&o.assignments()).unwrap(), o);
    }

    #[test]
    fn bad_options_name_key_and_value() {
        let e = Options::from_assignments(&["vehicles=3"]).unwrap_err();
        assert!(e.0.contains("vehicles") && e.0.contains("\"3\""), "{e}");
        let e = Options::from_assignments(&["speed=9"]).unwrap_err();
        assert!(e.0.contains("known options"), "{e}");
        assert!(Options::from_assignments(&["novalue"]).is_err());
    }
}
