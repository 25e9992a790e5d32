//! `meeplelab render`: draw the board of a game record (any game), at any turn, as an SVG file,
//! or write the whole game as a self-contained HTML replay viewer (`--html`).

use super::CmdResult;
use meeplelab::io::html::record_html;
use meeplelab::io::record::Record;
use meeplelab::io::svg::record_svg;
use meeplelab::io::write_atomically;
use std::path::{Path, PathBuf};

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("output").required(true).args(["out", "html"]))]
pub struct Args {
    /// The game record to draw.
    pub record: PathBuf,
    /// Draw the position after this many complete turns (0: before the first tile; past the
    /// end of the record: its last position). Default: the last position.
    #[arg(long, value_name = "N", conflicts_with = "html")]
    pub turn: Option<usize>,
    /// Where to write the SVG (a `.svg` file: --out draws SVG only).
    #[arg(long, value_name = "FILE.svg")]
    pub out: Option<PathBuf>,
    /// Write a replay viewer instead: one self-contained HTML page (`.html`) with the board at
    /// every decision, a slider and arrow keys, the decisions taken, points by source over the
    /// game and the seats' agents; it opens at #turn=N or #step=K (docs/rendering.md).
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
}

/// Replays the record, draws it and writes the file atomically.
pub fn run(args: &Args) -> CmdResult {
    let record = Record::load(&args.record).map_err(|e| e.to_string())?;
    let base = args.record.parent().map(PathBuf::from).unwrap_or_default();
    let caption = args
        .record
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match (&args.out, &args.html) {
        (_, Some(html)) => {
            check_extension(html, "--html", "html", "render --html writes an HTML page")?;
            let page = record_html(&record, &base, &caption)?;
            write_atomically(html, &page).map_err(|e| e.to_string())?;
            outln!(
                "wrote {}: a replay viewer of {} (open it in a browser; arrow keys step)",
                html.display(),
                args.record.display()
            );
            Ok(())
        }
        (Some(out), None) => svg(args, &record, &base, &caption, out),
        (None, None) => Err("give --out FILE.svg or --html FILE.html".into()),
    }
}

/// Refuses a file `path` (given with `flag`) that does not end in `.ext`.
fn check_extension(path: &Path, flag: &str, ext: &str, why: &str) -> CmdResult {
    if (path.extension()).is_some_and(|e| e.eq_ignore_ascii_case(ext)) {
        return Ok(());
    }
    Err(format!(
        "{flag} {}: {why}, so the file must end in .{ext}",
        path.display()
    ))
}

/// Draws the position `--turn` asks for into `out`.
fn svg(args: &Args, record: &Record, base: &Path, caption: &str, out: &Path) -> CmdResult {
    check_extension(
        out,
        "--out",
        "svg",
        "render writes SVG (convert it to PNG with a tool such as rsvg-convert or a browser)",
    )?;
    let drawing = record_svg(record, base, args.turn, caption)?;
    write_atomically(out, &drawing.svg).map_err(|e| e.to_string())?;
    let note = match args.turn {
        Some(n) if n > drawing.turn => {
            format!(
                " (the record ends after turn {}: its last position)",
                drawing.turn
            )
        }
        _ => String::new(),
    };
    outln!(
        "wrote {}: position after {} turns, {} decisions{note}",
        out.display(),
        drawing.turn,
        drawing.decisions
    );
    Ok(())
}
