//! `kawu-cli`: the command-line contract of `../shared/junqi-flip.md` (moves, apply, perft) and
//! the computer players' arena.

use clap::{Parser, Subcommand};
use kawu::rules::junqi::{Action, ActionList, Position};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "kawu-cli", version, about = "kawu's command-line tools")]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Junqi flip.
    Junqi {
        #[command(subcommand)]
        command: JunqiCommand,
    },
}

#[derive(Subcommand)]
enum JunqiCommand {
    /// Every legal action of a full JFEN, one per line, sorted.
    Moves {
        /// The position (one quoted argument, or its four fields).
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        jfen: Vec<String>,
    },
    /// The JFEN after playing the actions.
    Apply {
        /// The position (one quoted argument, or its four fields), then the actions.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// The number of action sequences of a given length.
    Perft {
        /// The position (one quoted argument, or its four fields), then the depth.
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

/// A failure: a one-line message, exit code 2.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure(error.to_string())
    }
}

/// Splits arguments into the JFEN (one argument with spaces, or four plain ones) and the rest.
fn split_jfen(args: &[String]) -> Result<(String, &[String]), Failure> {
    match args {
        [first, rest @ ..] if first.contains(char::is_whitespace) => Ok((first.clone(), rest)),
        _ if args.len() >= 4 => Ok((args[..4].join(" "), &args[4..])),
        _ => Err(Failure(format!(
            "JFEN needs 4 space-separated fields (board side quiet ply), found {}",
            args.len()
        ))),
    }
}

fn run(command: JunqiCommand) -> Result<String, Failure> {
    match command {
        JunqiCommand::Moves { jfen } => {
            let (jfen, rest) = split_jfen(&jfen)?;
            if !rest.is_empty() {
                return Err(Failure(format!(
                    "unexpected argument '{}' after the JFEN",
                    rest[0]
                )));
            }
            let position = Position::from_jfen(&jfen)?;
            let mut actions = ActionList::new();
            position.legal_actions(&mut actions);
            let mut lines: Vec<String> = actions.iter().map(Action::to_string).collect();
            lines.sort();
            Ok(lines.iter().map(|line| format!("{line}\n")).collect())
        }
        JunqiCommand::Apply { args } => {
            let (jfen, actions) = split_jfen(&args)?;
            let mut position = Position::from_jfen(&jfen)?;
            for text in actions {
                let action: Action = text.parse()?;
                position.play(action)?;
            }
            Ok(format!("{}\n", position.to_jfen()))
        }
        JunqiCommand::Perft { args } => {
            let (depth, jfen) = args.split_last().expect("clap requires two arguments");
            let (jfen, rest) = split_jfen(jfen)?;
            if !rest.is_empty() {
                return Err(Failure(format!(
                    "unexpected argument '{}' after the JFEN",
                    rest[0]
                )));
            }
            let position = Position::from_jfen(&jfen)?;
            let depth: u32 = depth.parse().map_err(|_| {
                Failure(format!(
                    "perft depth must be a non-negative number, found '{depth}'"
                ))
            })?;
            Ok(format!("{}\n", position.perft(depth)))
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Game::Junqi { command } = cli.game;
    match run(command) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
