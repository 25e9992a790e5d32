//! Tile-set files in tests: the repository's files and documents, and the edits of a file that
//! the parser, validator, compiler and renderer must survive.

use meeplelab::core::tileset::{parse_tileset, render_tileset, CompiledTiles, TileSet};
use meeplelab::games::tile_sets::{load, validate};
use std::path::{Path, PathBuf};

/// A file of the repository, by its path from the root.
pub fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// The text of `docs/<name>`.
pub fn doc(name: &str) -> String {
    std::fs::read_to_string(repo_file("docs").join(name)).unwrap()
}

/// The ```` ```text ```` block of a document that starts with `first`, if there is one.
pub fn text_block<'a>(doc: &'a str, first: &str) -> Option<&'a str> {
    doc.split("```text\n")
        .find(|block| block.starts_with(first))
        .and_then(|block| block.split("```").next())
}

/// The example of `docs/tileset-format.md` that starts with `first`, parsed and validated.
pub fn format_example(first: &str) -> TileSet {
    let doc = doc("tileset-format.md");
    let example = text_block(&doc, first)
        .unwrap_or_else(|| panic!("docs/tileset-format.md holds the example {first:?}"));
    let set = parse_tileset(example, "doc").unwrap();
    validate(&set).unwrap();
    set
}

/// The tile types of a rendered tile set (its `tile …` blocks, not the `tile set` summary).
pub fn tile_blocks(shown: &str) -> Vec<&str> {
    shown
        .split("\n\n")
        .filter(|block| block.starts_with("tile ") && !block.starts_with("tile set"))
        .collect()
}

/// Checks that `docs/<name>` shows each of `blocks` (tiles as the renderer draws them).
pub fn assert_doc_shows(name: &str, blocks: &[&str]) {
    let doc = doc(name);
    for block in blocks {
        assert!(
            doc.contains(block.trim_end()),
            "docs/{name} lacks:\n{block}"
        );
    }
}

/// Checks that the tile file at `path` (from the repository's root) loads to `builtin`, but for
/// the origin.
pub fn assert_file_is(path: &str, builtin: &TileSet) {
    let from_file = load(&repo_file(path)).unwrap();
    assert_eq!(
        &TileSet {
            origin: builtin.origin.clone(),
            ..from_file
        },
        builtin
    );
}

/// Parses, validates, compiles and renders `text` as far as it gets: none of it may panic, and
/// a set that compiles has at most `max_segments` segments.
pub fn survive(text: &str, max_segments: usize) {
    if let Ok(set) = parse_tileset(text, "fuzz") {
        render_tileset(&set);
        if validate(&set).is_ok() {
            let compiled = CompiledTiles::compile(&set);
            assert!(compiled.total_segments() <= max_segments);
        }
    }
}

/// Every file one edit away from `text` [`survive`]s: each line left out, and each word of a
/// line replaced by each of `replacements`.
pub fn every_single_edit_survives(text: &str, replacements: &[&str], max_segments: usize) {
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..lines.len() {
        let without: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, l)| *l)
            .collect();
        survive(&without.join("\n"), max_segments);
        let words: Vec<&str> = lines[i].split_whitespace().collect();
        for w in 0..words.len() {
            for replacement in replacements {
                let mut edited = words.clone();
                edited[w] = replacement;
                let mut text = lines.clone();
                let joined = edited.join(" ");
                text[i] = &joined;
                survive(&text.join("\n"), max_segments);
            }
        }
    }
}
