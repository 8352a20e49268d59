//! `kawu-cli junqi`: the command-line contract of `docs/formats.md` (moves, apply,
//! perft), the computer players' arena and the flag model's training data.

use crate::picture::PictureCommand;
use crate::review::{ReviewArgs, report};
use crate::{Failure, LevelArena, Output, ThinkOptions, play_games};
use clap::Subcommand;
use kawu::ai::Level;
use kawu::ai::junqi::arena::{GameReport, Summary, play_game, play_game_observed};
use kawu::ai::junqi::{FLAG_FEATURES, Limits, Thinker, flag_race_rows, judge_action, limits};
use kawu::rules::junqi::{
    Action, ActionList, Color, Game, Outcome, PlayerView, Position, PublicGame,
};
use std::time::Duration;

#[derive(Subcommand)]
pub enum JunqiCommand {
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
    Arena(LevelArena),
    /// Training data for the flag-danger model: self-play games, one CSV line per face-up
    /// flag in every position (fit it with `scripts/fit_flag_model.py`).
    FlagData {
        /// The level that plays both sides: easy, medium or hard.
        #[arg(long, default_value = "medium")]
        level: Level,
        /// How many games.
        #[arg(long, default_value_t = 2000)]
        games: u64,
        /// The seed that makes the games reproducible.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: u64,
    },
    /// The action the computer at LEVEL chooses for the side to move, on one line, then its
    /// score. It sees only that side's view: face-down identities in the JFEN are not read.
    Think {
        /// The position (one quoted argument, or its four fields).
        #[arg(num_args = 0.., required_unless_present = "view")]
        jfen: Vec<String>,
        /// What a player sees instead of the full position: a JFEN whose face-down points
        /// are a bare '?'.
        #[arg(long, conflicts_with = "jfen")]
        view: Option<String>,
        /// With --view: the letters of the pieces no longer on the board.
        #[arg(long, requires = "view", default_value = "")]
        captured: String,
        #[command(flatten)]
        thinking: ThinkOptions,
    },
    /// Reviews a game as `docs/formats.md` says: one line per action (its class, the
    /// engine's best action, the expected score lost), then each mover's accuracy.
    Review(ReviewArgs),
    #[command(flatten)]
    Picture(PictureCommand),
    /// The number of action sequences of a given length.
    Perft {
        /// The position (one quoted argument, or its four fields), then the depth.
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
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

/// Runs one command; its output, or a one-line failure.
pub fn run(command: JunqiCommand) -> Result<Output, Failure> {
    match command {
        JunqiCommand::Picture(picture) => picture.draw(scene),
        command => run_text(command).map(Output::Text),
    }
}

/// The picture scene of a Junqi record: its public game, never the deal it holds.
fn scene(text: &str) -> Result<kawu::picture::Scene, Failure> {
    Ok(kawu::picture::junqi::scene(Game::from_text(text)?.public()))
}

/// The commands that print text.
fn run_text(command: JunqiCommand) -> Result<String, Failure> {
    match command {
        JunqiCommand::Picture(_) => unreachable!("`run` draws the pictures"),
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
        JunqiCommand::Arena(LevelArena {
            a,
            b,
            games,
            seed,
            threads,
        }) => {
            let summary = arena(a, b, games, seed, threads);
            eprintln!("{}", summary.flag_line());
            Ok(format!("{}\n", summary.tally.line()))
        }
        JunqiCommand::Think {
            jfen,
            view,
            captured,
            thinking: ThinkOptions { level, ms, seed },
        } => {
            let view = match view {
                Some(view) => PlayerView::from_view_jfen(&view, &captured)?,
                None => {
                    let (jfen, rest) = split_jfen(&jfen)?;
                    if let Some(extra) = rest.first() {
                        return Err(Failure(format!(
                            "unexpected argument '{extra}' after the JFEN"
                        )));
                    }
                    Position::from_jfen(&jfen)?.view().clone()
                }
            };
            let limits = Limits {
                max_time: ms.map_or(Duration::from_secs(3600), Duration::from_millis),
                ..limits(level)
            };
            let mut thinker = Thinker::new(&view, level, limits, seed);
            let action = kawu::ai::think_to_the_end(|| thinker.think(None))
                .ok_or(Failure("the game is over: no action to choose".into()))?;
            Ok(format!("{action}\n{}\n", thinker.score().unwrap_or(0)))
        }
        JunqiCommand::FlagData {
            level,
            games,
            seed,
            threads,
        } => Ok(flag_data(level, games, seed, threads)),
        JunqiCommand::Review(args) => {
            let level = args.level()?;
            let game = Game::from_text(&args.record()?)?;
            // Each action is judged from the public game before it: what its mover saw.
            let mut public = PublicGame::new(game.public().start().clone());
            let mut judged = Vec::new();
            for (index, played) in game.history().iter().enumerate() {
                let mover = 1 + index % 2;
                judged.push((
                    mover,
                    played.action,
                    judge_action(public.view(), played.action, level)?,
                ));
                public.play(*played)?;
            }
            Ok(report(&judged))
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

/// Plays the arena on `threads` workers, printing each game to stderr as it ends.
fn arena(a: Level, b: Level, games: u64, seed: u64, threads: u64) -> Summary {
    let mut summary = Summary::default();
    play_games(
        games,
        threads,
        |index| play_game(a, b, seed, index),
        |game: GameReport| {
            summary.add(&game);
            eprintln!(
                "game {:>4}/{games} A {} {:?} after {} plies ({:?}); running {}",
                game.index + 1,
                if game.a_first { "first " } else { "second" },
                game.result,
                game.plies,
                game.outcome,
                summary.tally.line()
            );
        },
    );
    summary
}

/// Self-play games of `level`; for every position with a face-up flag, one CSV line: the game,
/// whether the flag's owner lost it, and the features of `kawu::ai::flag_danger`'s model.
fn flag_data(level: Level, games: u64, seed: u64, threads: u64) -> String {
    let mut csv = format!("game,owner_lost,{}\n", FLAG_FEATURES.join(","));
    play_games(
        games,
        threads,
        |index| {
            let mut rows = Vec::new();
            let game = play_game_observed(level, level, seed, index, |view| {
                rows.extend(flag_race_rows(view));
            });
            (game, rows)
        },
        |(game, rows): (GameReport, Vec<(Color, [f64; 14])>)| {
            let loser = match game.outcome {
                Outcome::Win { winner, .. } => Some(winner.opponent()),
                Outcome::Draw(_) => None,
            };
            for (owner, features) in rows {
                let values: Vec<String> = features.iter().map(|x| format!("{x:.4}")).collect();
                let lost = u8::from(loser == Some(owner));
                csv += &format!("{},{lost},{}\n", game.index, values.join(","));
            }
            eprintln!("game {:>4}/{games} done", game.index + 1);
        },
    );
    csv
}
