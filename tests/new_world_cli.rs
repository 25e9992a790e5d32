//! New World through the command line (`--game new-world`), what the other games do not
//! share: rule options and a tile file reach the record, and wrong ones are refused (the
//! commands every game runs are checked in `tests/games_cli.rs`).

mod common;

use common::cli::{fails, line, ok, s, scratch};
use std::path::Path;

#[test]
fn a_tile_file_and_rule_options_reach_the_record() {
    let dir = scratch("new-world-cli", "tileset");
    let source = |game: &str| {
        let file = format!("src/games/{}/{game}.tiles", game.replace('-', "_"));
        Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
    };
    let (tiles, rec) = (source("new-world"), dir.join("g.rec"));
    let random_game = "random-game --game new-world --out";
    let rules = "--rule surveyor_start=any --rule surveyor_variant=true --rule surveyor_bonus=0";
    let args = [
        line(random_game, &[s(&rec), "--tileset", s(&tiles)]),
        line(rules, &[]),
    ];
    ok(&args.concat());
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains(&format!("tileset {}\n", tiles.display())),
        "{text}"
    );
    assert!(text
        .contains("rule surveyor_start=any\nrule surveyor_variant=true\nrule surveyor_bonus=0\n"));
    assert!(ok(&["replay", s(&rec)]).starts_with("record ok:"));
    let err = fails(&line(random_game, &[s(&rec), "--rule", "pilgrims=1"]));
    assert!(
        err.contains(
            "unknown rule option \"pilgrims\"; known options: surveyor_start, \
             surveyor_variant, surveyor_bonus"
        ),
        "{err}"
    );
    let carcassonne = source("carcassonne");
    let err = fails(&line(random_game, &[s(&rec), "--tileset", s(&carcassonne)]));
    assert!(err.contains("expected \"game new-world\""), "{err}");
}
