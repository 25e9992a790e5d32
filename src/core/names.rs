//! Enums whose values have snake_case names (action kinds, point sources, rule option values),
//! declared once with their names: [`named_enum!`](crate::core::names::named_enum) writes the
//! list of values, their count, their names and the conversions both ways.

/// Declares a field-less enum whose variants each carry a snake_case name, with
/// `ALL` (every value in declaration order), `COUNT`, `NAMES`, `name()` and `from_name()`.
///
/// ```ignore
/// named_enum! {
///     /// Who scores an incomplete feature.
///     pub enum FinalScoring {
///         /// The majority.
///         Majority = "majority",
///         /// Everybody on it.
///         All = "all",
///     }
/// }
/// ```
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $E:ident {
            $($(#[$vmeta:meta])* $V:ident = $name:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $E {
            $($(#[$vmeta])* $V),+
        }

        impl $E {
            /// Every value, in declaration order.
            pub const ALL: [$E; [$($name),+].len()] = [$($E::$V),+];
            /// Number of values.
            pub const COUNT: usize = Self::ALL.len();
            /// The names, in declaration order.
            pub const NAMES: [&'static str; Self::COUNT] = [$($name),+];

            /// Snake-case name (CSV columns, option values, restriction lists).
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The value called `name`.
            pub fn from_name(name: &str) -> Option<$E> {
                Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
            }
        }
    };
}

pub(crate) use named_enum;

#[cfg(test)]
mod tests {
    named_enum! {
        /// A test enum.
        enum Fruit {
            /// The first.
            Apple = "apple",
            /// The second.
            BloodOrange = "blood_orange",
        }
    }

    #[test]
    fn names_and_values_convert_both_ways() {
        assert_eq!(Fruit::COUNT, 2);
        assert_eq!(Fruit::BloodOrange.name(), "blood_orange");
        assert_eq!(Fruit::from_name("apple"), Some(Fruit::Apple));
        assert_eq!(Fruit::from_name("pear"), None);
        assert_eq!(Fruit::ALL, [Fruit::Apple, Fruit::BloodOrange]);
    }
}
