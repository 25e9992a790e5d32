//! Typed agent parameters: the table of what each agent kind accepts, and value parsing.

use std::fmt;

/// Type and allowed range of one parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum ParamType {
    /// An integer in `min..=max`.
    Int { min: u64, max: u64 },
    /// A number in `min..=max`.
    Float { min: f64, max: f64 },
    /// `true` or `false`.
    Bool,
    /// One of the listed words.
    Choice(&'static [&'static str]),
    /// Any non-empty text (a command line).
    Text,
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamType::Int { min, max } => write!(f, "an integer in {min}..={max}"),
            ParamType::Float { min, max } => write!(f, "a number in {min}..={max}"),
            ParamType::Bool => write!(f, "true or false"),
            ParamType::Choice(words) => write!(f, "one of {}", words.join("|")),
            ParamType::Text => write!(f, "a non-empty text"),
        }
    }
}

/// A parsed parameter value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum ParamValue {
    /// An integer.
    Int(u64),
    /// A number.
    Float(f64),
    /// A flag.
    Bool(bool),
    /// A word from a [`ParamType::Choice`] list.
    Choice(&'static str),
    /// A [`ParamType::Text`] value (kept for the life of the program: specs are few and
    /// copied often).
    Text(&'static str),
}

impl ParamValue {
    /// The value as a TOML spec file writes it (words quoted, numbers with a decimal point).
    pub(crate) fn toml_text(self) -> String {
        match self {
            ParamValue::Float(v) => format!("{v:?}"),
            ParamValue::Choice(v) => format!("\"{v}\""),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Int(v) => write!(f, "{v}"),
            ParamValue::Float(v) => write!(f, "{v}"),
            ParamValue::Bool(v) => write!(f, "{v}"),
            ParamValue::Choice(v) | ParamValue::Text(v) => write!(f, "{v}"),
        }
    }
}

/// One accepted parameter of an agent kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ParamDef {
    /// Its key.
    pub name: &'static str,
    /// Its type and range.
    pub ty: ParamType,
    /// Its value when not given.
    pub default: ParamValue,
}

impl ParamDef {
    /// An integer parameter in `min..=max`.
    pub(crate) const fn int(name: &'static str, min: u64, max: u64, default: u64) -> ParamDef {
        ParamDef {
            name,
            ty: ParamType::Int { min, max },
            default: ParamValue::Int(default),
        }
    }

    /// A number parameter in `min..=max`.
    pub(crate) const fn float(name: &'static str, min: f64, max: f64, default: f64) -> ParamDef {
        ParamDef {
            name,
            ty: ParamType::Float { min, max },
            default: ParamValue::Float(default),
        }
    }

    /// A `true`/`false` parameter.
    pub(crate) const fn flag(name: &'static str, default: bool) -> ParamDef {
        ParamDef {
            name,
            ty: ParamType::Bool,
            default: ParamValue::Bool(default),
        }
    }

    /// A parameter taking one of `words`.
    pub(crate) const fn choice(
        name: &'static str,
        words: &'static [&'static str],
        default: &'static str,
    ) -> ParamDef {
        ParamDef {
            name,
            ty: ParamType::Choice(words),
            default: ParamValue::Choice(default),
        }
    }

    /// A text parameter (its default is empty, so the kind must ask for it).
    pub(crate) const fn text(name: &'static str) -> ParamDef {
        ParamDef {
            name,
            ty: ParamType::Text,
            default: ParamValue::Text(""),
        }
    }

    /// Parses the inline text form of a value.
    pub(crate) fn parse_text(&self, text: &str) -> Option<ParamValue> {
        let v = match self.ty {
            ParamType::Int { .. } => ParamValue::Int(text.parse().ok()?),
            ParamType::Float { .. } => ParamValue::Float(text.parse().ok()?),
            ParamType::Bool => ParamValue::Bool(text.parse().ok()?),
            ParamType::Choice(words) => ParamValue::Choice(words.iter().find(|w| **w == text)?),
            ParamType::Text if text.trim().is_empty() => return None,
            ParamType::Text => ParamValue::Text(Box::leak(text.trim().into())),
        };
        self.in_range(v).then_some(v)
    }

    /// The number `x` as a value of this parameter, if it takes numbers and `x` is in range.
    pub(crate) fn number(&self, x: f64) -> Option<ParamValue> {
        let v = ParamValue::Float(x);
        (matches!(self.ty, ParamType::Float { .. }) && self.in_range(v)).then_some(v)
    }

    /// The range of a number parameter; `None` for other types.
    pub(crate) fn number_range(&self) -> Option<(f64, f64)> {
        match self.ty {
            ParamType::Float { min, max } => Some((min, max)),
            _ => None,
        }
    }

    /// Converts a TOML value (integers are accepted where numbers are expected).
    pub(crate) fn parse_toml(&self, value: &toml::Value) -> Option<ParamValue> {
        let v = match (self.ty, value) {
            (ParamType::Int { .. }, toml::Value::Integer(i)) => {
                ParamValue::Int(u64::try_from(*i).ok()?)
            }
            (ParamType::Float { .. }, toml::Value::Float(x)) => ParamValue::Float(*x),
            (ParamType::Float { .. }, toml::Value::Integer(i)) => ParamValue::Float(*i as f64),
            (ParamType::Bool, toml::Value::Boolean(b)) => ParamValue::Bool(*b),
            (ParamType::Choice(_) | ParamType::Text, toml::Value::String(s)) => {
                return self.parse_text(s)
            }
            _ => return None,
        };
        self.in_range(v).then_some(v)
    }

    fn in_range(&self, v: ParamValue) -> bool {
        match (self.ty, v) {
            (ParamType::Int { min, max }, ParamValue::Int(x)) => (min..=max).contains(&x),
            (ParamType::Float { min, max }, ParamValue::Float(x)) => (min..=max).contains(&x),
            _ => true,
        }
    }
}

/// Parameter values of one spec, aligned with its kind's [`ParamDef`] table.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Params {
    defs: &'static [ParamDef],
    values: Vec<ParamValue>,
}

impl Params {
    /// Every parameter at its default.
    pub(crate) fn defaults(defs: &'static [ParamDef]) -> Params {
        Params {
            defs,
            values: defs.iter().map(|d| d.default).collect(),
        }
    }

    /// Sets parameter `index` of the table.
    pub(crate) fn set(&mut self, index: usize, value: ParamValue) {
        self.values[index] = value;
    }

    /// `(name, value)` of every parameter that differs from its default, in table order.
    pub(crate) fn non_default(&self) -> impl Iterator<Item = (&'static str, ParamValue)> + '_ {
        self.defs
            .iter()
            .zip(&self.values)
            .filter(|(d, v)| d.default != **v)
            .map(|(d, v)| (d.name, *v))
    }

    fn get(&self, name: &str) -> ParamValue {
        let i = self.defs.iter().position(|d| d.name == name);
        self.values[i.unwrap_or_else(|| panic!("no parameter `{name}` in this kind"))]
    }

    /// The integer parameter `name`.
    pub(crate) fn int(&self, name: &str) -> u64 {
        match self.get(name) {
            ParamValue::Int(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not an integer"),
        }
    }

    /// The number parameter `name`.
    pub(crate) fn float(&self, name: &str) -> f64 {
        match self.get(name) {
            ParamValue::Float(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a number"),
        }
    }

    /// The flag parameter `name`.
    pub(crate) fn flag(&self, name: &str) -> bool {
        match self.get(name) {
            ParamValue::Bool(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a flag"),
        }
    }

    /// The text parameter `name`.
    pub(crate) fn text(&self, name: &str) -> &'static str {
        match self.get(name) {
            ParamValue::Text(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a text"),
        }
    }

    /// The choice parameter `name`.
    pub(crate) fn choice(&self, name: &str) -> &'static str {
        match self.get(name) {
            ParamValue::Choice(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a choice"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: ParamDef = ParamDef::int("iters", 1, 10, 5);
    const FLOAT: ParamDef = ParamDef::float("c", 0.0, 1.0, 0.5);
    const CHOICE: ParamDef = ParamDef::choice("rollout", &["random", "greedy"], "random");

    #[test]
    fn text_values_are_typed_and_range_checked() {
        assert_eq!(INT.parse_text("7"), Some(ParamValue::Int(7)));
        assert_eq!(INT.parse_text("11"), None);
        assert_eq!(INT.parse_text("x"), None);
        assert_eq!(FLOAT.parse_text("0.25"), Some(ParamValue::Float(0.25)));
        assert_eq!(FLOAT.parse_text("-1"), None);
        assert_eq!(
            CHOICE.parse_text("greedy"),
            Some(ParamValue::Choice("greedy"))
        );
        assert_eq!(CHOICE.parse_text("smart"), None);
    }

    #[test]
    fn toml_integers_serve_as_numbers() {
        assert_eq!(
            FLOAT.parse_toml(&toml::Value::Integer(1)),
            Some(ParamValue::Float(1.0))
        );
        assert_eq!(INT.parse_toml(&toml::Value::Float(1.0)), None);
        assert_eq!(INT.parse_toml(&toml::Value::Integer(-3)), None);
    }

    #[test]
    fn numbers_are_range_checked_and_written_as_toml() {
        assert_eq!(FLOAT.number(0.25), Some(ParamValue::Float(0.25)));
        assert_eq!(FLOAT.number(1.5), None);
        assert_eq!(INT.number(3.0), None);
        assert_eq!(FLOAT.number_range(), Some((0.0, 1.0)));
        assert_eq!(CHOICE.number_range(), None);
        assert_eq!(ParamValue::Float(1.0).toml_text(), "1.0");
        assert_eq!(ParamValue::Choice("greedy").toml_text(), "\"greedy\"");
        assert_eq!(ParamValue::Int(5).toml_text(), "5");
    }

    #[test]
    fn only_changed_values_are_listed() {
        let defs: &'static [ParamDef] = &[INT, FLOAT];
        let mut p = Params::defaults(defs);
        assert_eq!(p.non_default().count(), 0);
        p.set(1, ParamValue::Float(0.75));
        let changed: Vec<_> = p.non_default().collect();
        assert_eq!(changed, vec![("c", ParamValue::Float(0.75))]);
        assert_eq!(p.float("c"), 0.75);
        assert_eq!(p.int("iters"), 5);
    }
}
