//! Rule options of New World (rules N-3 and N-14), parsed from `key=value` text.

pub use crate::core::options::OptionError;
use crate::core::options::{parse_bool, split_assignment, unknown_key};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// N-3: where the surveyors start. Both settings put them in the starting column, and
    /// only columns matter to the rules (N-11…N-13), so they play identically.
    pub surveyor_start: SurveyorStart,
    /// N-14: one surveyor starts on score space 0 and enters the board after 5 scorings.
    pub surveyor_variant: bool,
}

/// Option keys with a description of their values.
pub const OPTION_KEYS: [(&str, &str); 2] = [
    ("surveyor_start", "ends (default) or any"),
    ("surveyor_variant", "true or false (default)"),
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
    fn n_3_and_n_14_options_parse() {
        let o = Options::parse(&["surveyor_start=any", "surveyor_variant=on"]).unwrap();
        assert_eq!(o.surveyor_start, SurveyorStart::Any);
        assert!(o.surveyor_variant);
        assert_eq!(Options::parse(&[]).unwrap(), Options::default());
        let again: Vec<String> = o.assignments();
        let again: Vec<&str> = again.iter().map(String::as_str).collect();
        assert_eq!(Options::parse(&again).unwrap(), o);
        let e = Options::parse(&["surveyor_start=middle"]).unwrap_err();
        assert!(e.0.contains("expected ends or any"), "{e}");
        let e = Options::parse(&["pilgrims=1"]).unwrap_err();
        assert!(e.0.contains("surveyor_start, surveyor_variant"), "{e}");
    }
}
