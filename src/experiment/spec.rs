//! Experiment spec files (TOML): parsing and checking. Every key is documented in
//! `docs/experiments.md`; errors name the file, the line and the key.

use super::config::{ExperimentConfig, VariantConfig};
use super::run::Experiment;
use super::summary::Group;
use crate::agents::AgentSpec;
use crate::arena::{ArenaError, RecordFn, Shard};
use crate::core::tileset::CompiledTiles;
use crate::games::def::{GameDef, GameId};
use crate::games::Setup;
use crate::io::games_csv::SCHEMA_VERSION;
use crate::io::record::record_maker;
use crate::io::spec_toml::describe_error;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Default number of bootstrap resamples for paired differences.
pub const DEFAULT_BOOTSTRAP: usize = 1000;

/// Most games per variant a spec may ask for.
pub const MAX_GAMES: u64 = 10_000_000;

/// A bad experiment spec: the message names the file, the line and the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// A checked experiment spec.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The spec file.
    pub file: PathBuf,
    /// Experiment name (also the default output folder `results/<name>`).
    pub name: String,
    /// Free text shown when the experiment starts.
    pub description: String,
    /// The game.
    pub game: GameId,
    /// Games per variant.
    pub games: u64,
    /// Master seed: game `g` of every variant is seeded with `derive_seed(seed, g)`.
    pub seed: u64,
    /// Bootstrap resamples for the paired-difference intervals.
    pub bootstrap: usize,
    /// Whether charts and the printed table show players or seats.
    pub plot_by: Group,
    /// The compiled tile set.
    pub tiles: &'static CompiledTiles,
    /// How game records name the tile set: `builtin`, or the tile-set file's absolute path.
    pub tileset: String,
    /// The variants; the first is the baseline.
    pub variants: Vec<VariantSpec>,
}

/// One checked variant.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// Variant name.
    pub name: String,
    /// Seats per game.
    pub players: usize,
    /// One agent per player (player `i` moves seat by seat as games rotate).
    pub agents: Vec<AgentSpec>,
    /// Every rule option of the game as space-separated `key=value` (checked).
    pub rules: String,
}

type RawRules = BTreeMap<Spanned<String>, Spanned<toml::Value>>;
type RawList = Spanned<Vec<Spanned<String>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    name: Spanned<String>,
    #[serde(default)]
    description: String,
    game: Spanned<String>,
    players: Spanned<usize>,
    agents: RawList,
    games: Spanned<u64>,
    seed: u64,
    bootstrap: Option<Spanned<usize>>,
    plot_by: Option<Spanned<String>>,
    tileset: Option<Spanned<String>>,
    #[serde(default)]
    rules: RawRules,
    #[serde(default, rename = "variant")]
    variants: Vec<RawVariant>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    name: Spanned<String>,
    players: Option<Spanned<usize>>,
    agents: Option<RawList>,
    #[serde(default)]
    forbid: Vec<Spanned<String>>,
    #[serde(default)]
    rules: RawRules,
}

/// Turns byte offsets of the spec text into `file:line` locations.
struct Locator<'a> {
    file: String,
    text: &'a str,
}

impl Locator<'_> {
    fn err(&self, span: Range<usize>, key: &str, message: impl std::fmt::Display) -> SpecError {
        let line = self.text[..span.start.min(self.text.len())]
            .matches('\n')
            .count()
            + 1;
        SpecError(format!("{}:{line}: {key}: {message}", self.file))
    }
}

impl Spec {
    /// Reads and checks a spec file.
    pub fn load(path: &Path) -> Result<Spec, SpecError> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            SpecError(format!(
                "cannot read experiment spec {}: {e}",
                path.display()
            ))
        })?;
        Spec::parse(&text, path)
    }

    /// Parses and checks spec text; `file` names it in errors and anchors a relative `tileset`.
    pub fn parse(text: &str, file: &Path) -> Result<Spec, SpecError> {
        let loc = Locator {
            file: file.display().to_string(),
            text,
        };
        let raw: RawSpec = toml::from_str(text).map_err(|e| {
            let doc = "docs/experiments.md, \"Spec format\"";
            SpecError(describe_error(&loc.file, "experiment", doc, &e))
        })?;
        check_name(&raw.name, "name", &loc)?;
        let game = GameId::from_name(raw.game.get_ref())
            .map_err(|e| loc.err(raw.game.span(), "game", e))?;
        let games = *raw.games.get_ref();
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(loc.err(
                raw.games.span(),
                "games",
                format!("expected 1 to {MAX_GAMES} games per variant, found {games}"),
            ));
        }
        let bootstrap = match &raw.bootstrap {
            None => DEFAULT_BOOTSTRAP,
            Some(b) if *b.get_ref() <= 100_000 => *b.get_ref(),
            Some(b) => {
                return Err(loc.err(
                    b.span(),
                    "bootstrap",
                    format!("expected 0 to 100000 resamples, found {}", b.get_ref()),
                ))
            }
        };
        let plot_by = match &raw.plot_by {
            None => Group::Player,
            Some(p) => match Group::from_name(p.get_ref()) {
                Some(g @ (Group::Player | Group::Seat)) => g,
                _ => {
                    return Err(loc.err(
                        p.span(),
                        "plot_by",
                        format!("expected \"player\" or \"seat\", found \"{}\"", p.get_ref()),
                    ))
                }
            },
        };
        let (tiles, tileset, variants) =
            crate::with_game!(game, G => game_part::<G>(&raw, file, &loc))?;
        Ok(Spec {
            file: file.to_path_buf(),
            name: raw.name.into_inner(),
            description: raw.description,
            game,
            games,
            seed: raw.seed,
            bootstrap,
            plot_by,
            tiles,
            tileset,
            variants,
        })
    }

    /// The experiment ready to run, with `games` games per variant of which it plays `shard`;
    /// with `records`, every game played is also kept as a record in `records/<variant>/` (see
    /// [`Experiment::with_records`]). `G` must be the spec's game.
    pub fn experiment<G: GameDef>(
        &self,
        games: u64,
        shard: Shard,
        records: Option<&Path>,
    ) -> Result<Experiment<'static, G>, ArenaError> {
        if G::NAME != self.game.name() {
            return Err(ArenaError::Config(format!(
                "the spec plays {}, not {}",
                self.game,
                G::NAME
            )));
        }
        let setups: Vec<Setup<G>> = self
            .variants
            .iter()
            .map(|v| variant_setup::<G>(v.players, self.tiles, &v.rules))
            .collect::<Result<_, _>>()
            .map_err(ArenaError::Config)?;
        let variants = self
            .variants
            .iter()
            .zip(&setups)
            .map(|(v, setup)| {
                let setup = setup.clone();
                let new_game = move |seed: u64| {
                    let mut s = setup.clone();
                    G::set_seed(&mut s, seed);
                    G::new_game(&s).expect("setup checked when the spec was read")
                };
                let new_game: Box<dyn Fn(u64) -> G + Sync> = Box::new(new_game);
                (v.agents.clone(), new_game)
            })
            .collect();
        let experiment = Experiment::new(self.config(games, shard), variants)?;
        match records {
            None => Ok(experiment),
            Some(dir) => {
                let makes = setups
                    .into_iter()
                    .map(|setup| -> RecordFn<'static, G> {
                        Box::new(record_maker::<G>(setup, self.tileset.clone()))
                    })
                    .collect();
                experiment.with_records(dir, makes)
            }
        }
    }

    /// The stored configuration of a run of `games` games per variant, of which it plays
    /// `shard`.
    pub fn config(&self, games: u64, shard: Shard) -> ExperimentConfig {
        ExperimentConfig {
            schema_version: SCHEMA_VERSION,
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            experiment: self.name.clone(),
            game: self.game.name().to_string(),
            tileset_hash: format!("{:016x}", self.tiles.content_hash),
            seed: self.seed,
            games,
            shard: shard.to_string(),
            variants: self
                .variants
                .iter()
                .map(|v| VariantConfig {
                    name: v.name.clone(),
                    players: v.players,
                    agents: v.agents.iter().map(AgentSpec::label).collect(),
                    rules: v.rules.clone(),
                })
                .collect(),
        }
    }
}

/// The game-specific part of a spec: tile set, rules and variants, checked for game `G`.
fn game_part<G: GameDef>(
    raw: &RawSpec,
    file: &Path,
    loc: &Locator,
) -> Result<(&'static CompiledTiles, String, Vec<VariantSpec>), SpecError> {
    let (tiles, tileset) = match &raw.tileset {
        None => (G::builtin_tiles(), "builtin".to_string()),
        Some(t) => {
            let path = file
                .parent()
                .unwrap_or(Path::new(""))
                .join(t.get_ref().as_str());
            let tiles = G::load_tiles(&path).map_err(|e| loc.err(t.span(), "tileset", e))?;
            let abs = std::fs::canonicalize(&path).unwrap_or(path);
            (tiles, abs.display().to_string())
        }
    };
    let players = check_players::<G>(&raw.players, "players", loc)?;
    let mut base = G::setup(players, 0, tiles);
    apply_rules::<G>(&mut base, &raw.rules, "rules", loc)?;
    if raw.variants.is_empty() {
        return Err(SpecError(format!(
            "{}: variant: at least one [[variant]] is needed; the first is the baseline \
             (it may change nothing: [[variant]] name = \"baseline\")",
            loc.file
        )));
    }
    let mut variants: Vec<VariantSpec> = Vec::new();
    for (i, rv) in raw.variants.iter().enumerate() {
        let key = format!("variant[{i}]");
        check_name(&rv.name, &format!("{key}.name"), loc)?;
        if variants.iter().any(|v| &v.name == rv.name.get_ref()) {
            return Err(loc.err(
                rv.name.span(),
                &format!("{key}.name"),
                format!("variant \"{}\" is defined twice", rv.name.get_ref()),
            ));
        }
        let v_players = match &rv.players {
            Some(p) => check_players::<G>(p, &format!("{key}.players"), loc)?,
            None => players,
        };
        let (list, list_key) = match &rv.agents {
            Some(a) => (a, format!("{key}.agents")),
            None => (&raw.agents, "agents".to_string()),
        };
        let agents = resolve_agents::<G>(list, &list_key, v_players, &rv.forbid, &key, loc)?;
        let mut setup = variant_setup::<G>(v_players, tiles, &G::rules_text(&base))
            .map_err(|e| loc.err(rv.name.span(), &key, e))?;
        apply_rules::<G>(&mut setup, &rv.rules, &format!("{key}.rules"), loc)?;
        G::new_game(&setup).map_err(|e| loc.err(rv.name.span(), &key, e))?;
        variants.push(VariantSpec {
            name: rv.name.get_ref().clone(),
            players: v_players,
            agents,
            rules: G::rules_text(&setup),
        });
    }
    Ok((tiles, tileset, variants))
}

/// A setup of game `G` for `players` over `tiles` with `rules` (space-separated `key=value`).
fn variant_setup<G: GameDef>(
    players: usize,
    tiles: &'static CompiledTiles,
    rules: &str,
) -> Result<Setup<G>, String> {
    let rules: Vec<&str> = rules.split_whitespace().collect();
    G::setup_with_rules(players, 0, tiles, &rules)
}

/// Names become folder names and CSV values: letters, digits, `-`, `_`, `.`.
fn check_name(name: &Spanned<String>, key: &str, loc: &Locator) -> Result<(), SpecError> {
    let s = name.get_ref();
    let ok = !s.is_empty()
        && !s.starts_with('.')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(loc.err(
            name.span(),
            key,
            format!(
                "expected a name of letters, digits, '-', '_' and '.' (not starting with '.'), \
                 found \"{s}\""
            ),
        ))
    }
}

fn check_players<G: GameDef>(
    p: &Spanned<usize>,
    key: &str,
    loc: &Locator,
) -> Result<usize, SpecError> {
    let n = *p.get_ref();
    if G::PLAYERS.contains(&n) {
        Ok(n)
    } else {
        Err(loc.err(
            p.span(),
            key,
            format!(
                "expected {} to {} players, found {n}",
                G::PLAYERS.start(),
                G::PLAYERS.end()
            ),
        ))
    }
}

/// Applies `key = value` rule options (strings, integers or booleans) over `setup`'s.
fn apply_rules<G: GameDef>(
    setup: &mut Setup<G>,
    rules: &RawRules,
    prefix: &str,
    loc: &Locator,
) -> Result<(), SpecError> {
    for (key, value) in rules {
        let full = format!("{prefix}.{}", key.get_ref());
        let text = match value.get_ref() {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Boolean(b) => b.to_string(),
            other => {
                return Err(loc.err(
                    value.span(),
                    &full,
                    format!("expected a string, integer or boolean, found {other}"),
                ))
            }
        };
        G::set_rule(setup, &format!("{}={text}", key.get_ref()))
            .map_err(|e| loc.err(key.span(), &full, e))?;
    }
    Ok(())
}

/// One agent per player from `list` (one entry: the same agent for every player), with the
/// variant's `forbid` kinds added to each; every agent checked against game `G`.
fn resolve_agents<G: GameDef>(
    list: &RawList,
    list_key: &str,
    players: usize,
    forbid: &[Spanned<String>],
    variant_key: &str,
    loc: &Locator,
) -> Result<Vec<AgentSpec>, SpecError> {
    let items = list.get_ref();
    if items.len() != 1 && items.len() != players {
        return Err(loc.err(
            list.span(),
            list_key,
            format!(
                "{} agents for {players} players; give one agent per player, or one for all \
                 (a variant that changes players needs its own agents unless one agent is given)",
                items.len()
            ),
        ));
    }
    let kinds = G::action_kind_names();
    for f in forbid {
        if !kinds.contains(&f.get_ref().as_str()) {
            return Err(loc.err(
                f.span(),
                &format!("{variant_key}.forbid"),
                format!(
                    "unknown action kind \"{}\"; {}'s kinds: {}",
                    f.get_ref(),
                    G::TITLE,
                    kinds.join(", ")
                ),
            ));
        }
    }
    let mut agents = Vec::with_capacity(players);
    for (i, item) in items.iter().enumerate() {
        let key = format!("{list_key}[{i}]");
        let fail = |e: &dyn std::fmt::Display| loc.err(item.span(), &key, e);
        let mut spec = AgentSpec::resolve(item.get_ref()).map_err(|e| fail(&e))?;
        if !forbid.is_empty() {
            let label = spec.label();
            let kinds: Vec<&str> = forbid.iter().map(|f| f.get_ref().as_str()).collect();
            let sep = if label.contains(':') { ',' } else { ':' };
            spec = AgentSpec::resolve(&format!("{label}{sep}forbid={}", kinds.join("+")))
                .map_err(|e| fail(&e))?;
        }
        spec.validate_for::<G>().map_err(|e| fail(&e))?;
        agents.push(spec);
    }
    if agents.len() == 1 {
        agents = vec![agents[0].clone(); players];
    }
    Ok(agents)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
name = "t"
game = "safari"
players = 2
agents = ["random"]
games = 4
seed = 7

[rules]
vehicle_bonus = 5

[[variant]]
name = "baseline"

[[variant]]
name = "no-vehicles"
rules = { vehicles = 0 }
forbid = ["dig"]

[[variant]]
name = "three"
players = 3
agents = ["random", "greedy", "random:forbid=pass"]
"#;

    fn parse(text: &str) -> Result<Spec, SpecError> {
        Spec::parse(text, Path::new("exp.toml"))
    }

    #[test]
    fn a_good_spec_resolves_rules_and_agents() {
        let s = parse(GOOD).unwrap();
        assert_eq!((s.games, s.seed, s.bootstrap), (4, 7, DEFAULT_BOOTSTRAP));
        assert_eq!(s.variants.len(), 3);
        assert!(s.variants[0].rules.contains("vehicle_bonus=5"));
        assert!(s.variants[1].rules.contains("vehicles=0"));
        assert!(s.variants[1].rules.contains("vehicle_bonus=5"));
        assert_eq!(s.variants[1].agents[1].label(), "random:forbid=dig");
        assert_eq!(s.variants[2].players, 3);
        let c = s.config(10, Shard::ALL);
        assert_eq!(c.games, 10);
        assert_eq!(c.variants[2].agents[1], "greedy");
        assert!(c.variants[1].rules.contains("vehicles=0"));
    }

    #[test]
    fn a_tileset_is_read_relative_to_the_spec() {
        let text = GOOD.replacen("seed = 7", "seed = 7\ntileset = \"safari.tiles\"", 1);
        let s = Spec::parse(&text, Path::new("src/games/safari/exp.toml")).unwrap();
        let builtin = crate::games::safari::BUILTIN_TILES.compiled();
        assert_eq!(s.tiles.content_hash, builtin.content_hash);
        let e = parse(&text).unwrap_err().0;
        assert!(e.starts_with("exp.toml:8: tileset: "), "{e}");
    }

    #[test]
    fn errors_name_file_line_and_key() {
        let cases = [
            (
                "vehicle_bonus = 5",
                "vehicle_bonus = 500",
                "exp.toml:10: rules.vehicle_bonus",
            ),
            (
                "rules = { vehicles = 0 }",
                "rules = { vehicles = 9 }",
                "exp.toml:17: variant[1].rules.vehicles",
            ),
            (
                "forbid = [\"dig\"]",
                "forbid = [\"digg\"]",
                "variant[1].forbid",
            ),
            (
                "\"greedy\",",
                "\"greedy:iters=5\",",
                "exp.toml:23: variant[2].agents[1]",
            ),
            (
                "players = 3",
                "players = 7",
                "exp.toml:22: variant[2].players",
            ),
            ("name = \"three\"", "name = \"baseline\"", "defined twice"),
            ("games = 4", "games = 0", "exp.toml:6: games"),
            (
                "game = \"safari\"",
                "game = \"chess\"",
                "exp.toml:3: game: unknown game \"chess\"; available: safari, carcassonne",
            ),
            (
                "game = \"safari\"",
                "game = \"carcassonne\"",
                "exp.toml:10: rules.vehicle_bonus: unknown rule option \"vehicle_bonus\"; known \
                 options: meeples",
            ),
            ("seed = 7", "seed = 7\nspeed = 3", "unknown field `speed`"),
            ("name = \"t\"", "name = \"a b\"", "exp.toml:2: name"),
        ];
        for (from, to, want) in cases {
            let text = GOOD.replacen(from, to, 1);
            assert_ne!(text, GOOD, "{from}");
            let e = parse(&text).unwrap_err().0;
            assert!(e.contains(want), "{to}: {e}");
        }
        let e = parse(&GOOD.replacen(
            "agents = [\"random\"]",
            "agents = [\"random\", \"random\", \"random\"]",
            1,
        ))
        .unwrap_err()
        .0;
        assert!(
            e.contains("exp.toml:5: agents: 3 agents for 2 players"),
            "{e}"
        );
        let carc = GOOD
            .replacen("game = \"safari\"", "game = \"carcassonne\"", 1)
            .replacen("vehicle_bonus = 5", "meeples = 5", 1)
            .replacen("vehicles = 0", "meeples = 3", 1)
            .replacen("[\"dig\"]", "[\"meeple_field\"]", 1);
        let s = parse(&carc).unwrap();
        assert_eq!(s.game, GameId::Carcassonne);
        assert_eq!(
            s.variants[1].rules,
            "meeples=3 expansions=none robber_placement=next_player bazaar=auction"
        );
        assert!(s
            .experiment::<crate::games::safari::SafariState>(2, Shard::ALL, None)
            .is_err());
        assert!(s
            .experiment::<crate::games::carcassonne::CarcassonneState>(2, Shard::ALL, None)
            .is_ok());
        let e = parse(GOOD.split("[[variant]]").next().unwrap())
            .unwrap_err()
            .0;
        assert!(e.contains("at least one [[variant]]"), "{e}");
    }
}
