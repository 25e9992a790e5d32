//! Rule options of Carcassonne Safari (every **Option** of `rules/safari.md`).

use crate::core::names::named_enum;
use crate::rule_options;

named_enum! {
    /// Who scores an incomplete path or bush at the end (rule S-10.2).
    pub enum FinalScoring {
        /// Only the majority holder(s) score (Hans im Glück, French Z-Man; the default).
        Majority = "majority",
        /// Every player with a meeple on the feature scores it (English Z-Man).
        All = "all",
    }
}

rule_options! {
    /// The rule switches of a Safari game. `Default` gives the rules' defaults.
    pub struct Options {
        /// S-10.2: final scoring of incomplete paths and bush.
        final_scoring: FinalScoring = FinalScoring::Majority, choice;
        /// S-6.7: resolve completed baobabs before paths and bush (so their tokens can boost).
        baobab_tokens_first: bool = true, flag;
        /// S-7.3: points for a displaced vehicle.
        vehicle_bonus: i32 = 3, int(0..=100);
        /// S-7.4: number of vehicles (0, 1 or 2).
        vehicles: u8 = 2, int(0..=2);
        /// S-2.4: meeples per player (1..=12).
        meeples: u8 = 6, int(1..=12);
        /// S-2.3: tokens dealt to each player at the start (0..=10).
        start_tokens: u8 = 2, int(0..=10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::{assert_refused, RuleOptions};

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
        assert_eq!(
            Options::default().to_string(),
            "final_scoring=majority baobab_tokens_first=true vehicle_bonus=3 vehicles=2 \
             meeples=6 start_tokens=2"
        );
    }

    #[test]
    fn bad_options_name_key_and_value() {
        assert_refused::<Options>("vehicles=3", &["vehicles", "\"3\""]);
        assert_refused::<Options>("speed=9", &["known options"]);
        assert_refused::<Options>("novalue", &[]);
    }
}
