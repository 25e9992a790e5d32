//! Fields and the cities they border (C-4): when a city is completed it gets the next bit of
//! [`FeatureAgg::cities`](super::features::FeatureAgg), set on every field beside it; fields
//! joined later OR their bits, so a city bordering a field on several tiles counts once.

use super::state::{CarcassonneState, Node};

impl CarcassonneState {
    /// Records that the city with root `root` was just completed; returns its bit.
    pub(super) fn city_completed(&mut self, root: Node) -> u32 {
        let bit = 1 << self.game.cities_completed;
        self.game.cities_completed += 1;
        for i in 0..self.game.borders.len() {
            let (field, city) = self.game.borders[i];
            if self.features.find(city) == root {
                self.features.get_mut(field).cities |= bit;
            }
        }
        bit
    }
}
