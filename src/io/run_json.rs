//! `run.json`: the configuration a tournament or experiment folder stores beside its
//! `games.csv`, written as pretty JSON and read back (for `--resume`) with errors that name the
//! file and line.

use crate::io::games_csv::SCHEMA_VERSION;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::Path;

/// A configuration's settings in the order they are reported: each one's name and value as
/// text.
pub type Settings = Vec<(&'static str, String)>;

/// [`Settings`] named as the fields of the configuration `$config` they come from, in the order
/// given: `field` reports the field's own text (`to_string`), `field = text` reports `text`
/// (for lists and derived values), so a setting cannot be named other than its field.
macro_rules! settings {
    (@text $field:expr) => {
        $field.to_string()
    };
    (@text $field:expr, $text:expr) => {
        $text
    };
    ($config:expr; $($name:ident $(= $text:expr)?),* $(,)?) => {
        vec![$((
            stringify!($name),
            $crate::io::run_json::settings!(@text $config.$name $(, $text)?),
        )),*]
    };
}
pub(crate) use settings;

/// The settings that differ between two lists of the same settings, as
/// `<prefix><name>: ours vs theirs` lines.
pub fn differences(prefix: &str, ours: &Settings, theirs: &Settings) -> Vec<String> {
    ours.iter()
        .zip(theirs)
        .filter(|((_, a), (_, b))| a != b)
        .map(|((name, a), (_, b))| format!("{prefix}{name}: {a} vs {b}"))
        .collect()
}

/// A configuration stored as `run.json`: written with [`RunConfig::to_json`], read back with
/// [`RunConfig::load`].
pub trait RunConfig: Serialize + DeserializeOwned {
    /// What it configures, for messages ("tournament", "experiment").
    const KIND: &'static str;

    /// The games-file schema version the configuration was written for.
    fn schema_version(&self) -> u32;

    /// Every setting a resumed or merged folder must share (all but the crate version), in
    /// the order they are reported.
    fn settings(&self) -> Settings;

    /// The settings of the parts that differ from `other`'s, as [`differences`] lines; the
    /// default, for a configuration without parts: none.
    fn part_differences(&self, _other: &Self) -> Vec<String> {
        Vec::new()
    }

    /// The settings that differ from `other`, as `field: ours vs theirs` lines, leaving out
    /// the top-level settings named in `skip` (`shard`, `games`), then those of the parts.
    fn differences(&self, other: &Self, skip: &[&str]) -> Vec<String> {
        let compared = |c: &Self| {
            let mut settings = c.settings();
            settings.retain(|(name, _)| !skip.contains(name));
            settings
        };
        let mut out = differences("", &compared(self), &compared(other));
        out.extend(self.part_differences(other));
        out
    }

    /// Checks that go beyond the JSON shape; the message is prefixed with the file name.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// Pretty JSON text, ending in a newline.
    fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("config serialises");
        s.push('\n');
        s
    }

    /// Reads a stored configuration, refusing one of another schema version.
    fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let config: Self = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}: not a meeplelab {} configuration: {e}",
                path.display(),
                e.line(),
                Self::KIND
            )
        })?;
        config
            .check()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if config.schema_version() != SCHEMA_VERSION {
            return Err(format!(
                "{}: schema_version {} is not supported (this meeplelab writes {SCHEMA_VERSION})",
                path.display(),
                config.schema_version()
            ));
        }
        Ok(config)
    }
}
