//! ASCII drawings (placeholder until written).
use super::TileLayout;
/// Draws a layout.
pub fn draw_layout(_layout: &TileLayout) -> Vec<String> { Vec::new() }
