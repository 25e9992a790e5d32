//! Analysis of game results: win rates with confidence intervals ([`wilson`]), ratings
//! (Bradley–Terry and Plackett–Luce with bootstrap intervals, [`ratings`]) and per-agent
//! standings computed from `games.csv` ([`standings`]), and paired differences with bootstrap
//! intervals for experiments with common random numbers ([`paired`]).

pub mod paired;
pub mod ratings;
pub mod standings;
pub mod wilson;
