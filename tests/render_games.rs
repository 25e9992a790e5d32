//! SVG boards of Carcassonne (base game, The Robbers, Bridges Castles and Bazaars) and New
//! World records (`meeplelab render`, `meeplelab::io::svg::record_svg`): records written by
//! `meeplelab random-game` are drawn at several turns; every drawing must be well-formed and
//! show every placed tile once, every meeple once with its player and on its kind of feature,
//! and the expansions' and game's own pieces (bridges, castles, robbers, surveyors).

mod common;

use common::cli::{fails, ok, random_game, s, scratch};
use common::svg::assert_well_formed;
use meeplelab::core::game::Game;
use meeplelab::core::geom::Coord;
use meeplelab::core::tileset::FeatureKind;
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::def::GameDef;
use meeplelab::games::new_world::{NewWorldState, Phase, Role};
use meeplelab::io::record::Record;
use meeplelab::io::svg::record_svg;
use std::path::{Path, PathBuf};

/// Writes the record of a random game with `meeplelab random-game` and loads it.
fn random_record(dir: &Path, game: &str, players: usize, seed: u64, rules: &[&str]) -> Record {
    let path = dir.join(format!("{game}-{players}-{seed}-{}.rec", rules.len()));
    let (players, seed) = (players.to_string(), seed.to_string());
    let mut options = vec!["--players", &players, "--seed", &seed];
    for r in rules {
        options.extend(["--rule", r]);
    }
    random_game(&path, game, &options);
    Record::load(&path).unwrap()
}

/// The turns a record is drawn at: the start, early, middle, end and past the end.
fn turns(total: usize) -> [Option<usize>; 7] {
    [
        Some(0),
        Some(1),
        Some(7),
        Some(total / 2),
        Some(total),
        Some(total + 50),
        None,
    ]
}

/// Draws `record` at `turn` (tile files from `base`) and checks the drawing against `state`,
/// the position replayed to that turn: the same turn, one tile group for each of the placed
/// `cells` and one panel entry per player. Returns the SVG and a name for messages.
fn draw_checked<G: Game>(
    record: &Record,
    base: &Path,
    turn: Option<usize>,
    state: &G,
    cells: impl Iterator<Item = Coord>,
) -> (String, String) {
    let drawing = record_svg(record, base, turn, "test").unwrap();
    let (svg, what) = (drawing.svg, format!("{} at turn {turn:?}", record.origin));
    assert_eq!(drawing.turn, state.turn(), "{what}");
    assert_well_formed(&svg);
    let cells: Vec<Coord> = cells.collect();
    assert_eq!(
        svg.matches(r#"class="tile" data-cell=""#).count(),
        cells.len(),
        "{what}: one tile group per placed cell"
    );
    for c in cells {
        let marker = format!(r#"class="tile" data-cell="{c}""#);
        assert_eq!(svg.matches(&marker).count(), 1, "{what}: {marker}");
    }
    assert_eq!(
        svg.matches(r#"class="player-icon""#).count(),
        state.num_players(),
        "{what}: one panel entry per player"
    );
    (svg, what)
}

/// Meeples drawn on `spot` for `player`.
fn meeples(svg: &str, spot: &str, player: usize) -> usize {
    svg.matches(&format!(
        r#"class="meeple" data-spot="{spot}" data-player="P{player}""#
    ))
    .count()
}

/// The spot a Carcassonne meeple is drawn on for each kind of feature (off bridges).
#[rustfmt::skip]
const FEATURE_SPOTS: [(FeatureKind, &str); 4] = [
    (FeatureKind::Road, "road"), (FeatureKind::City, "city"),
    (FeatureKind::Field, "field"), (FeatureKind::Monastery, "monastery"),
];

/// The spot a New World settler is drawn on for each role.
#[rustfmt::skip]
const ROLE_SPOTS: [(Role, &str); 4] = [
    (Role::Shopkeeper, "shopkeeper"), (Role::Robber, "robber"),
    (Role::Trapper, "trapper"), (Role::Farmer, "farmer"),
];

/// Draws a Carcassonne record at `turn` and checks the drawing against the position (tile-set
/// files are taken from the record's folder).
fn check_carcassonne(record: &Record, turn: Option<usize>) -> CarcassonneState {
    let base = Path::new(&record.origin).parent().unwrap_or(Path::new("."));
    let state = record.replay_game::<CarcassonneState>(base, turn);
    let state = state.unwrap().state;
    let cells = state.cells().iter().map(|c| c.at);
    let (svg, what) = draw_checked(record, base, turn, &state, cells);
    let bridge_nodes: Vec<u16> = state
        .cells()
        .iter()
        .filter_map(|c| c.data.bridge.map(|b| b.node))
        .collect();
    for p in 0..state.players() {
        let mine = state
            .placed_meeples()
            .iter()
            .filter(|m| usize::from(m.player) == p);
        let on_bridges = mine
            .clone()
            .filter(|m| bridge_nodes.contains(&m.node))
            .count();
        assert_eq!(
            meeples(&svg, "bridge", p),
            on_bridges,
            "{what}: P{p} on bridges"
        );
        for (kind, spot) in FEATURE_SPOTS {
            let want = mine
                .clone()
                .filter(|m| m.kind == kind && !bridge_nodes.contains(&m.node))
                .count();
            assert_eq!(meeples(&svg, spot, p), want, "{what}: P{p} {spot} meeples");
        }
        let castles = state.castles().iter().filter(|c| usize::from(c.owner) == p);
        let marker = format!(r#"class="castle" data-player="P{p}""#);
        assert_eq!(
            svg.matches(&marker).count(),
            castles.clone().count(),
            "{what}"
        );
        let standing = castles.filter(|c| !c.scored).count();
        assert_eq!(
            meeples(&svg, "castle", p),
            standing,
            "{what}: castle meeples"
        );
        let robber = format!(r#"class="robber" data-player="P{p}" data-space=""#);
        if state.options().expansions.robbers {
            let space = state
                .track()
                .robber(p)
                .map_or_else(|| "supply".to_string(), |s| s.to_string());
            let full = format!("{robber}{space}\"");
            assert_eq!(svg.matches(&full).count(), 1, "{what}: {full}");
        } else {
            assert_eq!(svg.matches(&robber).count(), 0, "{what}: no robbers");
        }
        let score = format!(
            "P{p}   score {}   (track {})",
            state.scores()[p],
            state.track_position(p)
        );
        assert!(svg.contains(&score), "{what}: {score}");
    }
    assert_eq!(
        svg.matches(r#"class="bridge" data-axis=""#).count(),
        bridge_nodes.len(),
        "{what}: one bridge per bridged tile"
    );
    state
}

/// Draws a New World record at `turn` and checks the drawing against the position (`base`:
/// the folder the record's tile file path is relative to).
fn check_new_world(record: &Record, base: &Path, turn: Option<usize>) -> NewWorldState {
    let state = record.replay_game::<NewWorldState>(base, turn);
    let state = state.unwrap().state;
    let cells = state.cells().iter().map(|c| c.at);
    let (svg, what) = draw_checked(record, base, turn, &state, cells);
    for p in 0..state.players() {
        for (role, spot) in ROLE_SPOTS {
            let want = state
                .placed_settlers()
                .iter()
                .filter(|m| usize::from(m.player) == p && m.role == role)
                .count();
            assert_eq!(meeples(&svg, spot, p), want, "{what}: P{p} {spot}s");
        }
    }
    assert_eq!(
        svg.matches(r#"class="meeple""#).count(),
        state.placed_settlers().len(),
        "{what}: every settler once"
    );
    let columns = state.surveyor_columns();
    assert_eq!(
        svg.matches(r#"class="surveyor""#).count(),
        columns.len(),
        "{what}"
    );
    for (k, x) in columns.iter().enumerate() {
        let marker = format!(
            r#"class="surveyor" data-surveyor="{}" data-column="{x}""#,
            k + 1
        );
        assert!(svg.contains(&marker), "{what}: {marker}");
    }
    // The built-in board's coastal towns (scenario tile files name their own).
    if std::ptr::eq(state.tiles(), NewWorldState::builtin_tiles()) {
        for town in ["Plymouth", "New York", "Jamestown"] {
            assert!(svg.contains(town), "{what}: {town}");
        }
    }
    state
}

/// Random games drawn at every stage: rule options, players and seed.
type Games = [(&'static [&'static str], usize, u64)];

/// Carcassonne games of the base game and each expansion.
#[rustfmt::skip]
const CARCASSONNE_GAMES: &Games = &[
    (&[], 2, 1), (&[], 5, 2), (&["expansions=robbers"], 3, 3), (&["expansions=bcb"], 4, 5),
    (&["expansions=robbers,bcb"], 3, 10),
];

/// New World games; seed 39 (2 players) has a scoring-order decision (N-11).
#[rustfmt::skip]
const NEW_WORLD_GAMES: &Games = &[
    (&[], 2, 1), (&[], 3, 2), (&["surveyor_variant=true"], 5, 3), (&[], 2, 39),
];

#[test]
fn carcassonne_records_render_at_every_stage() {
    let dir = scratch("render-games", "carcassonne");
    let (mut bridges, mut castles) = (0, 0);
    for &(rules, players, seed) in CARCASSONNE_GAMES {
        let record = random_record(&dir, "carcassonne", players, seed, rules);
        let total = check_carcassonne(&record, None).turn();
        for turn in turns(total) {
            let state = check_carcassonne(&record, turn);
            assert_eq!(state.turn(), turn.unwrap_or(total).min(total));
            bridges += state
                .cells()
                .iter()
                .filter(|c| c.data.bridge.is_some())
                .count();
            castles += state.castles().len();
        }
    }
    assert!(
        bridges > 0 && castles > 0,
        "the seeds draw bridges and castles"
    );
}

/// Records with the decisions of issue 14 draw at every turn: a tile discarded instead of
/// being placed with a bridge (B-2; the panel counts it), bids above the old cap of 10 (B-7),
/// and robbers that stay or move back with a paying marker (R-5b; each robber is drawn on its
/// space). The panel names the pending decision.
#[test]
fn carcassonne_scenario_records_of_the_new_decisions_render() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/carcassonne");
    for (name, phrase) in [
        ("b02-discard-bridge-only-tile.rec", "discarded (B-2): 1"),
        ("b07-bids-without-limit.rec", "score -38"),
        ("r05b-robber-stays-or-moves-back.rec", "P1   score 0"),
    ] {
        let record = Record::load(&dir.join(name)).unwrap();
        let total = check_carcassonne(&record, None).turn();
        for turn in turns(total) {
            check_carcassonne(&record, turn);
        }
        let svg = record_svg(&record, &dir, None, "test").unwrap().svg;
        assert!(svg.contains(phrase), "{name}: {phrase}");
    }
    // The decisions themselves, named in the panel while they wait.
    let record = Record::load(&dir.join("b02-discard-bridge-only-tile.rec")).unwrap();
    let svg = record_svg(&record, &dir, Some(0), "test").unwrap().svg;
    assert!(
        svg.contains("place tile E.1 with a bridge, or discard it"),
        "the discard decision"
    );
    let text = std::fs::read_to_string(dir.join("r05b-robber-stays-or-moves-back.rec")).unwrap();
    let cut = text.split("P0 robber-back").next().unwrap();
    let record = Record::parse(cut, "r05b-cut.rec").unwrap();
    let svg = record_svg(&record, &dir, None, "test").unwrap().svg;
    assert!(
        svg.contains("decision: P0 — the robber moves back with the paying marker or stays"),
        "the robber's choice"
    );
}

#[test]
fn new_world_records_render_at_every_stage() {
    let dir = scratch("render-games", "new-world");
    let mut records: Vec<(Record, PathBuf)> = NEW_WORLD_GAMES
        .iter()
        .map(|&(rules, players, seed)| {
            let record = random_record(&dir, "new-world", players, seed, rules);
            (record, PathBuf::from("."))
        })
        .collect();
    // Hand-written records with scoring-order decisions.
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/new-world");
    for name in ["n11-score-order.rec", "seed-blue-farm-17-town-8.rec"] {
        records.push((
            Record::load(&scenarios.join(name)).unwrap(),
            scenarios.clone(),
        ));
    }
    let mut orders = 0;
    for (record, base) in &records {
        let text = std::fs::read_to_string(&record.origin).unwrap();
        orders += text.lines().filter(|l| l.contains(" score ")).count();
        let total = check_new_world(record, base, None).turn();
        for turn in turns(total) {
            let state = check_new_world(record, base, turn);
            assert_eq!(state.turn(), turn.unwrap_or(total).min(total));
        }
    }
    assert!(orders >= 4, "{orders} scoring-order decisions drawn");
    // A record that stops while the active player orders the scorings draws that decision.
    let text = std::fs::read_to_string(scenarios.join("n11-score-order.rec")).unwrap();
    let cut: String = text
        .lines()
        .take_while(|l| !l.starts_with("expect scores 0 0"))
        .map(|l| format!("{l}\n"))
        .collect();
    let record = Record::parse(&cut, "cut.rec").unwrap();
    let state = check_new_world(&record, &scenarios, None);
    assert_eq!(state.phase(), Phase::ScoreOrder);
    let drawing = record_svg(&record, &scenarios, None, "test").unwrap();
    assert!(
        drawing
            .svg
            .contains("decision: P1 — which of 2 completed features to score next"),
        "the panel names the decision"
    );
}

/// The `render` command draws both games and reports bad records with their line, never
/// writing a file then.
#[test]
fn render_command_draws_both_games_and_reports_errors() {
    let dir = scratch("render-games", "cli");
    for (game, rules) in [
        ("carcassonne", "expansions=robbers,bcb"),
        ("new-world", "surveyor_variant=false"),
    ] {
        let rec = dir.join(format!("{game}.rec"));
        let out = dir.join(format!("{game}.svg"));
        random_game(&rec, game, &["--rule", rules]);
        let said = ok(&["render", s(&rec), "--turn", "12", "--out", s(&out)]);
        assert!(said.contains("position after 12 turns"), "{said}");
        let svg = std::fs::read_to_string(&out).unwrap();
        assert_well_formed(&svg);
        let said = ok(&["render", s(&rec), "--turn", "900", "--out", s(&out)]);
        assert!(said.contains("its last position"), "{said}");

        let text = std::fs::read_to_string(&rec).unwrap();
        let broken = dir.join(format!("{game}-broken.rec"));
        let never = dir.join(format!("{game}-never.svg"));
        let lines = text.lines().count();
        std::fs::write(&broken, format!("{text}P0 fly away\n")).unwrap();
        let err = fails(&["render", s(&broken), "--out", s(&never)]);
        assert!(err.contains(&format!(":{}:", lines + 1)), "{err}");
        let cut: String = text.lines().take(7).map(|l| format!("{l}\n")).collect();
        std::fs::write(&broken, cut + "moves\nP0 place 9,9 r0\n").unwrap();
        let err = fails(&["render", s(&broken), "--out", s(&never)]);
        assert!(err.contains("broken.rec:"), "{err}");
        assert!(!never.exists());
    }
    let err = fails(&[
        "render",
        s(&dir.join("missing.rec")),
        "--out",
        s(&dir.join("x.svg")),
    ]);
    assert!(err.contains("missing.rec"), "{err}");
}

/// Truncated and garbled records never make `record_svg` panic: every prefix of a record's
/// lines either draws or fails with a message.
#[test]
fn every_prefix_of_a_record_draws_or_fails_cleanly() {
    let dir: PathBuf = scratch("render-games", "prefixes");
    for (game, rules) in [
        ("carcassonne", &["expansions=robbers,bcb"][..]),
        ("new-world", &[][..]),
    ] {
        let record = random_record(&dir, game, 3, 11, rules);
        let text =
            std::fs::read_to_string(dir.join(format!("{game}-3-11-{}.rec", rules.len()))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for n in (0..lines.len()).step_by(9) {
            let prefix: String = lines[..n].iter().map(|l| format!("{l}\n")).collect();
            if let Ok(r) = Record::parse(&prefix, "prefix.rec") {
                if let Ok(d) = record_svg(&r, Path::new("."), None, "prefix") {
                    assert_well_formed(&d.svg);
                }
            }
            let garbled = prefix.replace('P', "Q").replace(',', ";");
            if let Ok(r) = Record::parse(&garbled, "garbled.rec") {
                let _ = record_svg(&r, Path::new("."), Some(3), "garbled");
            }
        }
        assert!(record_svg(&record, Path::new("."), None, "x").is_ok());
    }
}
