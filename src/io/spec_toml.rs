//! The message of a TOML error in a spec file, shared by the spec readers (agent and
//! experiment specs).

/// `file: …` for `error`, raised while reading the spec file `file`, which is a `what`
/// (`"experiment"`, `"agent spec"`) described in `doc`: toml's own text, with the line it
/// points at, except for a missing top-level key, which toml can only place at the start of
/// the file: then the message names the key and says that every such file needs it.
pub fn describe_error(file: &str, what: &str, doc: &str, error: &toml::de::Error) -> String {
    let message = error.message();
    match message.strip_prefix("missing field ") {
        Some(key) if error.span().is_none_or(|s| s.start == 0) => format!(
            "{file}: the spec has no {key}, which every {what} needs (missing field {key} at \
             the top, line 1; {doc})"
        ),
        _ => format!("{file}: {}", error.to_string().trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Spec {
        name: String,
        games: u32,
    }

    fn error_of(text: &str) -> String {
        let e = toml::from_str::<Spec>(text).unwrap_err();
        describe_error("x.toml", "experiment", "docs/experiments.md", &e)
    }

    #[test]
    fn a_missing_key_is_named_and_other_errors_keep_their_line() {
        assert_eq!(
            error_of("name = \"a\"\n"),
            "x.toml: the spec has no `games`, which every experiment needs (missing field \
             `games` at the top, line 1; docs/experiments.md)"
        );
        let wrong = error_of("name = \"a\"\ngames = \"many\"\n");
        assert!(
            wrong.starts_with("x.toml: TOML parse error at line 2"),
            "{wrong}"
        );
    }
}
