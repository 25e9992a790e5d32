//! Rule options as a table, like agent parameters: each game declares every option once (its
//! key, type, default and the values it takes) with [`rule_options!`](crate::rule_options),
//! and `key=value` parsing, the `key=value` list of a setup, messages and the `--rule` help
//! all read that table.

use std::fmt;
use std::str::FromStr;

/// A bad `key=value` rule option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// `true` or `false` (also `on`/`off`, `yes`/`no`, `1`/`0`).
    Flag,
    /// An integer in `min..=max`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of the listed words.
    Choice(&'static [&'static str]),
    /// Values the option's own type reads, as described.
    Text(&'static str),
}

impl fmt::Display for OptionValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValues::Flag => f.write_str("true | false"),
            OptionValues::Int { min, max } => write!(f, "integer {min}..={max}"),
            OptionValues::Choice(words) => f.write_str(&words.join(" | ")),
            OptionValues::Text(text) => f.write_str(text),
        }
    }
}

/// One row of a game's option table.
pub struct RuleOption<O> {
    /// The key of `key=value`.
    pub key: &'static str,
    /// The values it takes (for messages and the `--rule` help).
    pub values: OptionValues,
    /// Sets the option from its value text; the error says what was expected.
    pub read: fn(&mut O, &str) -> Result<(), String>,
    /// The option's value as `key=value` writes it.
    pub show: fn(&O) -> String,
}

/// A game's rule options: a `Copy` value whose [`RuleOptions::TABLE`] lists every option;
/// `Default` gives the rules' defaults and `Display` the space-separated `key=value` list (as
/// `run.json` stores it). Usually written by
/// [`rule_options!`](crate::rule_options).
pub trait RuleOptions:
    Copy
    + Default
    + fmt::Debug
    + fmt::Display
    + PartialEq
    + Eq
    + std::hash::Hash
    + Send
    + Sync
    + 'static
{
    /// Every option, in the order `key=value` lists show them.
    const TABLE: &'static [RuleOption<Self>];

    /// Sets one option from `key=value` text; errors name the key and value, or list the known
    /// keys.
    fn set(&mut self, assignment: &str) -> Result<(), OptionError> {
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(OptionError(format!(
                "rule option \"{assignment}\": expected key=value"
            )));
        };
        let (key, value) = (key.trim(), value.trim());
        let Some(option) = Self::TABLE.iter().find(|o| o.key == key) else {
            let keys: Vec<&str> = Self::TABLE.iter().map(|o| o.key).collect();
            return Err(OptionError(format!(
                "unknown rule option \"{key}\"; known options: {}",
                keys.join(", ")
            )));
        };
        (option.read)(self, value).map_err(|e| OptionError(format!("rule option {key}: {e}")))
    }

    /// Options from `key=value` assignments applied over the defaults.
    fn from_assignments<S: AsRef<str>>(items: &[S]) -> Result<Self, OptionError> {
        let mut options = Self::default();
        for item in items {
            options.set(item.as_ref())?;
        }
        Ok(options)
    }

    /// Every option as `key=value`, in table order.
    fn assignments(&self) -> Vec<String> {
        Self::TABLE
            .iter()
            .map(|o| format!("{}={}", o.key, (o.show)(self)))
            .collect()
    }
}

/// Reads an integer in `lo..=hi`.
pub fn parse_int<T: FromStr + PartialOrd + fmt::Display>(
    value: &str,
    lo: T,
    hi: T,
) -> Result<T, String> {
    match value.parse::<T>() {
        Ok(v) if v >= lo && v <= hi => Ok(v),
        _ => Err(format!(
            "expected an integer from {lo} to {hi}, found \"{value}\""
        )),
    }
}

/// Reads a switch (`true`/`on`/`yes`/`1` or `false`/`off`/`no`/`0`).
pub fn parse_flag(value: &str) -> Result<bool, String> {
    match value {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(format!("expected true or false, found \"{value}\"")),
    }
}

/// The error for a value that is none of `names`.
pub fn not_one_of(value: &str, names: &[&str]) -> String {
    let list = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    };
    format!("expected {list}, found \"{value}\"")
}

/// Declares a game's rule options once: the struct (each field with its doc comment, type and
/// default), its `Default` and `Display`, and its [`RuleOptions`] table. Each field's values
/// are `flag`, `int(LO..=HI)`, `choice` (a `named_enum!` type, named by its snake_case names)
/// or `text("…")` (a type with `FromStr<Err = String>` and `Display`).
///
/// ```ignore
/// rule_options! {
///     /// The rule switches.
///     pub struct Options {
///         /// Meeples per player.
///         meeples: u8 = 6, int(1..=12);
///         /// Who scores at the end.
///         final_scoring: FinalScoring = FinalScoring::Majority, choice;
///     }
/// }
/// ```
#[macro_export]
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $O:ident {
            $($(#[$fmeta:meta])* $field:ident: $T:ty = $default:expr, $kind:ident $(($($arg:tt)*))?;)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis struct $O {
            $($(#[$fmeta])* pub $field: $T,)+
        }

        impl Default for $O {
            fn default() -> Self {
                $O { $($field: $default,)+ }
            }
        }

        impl std::fmt::Display for $O {
            /// Space-separated `key=value` list.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let assignments = $crate::core::options::RuleOptions::assignments(self);
                f.write_str(&assignments.join(" "))
            }
        }

        impl $crate::core::options::RuleOptions for $O {
            const TABLE: &'static [$crate::core::options::RuleOption<$O>] = &[$(
                $crate::core::options::RuleOption {
                    key: stringify!($field),
                    values: $crate::rule_options!(@values $T, $kind $(($($arg)*))?),
                    read: |o: &mut $O, v: &str| {
                        o.$field = $crate::rule_options!(@read $T, v, $kind $(($($arg)*))?)?;
                        Ok(())
                    },
                    show: |o: &$O| $crate::rule_options!(@show o.$field, $kind),
                },
            )+];
        }
    };
    (@values $T:ty, flag) => { $crate::core::options::OptionValues::Flag };
    (@values $T:ty, int($lo:literal ..= $hi:expr)) => {
        $crate::core::options::OptionValues::Int { min: $lo as i64, max: $hi as i64 }
    };
    (@values $T:ty, choice) => { $crate::core::options::OptionValues::Choice(&<$T>::NAMES) };
    (@values $T:ty, text($text:literal)) => { $crate::core::options::OptionValues::Text($text) };
    (@read $T:ty, $v:ident, flag) => { $crate::core::options::parse_flag($v) };
    (@read $T:ty, $v:ident, int($lo:literal ..= $hi:expr)) => {
        $crate::core::options::parse_int::<$T>($v, $lo, $hi)
    };
    (@read $T:ty, $v:ident, choice) => {
        <$T>::from_name($v).ok_or_else(|| $crate::core::options::not_one_of($v, &<$T>::NAMES))
    };
    (@read $T:ty, $v:ident, text($text:literal)) => { $v.parse::<$T>() };
    (@show $value:expr, choice) => { $value.name().to_string() };
    (@show $value:expr, $kind:ident) => { $value.to_string() };
}

/// Test support for the games' options: checks that `O` refuses `assignment` with an error
/// naming each of `phrases`.
#[cfg(test)]
pub(crate) fn assert_refused<O: RuleOptions>(assignment: &str, phrases: &[&str]) {
    let e = O::from_assignments(&[assignment]).expect_err(assignment);
    for phrase in phrases {
        assert!(e.0.contains(phrase), "{assignment}: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::names::named_enum;

    named_enum! { enum Speed { Slow = "slow", Fast = "fast" } }

    rule_options! {
        /// Test options.
        struct Knobs {
            /// A number.
            count: u8 = 3, int(1..=7);
            /// A switch.
            on: bool = true, flag;
            /// A choice.
            speed: Speed = Speed::Slow, choice;
        }
    }

    #[test]
    fn the_table_parses_lists_and_names_key_and_value() {
        assert_eq!(Knobs::default().to_string(), "count=3 on=true speed=slow");
        let k = Knobs::from_assignments(&[" count = 5", "on=off", "speed=fast"]).unwrap();
        assert_eq!((k.count, k.on, k.speed), (5, false, Speed::Fast));
        assert_eq!(Knobs::from_assignments(&k.assignments()).unwrap(), k);
        let e = Knobs::from_assignments(&["count=8"]).unwrap_err();
        assert_eq!(
            e.0,
            "rule option count: expected an integer from 1 to 7, found \"8\""
        );
        let e = Knobs::from_assignments(&["speed=warp"]).unwrap_err();
        assert_eq!(
            e.0,
            "rule option speed: expected slow or fast, found \"warp\""
        );
        let e = Knobs::from_assignments(&["on=maybe"]).unwrap_err();
        assert!(e.0.contains("expected true or false"), "{e}");
        let e = Knobs::from_assignments(&["x=1"]).unwrap_err();
        assert_eq!(
            e.0,
            "unknown rule option \"x\"; known options: count, on, speed"
        );
        assert!(Knobs::from_assignments(&["count"]).is_err());
        let values: Vec<String> = Knobs::TABLE.iter().map(|o| o.values.to_string()).collect();
        assert_eq!(values, ["integer 1..=7", "true | false", "slow | fast"]);
    }
}
