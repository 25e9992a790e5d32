//! Rule options of New World (rules N-3, N-12 and N-14), parsed from `key=value` text.

pub use crate::core::options::OptionError;
use crate::core::options::{parse_bool, parse_int, split_assignment, unknown_key};

/// N-12: the official bonus per surveyor in a scored settler's column.
pub const DEFAULT_SURVEYOR_BONUS: i32 = 4;

/// N-3: where the two surveyors start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SurveyorStart {
    /// Hans im Glück: the starting spaces at the two ends of the column.
    #[default]
    Ends,
    /// English rules: any two starting spaces.
    Any,
}

/// The rule options of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// N-3: where the surveyors start. Both settings put them in the starting column, and
    /// only columns matter to the rules (N-11…N-13), so they play identically.
    pub surveyor_start: SurveyorStart,
    /// N-14: one surveyor starts on score space 0 and enters the board after 5 completed
    /// features.
    pub surveyor_variant: bool,
    /// N-12: points per surveyor in a scored settler's column (official 4; 0 switches the
    /// column bonus off, an experiment option).
    pub surveyor_bonus: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            surveyor_start: SurveyorStart::default(),
            surveyor_variant: false,
            surveyor_bonus: DEFAULT_SURVEYOR_BONUS,
        }
    }
}

/// Option keys with a description of their values.
pub const OPTION_KEYS: [(&str, &str); 3] = [
    ("surveyor_start", "ends (default) or any"),
    ("surveyor_variant", "true or false (default)"),
    ("surveyor_bonus", "integer 0..=100, default 4"),
];

impl Options {
    /// Applies one `key=value` assignment.
    pub fn set(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (key, value) = split_assignment(assignment)?;
        match key {
            "surveyor_start" => {
                self.surveyor_start = match value {
                    "ends" => SurveyorStart::Ends,
                    "any" => SurveyorStart::Any,
                    _ => {
                        return Err(OptionError(format!(
                            "rule option surveyor_start: expected ends or any, found \"{value}\""
                        )))
                    }
                }
            }
            "surveyor_variant" => self.surveyor_variant = parse_bool(key, value)?,
            "surveyor_bonus" => self.surveyor_bonus = parse_int(key, value, 0, 100)?,
            _ => return Err(unknown_key(key, &OPTION_KEYS)),
        }
        Ok(())
    }

    /// Every option as `key=value`, in [`OPTION_KEYS`] order.
    pub fn assignments(&self) -> Vec<String> {
        let start = match self.surveyor_start {
            SurveyorStart::Ends => "ends",
            SurveyorStart::Any => "any",
        };
        vec![
            format!("surveyor_start={start}"),
            format!("surveyor_variant={}", self.surveyor_variant),
            format!("surveyor_bonus={}", self.surveyor_bonus),
        ]
    }

    /// Parses a list of `key=value` assignments over the defaults.
    pub fn parse(assignments: &[&str]) -> Result<Options, OptionError> {
        let mut o = Options::default();
        for a in assignments {
            o.set(a)?;
        }
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n_3_n_12_and_n_14_options_parse() {
        let o = Options::parse(&[
            "surveyor_start=any",
            "surveyor_variant=on",
            "surveyor_bonus=0",
        ])
        .unwrap();
        assert_eq!(o.surveyor_start, SurveyorStart::Any);
        assert!(o.surveyor_variant);
        assert_eq!(o.surveyor_bonus, 0);
        assert_eq!(Options::default().surveyor_bonus, 4);
        assert_eq!(Options::parse(&[]).unwrap(), Options::default());
        let again: Vec<String> = o.assignments();
        let again: Vec<&str> = again.iter().map(String::as_str).collect();
        assert_eq!(Options::parse(&again).unwrap(), o);
        let e = Options::parse(&["surveyor_start=middle"]).unwrap_err();
        assert!(e.0.contains("expected ends or any"), "{e}");
        let e = Options::parse(&["pilgrims=1"]).unwrap_err();
        assert!(
            e.0.contains("surveyor_start, surveyor_variant, surveyor_bonus"),
            "{e}"
        );
        let e = Options::parse(&["surveyor_bonus=-1"]).unwrap_err();
        assert!(e.0.contains("expected an integer from 0 to 100"), "{e}");
    }
}
