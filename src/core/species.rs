//! The five animal species and small fixed-size collections of them.

use crate::core::names::indexed_enum;
use std::fmt;

indexed_enum! {
    /// One of the five animal species (rule S-1.3), in letter order.
    pub enum Species {
        /// Ape / monkey (`A`).
        Ape,
        /// Elephant (`E`).
        Elephant,
        /// Giraffe (`G`).
        Giraffe,
        /// Lion (`L`).
        Lion,
        /// Zebra (`Z`).
        Zebra,
    }
}

impl Species {
    /// The species with index `i` (0..5).
    pub fn from_index(i: usize) -> Species {
        Species::ALL[i]
    }

    /// The letter used in files and records.
    pub fn letter(self) -> char {
        ['A', 'E', 'G', 'L', 'Z'][self.index()]
    }

    /// Parses one letter `A`, `E`, `G`, `L` or `Z`.
    pub fn from_letter(c: char) -> Option<Species> {
        Species::ALL.into_iter().find(|s| s.letter() == c)
    }
}

impl fmt::Display for Species {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A multiset of species: how many of each (animals on a feature, tokens in a hand or bag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SpeciesCounts(pub [u8; 5]);

impl SpeciesCounts {
    /// The empty multiset.
    pub const EMPTY: SpeciesCounts = SpeciesCounts([0; 5]);

    /// How many of `s`.
    pub fn get(&self, s: Species) -> u8 {
        self.0[s.index()]
    }

    /// Adds one `s`.
    pub fn add(&mut self, s: Species) {
        self.0[s.index()] += 1;
    }

    /// Removes one `s`; returns false (and changes nothing) if there is none.
    pub fn remove(&mut self, s: Species) -> bool {
        let c = &mut self.0[s.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Total count.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// The species present, in [`Species::ALL`] order, at the front of the array, and how many
    /// there are.
    #[inline]
    pub fn present(&self) -> ([Species; 5], usize) {
        let mut present = [Species::Ape; 5];
        let mut n = 0;
        for sp in Species::ALL {
            if self.get(sp) > 0 {
                present[n] = sp;
                n += 1;
            }
        }
        (present, n)
    }

    /// Bit mask of the species present.
    pub fn mask(&self) -> u8 {
        Species::ALL
            .into_iter()
            .filter(|s| self.get(*s) > 0)
            .fold(0, |m, s| m | s.bit())
    }

    /// Parses a run of species letters such as `AEE`; `-` is the empty multiset.
    pub fn parse(s: &str) -> Option<SpeciesCounts> {
        let mut out = SpeciesCounts::EMPTY;
        if s == "-" {
            return Some(out);
        }
        for c in s.chars() {
            out.add(Species::from_letter(c)?);
        }
        if s.is_empty() {
            return None;
        }
        Some(out)
    }
}

impl fmt::Display for SpeciesCounts {
    /// Letters in species order (`AEE`), or `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return write!(f, "-");
        }
        for s in Species::ALL {
            for _ in 0..self.get(s) {
                write!(f, "{}", s.letter())?;
            }
        }
        Ok(())
    }
}

/// Number of species set in a mask.
pub fn species_in_mask(mask: u8) -> u32 {
    (mask & 0x1F).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        let c = SpeciesCounts::parse("EAE").unwrap();
        assert_eq!(c.to_string(), "AEE");
        assert_eq!(c.mask(), Species::Ape.bit() | Species::Elephant.bit());
        assert_eq!(SpeciesCounts::parse("-").unwrap().total(), 0);
        assert!(SpeciesCounts::parse("M").is_none());
        assert!(SpeciesCounts::parse("").is_none());
    }
}
