//! The docs name what the code defines, for every game and agent kind:
//!
//! - docs/csv.md names every `games.csv` column the code writes (the common columns of
//!   `io::games_csv::header` and each game's `Game::stat_names`, statistics in order) and every
//!   game name;
//! - the rule-option table of docs/notation.md, the README and `--help` list exactly each game's
//!   option keys (`GameDef::RULE_OPTIONS`), the table with each option's default;
//! - docs/agents.md lists exactly each game's action kinds (`Game::action_kind_names`), each
//!   agent kind's parameters with their defaults (`AgentKind::param_names`), and each game's
//!   heuristic terms with their default weights;
//! - the README's command table names exactly the subcommands of `meeplelab --help`, and
//!   its documentation list every file in docs/;
//! - the usage line of `meeplelab tune` in docs/agents.md names exactly the options of
//!   `meeplelab tune --help`;
//! - docs/python.md gives each game's action blocks with their first ids, sizes and index
//!   formulas (`Observe::ACTIONS`) and its feature and game planes, and docs/protocol.md the
//!   keys of the protocol's messages.
//!
//! Every failure names the doc file and what is missing or extra.

use meeplelab::agents::AgentKind;
use meeplelab::games::{GameDef, GameId};
use meeplelab::io::games_csv;
use meeplelab::observe::Observe;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The names of the files of the repository folder `dir` whose names end in `suffix`, sorted.
fn files_in(dir: &str, suffix: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut names: Vec<String> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{dir}/: {e}"))
        .map(|e| {
            e.expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(suffix))
        .collect();
    names.sort();
    names
}

/// The text of a file of the repository (`docs/csv.md`, `README.md`).
fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {file}: {e}"))
}

/// Fails with every problem found, one per line.
fn report(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The part of `text` from the line that starts with `heading` to the next heading of the same
/// or a higher level (`## x` ends at the next `## ` or `# `).
fn section<'a>(text: &'a str, file: &str, heading: &str) -> &'a str {
    let level = heading.chars().take_while(|&c| c == '#').count();
    let start = text
        .lines()
        .scan(0, |pos, line| {
            let at = *pos;
            *pos += line.len() + 1;
            Some((at, line))
        })
        .find(|(_, line)| line.trim_end() == heading)
        .map(|(at, _)| at)
        .unwrap_or_else(|| panic!("{file} has no heading `{heading}`"));
    let body = &text[start + heading.len()..];
    let mut offset = 0;
    for line in body.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if offset > 0 && hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            return &body[..offset];
        }
        offset += line.len() + 1;
    }
    body
}

/// The Markdown tables of `text`, in order: each a list of rows of trimmed cells (the header
/// row and the `|---|` rule included).
fn tables(text: &str) -> Vec<Vec<Vec<String>>> {
    let mut out: Vec<Vec<Vec<String>>> = Vec::new();
    let mut in_table = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('|') && line.ends_with('|') && line.len() > 1 {
            let row = line[1..line.len() - 1]
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            if !in_table {
                out.push(Vec::new());
            }
            out.last_mut().expect("a table").push(row);
            in_table = true;
        } else {
            in_table = false;
        }
    }
    out
}

/// The body rows (after the header and the rule) of the first table of `text` whose header
/// starts with `first_cell`.
fn table_body(text: &str, first_cell: &str) -> Option<Vec<Vec<String>>> {
    tables(text)
        .into_iter()
        .find(|t| t[0][0] == first_cell)
        .map(|t| t.into_iter().skip(2).collect())
}

/// The contents of the `code spans` of `text`, in order.
fn code_spans(text: &str) -> Vec<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

/// Names written as `name` in `text`, for messages about what is extra.
fn names_in(text: &str) -> BTreeSet<String> {
    code_spans(text).into_iter().collect()
}

/// Compares what a doc lists with what the code defines: one problem per missing or extra
/// name.
fn compare(
    what: &str,
    file: &str,
    code: &[String],
    doc: &BTreeSet<String>,
    problems: &mut Vec<String>,
) {
    for name in code {
        if !doc.contains(name) {
            problems.push(format!("{file}: {what}: `{name}` is missing"));
        }
    }
    for name in doc {
        if !code.contains(name) {
            problems.push(format!(
                "{file}: {what}: `{name}` is listed but the code has no such name"
            ));
        }
    }
}

/// [`compare`] for a test of one list: panics with every missing or extra name.
fn assert_lists_agree(what: &str, file: &str, code: &[String], doc: &BTreeSet<String>) {
    let mut problems = Vec::new();
    compare(what, file, code, doc, &mut problems);
    report(problems);
}

/// A default as a doc writes it (`1,000,000`, `−1.0`, `true`) against the code's (`1000000`,
/// `-1`, `true`): numbers compare by value.
fn same_value(doc: &str, code: &str) -> bool {
    let doc = doc.replace('−', "-");
    let number = |s: &str| s.replace(',', "").parse::<f64>().ok();
    match (number(&doc), number(code)) {
        (Some(a), Some(b)) => a == b,
        _ => doc == code,
    }
}

/// Runs the binary with `args`; its standard output.
fn meeplelab(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
        .args(args)
        .output()
        .expect("run meeplelab");
    assert!(out.status.success(), "meeplelab {args:?} failed");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The names (commands, options) that `read` finds in the output of `meeplelab <args>`; more
/// than `more_than` of them, so that a help laid out anew fails here rather than comparing
/// nothing.
fn listed_in_help(
    args: &[&str],
    more_than: usize,
    read: impl FnOnce(&str) -> Vec<String>,
) -> Vec<String> {
    let names = read(&meeplelab(args));
    assert!(
        names.len() > more_than,
        "names read from `meeplelab {}`: {names:?}",
        args.join(" ")
    );
    names
}

/// Per game: name, title, `games.csv` header (with the experiment's `variant` column),
/// statistics, option keys, default rules (`key=value`), action kinds, heuristic terms and
/// their default weights.
struct GameFacts {
    name: &'static str,
    title: &'static str,
    header: Vec<String>,
    stats: Vec<String>,
    options: Vec<String>,
    default_rules: Vec<String>,
    kinds: Vec<String>,
    terms: Vec<(String, f64)>,
}

fn facts_of<G: GameDef>() -> GameFacts {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let stats = strings(G::stat_names());
    let setup = G::setup(2, 0, G::builtin_tiles());
    GameFacts {
        name: G::NAME,
        title: G::TITLE,
        header: games_csv::header(&stats, true),
        stats,
        options: G::RULE_OPTIONS.iter().map(|o| o.key.to_string()).collect(),
        default_rules: G::rules_text(&setup)
            .split_whitespace()
            .map(String::from)
            .collect(),
        kinds: strings(G::action_kind_names()),
        terms: G::eval_term_names()
            .iter()
            .zip(G::default_eval_weights())
            .map(|(n, w)| (n.to_string(), *w))
            .collect(),
    }
}

fn games() -> Vec<GameFacts> {
    GameId::ALL
        .iter()
        .map(|&g| meeplelab::with_game!(g, G => facts_of::<G>()))
        .collect()
}

#[test]
fn csv_md_names_every_games_csv_column_of_every_game() {
    let file = "docs/csv.md";
    let doc = read(file);
    let spans = names_in(&doc);
    let mut problems = Vec::new();
    for g in games() {
        for column in &g.header {
            if !spans.contains(column) {
                problems.push(format!(
                    "{file}: games.csv column `{column}` of {} is not named",
                    g.name
                ));
            }
        }
        // The statistics paragraph of the game lists them in the order the file has them.
        let start = format!("Statistics columns for {}", g.title);
        let Some(at) = doc.find(&start) else {
            problems.push(format!("{file}: no paragraph starting `{start}`"));
            continue;
        };
        let rest = &doc[at + start.len()..];
        let end = rest.find("Statistics columns for").unwrap_or(rest.len());
        let end = rest[..end].find("\n#").unwrap_or(end);
        let listed: Vec<String> = code_spans(&rest[..end])
            .into_iter()
            .filter(|s| g.stats.contains(s))
            .collect();
        if let Some(i) = (0..g.stats.len()).find(|&i| listed.get(i) != Some(&g.stats[i])) {
            problems.push(format!(
                "{file}: `{start}` does not list the columns in the code's order: its column {} is {}, the code's `{}`",
                i + 1,
                listed.get(i).map_or("missing".into(), |c| format!("`{c}`")),
                g.stats[i]
            ));
        }
    }
    // The `game` rows (run.json and games.csv) name every game.
    let game_rows: Vec<Vec<String>> = tables(&doc)
        .into_iter()
        .flatten()
        .filter(|r| r.first().map(String::as_str) == Some("`game`"))
        .collect();
    assert_eq!(
        game_rows.len(),
        2,
        "{file}: the `game` rows of run.json and games.csv"
    );
    for row in &game_rows {
        let named = names_in(&row.join(" | "));
        for g in games() {
            if !named.contains(g.name) {
                problems.push(format!(
                    "{file}: the `game` row `{}` does not name `{}`",
                    row[1..].join(" | "),
                    g.name
                ));
            }
        }
    }
    report(problems);
}

#[test]
fn notation_md_rule_option_table_lists_every_option_with_its_default() {
    let file = "docs/notation.md";
    let doc = read(file);
    let rows = table_body(section(&doc, file, "### Rule options"), "game").unwrap_or_else(|| {
        panic!("{file}: `### Rule options` should hold a table `| game | option | values | default | rule |`")
    });
    let mut problems = Vec::new();
    let games = games();
    for row in &rows {
        if !games.iter().any(|g| row[0] == g.name) {
            problems.push(format!(
                "{file}: rule option row for unknown game `{}`",
                row[0]
            ));
        }
    }
    for g in &games {
        let mine: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == g.name).collect();
        let keys: BTreeSet<String> = mine.iter().flat_map(|r| code_spans(&r[1])).collect();
        compare(
            &format!("rule options of {}", g.name),
            file,
            &g.options,
            &keys,
            &mut problems,
        );
        for row in mine {
            let (Some(key), Some(default)) = (code_spans(&row[1]).pop(), row.get(3)) else {
                problems.push(format!("{file}: malformed rule option row {row:?}"));
                continue;
            };
            let code = g
                .default_rules
                .iter()
                .find_map(|r| r.strip_prefix(&format!("{key}=")));
            let doc_default = default.trim_matches('`');
            if let Some(code) = code {
                if !same_value(doc_default, code) {
                    problems.push(format!(
                        "{file}: {} option `{key}`: the table's default is `{doc_default}`, the code's `{code}`",
                        g.name
                    ));
                }
            }
        }
    }
    report(problems);
}

/// The option keys a text lists for each game, in a list written as `Title: key…; Title: …`:
/// the part of the text from `Title:` up to the next game's title, and in it the words that
/// `key_of` recognises as keys.
fn options_by_title(
    text: &str,
    games: &[GameFacts],
    key_of: impl Fn(&str) -> Option<String>,
) -> Vec<Option<BTreeSet<String>>> {
    let starts: Vec<Option<usize>> = games
        .iter()
        .map(|g| text.find(&format!("{}:", g.title)))
        .collect();
    starts
        .iter()
        .map(|start| {
            let start = (*start)?;
            let end = starts
                .iter()
                .flatten()
                .filter(|&&s| s > start)
                .min()
                .copied()
                .unwrap_or(text.len());
            Some(
                text[start..end]
                    .split(|c: char| c.is_whitespace() || c == '`' || c == ',' || c == ';')
                    .filter_map(&key_of)
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn readme_and_help_list_every_rule_option_and_game() {
    let games = games();
    let mut problems = Vec::new();

    // README: "Every command that creates games takes `--game a|b|c` … Safari: `key=…`, …".
    let file = "README.md";
    let readme = read(file);
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    let want = format!("`--game {}`", names.join("|"));
    if !readme.contains(&want) {
        problems.push(format!("{file}: does not write {want}"));
    }
    let at = readme
        .find("`--rule key=value`")
        .unwrap_or_else(|| panic!("{file}: no paragraph with `--rule key=value`"));
    let paragraph = &readme[at..at + readme[at..].find("\n\n").unwrap_or(readme.len() - at)];
    let key = |w: &str| {
        let (k, _) = w.split_once('=')?;
        (!k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .then(|| k.to_string())
    };
    for (g, keys) in games.iter().zip(options_by_title(paragraph, &games, key)) {
        let what = format!("rule options of {} after `{}:`", g.name, g.title);
        match keys {
            Some(keys) => compare(&what, file, &g.options, &keys, &mut problems),
            None => problems.push(format!("{file}: {what}: no `{}:` list", g.title)),
        }
    }

    // --help of a command that creates games: "--game" names every game, "--rule" every key.
    let file = "meeplelab tournament --help";
    let help = meeplelab(&["tournament", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let game = help
        .find("--game <GAME>")
        .map(|at| &help[at..help[at..].find(" --").map_or(help.len(), |e| at + e)])
        .unwrap_or_else(|| panic!("{file}: no --game option"));
    let rule = help
        .find("--rule <KEY=VALUE>")
        .map(|at| {
            &help[at..help[at + 2..]
                .find(" --")
                .map_or(help.len(), |e| at + 2 + e)]
        })
        .unwrap_or_else(|| panic!("{file}: no --rule option"));
    for g in &games {
        if !game.contains(g.name) {
            problems.push(format!("{file}: --game does not name {}", g.name));
        }
    }
    // The help lists `Title: key (values), key (values).` for each game.
    for (i, g) in games.iter().enumerate() {
        let title = format!("{}:", g.title);
        let Some(start) = rule.find(&title) else {
            problems.push(format!("{file}: --rule has no `{title}` list"));
            continue;
        };
        let end = games[i + 1..]
            .iter()
            .filter_map(|n| rule[start..].find(&format!("{}:", n.title)))
            .min()
            .map_or(rule.len(), |e| start + e);
        for key in &g.options {
            if !rule[start..end].contains(&format!("{key} (")) {
                problems.push(format!(
                    "{file}: --rule: `{title}` does not list option `{key}`"
                ));
            }
        }
    }
    report(problems);
}

#[test]
fn agents_md_lists_every_action_kind_of_every_game() {
    let file = "docs/agents.md";
    let doc = read(file);
    let rows = table_body(section(&doc, file, "## Restrictions (ablations)"), "game")
        .unwrap_or_else(|| {
            panic!("{file}: the Restrictions section has no `| game | action kinds |` table")
        });
    let mut problems = Vec::new();
    for g in games() {
        match rows.iter().find(|r| r[0] == g.title) {
            Some(row) => compare(
                &format!("action kinds of {} (Restrictions table)", g.name),
                file,
                &g.kinds,
                &names_in(&row[1..].join(" ")),
                &mut problems,
            ),
            None => problems.push(format!(
                "{file}: the Restrictions table has no row `| {} | …` listing its action kinds",
                g.title
            )),
        }
        // The page says the same names count decisions in the `actions_<kind>` columns.
        let counted: Vec<String> = g
            .stats
            .iter()
            .filter_map(|s| s.strip_prefix("actions_").map(String::from))
            .collect();
        if counted != g.kinds {
            problems.push(format!(
                "{file} says the `actions_<kind>` columns of games.csv count the action kinds, but {} writes {counted:?} for the kinds {:?}",
                g.name, g.kinds
            ));
        }
    }
    report(problems);
}

/// `(names, defaults)` of the rows of the first `| parameter | default | meaning |` table of
/// `text` (a row may name several parameters with as many defaults: `` `a`, `b` | 2, 0.5 ``),
/// skipping rows without a code span in their first cell (`*term name*`).
fn parameter_rows(text: &str, file: &str, heading: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let Some(rows) = table_body(text, "parameter") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in &rows {
        let names = code_spans(&row[0]);
        if names.is_empty() {
            continue;
        }
        let defaults: Vec<String> = row[1].split(", ").map(|s| s.to_string()).collect();
        assert_eq!(
            names.len(),
            defaults.len(),
            "{file}, {heading}: row {row:?} names {} parameters but gives {} defaults",
            names.len(),
            defaults.len()
        );
        out.push((names, defaults));
    }
    out
}

#[test]
fn agents_md_parameter_tables_list_every_parameter_with_its_default() {
    let file = "docs/agents.md";
    let doc = read(file);
    let mut problems = Vec::new();
    for kind in AgentKind::ALL {
        let heading = format!("## `{}`", kind.name());
        let rows = parameter_rows(section(&doc, file, &heading), file, &heading);
        let code: Vec<String> = kind.param_names().iter().map(|s| s.to_string()).collect();
        let listed: BTreeSet<String> = rows.iter().flat_map(|(n, _)| n.clone()).collect();
        compare(
            &format!("parameters of {} (table under `{heading}`)", kind.name()),
            file,
            &code,
            &listed,
            &mut problems,
        );
        for (names, defaults) in &rows {
            for (name, doc_default) in names.iter().zip(defaults) {
                if let Some(default) = kind.param_default(name) {
                    if !same_value(doc_default, &default) {
                        problems.push(format!(
                            "{file}: {} parameter `{name}`: the table's default is {doc_default}, the code's {default}",
                            kind.name()
                        ));
                    }
                }
            }
        }
    }
    report(problems);
}

#[test]
fn agents_md_lists_every_heuristic_term_with_its_default_weight() {
    let file = "docs/agents.md";
    let doc = read(file);
    let mut problems = Vec::new();
    for g in games() {
        let heading = format!("### {} heuristic terms and default weights", g.title);
        let rows = table_body(section(&doc, file, &heading), "term").unwrap_or_else(|| {
            panic!("{file}: `{heading}` has no `| term | default weight | … |` table")
        });
        let listed: BTreeSet<String> = rows.iter().flat_map(|r| code_spans(&r[0])).collect();
        let code: Vec<String> = g.terms.iter().map(|(n, _)| n.clone()).collect();
        compare(
            &format!("heuristic terms of {} (`{heading}`)", g.name),
            file,
            &code,
            &listed,
            &mut problems,
        );
        for (term, weight) in &g.terms {
            let row = rows.iter().find(|r| code_spans(&r[0]) == [term.clone()]);
            if let Some(doc_weight) = row.and_then(|r| r.get(1)) {
                if !same_value(doc_weight, &weight.to_string()) {
                    problems.push(format!(
                        "{file}: {} term `{term}`: the table's weight is {doc_weight}, the code's {weight}",
                        g.name
                    ));
                }
            }
        }
    }
    report(problems);
}

#[test]
fn readme_command_table_names_every_subcommand() {
    let commands = listed_in_help(&["--help"], 5, |help| {
        help.split("Commands:")
            .nth(1)
            .expect("`meeplelab --help` lists its commands")
            .lines()
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|&c| c != "help")
            .map(String::from)
            .collect()
    });
    let file = "README.md";
    let readme = read(file);
    let listed: BTreeSet<String> = table_body(section(&readme, file, "## Commands"), "command")
        .unwrap_or_else(|| {
            panic!("{file}: `## Commands` has no `| command | what it does |` table")
        })
        .iter()
        .filter_map(|r| code_spans(&r[0]).first().cloned())
        .filter_map(|c| c.split_whitespace().next().map(String::from))
        .collect();
    assert_lists_agree(
        "command table (`meeplelab --help` subcommands)",
        file,
        &commands,
        &listed,
    );
}

#[test]
fn readme_documentation_list_names_every_doc() {
    let file = "README.md";
    let readme = read(file);
    let listed = names_in(section(&readme, file, "## Documentation"));
    let docs: Vec<String> = files_in("docs", ".md")
        .into_iter()
        .map(|n| format!("docs/{n}"))
        .collect();
    assert_lists_agree(
        "documentation list (files in docs/)",
        file,
        &docs,
        &listed
            .into_iter()
            .filter(|n| n.starts_with("docs/"))
            .collect(),
    );
}

#[test]
fn agents_md_tune_usage_names_every_option() {
    let options = listed_in_help(&["tune", "--help"], 10, |help| {
        help.split_whitespace()
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(|w| w.trim_end_matches([',', '.', ')']).to_string())
            .filter(|w| w != "--help")
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    });
    let file = "docs/agents.md";
    let doc = read(file);
    let usage = section(&doc, file, "## Tuning: `meeplelab tune`")
        .lines()
        .find(|l| l.starts_with("meeplelab tune "))
        .unwrap_or_else(|| panic!("{file}: no `meeplelab tune …` usage line under `## Tuning`"));
    let listed: BTreeSet<String> = usage
        .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
        .filter(|w| w.starts_with("--"))
        .map(String::from)
        .collect();
    assert_lists_agree(
        "options of `meeplelab tune --help`",
        file,
        &options,
        &listed,
    );
}

/// `n` with thousands separated by commas, as the docs write sizes (`25,600`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The action blocks and plane names of game `G`: (title, block rows as docs/python.md writes
/// them, feature planes, own planes).
fn observe_facts<G: Observe>() -> (String, Vec<Vec<String>>, Vec<String>, Vec<String>) {
    let mut start = 0;
    let blocks = (G::ACTIONS.blocks.iter())
        .map(|b| {
            start += b.size;
            vec![
                format!("`{}`", b.name),
                thousands(start - b.size),
                thousands(b.size),
                b.index.to_string(),
            ]
        })
        .collect();
    let features = G::FEATURE_PLANES
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    let own = G::OWN_PLANES.iter().map(|n| n.to_string()).collect();
    (G::TITLE.to_string(), blocks, features, own)
}

#[test]
fn python_md_gives_every_action_block_and_plane_of_every_game() {
    let file = "docs/python.md";
    let doc = read(file);
    let mut problems = Vec::new();
    let planes = table_body(&doc, "game").expect("docs/python.md has the planes table");
    for game in GameId::ALL {
        let (title, blocks, features, own) = meeplelab::with_game!(game, G => observe_facts::<G>());
        let heading = format!("### {title}");
        let rows = table_body(section(&doc, file, &heading), "block").unwrap_or_default();
        if rows != blocks {
            problems.push(format!(
                "{file}, {heading}: the block table should read {blocks:?}, not {rows:?}"
            ));
        }
        match planes.iter().find(|r| r[0] == title) {
            Some(row) if code_spans(&row[1]) == features && code_spans(&row[2]) == own => {}
            row => problems.push(format!(
                "{file}: the planes row of {title} should name {features:?} and {own:?}, \
                 not {row:?}"
            )),
        }
    }
    report(problems);
}

#[test]
fn protocol_md_lists_the_keys_of_every_message() {
    use meeplelab::games::safari::SafariState;
    let file = "docs/protocol.md";
    let doc = read(file);
    let state = SafariState::new_game(&SafariState::setup(2, 1, SafariState::builtin_tiles()))
        .expect("a game");
    let asked = meeplelab::observe::protocol::Asked {
        seat: 0,
        game_seed: 1,
        time_ms: 100,
        start: true,
        observation: true,
    };
    let d = meeplelab::observe::protocol::decision(&state, asked).expect("Safari");
    let start = d.start.expect("asked for");
    let mut problems = Vec::new();
    for (message, value) in [("start", &start), ("decide", &d.decide)] {
        let keys: Vec<String> = value
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect();
        let table = tables(&doc)
            .into_iter()
            .filter(|t| t[0][0] == "key")
            .find(|t| t.iter().any(|r| r[1] == format!("`\"{message}\"`")))
            .expect("a key table per message");
        let in_table: BTreeSet<String> = table
            .iter()
            .skip(2)
            .flat_map(|r| code_spans(&r[0]))
            .collect();
        compare(
            &format!("keys of the `{message}` message"),
            file,
            &keys,
            &in_table,
            &mut problems,
        );
    }
    report(problems);
}

#[test]
fn experiments_md_describes_every_shipped_experiment() {
    let file = "docs/experiments.md";
    let text = read(file);
    let shipped = section(&text, file, "## Shipped experiments and what they show");
    let headings: Vec<&str> = shipped.lines().filter(|l| l.starts_with("### ")).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments");
    let mut problems = Vec::new();
    for name in files_in("experiments", ".toml") {
        let path = dir.join(name);
        match meeplelab::experiment::Spec::load(&path) {
            Ok(spec) => {
                // A heading names the experiment as a word (`### first-player — …`, or
                // several names separated by commas).
                let named = headings.iter().any(|h| {
                    h[4..]
                        .split([' ', ','])
                        .any(|word| word == spec.name.as_str())
                });
                if !named {
                    problems.push(format!(
                        "{file}: no `### {}` heading under \"Shipped experiments\"",
                        spec.name
                    ));
                }
            }
            Err(e) => problems.push(format!("{}: {}", path.display(), e.0)),
        }
    }
    report(problems);
}
