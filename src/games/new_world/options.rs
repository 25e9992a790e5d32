//! Rule options of New World (rules N-3, N-12 and N-14), parsed from `key=value` text.

use crate::core::names::named_enum;
use crate::rule_options;

/// N-12: the official bonus per surveyor in a scored settler's column.
pub const DEFAULT_SURVEYOR_BONUS: i32 = 4;

rule_options! {
    /// The rule options of a game.
    pub struct Options {
        /// N-3: where the surveyors start. Both settings put them in the starting column, and
        /// only columns matter to the rules (N-11…N-13), so they play identically.
        surveyor_start: SurveyorStart = SurveyorStart::Ends, choice;
        /// N-14: one surveyor starts on score space 0 and enters the board after 5 completed
        /// features.
        surveyor_variant: bool = false, flag;
        /// N-12: points per surveyor in a scored settler's column (official 4; 0 switches the
        /// column bonus off, an experiment option).
        surveyor_bonus: i32 = DEFAULT_SURVEYOR_BONUS, int(0..=100);
    }
}

named_enum! {
    /// N-3: where the two surveyors start.
    pub enum SurveyorStart {
        /// Hans im Glück: the starting spaces at the two ends of the column.
        Ends = "ends",
        /// English rules: any two starting spaces.
        Any = "any",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::{assert_refused, RuleOptions};

    #[test]
    fn n_3_n_12_and_n_14_options_parse() {
        let o = Options::from_assignments(&[
            "surveyor_start=any",
            "surveyor_variant=on",
            "surveyor_bonus=0",
        ])
        .unwrap();
        assert_eq!(o.surveyor_start, SurveyorStart::Any);
        assert!(o.surveyor_variant);
        assert_eq!(o.surveyor_bonus, 0);
        assert_eq!(Options::default().surveyor_bonus, 4);
        assert_eq!(
            Options::from_assignments::<&str>(&[]).unwrap(),
            Options::default()
        );
        assert_eq!(Options::from_assignments(&o.assignments()).unwrap(), o);
        assert_refused::<Options>("surveyor_start=middle", &["expected ends or any"]);
        let known = "surveyor_start, surveyor_variant, surveyor_bonus";
        assert_refused::<Options>("pilgrims=1", &[known]);
        assert_refused::<Options>("surveyor_bonus=-1", &["expected an integer from 0 to 100"]);
    }
}
