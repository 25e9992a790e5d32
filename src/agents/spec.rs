//! Agent specs: named agent configurations from TOML files, built-in copies, or inline text.

use super::external::{self, ExternalAgent};
use super::greedy::{self, GreedyAgent};
use super::mcts::{self, MctsAgent};
use super::params::{ParamDef, ParamValue, Params};
use super::random::RandomAgent;
use super::restrict::Restriction;
use super::value::Evaluator;
use super::Agent;
use crate::core::game::{Game, EVAL_TERMS};
use crate::core::rng::{derive_seed, rng_from_seed};
use crate::io::spec_toml::describe_error;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The shipped spec files, embedded so that they resolve from any directory:
/// `(name, file text)`.
pub const BUILTIN_SPECS: [(&str, &str); 4] = [
    ("random", include_str!("../../agents/random.toml")),
    ("greedy", include_str!("../../agents/greedy.toml")),
    ("mcts-500", include_str!("../../agents/mcts-500.toml")),
    ("mcts-1s", include_str!("../../agents/mcts-1s.toml")),
];

/// Sub-stream of a game seed from which agent streams derive (0 and 1 belong to the game's
/// setup and chance, 2 to `random-game`).
const AGENT_STREAM: u64 = 3;

/// The range of a heuristic weight.
const WEIGHT: ParamDef = ParamDef::float("weight", -1e6, 1e6, 0.0);

/// A number of a spec that can be varied: a number parameter of its kind or a heuristic
/// weight, with its allowed range and its value in the spec.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecNumber {
    /// The key (parameter or heuristic term name).
    pub name: &'static str,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// The value the spec gives it (the game's default weight when the spec sets none).
    pub value: f64,
}

/// A bad agent spec: the message names the file or inline text, the line and the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AgentError(pub String);

/// The agent algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    /// Uniform over legal actions.
    Random,
    /// One-step lookahead with a weighted heuristic.
    Greedy,
    /// Determinized open-loop UCT.
    Mcts,
    /// An external program speaking the protocol of docs/protocol.md.
    External,
}

impl AgentKind {
    /// Every kind.
    pub const ALL: [AgentKind; 4] = [
        AgentKind::Random,
        AgentKind::Greedy,
        AgentKind::Mcts,
        AgentKind::External,
    ];

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Greedy => "greedy",
            AgentKind::Mcts => "mcts",
            AgentKind::External => "ext",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<AgentKind> {
        AgentKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The parameters this kind accepts besides heuristic weights and `forbid`, in table order
    /// (the order of the parameter tables of docs/agents.md).
    pub fn param_names(self) -> Vec<&'static str> {
        self.params().iter().map(|d| d.name).collect()
    }

    /// The default value of parameter `name` of this kind, as a spec would write it (`500`,
    /// `0.1`, `true`, `greedy`); `None` for a name the kind does not take.
    pub fn param_default(self, name: &str) -> Option<String> {
        self.params()
            .iter()
            .find(|d| d.name == name)
            .map(|d| d.default.to_string())
    }

    fn params(self) -> &'static [ParamDef] {
        match self {
            AgentKind::Random => &[],
            AgentKind::Greedy => &greedy::PARAMS,
            AgentKind::Mcts => &mcts::PARAMS,
            AgentKind::External => &external::PARAMS,
        }
    }

    /// Whether the kind takes heuristic weights (keys named after [`Game::eval_term_names`]).
    fn takes_weights(self) -> bool {
        matches!(self, AgentKind::Greedy | AgentKind::Mcts)
    }

    fn kind_list() -> String {
        AgentKind::ALL.map(|k| k.name()).join(", ")
    }
}

/// Where a spec came from, for error messages.
#[derive(Clone, Debug, PartialEq)]
enum Source {
    /// A file on disk.
    File(PathBuf),
    /// A built-in copy of a shipped spec file.
    Builtin(&'static str),
    /// Inline text.
    Inline(String),
}

impl Source {
    /// `file:line`-style location of an item (line 1-based, if known).
    fn at(&self, line: Option<usize>) -> String {
        let base = match self {
            Source::File(p) => p.display().to_string(),
            Source::Builtin(n) => format!("built-in spec agents/{n}.toml"),
            Source::Inline(t) => return format!("inline agent spec `{t}`"),
        };
        match line {
            Some(l) => format!("{base}:{l}"),
            None => base,
        }
    }
}

/// A key given in a spec, with the line it came from (files only).
#[derive(Clone, Debug, PartialEq)]
struct Keyed<T> {
    key: String,
    value: T,
    line: Option<usize>,
}

/// The first entry of `entries` whose key is not one of `known`.
fn unknown<'a, T>(entries: &'a [Keyed<T>], known: &[&str]) -> Option<&'a Keyed<T>> {
    entries.iter().find(|e| !known.contains(&e.key.as_str()))
}

/// A named agent configuration: kind, typed parameters, heuristic weights and forbidden action
/// kinds.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    name: String,
    source: Source,
    kind: AgentKind,
    params: Params,
    weights: Vec<Keyed<f64>>,
    forbid: Vec<Keyed<()>>,
}

/// The layout of a spec file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    name: Spanned<String>,
    kind: Spanned<String>,
    #[serde(default)]
    params: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(default)]
    forbid: Vec<Spanned<String>>,
}

/// The action kinds of a `forbid` value: a list of names, or one string of names joined by
/// `+` as inline specs write them; `None` for anything else.
fn forbidden_kinds(value: &toml::Value) -> Option<Vec<String>> {
    match value {
        toml::Value::String(s) => Some(s.split('+').map(|k| k.trim().to_string()).collect()),
        toml::Value::Array(items) => (items.iter())
            .map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => None,
    }
}

impl AgentSpec {
    /// A spec name (file `agents/<name>.toml` in the current directory, falling back to the
    /// built-in copies of the shipped specs embedded with include_str!), a path to a .toml file,
    /// or an inline form such as `mcts:iters=2000,c=0.8` or `greedy:forbid=move_vehicle+dig`.
    pub fn resolve(text: &str) -> Result<AgentSpec, AgentError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AgentError("empty agent spec".into()));
        }
        // `ext:cmd=python bots/x.py` is inline although its command names a path.
        let inline = text
            .split_once(':')
            .is_some_and(|(kind, _)| AgentKind::from_name(kind).is_some());
        if !inline && (text.ends_with(".toml") || text.contains('/') || text.contains('\\')) {
            return AgentSpec::from_file(Path::new(text));
        }
        if !text.contains(':') {
            let local = Path::new("agents").join(format!("{text}.toml"));
            if local.is_file() {
                return AgentSpec::from_file(&local);
            }
            if let Some((name, body)) = BUILTIN_SPECS.iter().find(|(n, _)| *n == text) {
                return AgentSpec::parse_file_text(body, Source::Builtin(name));
            }
        }
        AgentSpec::parse_inline(text)
    }

    /// Resolves each of `texts` ([`AgentSpec::resolve`]) and checks it for game `G`
    /// ([`AgentSpec::validate_for`]), as a tournament's agents.
    pub fn resolve_all_for<G: Game>(texts: &[String]) -> Result<Vec<AgentSpec>, AgentError> {
        (texts.iter())
            .map(|text| {
                let spec = AgentSpec::resolve(text)?;
                spec.validate_for::<G>()?;
                Ok(spec)
            })
            .collect()
    }

    /// Reads a spec file.
    pub fn from_file(path: &Path) -> Result<AgentSpec, AgentError> {
        let body = std::fs::read_to_string(path)
            .map_err(|e| AgentError(format!("cannot read agent spec {}: {e}", path.display())))?;
        AgentSpec::parse_file_text(&body, Source::File(path.to_path_buf()))
    }

    fn parse_file_text(body: &str, source: Source) -> Result<AgentSpec, AgentError> {
        let file: SpecFile = toml::from_str(body).map_err(|e| {
            let at = source.at(None);
            AgentError(describe_error(&at, "agent spec", "docs/agents.md", &e))
        })?;
        let line = |offset: usize| Some(body[..offset].matches('\n').count() + 1);
        let kind_name = file.kind.get_ref();
        let kind = AgentKind::from_name(kind_name).ok_or_else(|| {
            AgentError(format!(
                "{}: unknown agent kind `{kind_name}` (key `kind`); allowed: {}",
                source.at(line(file.kind.span().start)),
                AgentKind::kind_list()
            ))
        })?;
        let mut spec = AgentSpec::empty(file.name.into_inner(), source, kind);
        for (key, value) in &file.params {
            let at = line(key.span().start);
            if key.get_ref() == "forbid" {
                // Where docs/agents.md shows it: a key after `[params]` belongs to that table.
                for kind in forbidden_kinds(value.get_ref()).ok_or_else(|| {
                    AgentError(format!(
                        "{}: `forbid` takes a list of action kinds, e.g. forbid = [\"dig\"], \
                         not {}",
                        spec.source.at(at),
                        value.get_ref()
                    ))
                })? {
                    spec.add_forbid(kind, at);
                }
                continue;
            }
            spec.set_param(
                key.get_ref(),
                at,
                |def| def.parse_toml(value.get_ref()),
                || value.get_ref().to_string(),
            )?;
        }
        for f in file.forbid {
            let at = line(f.span().start);
            spec.add_forbid(f.into_inner(), at);
        }
        spec.complete()
    }

    fn parse_inline(text: &str) -> Result<AgentSpec, AgentError> {
        let source = Source::Inline(text.to_string());
        let (kind_name, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = AgentKind::from_name(kind_name).ok_or_else(|| {
            AgentError(format!(
                "unknown agent `{text}`: not a spec file, a spec in agents/ or a built-in spec \
                 ({}), nor an inline form kind:key=value,… with kind one of {}",
                BUILTIN_SPECS.map(|(n, _)| n).join(", "),
                AgentKind::kind_list()
            ))
        })?;
        let mut spec = AgentSpec::empty(text.to_string(), source, kind);
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                AgentError(format!(
                    "{}: `{item}` is not key=value",
                    spec.source.at(None)
                ))
            })?;
            let (key, value) = (key.trim(), value.trim());
            if key == "forbid" {
                for k in value.split('+').map(str::trim).filter(|s| !s.is_empty()) {
                    spec.add_forbid(k.to_string(), None);
                }
            } else {
                spec.set_param(key, None, |def| def.parse_text(value), || value.to_string())?;
            }
        }
        spec.complete()
    }

    /// Checks what a kind requires: `ext` needs its command and takes no `forbid` (the bot
    /// sees every legal action).
    fn complete(self) -> Result<AgentSpec, AgentError> {
        if self.kind == AgentKind::External {
            if self.params.text("cmd").is_empty() {
                return Err(AgentError(format!(
                    "{}: agent kind ext needs the bot's command, e.g. ext:cmd=python3 bot.py",
                    self.source.at(None)
                )));
            }
            if let Some(f) = self.forbid.first() {
                return Err(AgentError(format!(
                    "{}: an ext agent cannot forbid `{}`: its bot sees every legal action",
                    self.source.at(f.line),
                    f.key
                )));
            }
        }
        Ok(self)
    }

    fn empty(name: String, source: Source, kind: AgentKind) -> AgentSpec {
        AgentSpec {
            name,
            source,
            kind,
            params: Params::defaults(kind.params()),
            weights: Vec::new(),
            forbid: Vec::new(),
        }
    }

    fn add_forbid(&mut self, key: String, line: Option<usize>) {
        if !self.forbid.iter().any(|f| f.key == key) {
            self.forbid.push(Keyed {
                key,
                value: (),
                line,
            });
        }
    }

    /// Sets parameter `key` from a value parsed by `parse`, or records it as a heuristic weight
    /// (checked against the game in [`AgentSpec::validate_for`]).
    fn set_param(
        &mut self,
        key: &str,
        line: Option<usize>,
        parse: impl Fn(&ParamDef) -> Option<ParamValue>,
        shown: impl Fn() -> String,
    ) -> Result<(), AgentError> {
        let defs = self.kind.params();
        if let Some(i) = defs.iter().position(|d| d.name == key) {
            let value = parse(&defs[i]).ok_or_else(|| {
                AgentError(format!(
                    "{}: parameter `{key}` of {} must be {}, not `{}`",
                    self.source.at(line),
                    self.kind.name(),
                    defs[i].ty,
                    shown()
                ))
            })?;
            self.params.set(i, value);
            return Ok(());
        }
        if self.kind.takes_weights() {
            let weight = WEIGHT;
            let Some(ParamValue::Float(w)) = parse(&weight) else {
                return Err(AgentError(format!(
                    "{}: `{key}` is not a parameter of {} ({}), so it must be a heuristic \
                     weight: {}, not `{}`",
                    self.source.at(line),
                    self.kind.name(),
                    self.allowed_list(),
                    weight.ty,
                    shown()
                )));
            };
            self.weights.retain(|k| k.key != key);
            self.weights.push(Keyed {
                key: key.to_string(),
                value: w,
                line,
            });
            return Ok(());
        }
        Err(AgentError(format!(
            "{}: unknown parameter `{key}` of {}; allowed: {}",
            self.source.at(line),
            self.kind.name(),
            self.allowed_list()
        )))
    }

    fn allowed_list(&self) -> String {
        let mut names: Vec<&str> = self.kind.params().iter().map(|d| d.name).collect();
        names.push("forbid");
        let mut list = names.join(", ");
        if self.kind.takes_weights() {
            list.push_str(", and a numeric weight per heuristic term of the game");
        }
        list
    }

    /// The same spec under another display name.
    pub fn with_name(&self, name: &str) -> AgentSpec {
        AgentSpec {
            name: name.to_string(),
            ..self.clone()
        }
    }

    /// The same spec with the number `key` (a number parameter of its kind, or a heuristic
    /// weight) set to `value`; an error names the key and what it takes when it is neither, or
    /// `value` is out of its range. Weights are checked against a game by
    /// [`AgentSpec::validate_for`].
    pub fn with_number(&self, key: &str, value: f64) -> Result<AgentSpec, AgentError> {
        let mut spec = self.clone();
        spec.set_param(key, None, |def| def.number(value), || value.to_string())?;
        Ok(spec)
    }

    /// The same spec with parameter `key` of its kind set from `value` as an inline spec
    /// writes it (`mcts:early_stop=false`: key `early_stop`, value `false`); an error names
    /// the key and what it takes. A heuristic weight is checked against a game by
    /// [`AgentSpec::validate_for`].
    pub fn with_param(&self, key: &str, value: &str) -> Result<AgentSpec, AgentError> {
        let mut spec = self.clone();
        spec.set_param(key, None, |def| def.parse_text(value), || value.to_string())?;
        Ok(spec)
    }

    /// The numbers of this spec for game `G`, in order: the number parameters of its kind,
    /// then the heuristic weights of `G` (none for `random`).
    pub fn numbers_for<G: Game>(&self) -> Vec<SpecNumber> {
        let mut numbers: Vec<SpecNumber> = (self.kind.params().iter())
            .filter_map(|d| {
                let (min, max) = d.number_range()?;
                let value = self.params.float(d.name);
                Some(SpecNumber {
                    name: d.name,
                    min,
                    max,
                    value,
                })
            })
            .collect();
        if self.kind.takes_weights() {
            let (min, max) = WEIGHT.number_range().expect("weights are numbers");
            let weights = self.weights_for::<G>();
            numbers.extend(
                G::eval_term_names()
                    .iter()
                    .enumerate()
                    .map(|(i, &name)| SpecNumber {
                        name,
                        min,
                        max,
                        value: weights[i],
                    }),
            );
        }
        numbers
    }

    /// The spec as a spec file (the format of `agents/*.toml`), led by `comment` as `#` lines:
    /// name, kind, forbidden kinds, then every parameter that differs from its default and
    /// every weight the spec sets.
    pub fn to_toml(&self, comment: &str) -> String {
        let mut text: String = comment.lines().map(|l| format!("# {l}\n")).collect();
        let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
        text.push_str(&format!(
            "name = {}\nkind = {}\n",
            quote(&self.name),
            quote(self.kind.name())
        ));
        let mut forbid: Vec<String> = self.forbid.iter().map(|f| quote(&f.key)).collect();
        forbid.sort_unstable();
        if !forbid.is_empty() {
            text.push_str(&format!("forbid = [{}]\n", forbid.join(", ")));
        }
        text.push_str("\n[params]\n");
        for (key, value) in self.params.non_default() {
            text.push_str(&format!("{key} = {}\n", value.toml_text()));
        }
        let mut weights: Vec<&Keyed<f64>> = self.weights.iter().collect();
        weights.sort_by(|a, b| a.key.cmp(&b.key));
        for w in weights {
            text.push_str(&format!(
                "{} = {}\n",
                w.key,
                ParamValue::Float(w.value).toml_text()
            ));
        }
        text
    }

    /// The display name (spec name, or the inline text).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The agent algorithm.
    pub fn kind(&self) -> AgentKind {
        self.kind
    }

    /// The iterations per decision of an `mcts` spec without a time budget (what a
    /// simulations-per-second measurement needs); `None` for any other spec.
    pub fn fixed_iterations(&self) -> Option<u64> {
        (self.kind == AgentKind::Mcts && self.params.int("time_ms") == 0)
            .then(|| self.params.int("iters"))
    }

    /// Canonical one-line form (kind + every non-default param), stable, for CSV columns.
    /// It is itself a valid inline spec.
    pub fn label(&self) -> String {
        let mut items: Vec<String> = self
            .params
            .non_default()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mut weights: Vec<&Keyed<f64>> = self.weights.iter().collect();
        weights.sort_by(|a, b| a.key.cmp(&b.key));
        items.extend(weights.iter().map(|w| format!("{}={}", w.key, w.value)));
        let mut forbid: Vec<&str> = self.forbid.iter().map(|f| f.key.as_str()).collect();
        forbid.sort_unstable();
        if !forbid.is_empty() {
            items.push(format!("forbid={}", forbid.join("+")));
        }
        if items.is_empty() {
            self.kind.name().to_string()
        } else {
            format!("{}:{}", self.kind.name(), items.join(","))
        }
    }

    /// Checks that forbidden action kinds exist in game G (G::action_kind_names()) and that
    /// heuristic weights name terms of G (G::eval_term_names()); clear error listing them
    /// otherwise.
    pub fn validate_for<G: Game>(&self) -> Result<(), AgentError> {
        let kinds = G::action_kind_names();
        if let Some(f) = unknown(&self.forbid, kinds) {
            return Err(AgentError(format!(
                "{}: cannot forbid unknown action kind `{}`; this game's kinds: {}",
                self.source.at(f.line),
                f.key,
                kinds.join(", ")
            )));
        }
        let terms = G::eval_term_names();
        if let Some(w) = unknown(&self.weights, terms) {
            return Err(AgentError(format!(
                "{}: unknown parameter `{}` of {}; allowed: {}, forbid, and the heuristic \
                 weights of this game: {}",
                self.source.at(w.line),
                w.key,
                self.kind.name(),
                self.kind
                    .params()
                    .iter()
                    .map(|d| d.name)
                    .collect::<Vec<_>>()
                    .join(", "),
                terms.join(", ")
            )));
        }
        Ok(())
    }

    /// A fresh agent for one game and seat; its RNG stream derives from (game_seed, seat).
    ///
    /// # Panics
    /// If the spec is not valid for `G` (check with [`AgentSpec::validate_for`] first).
    pub fn build<G: Game + 'static>(&self, game_seed: u64, seat: usize) -> Box<dyn Agent<G>> {
        if let Err(e) = self.validate_for::<G>() {
            panic!("agent spec not valid for this game: {e}");
        }
        let rng = rng_from_seed(derive_seed(
            derive_seed(game_seed, AGENT_STREAM),
            seat as u64,
        ));
        let kinds = G::action_kind_names();
        let restriction = Restriction::from_indices(
            self.forbid
                .iter()
                .filter_map(|f| kinds.iter().position(|k| *k == f.key)),
        );
        match self.kind {
            AgentKind::Random => Box::new(RandomAgent::<G>::new(rng, restriction)),
            AgentKind::Greedy => Box::new(GreedyAgent::<G>::new(
                rng,
                restriction,
                self.evaluator::<G>(),
            )),
            AgentKind::Mcts => Box::new(MctsAgent::<G>::new(
                rng,
                restriction,
                self.evaluator::<G>(),
                mcts::Config::from_params(&self.params),
            )),
            AgentKind::External => Box::new(ExternalAgent::<G>::new(
                external::Config::from_params(&self.params),
                game_seed,
                seat,
            )),
        }
    }

    /// The heuristic evaluator: the game's default weights, overridden by the spec.
    fn evaluator<G: Game>(&self) -> Evaluator {
        Evaluator::new(self.weights_for::<G>(), self.params_opponent())
    }

    /// The weight of every heuristic term of `G`: the spec's, else the game's default.
    fn weights_for<G: Game>(&self) -> [f64; EVAL_TERMS] {
        let mut weights = [0.0; EVAL_TERMS];
        let defaults = G::default_eval_weights();
        for (i, term) in G::eval_term_names().iter().enumerate() {
            weights[i] = self
                .weights
                .iter()
                .find(|w| w.key == *term)
                .map_or(defaults[i], |w| w.value);
        }
        weights
    }

    fn params_opponent(&self) -> f64 {
        match self.kind {
            AgentKind::Random | AgentKind::External => 1.0,
            _ => self.params.float("opponent"),
        }
    }
}
