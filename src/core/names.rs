//! Enums declared once with what every one of their kind needs. Enums whose values have
//! snake_case names (action kinds, point sources, rule option values): `named_enum!` writes the
//! list of values, their count, their names and the conversions both ways. Enums whose values
//! are numbered and go in bit masks (sides, corners, species): `indexed_enum!` writes the list
//! of values, their numbers and their bits.

/// Declares a field-less enum (the derives every enum here has) with `ALL`, every value in
/// declaration order: what [`named_enum!`] and [`indexed_enum!`] build on.
macro_rules! listed_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $E:ident { $($(#[$vmeta:meta])* $V:ident),+ }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $E {
            $($(#[$vmeta])* $V),+
        }

        impl $E {
            /// Every value, in declaration order.
            pub const ALL: [$E; [$($E::$V),+].len()] = [$($E::$V),+];
        }
    };
}

pub(crate) use listed_enum;

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
        $crate::core::names::listed_enum! {
            $(#[$meta])*
            $vis enum $E { $($(#[$vmeta])* $V),+ }
        }

        impl $E {
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

/// Declares a field-less enum whose values are numbered from 0 in declaration order, with
/// `ALL` (every value in that order), `index()` (a value's number) and `bit()` (its bit in a
/// mask of values).
macro_rules! indexed_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $E:ident {
            $($(#[$vmeta:meta])* $V:ident),+ $(,)?
        }
    ) => {
        $crate::core::names::listed_enum! {
            $(#[$meta])*
            $vis enum $E { $($(#[$vmeta])* $V),+ }
        }

        impl $E {
            /// The value's number, in declaration order.
            pub fn index(self) -> usize {
                self as usize
            }

            /// The value's bit in a mask of values.
            pub fn bit(self) -> u8 {
                1 << self.index()
            }
        }
    };
}

pub(crate) use indexed_enum;

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
