//! Safari as the tools see it ([`GameDef`]): setup from options, the record header lines
//! `tokens` and `hand`, and the `expect hand` check (`docs/notation.md`).

use super::action::Action;
use super::notation::species;
use super::options::Options;
use super::setup::{
    check, take, ResolvedSetup, Setup, TokenDeal, BUILTIN_TILES, PLAYER_RANGE, TOKENS_PER_SPECIES,
};
use super::state::SafariState;
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::CompiledTiles;
use crate::games::def::{parse_seat, GameDef, HeaderItem, TileChecks};
use std::fmt::Write as _;
use std::ops::RangeInclusive;

impl GameDef for SafariState {
    const NAME: &'static str = "safari";
    const TITLE: &'static str = "Safari";
    const PLAYERS: RangeInclusive<usize> = PLAYER_RANGE;
    const HEADER_KEYWORDS: &'static [&'static str] = &["tokens", "hand"];
    const EXPECT_KEYWORDS: &'static [&'static str] = &["hand"];

    type Options = Options;
    type Deal = TokenDeal;

    fn builtin_tiles() -> &'static CompiledTiles {
        BUILTIN_TILES.compiled()
    }

    const TILE_CHECKS: Option<TileChecks> = Some(super::tile_checks::check);

    const BUILTIN_TILE_FILE: &'static str = super::setup::BUILTIN_SAFARI;

    /// `tokens Z G A` fixes the top of the bag; `hand P0 AE` (or `-`) gives a seat's starting
    /// hand, and then every seat needs one.
    fn read_header_items(setup: &mut Setup, items: &[HeaderItem]) -> Result<(), (usize, String)> {
        let players = setup.players;
        let mut hands: Vec<Option<Vec<Species>>> = vec![None; players];
        let mut first_hand = None;
        // Every token named so far, so that one too many is blamed on its own line.
        let mut pool = SpeciesCounts([TOKENS_PER_SPECIES; 5]);
        let what = "the tokens and hands given up to here";
        for item in items {
            let at = |m: String| (item.line, m);
            match item.key.as_str() {
                "tokens" => {
                    for w in &item.args {
                        let s = species(w).map_err(at)?;
                        take(&mut pool, s, what).map_err(at)?;
                        setup.deal.token_order.push(s);
                    }
                }
                _ => {
                    let seat = item.args.first().map_or("", String::as_str);
                    let p = parse_seat(seat, players).map_err(at)?;
                    if hands[p].is_some() {
                        return Err(at(format!("a second hand for P{p}")));
                    }
                    let mut hand = Vec::new();
                    for c in item.args[1..]
                        .iter()
                        .filter(|w| *w != "-")
                        .flat_map(|w| w.chars())
                    {
                        let s = species(&c.to_string()).map_err(at)?;
                        take(&mut pool, s, what).map_err(at)?;
                        hand.push(s);
                    }
                    hands[p] = Some(hand);
                    first_hand.get_or_insert(item.line);
                }
            }
        }
        if let Some(line) = first_hand {
            let all = hands
                .into_iter()
                .enumerate()
                .map(|(p, h)| {
                    h.ok_or_else(|| (line, format!("hands are given, but none for P{p}")))
                })
                .collect::<Result<_, _>>()?;
            setup.deal.hands = Some(all);
        }
        Ok(())
    }

    /// The player count, and the vehicles against the tile set.
    fn check_setup(setup: &Setup) -> Result<(), String> {
        check(setup)
    }

    fn start(
        tiles: &'static CompiledTiles,
        resolved: &ResolvedSetup,
    ) -> Result<SafariState, String> {
        SafariState::from_resolved(tiles, resolved).map_err(|e| e.0)
    }

    fn new_game(setup: &Setup) -> Result<SafariState, String> {
        SafariState::new(setup).map_err(|e| e.0)
    }

    fn restart(&mut self, setup: &Setup) -> Result<(), String> {
        SafariState::restart(self, setup).map_err(|e| e.0)
    }

    fn write_header_items(resolved: &ResolvedSetup, out: &mut String) {
        for chunk in resolved.deal.token_order.chunks(25) {
            let letters: Vec<String> = chunk.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(out, "tokens {}", letters.join(" "));
        }
        for (p, hand) in resolved.deal.hands.iter().enumerate() {
            let letters: String = hand.iter().map(|s| s.letter()).collect();
            let shown = if letters.is_empty() { "-" } else { &letters };
            let _ = writeln!(out, "hand P{p} {shown}");
        }
    }

    fn starts_turn(action: &Action) -> bool {
        matches!(action, Action::Place { .. })
    }

    fn meeples_in_supply(&self, player: usize) -> u8 {
        SafariState::meeples_in_supply(self, player)
    }

    /// `expect hand P1 AE` (or `-`): one seat's tokens.
    fn check_expectation(&self, words: &[String]) -> Result<(), String> {
        let [_, p, letters] = words else {
            return Err("expected \"expect hand P<seat> <letters|->\"".into());
        };
        let p = parse_seat(p, self.players())?;
        let want = SpeciesCounts::parse(letters)
            .ok_or_else(|| format!("expected species letters or -, found \"{letters}\""))?;
        let got = self.hand(p);
        if *got != want {
            return Err(format!("expected P{p} hand {want}, but the game has {got}"));
        }
        Ok(())
    }

    fn tiles_removed(&self) -> usize {
        SafariState::tiles_removed(self)
    }

    fn seat_facts(&self, player: usize) -> Vec<(&'static str, i64)> {
        vec![
            ("tokens_in_hand", self.hand(player).total() as i64),
            ("meeples_in_supply", self.meeples_in_supply(player) as i64),
        ]
    }

    fn placement_tests(&self) -> Option<u64> {
        SafariState::placement_tests(self)
    }
}
