//! Progress reporting: an indicatif bar on a terminal, plain periodic lines otherwise.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Seconds between plain progress lines.
const LINE_INTERVAL: Duration = Duration::from_secs(5);

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    /// An indicatif bar on stderr.
    Bar,
    /// A plain line on stderr every few seconds and at the end.
    Lines,
    /// Nothing.
    Silent,
}

impl ProgressMode {
    /// A bar when stderr is a terminal, plain lines otherwise.
    pub fn auto() -> ProgressMode {
        if std::io::stderr().is_terminal() {
            ProgressMode::Bar
        } else {
            ProgressMode::Lines
        }
    }
}

/// Counts finished games and shows games done, games/s and ETA.
#[derive(Debug)]
pub struct Progress {
    mode: ProgressMode,
    bar: Option<ProgressBar>,
    total: u64,
    done: u64,
    played: u64,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    /// Starts reporting `total` games, `done` of which are already finished.
    pub fn new(mode: ProgressMode, total: u64, done: u64) -> Progress {
        let bar = (mode == ProgressMode::Bar).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{wide_bar}] {pos}/{len} games  {rate}  ETA {eta}",
                )
                .expect("valid template")
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.1} games/s", state.per_sec());
                    },
                )
                .progress_chars("=> "),
            );
            bar.set_position(done);
            bar.reset_eta();
            bar
        });
        let now = Instant::now();
        Progress {
            mode,
            bar,
            total,
            done,
            played: 0,
            start: now,
            last_line: now,
        }
    }

    /// Records one more finished game.
    pub fn tick(&mut self) {
        self.done += 1;
        self.played += 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
        } else if self.mode == ProgressMode::Lines
            && self.last_line.elapsed() >= LINE_INTERVAL
            && self.done < self.total
        {
            self.last_line = Instant::now();
            eprintln!("{}", self.line());
        }
    }

    /// Ends the report (clears the bar, or prints a final plain line).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        if self.mode == ProgressMode::Lines && self.played > 0 {
            eprintln!("{}", self.line());
        }
    }

    /// `games 30/60 (12.5 games/s, ETA 2 s)`.
    fn line(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            self.played as f64 / secs
        } else {
            0.0
        };
        let left = self.total.saturating_sub(self.done);
        let eta = if rate > 0.0 {
            format!("ETA {:.0} s", left as f64 / rate)
        } else {
            "ETA ?".to_string()
        };
        format!(
            "games {}/{} ({rate:.1} games/s, {eta}, {secs:.1} s elapsed)",
            self.done, self.total
        )
    }
}
