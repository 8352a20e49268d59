//! `kawu-cli xiangqi`: the command-line contract of `../shared/xiangqi.md` (perft, status,
//! the UCI engine) and the computer players' arena.

use crate::Failure;
use clap::Subcommand;
use kawu::rules::xiangqi::{Game, Move, Position};

#[derive(Subcommand)]
pub enum XiangqiCommand {
    /// The number of move sequences of DEPTH plies from FEN, as one integer.
    Perft {
        /// The FEN (one quoted argument, or its fields), then the depth.
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Plays the moves from FEN and prints `ongoing`, `red-wins REASON`, `black-wins REASON`
    /// or `draw REASON`.
    Status {
        /// The FEN (one quoted argument, or its fields), then ICCS moves.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

/// Splits arguments into the FEN (one argument with spaces, or its fields one by one) and
/// the rest.
fn split_fen(args: &[String]) -> (String, &[String]) {
    match args {
        [first, rest @ ..] if first.contains(char::is_whitespace) => (first.clone(), rest),
        [board, rest @ ..] => {
            // FEN fields after the board are never ICCS moves (w, b, -, numbers).
            let fields = rest
                .iter()
                .take(5)
                .take_while(|field| field.parse::<Move>().is_err())
                .count();
            let mut fen = board.clone();
            for field in &rest[..fields] {
                fen.push(' ');
                fen.push_str(field);
            }
            (fen, &rest[fields..])
        }
        [] => (String::new(), args),
    }
}

/// Runs one command; its output, or a one-line failure.
pub fn run(command: XiangqiCommand) -> Result<String, Failure> {
    match command {
        XiangqiCommand::Perft { args } => {
            let (depth, fen) = args.split_last().expect("clap requires two arguments");
            let (fen, rest) = split_fen(fen);
            if let Some(extra) = rest.first() {
                return Err(Failure(format!(
                    "unexpected argument '{extra}' after the FEN"
                )));
            }
            let position = Position::from_fen(&fen)?;
            let depth: u32 = depth.parse().map_err(|_| {
                Failure(format!(
                    "perft depth must be a non-negative number, found '{depth}'"
                ))
            })?;
            Ok(format!("{}\n", position.perft(depth)))
        }
        XiangqiCommand::Status { args } => {
            let (fen, moves) = split_fen(&args);
            let mut game = Game::new(Position::from_fen(&fen)?);
            for text in moves {
                if game.outcome().is_some() {
                    break;
                }
                game.play(text.parse()?)?;
            }
            Ok(match game.outcome() {
                Some(outcome) => format!("{outcome}\n"),
                None => "ongoing\n".to_string(),
            })
        }
    }
}
