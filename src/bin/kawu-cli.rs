//! `kawu-cli`: the command-line contract of `../shared/junqi-flip.md` (moves, apply, perft) and
//! the computer players' arena.

use clap::{Parser, Subcommand};
use kawu::ai::Level;
use kawu::ai::arena::{GameReport, Summary, play_game};
use kawu::rules::junqi::{Action, ActionList, Position};
use std::process::ExitCode;
use std::sync::Mutex;

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
    /// Paired games between two computer levels (the same deal twice, seats swapped).
    Arena {
        /// Player A: random, easy, medium or hard.
        a: Level,
        /// Player B: random, easy, medium or hard.
        b: Level,
        /// How many games (played in pairs).
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The seed that makes the arena reproducible.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: u64,
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
        JunqiCommand::Arena {
            a,
            b,
            games,
            seed,
            threads,
        } => Ok(format!("{}\n", arena(a, b, games, seed, threads).line())),
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

/// Plays the arena on `threads` workers, printing each game to stderr as it ends.
fn arena(a: Level, b: Level, games: u64, seed: u64, threads: u64) -> Summary {
    let next = Mutex::new(0u64);
    let summary = Mutex::new(Summary::default());
    let report = |game: &GameReport, summary: &Summary| {
        eprintln!(
            "game {:>4}/{games} A {} {:?} after {} plies ({:?}); running {}",
            game.index + 1,
            if game.a_first { "first " } else { "second" },
            game.result,
            game.plies,
            game.outcome,
            summary.line()
        );
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = next.lock().expect("no worker panics holding it");
                        let index = *next;
                        *next += 1;
                        index
                    };
                    if index >= games {
                        break;
                    }
                    let game = play_game(a, b, seed, index);
                    let mut summary = summary.lock().expect("no worker panics holding it");
                    summary.add(&game);
                    report(&game, &summary);
                }
            });
        }
    });
    summary.into_inner().expect("workers are done")
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
