//! `kawu-cli qiguo`: the command-line contract of `docs/formats.md` (moves, apply, perft, think)
//! and the computer players' arena.

use crate::picture::PictureCommand;
use crate::review::{ReviewArgs, report};
use crate::{Failure, Output, play_games};
use clap::Subcommand;
use kawu::ai::Level;
use kawu::ai::qiguo::arena::{GameReport, Tally, play_game};
use kawu::ai::qiguo::{Limits, choose_move_within, judge_move, limits};
use kawu::rules::qiguo::{Move, MoveList, Position, Replay, Seating};
use std::collections::BTreeMap;
use std::time::Duration;

#[derive(Subcommand)]
pub enum QiguoCommand {
    /// Every legal move of the side to move, one per line, sorted.
    Moves {
        /// The QFEN (one quoted argument, or its seven fields).
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Applies the moves in order and prints the resulting QFEN.
    Apply {
        /// The QFEN (one quoted argument, or its seven fields), then moves like e10j15.
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// The number of move sequences of exactly DEPTH moves from QFEN, as one integer.
    Perft {
        /// The QFEN (one quoted argument, or its seven fields), then the depth.
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// The move the computer at LEVEL chooses for the state to move, on one line; nothing
    /// when the game is over. The same seed gives the same move.
    Think {
        /// The QFEN (one quoted argument, or its seven fields).
        #[arg(num_args = 0..)]
        args: Vec<String>,
        /// random, easy, medium or hard.
        #[arg(long, default_value = "medium")]
        level: Level,
        /// The seed that makes the choice reproducible.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Reviews a game as `docs/formats.md` says: one line per action (its class, the
    /// engine's best action, the expected score lost), then each mover's accuracy.
    Review(ReviewArgs),
    #[command(flatten)]
    Picture(PictureCommand),
    /// Games between two levels at one table (computer seats only): A and B each take one
    /// of two seats with as many states, the field plays the others, and the next game of
    /// the pair swaps A and B.
    Arena {
        /// Level A: random, easy, medium or hard.
        a: Level,
        /// Level B: as A.
        b: Level,
        /// The level of the other seats (by default B's).
        #[arg(long)]
        field: Option<Level>,
        /// How many games (played in pairs).
        #[arg(long, default_value_t = 20)]
        games: u64,
        /// The seed that makes the arena reproducible (levels limited by nodes).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seats at the table, 3-7 (the contract's alliances).
        #[arg(long, default_value_t = 4)]
        seats: usize,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        threads: u64,
    },
}

/// Plays the arena of levels A, B and the field on `threads` workers, printing each game to
/// stderr as it ends, then how the games ended; the tally for A.
fn arena(
    (a, b, field): (Level, Level, Level),
    games: u64,
    seed: u64,
    seating: Seating,
    threads: u64,
) -> Tally {
    let mut tally = Tally::default();
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    play_games(
        games,
        threads,
        |index| play_game(a, b, field, seating, seed, index),
        |game: Option<GameReport>| {
            let Some(game) = game else {
                return;
            };
            tally.add(
                game.result,
                (game.a_time, game.a_moves),
                (game.b_time, game.b_moves),
            );
            eprintln!(
                "game {:>4}/{games} A on seat {} B on seat {} {:?} after {} moves ({}); running {}",
                game.index + 1,
                game.seats.0,
                game.seats.1,
                game.result,
                game.plies,
                game.ending,
                tally.line()
            );
            let kind = game.ending.to_string();
            let kind = kind.split(' ').next().unwrap_or_default().to_string();
            *endings.entry(kind).or_default() += 1;
        },
    );
    let summary: Vec<String> = endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
    eprintln!("endings: {}", summary.join(", "));
    tally
}

/// Reads the QFEN at the start of `args` (one argument with spaces, or its seven fields one
/// by one); the position and the arguments after it.
fn read_qfen(args: &[String]) -> Result<(Position, &[String]), Failure> {
    let (qfen, rest) = match args {
        [] => return Err(Failure("a QFEN is needed".into())),
        [first, rest @ ..] if first.contains(' ') => (first.clone(), rest),
        _ => {
            let fields = args.len().min(7);
            (args[..fields].join(" "), &args[fields..])
        }
    };
    Ok((Position::from_qfen(&qfen)?, rest))
}

/// The legal moves of `position`, as text, sorted as byte strings.
fn sorted_moves(position: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    position.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(Move::to_string).collect();
    names.sort();
    names
}

/// Runs one command; its output, or a one-line failure.
pub fn run(command: QiguoCommand) -> Result<Output, Failure> {
    match command {
        QiguoCommand::Picture(picture) => picture.draw(scene),
        command => run_text(command).map(Output::Text),
    }
}

/// The picture scene of a Qiguo record.
fn scene(text: &str) -> Result<kawu::picture::Scene, Failure> {
    Ok(kawu::picture::qiguo::scene(&Replay::from_text(text)?))
}

/// The commands that print text.
fn run_text(command: QiguoCommand) -> Result<String, Failure> {
    match command {
        QiguoCommand::Picture(_) => unreachable!("`run` draws the pictures"),
        QiguoCommand::Moves { args } => {
            let (position, rest) = read_qfen(&args)?;
            if let Some(extra) = rest.first() {
                return Err(Failure(format!(
                    "unexpected argument '{extra}' after the QFEN"
                )));
            }
            Ok(sorted_moves(&position)
                .into_iter()
                .map(|name| name + "\n")
                .collect())
        }
        QiguoCommand::Apply { args } => {
            let (mut position, moves) = read_qfen(&args)?;
            for text in moves {
                let mv: Move = text.parse()?;
                position.play(mv)?;
            }
            Ok(format!("{position}\n"))
        }
        QiguoCommand::Perft { args } => {
            let Some((depth, qfen)) = args.split_last() else {
                return Err(Failure("perft needs a QFEN and a depth".into()));
            };
            let (position, rest) = read_qfen(qfen)?;
            if let Some(extra) = rest.first() {
                return Err(Failure(format!(
                    "unexpected argument '{extra}' after the QFEN"
                )));
            }
            let depth: u32 = Some(depth.as_str())
                .filter(|text| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| {
                    Failure(format!(
                        "perft depth must be a non-negative integer, found '{}'",
                        depth.chars().take(16).collect::<String>()
                    ))
                })?;
            Ok(format!("{}\n", position.perft(depth)))
        }
        QiguoCommand::Think { args, level, seed } => {
            let (position, rest) = read_qfen(&args)?;
            if let Some(extra) = rest.first() {
                return Err(Failure(format!(
                    "unexpected argument '{extra}' after the QFEN"
                )));
            }
            // Bounded by the level's depth and nodes alone, not the clock, so that the same
            // seed gives the same move on a slow or busy machine.
            let limits = Limits {
                max_time: Duration::from_secs(3600),
                ..limits(level)
            };
            Ok(choose_move_within(&position, level, limits, seed)
                .map_or(String::new(), |mv| format!("{mv}\n")))
        }
        QiguoCommand::Review(args) => {
            let level = args.level()?;
            let replay = Replay::from_text(&args.record()?)?;
            let mut judged = Vec::new();
            for ply in replay.plies() {
                let mover = ply.before.side_to_move().letter();
                judged.push((mover, ply.mv, judge_move(&ply.before, ply.mv, level)?));
            }
            Ok(report(&judged))
        }
        QiguoCommand::Arena {
            a,
            b,
            field,
            games,
            seed,
            seats,
            threads,
        } => {
            let seating = Seating::for_players(seats)
                .ok_or_else(|| Failure(format!("seats must be 3 to 7, found {seats}")))?;
            let levels = (a, b, field.unwrap_or(b));
            Ok(format!(
                "{}\n",
                arena(levels, games, seed, seating, threads).line()
            ))
        }
    }
}
