//! `meeplelab render`: draw the board of a game record (any game), at any turn, as an SVG file.

use super::CmdResult;
use meeplelab::io::record::Record;
use meeplelab::io::svg::record_svg;
use meeplelab::io::write_atomically;
use std::path::PathBuf;

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record to draw.
    pub record: PathBuf,
    /// Draw the position after this many complete turns (0: before the first tile; past the
    /// end of the record: its last position). Default: the last position.
    #[arg(long, value_name = "N")]
    pub turn: Option<usize>,
    /// Where to write the SVG (a `.svg` file: render draws SVG only).
    #[arg(long, value_name = "FILE.svg")]
    pub out: PathBuf,
}

/// Replays the record up to the turn, draws the board, writes it atomically.
pub fn run(args: &Args) -> CmdResult {
    let svg = (args.out.extension()).is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if !svg {
        return Err(format!(
            "--out {}: render writes SVG, so the file must end in .svg (convert it to PNG with a \
             tool such as rsvg-convert or a browser)",
            args.out.display()
        ));
    }
    let record = Record::load(&args.record).map_err(|e| e.to_string())?;
    let base = args.record.parent().map(PathBuf::from).unwrap_or_default();
    let caption = args
        .record
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let drawing = record_svg(&record, &base, args.turn, &caption)?;
    write_atomically(&args.out, &drawing.svg).map_err(|e| e.to_string())?;
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
        args.out.display(),
        drawing.turn,
        drawing.decisions
    );
    Ok(())
}
