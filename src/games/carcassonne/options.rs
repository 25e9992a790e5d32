//! Rule options of Carcassonne. The base-game rules (C-1…C-6) define no option; `meeples` is a
//! research knob (rule C-2 gives 7), and the expansions' switches (`robber_placement`,
//! `bazaar`) belong here when they come.

pub use crate::core::options::OptionError;
use crate::core::options::{parse_int, split_assignment, unknown_key};
use std::fmt;

/// Most meeples a player may start with (the state's meeple table is sized for it).
pub const MAX_MEEPLES_PER_PLAYER: u8 = 7;

/// The rule switches of a Carcassonne game. `Default` gives the rules' defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// C-2: meeples per player (1..=7).
    pub meeples: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            meeples: MAX_MEEPLES_PER_PLAYER,
        }
    }
}

/// The option keys, with what values each takes (for messages and `--help`).
pub const OPTION_KEYS: &[(&str, &str)] = &[("meeples", "integer 1..=7")];

impl Options {
    /// Sets one option from `key=value` text.
    pub fn set(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (key, value) = split_assignment(assignment)?;
        match key {
            "meeples" => self.meeples = parse_int(key, value, 1, MAX_MEEPLES_PER_PLAYER)?,
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
        vec![format!("meeples={}", self.meeples)]
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
        assert_eq!(o.to_string(), "meeples=3");
    }

    #[test]
    fn bad_options_name_key_and_value() {
        let e = Options::from_assignments(&["meeples=8"]).unwrap_err();
        assert!(e.0.contains("meeples") && e.0.contains("\"8\""), "{e}");
        let e = Options::from_assignments(&["robbers=on"]).unwrap_err();
        assert!(e.0.contains("known options: meeples"), "{e}");
        assert!(Options::from_assignments(&["meeples"]).is_err());
    }
}
