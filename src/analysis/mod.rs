//! Analysis of game results: win rates with confidence intervals ([`wilson`]), ratings
//! (Bradley–Terry and Plackett–Luce with bootstrap intervals, [`ratings`]) and per-agent
//! standings computed from `games.csv` ([`standings`]) from running totals ([`tally`]) and by rule set ([`rule_sets`]), and paired differences with bootstrap
//! intervals for experiments with common random numbers ([`paired`]).

pub mod paired;
pub mod ratings;
pub mod rule_sets;
pub mod standings;
pub mod tally;
pub mod wilson;
