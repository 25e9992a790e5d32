//! Helpers for parsing `key=value` rule options, shared by every game's `Options::set`.

use std::fmt;
use std::str::FromStr;

/// A bad `key=value` rule option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

/// Splits `key=value` text into its trimmed key and value.
pub fn split_assignment(assignment: &str) -> Result<(&str, &str), OptionError> {
    let Some((key, value)) = assignment.split_once('=') else {
        return Err(OptionError(format!(
            "rule option \"{assignment}\": expected key=value"
        )));
    };
    Ok((key.trim(), value.trim()))
}

/// Parses the value of option `key` as an integer in `lo..=hi`.
pub fn parse_int<T: FromStr + PartialOrd + fmt::Display>(
    key: &str,
    value: &str,
    lo: T,
    hi: T,
) -> Result<T, OptionError> {
    match value.parse::<T>() {
        Ok(v) if v >= lo && v <= hi => Ok(v),
        _ => Err(OptionError(format!(
            "rule option {key}: expected an integer from {lo} to {hi}, found \"{value}\""
        ))),
    }
}

/// Parses the value of option `key` as a switch (`true`/`on`/`yes`/`1` or
/// `false`/`off`/`no`/`0`).
pub fn parse_bool(key: &str, value: &str) -> Result<bool, OptionError> {
    match value {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(OptionError(format!(
            "rule option {key}: expected true or false, found \"{value}\""
        ))),
    }
}

/// The error for an unknown option `key`, listing the keys of `known` (a game's
/// `OPTION_KEYS` table of key and value description).
pub fn unknown_key(key: &str, known: &[(&str, &str)]) -> OptionError {
    let keys: Vec<&str> = known.iter().map(|(k, _)| *k).collect();
    OptionError(format!(
        "unknown rule option \"{key}\"; known options: {}",
        keys.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_name_key_and_value() {
        assert_eq!(split_assignment(" a = b ").unwrap(), ("a", "b"));
        assert!(split_assignment("ab").is_err());
        assert_eq!(parse_int::<u8>("n", "3", 1, 7).unwrap(), 3);
        let e = parse_int::<u8>("n", "8", 1, 7).unwrap_err();
        assert_eq!(
            e.0,
            "rule option n: expected an integer from 1 to 7, found \"8\""
        );
        assert!(parse_bool("b", "on").unwrap());
        assert!(parse_bool("b", "maybe").is_err());
        let e = unknown_key("x", &[("a", ""), ("b", "")]);
        assert_eq!(e.0, "unknown rule option \"x\"; known options: a, b");
    }
}
