//! The space a tuning run searches: which numbers of an agent spec vary, over which ranges,
//! and the spec each point of the space stands for.
//!
//! Points are kept in *unit coordinates* (0 at a range's low end, 1 at its high end), so one
//! step size suits weights of any scale.

use crate::agents::{AgentSpec, SpecNumber};
use crate::core::game::Game;

/// One varied number: a heuristic weight or a number parameter of the agent's kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Dimension {
    /// The key, as a spec names it.
    pub name: &'static str,
    /// Low end of the range searched.
    pub lo: f64,
    /// High end of the range searched.
    pub hi: f64,
    /// The value the base spec gives it, where the search starts.
    pub start: f64,
}

impl Dimension {
    /// The value at unit coordinate `u`.
    pub fn value(&self, u: f64) -> f64 {
        self.lo + u * (self.hi - self.lo)
    }

    /// The unit coordinate of `value`.
    pub fn unit(&self, value: f64) -> f64 {
        (value - self.lo) / (self.hi - self.lo)
    }
}

/// The numbers a run varies, around a base spec.
#[derive(Clone, Debug)]
pub struct Space {
    base: AgentSpec,
    dims: Vec<Dimension>,
}

impl Space {
    /// The space of `base` for game `G` described by `params`, each `NAME=LO..HI` or a bare
    /// `NAME` (range: its value ± max(|value|, 1), within what it takes); no `params`: every
    /// heuristic weight of `G` with that default range. Errors name the offending value: an
    /// unknown name (listing the tunable ones), a malformed or empty range, a range beyond what
    /// the number takes, a base value outside its range, a name given twice.
    pub fn new<G: Game>(base: &AgentSpec, params: &[String]) -> Result<Space, String> {
        base.validate_for::<G>().map_err(|e| e.to_string())?;
        let numbers = base.numbers_for::<G>();
        if numbers.is_empty() {
            return Err(format!(
                "agent `{}` ({}) has no numbers to tune: use a greedy or mcts spec",
                base.name(),
                base.label()
            ));
        }
        let dims = if params.is_empty() {
            let weights = G::eval_term_names();
            (numbers.iter())
                .filter(|n| weights.contains(&n.name))
                .map(default_dimension)
                .collect()
        } else {
            let mut dims: Vec<Dimension> = Vec::new();
            for text in params {
                let dim = parse_dimension(text, &numbers, base)?;
                if dims.iter().any(|d| d.name == dim.name) {
                    return Err(format!(
                        "--param `{text}`: `{}` is given twice; give each parameter once",
                        dim.name
                    ));
                }
                dims.push(dim);
            }
            dims
        };
        Ok(Space {
            base: base.clone(),
            dims,
        })
    }

    /// The varied numbers, in the order given.
    pub fn dims(&self) -> &[Dimension] {
        &self.dims
    }

    /// The base spec.
    pub fn base(&self) -> &AgentSpec {
        &self.base
    }

    /// The starting point (the base spec's values), in unit coordinates.
    pub fn start(&self) -> Vec<f64> {
        self.dims.iter().map(|d| d.unit(d.start)).collect()
    }

    /// The values at the point `unit`.
    pub fn values(&self, unit: &[f64]) -> Vec<f64> {
        self.dims
            .iter()
            .zip(unit)
            .map(|(d, &u)| d.value(u))
            .collect()
    }

    /// The base spec with the numbers set to `values` (one per dimension, within the ranges).
    pub fn spec_with(&self, values: &[f64]) -> AgentSpec {
        self.dims
            .iter()
            .zip(values)
            .fold(self.base.clone(), |spec, (d, &v)| {
                (spec.with_number(d.name, v.clamp(d.lo, d.hi)))
                    .expect("values within ranges checked against the spec")
            })
    }
}

/// The default range of `n`: its value ± max(|value|, 1), cut to what it takes.
fn default_dimension(n: &SpecNumber) -> Dimension {
    let half = n.value.abs().max(1.0);
    Dimension {
        name: n.name,
        lo: (n.value - half).max(n.min),
        hi: (n.value + half).min(n.max),
        start: n.value,
    }
}

/// One `--param` value: `NAME=LO..HI` or `NAME`.
fn parse_dimension(
    text: &str,
    numbers: &[SpecNumber],
    base: &AgentSpec,
) -> Result<Dimension, String> {
    let (name, range) = match text.split_once('=') {
        Some((n, r)) => (n.trim(), Some(r.trim())),
        None => (text.trim(), None),
    };
    let Some(number) = numbers.iter().find(|n| n.name == name) else {
        let names: Vec<&str> = numbers.iter().map(|n| n.name).collect();
        return Err(format!(
            "--param `{text}`: `{name}` is not a number of agent `{}` ({}) in this game; \
             tunable: {}",
            base.name(),
            base.label(),
            names.join(", ")
        ));
    };
    let Some(range) = range else {
        return Ok(default_dimension(number));
    };
    let bounds = range
        .split_once("..")
        .and_then(|(lo, hi)| {
            Some((
                lo.trim().parse::<f64>().ok()?,
                hi.trim().parse::<f64>().ok()?,
            ))
        })
        .filter(|(lo, hi)| lo.is_finite() && hi.is_finite());
    let Some((lo, hi)) = bounds else {
        return Err(format!(
            "--param `{text}`: the range `{range}` is not LO..HI with two numbers (e.g. \
             {name}=0..2)"
        ));
    };
    if lo >= hi {
        return Err(format!(
            "--param `{text}`: the range {lo}..{hi} is empty; LO must be below HI"
        ));
    }
    if lo < number.min || hi > number.max {
        return Err(format!(
            "--param `{text}`: the range {lo}..{hi} goes beyond the values `{name}` takes, \
             {}..={}",
            number.min, number.max
        ));
    }
    if !(lo..=hi).contains(&number.value) {
        return Err(format!(
            "--param `{text}`: the search starts from the agent's value {name} = {}, which is \
             outside {lo}..{hi}; widen the range or set the value in the spec",
            number.value
        ));
    }
    Ok(Dimension {
        name: number.name,
        lo,
        hi,
        start: number.value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carcassonne::CarcassonneState;

    fn space(agent: &str, params: &[&str]) -> Result<Space, String> {
        let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
        Space::new::<CarcassonneState>(&AgentSpec::resolve(agent).unwrap(), &params)
    }

    #[test]
    fn without_params_every_weight_varies_around_its_value() {
        let s = space("greedy", &[]).unwrap();
        let names: Vec<&str> = s.dims().iter().map(|d| d.name).collect();
        assert_eq!(names, CarcassonneState::eval_term_names());
        let meeples = s
            .dims()
            .iter()
            .find(|d| d.name == "meeples_in_supply")
            .unwrap();
        assert_eq!((meeples.lo, meeples.hi, meeples.start), (0.0, 4.0, 2.0));
        let edges = s.dims().iter().find(|d| d.name == "open_edges").unwrap();
        assert_eq!((edges.lo, edges.hi), (-1.0, 1.0));
        assert_eq!(s.spec_with(&s.values(&s.start())).label(), {
            let mut with_defaults = s.base().clone();
            for d in s.dims() {
                with_defaults = with_defaults.with_number(d.name, d.start).unwrap();
            }
            with_defaults.label()
        });
    }

    #[test]
    fn explicit_ranges_and_parameters_of_the_kind() {
        let s = space("greedy", &["opponent=0.5..1.5", "farmers"]).unwrap();
        assert_eq!(s.dims()[0].name, "opponent");
        assert_eq!(s.start(), vec![0.5, 0.5]);
        let spec = s.spec_with(&[1.25, -1.5]);
        assert_eq!(spec.label(), "greedy:opponent=1.25,farmers=-1.5");
        let mcts = space("mcts:iters=10", &["c=0..0.5", "scale"]).unwrap();
        assert_eq!(mcts.dims()[1].lo, 0.001, "cut to the values scale takes");
    }

    #[test]
    fn bad_params_name_the_value() {
        let cases = [
            (
                "greedy",
                "lead_species_points=0..1",
                "`lead_species_points` is not a number",
            ),
            (
                "greedy",
                "iters=1..5",
                "tunable: opponent, final_feature_points",
            ),
            ("mcts", "iters=1..5", "`iters` is not a number"),
            ("greedy", "farmers=-2..", "the range `-2..` is not LO..HI"),
            ("greedy", "farmers=a..b", "the range `a..b` is not LO..HI"),
            ("greedy", "farmers=0..-2", "the range 0..-2 is empty"),
            ("greedy", "farmers=NaN..1", "is not LO..HI"),
            (
                "greedy",
                "opponent=0..20",
                "goes beyond the values `opponent` takes, 0..=10",
            ),
            (
                "greedy",
                "farmers=0..2",
                "value farmers = -1, which is outside 0..2",
            ),
            ("random", "farmers", "has no numbers to tune"),
        ];
        for (agent, param, wanted) in cases {
            let err = space(agent, &[param]).unwrap_err();
            assert!(err.contains(wanted), "{agent} {param}: {err}");
        }
        let twice = space("greedy", &["farmers", "farmers=-2..0"]).unwrap_err();
        assert!(twice.contains("`farmers` is given twice"), "{twice}");
    }
}
