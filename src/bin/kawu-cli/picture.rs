//! `kawu-cli GAME gif` and `… png`: a game's record as an animated GIF, one of its positions
//! as a PNG (`kawu::picture`), written to standard output.

use crate::{Failure, Output};
use clap::{Args, Subcommand};
use kawu::picture::{Scene, Style};

/// The picture commands every game has.
#[derive(Subcommand)]
pub enum PictureCommand {
    /// The game as an animated GIF on standard output: the start, then one frame a ply.
    Gif(GifArgs),
    /// One position of the game as a PNG on standard output.
    Png(PngArgs),
}

impl PictureCommand {
    /// Reads the record, makes its scene with `scene`, and draws it.
    pub fn draw(&self, scene: fn(&str) -> Result<Scene, Failure>) -> Result<Output, Failure> {
        match self {
            PictureCommand::Gif(args) => args.draw(&scene(&crate::read_record(&args.file)?)?),
            PictureCommand::Png(args) => args.draw(&scene(&crate::read_record(&args.file)?)?),
        }
    }
}

/// What `gif` takes.
#[derive(Args)]
pub struct GifArgs {
    /// The record: a file, or '-' for standard input.
    file: String,
    #[command(flatten)]
    look: LookArgs,
    /// Each frame's time in hundredths of a second (the last shows three times as long).
    #[arg(long, default_value = "100")]
    delay: String,
    /// The first ply shown (0: the start).
    #[arg(long, default_value = "0")]
    from: String,
    /// The last ply shown (default: the game's last).
    #[arg(long)]
    to: Option<String>,
}

/// What `png` takes.
#[derive(Args)]
pub struct PngArgs {
    /// The record: a file, or '-' for standard input.
    file: String,
    #[command(flatten)]
    look: LookArgs,
    /// The position after this many plies (0: the start; default: the last).
    #[arg(long)]
    ply: Option<String>,
}

/// How either picture is drawn.
#[derive(Args)]
struct LookArgs {
    /// The picture's width in pixels.
    #[arg(long, default_value = "480")]
    size: String,
    /// The colour-blind-safe palette, as the game's `--colour-safe` (also read as
    /// `--colour-blind`).
    #[arg(long, alias = "colour-blind")]
    colour_safe: bool,
}

/// A number given on the command line.
fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, Failure> {
    text.parse()
        .map_err(|_| Failure(format!("--{flag} must be a number, found '{text}'")))
}

impl LookArgs {
    fn style(&self) -> Result<Style, Failure> {
        Ok(Style {
            width: number("size", &self.size)?,
            colour_safe: self.colour_safe,
            ..Style::default()
        })
    }
}

impl GifArgs {
    /// The GIF of `scene`.
    fn draw(&self, scene: &Scene) -> Result<Output, Failure> {
        let style = Style {
            delay: number("delay", &self.delay)?,
            ..self.look.style()?
        };
        let last = scene.frames.len().saturating_sub(1);
        let from = number("from", &self.from)?;
        let to = self.to.as_deref().map_or(Ok(last), |to| number("to", to))?;
        Ok(Output::Bytes(kawu::picture::gif(scene, from, to, style)?))
    }
}

impl PngArgs {
    /// The PNG of `scene`'s position.
    fn draw(&self, scene: &Scene) -> Result<Output, Failure> {
        let last = scene.frames.len().saturating_sub(1);
        let ply = self
            .ply
            .as_deref()
            .map_or(Ok(last), |ply| number("ply", ply))?;
        Ok(Output::Bytes(kawu::picture::png(
            scene,
            ply,
            self.look.style()?,
        )?))
    }
}
