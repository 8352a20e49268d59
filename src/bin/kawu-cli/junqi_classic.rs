//! `kawu-cli junqi-classic`: Junqi classic's command-line contract (deployments, CJFEN, a
//! side's line, the computer that reads only that line, the review) and its arena.

use crate::picture::PictureCommand;
use crate::review::{ReviewArgs, report};
use crate::{Failure, LevelArena, Output, ThinkOptions, play_games};
use clap::Subcommand;
use kawu::ai::junqi::classic::arena::{ArenaGame, play_game};
use kawu::ai::junqi::classic::{ClassicLimits, choose_move, judge_move, limits};
use kawu::rules::junqi::classic::{
    ClassicGame, ClassicPosition, ClassicText, ClassicView, Deployment, DeploymentStyle, SideLine,
    parse_action,
};
use kawu::rules::junqi::{Action, ActionList, Color};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::time::Duration;

#[derive(Subcommand)]
pub enum ClassicCommand {
    /// A legal deployment of one side on one line.
    Deploy {
        /// The seed: the same seed gives the same deployment (default: a random one).
        #[arg(long)]
        seed: Option<u64>,
        /// random (uniform among legal deployments), balanced, defensive or aggressive.
        #[arg(long, default_value = "random")]
        style: String,
    },
    /// `ok` for a legal deployment; otherwise the first broken rule, exit 2.
    Check {
        /// The deployment: six ranks from the front, '/'-separated, camps as '1'.
        deployment: String,
    },
    /// The full start CJFEN of two deployments.
    Start {
        /// Red's deployment.
        red: String,
        /// Blue's deployment.
        blue: String,
    },
    /// Every legal move of the side to move (in a view: the viewing side), sorted.
    Moves {
        /// The CJFEN (one quoted argument, or its four fields).
        #[arg(required = true, num_args = 1..)]
        cjfen: Vec<String>,
    },
    /// The full CJFEN after the actions (outcome marks and flag= tokens checked when given).
    Apply {
        /// The full CJFEN (one quoted argument, or its four fields), then the actions.
        #[arg(required = true, num_args = 1..)]
        args: Vec<String>,
    },
    /// One side's view of a full position.
    View {
        /// The full CJFEN (one quoted argument, or its four fields).
        #[arg(required = true, num_args = 1..)]
        cjfen: Vec<String>,
    },
    /// A side's line of a game played from a full start position.
    Line {
        /// The full start CJFEN (one quoted argument, or its four fields), then the actions.
        #[arg(required = true, num_args = 1..)]
        args: Vec<String>,
    },
    /// The move the computer at LEVEL chooses for the owner of a side's line, then its score.
    Think {
        /// The side's line as one argument, or '-' to read it from standard input.
        line: String,
        #[command(flatten)]
        thinking: ThinkOptions,
    },
    /// Reviews a game: one line per move (its class, the engine's best move, the expected
    /// score lost), each judged from its mover's line only; then each side's accuracy.
    Review(ReviewArgs),
    #[command(flatten)]
    Picture(PictureCommand),
    /// Paired games between two levels (the same deployments twice, seats swapped).
    Arena(LevelArena),
}

/// The side `--side` names (`None`: not given).
fn parse_side(text: Option<&str>) -> Result<Option<Color>, Failure> {
    match text {
        None => Ok(None),
        Some("r") => Ok(Some(Color::Red)),
        Some("b") => Ok(Some(Color::Blue)),
        Some(other) => Err(Failure(format!("--side must be r or b, found '{other}'"))),
    }
}

/// The side a command needs.
fn side(picked: Option<Color>) -> Result<Color, Failure> {
    picked.ok_or_else(|| Failure("this command needs --side r or --side b".into()))
}

/// Splits arguments into the CJFEN (one argument with spaces, or four plain ones) and the rest.
fn split_cjfen(args: &[String]) -> Result<(String, &[String]), Failure> {
    match args {
        [first, rest @ ..] if first.contains(char::is_whitespace) => Ok((first.clone(), rest)),
        _ if args.len() >= 4 => Ok((args[..4].join(" "), &args[4..])),
        _ => Err(Failure(format!(
            "CJFEN needs 4 space-separated fields (board side quiet ply), found {}",
            args.len()
        ))),
    }
}

fn only_cjfen(args: &[String]) -> Result<String, Failure> {
    let (cjfen, rest) = split_cjfen(args)?;
    match rest.first() {
        Some(extra) => Err(Failure(format!(
            "unexpected argument '{extra}' after the CJFEN"
        ))),
        None => Ok(cjfen),
    }
}

/// Plays `tokens` (actions with optional marks and `flag=` tokens) on `position`; each
/// action's announcement, checked against the marks and tokens given.
fn play_tokens(position: &mut ClassicPosition, tokens: &[String]) -> Result<Vec<Action>, Failure> {
    let mut played: Vec<Action> = Vec::new();
    let mut announced = Vec::new();
    let mut flags_given: Vec<Vec<String>> = Vec::new();
    for token in tokens {
        if token.starts_with("flag=") {
            let Some(last) = flags_given.last_mut() else {
                return Err(Failure(format!("'{token}' comes before any action")));
            };
            last.push(token.clone());
            continue;
        }
        let observed = parse_action(token, played.len() + 1)?;
        let announcement = position
            .play(observed.action)
            .map_err(|error| Failure(format!("action {} ({token}): {error}", played.len() + 1)))?;
        if let Some(mark) = observed.verdict
            && announcement.verdict != Some(mark)
        {
            return Err(Failure(format!(
                "action {} ({token}): the referee's outcome is {}",
                played.len() + 1,
                announcement
                    .verdict
                    .map_or("no battle".to_string(), |v| format!("'{}'", v.mark()))
            )));
        }
        played.push(observed.action);
        announced.push(announcement);
        flags_given.push(Vec::new());
    }
    for (index, (announcement, given)) in announced.iter().zip(&flags_given).enumerate() {
        let expected: Vec<String> = announcement
            .flags_shown
            .iter()
            .map(|at| format!("flag={at}"))
            .collect();
        if !given.is_empty() && *given != expected {
            return Err(Failure(format!(
                "action {} ({}): the flags shown are '{}', not '{}'",
                index + 1,
                played[index],
                expected.join(" "),
                given.join(" ")
            )));
        }
    }
    Ok(played)
}

/// Runs one command with the `--side` given (if any); its output, or a one-line failure.
pub fn run(command: ClassicCommand, side: Option<&str>) -> Result<Output, Failure> {
    let picked = parse_side(side)?;
    let takes_side = matches!(
        command,
        ClassicCommand::Deploy { .. }
            | ClassicCommand::Check { .. }
            | ClassicCommand::View { .. }
            | ClassicCommand::Line { .. }
            | ClassicCommand::Picture(_)
    );
    if picked.is_some() && !takes_side {
        return Err(Failure("this command takes no --side".into()));
    }
    match command {
        ClassicCommand::Picture(picture) => picture.draw(match picked {
            None => scene_all,
            Some(Color::Red) => scene_red,
            Some(Color::Blue) => scene_blue,
        }),
        command => run_text(command, picked).map(Output::Text),
    }
}

/// A record's picture scene with every piece shown.
fn scene_all(text: &str) -> Result<kawu::picture::Scene, Failure> {
    Ok(kawu::picture::junqi::classic_scene(
        &ClassicGame::from_text(text)?,
        None,
    ))
}

/// A record's picture scene as Red saw it.
fn scene_red(text: &str) -> Result<kawu::picture::Scene, Failure> {
    Ok(kawu::picture::junqi::classic_scene(
        &ClassicGame::from_text(text)?,
        Some(Color::Red),
    ))
}

/// A record's picture scene as Blue saw it.
fn scene_blue(text: &str) -> Result<kawu::picture::Scene, Failure> {
    Ok(kawu::picture::junqi::classic_scene(
        &ClassicGame::from_text(text)?,
        Some(Color::Blue),
    ))
}

fn run_text(command: ClassicCommand, picked: Option<Color>) -> Result<String, Failure> {
    match command {
        ClassicCommand::Picture(_) => unreachable!("`run` draws the pictures"),
        ClassicCommand::Deploy { seed, style } => {
            let side = side(picked)?;
            let style: DeploymentStyle = style.parse().map_err(Failure)?;
            let mut rng = match seed {
                Some(seed) => Xoshiro256PlusPlus::seed_from_u64(seed),
                None => Xoshiro256PlusPlus::from_rng(&mut rand::rng()),
            };
            Ok(format!("{}\n", Deployment::generate(side, style, &mut rng)))
        }
        ClassicCommand::Check { deployment } => {
            Deployment::parse(&deployment, side(picked)?)?;
            Ok("ok\n".into())
        }
        ClassicCommand::Start { red, blue } => {
            let red = Deployment::parse(&red, Color::Red)
                .map_err(|e| Failure(format!("Red's deployment: {e}")))?;
            let blue = Deployment::parse(&blue, Color::Blue)
                .map_err(|e| Failure(format!("Blue's deployment: {e}")))?;
            Ok(format!(
                "{}\n",
                ClassicPosition::start(&red, &blue, kawu::rules::junqi::DEFAULT_QUIET_PLY_LIMIT)
                    .to_cjfen()
            ))
        }
        ClassicCommand::Moves { cjfen } => {
            let mut moves = ActionList::new();
            match ClassicText::parse(&only_cjfen(&cjfen)?)? {
                ClassicText::Full(position) => position.legal_moves(&mut moves),
                ClassicText::View(view) => {
                    if view.side_to_move() != view.owner() {
                        return Err(Failure(format!(
                            "this is {}'s view but {} is to move: a view lists its own side's moves",
                            name(view.owner()),
                            name(view.side_to_move())
                        )));
                    }
                    view.legal_moves(&mut moves);
                }
            }
            let mut lines: Vec<String> = moves.iter().map(Action::to_string).collect();
            lines.sort();
            Ok(lines.iter().map(|line| format!("{line}\n")).collect())
        }
        ClassicCommand::Apply { args } => {
            let (cjfen, tokens) = split_cjfen(&args)?;
            let mut position = ClassicPosition::from_cjfen(&cjfen)?;
            play_tokens(&mut position, tokens)?;
            Ok(format!("{}\n", position.to_cjfen()))
        }
        ClassicCommand::View { cjfen } => {
            let side = side(picked)?;
            let position = ClassicPosition::from_cjfen(&only_cjfen(&cjfen)?)?;
            Ok(format!("{}\n", ClassicView::of(&position, side).to_cjfen()))
        }
        ClassicCommand::Line { args } => {
            let side = side(picked)?;
            let (cjfen, tokens) = split_cjfen(&args)?;
            let start = ClassicPosition::from_cjfen(&cjfen)?;
            if start.ply() != 0 {
                return Err(Failure(format!(
                    "a line is played from a start position (ply 0), found ply {}",
                    start.ply()
                )));
            }
            let mut position = start.clone();
            let played = play_tokens(&mut position, tokens)?;
            let line = SideLine::of_game(&start, side, &played)
                .map_err(|(index, error)| Failure(format!("action {}: {error}", index + 1)))?;
            Ok(format!("{line}\n"))
        }
        ClassicCommand::Think {
            line,
            thinking: ThinkOptions { level, ms, seed },
        } => {
            let text = if line == "-" {
                crate::read_record("-")?
            } else {
                line
            };
            let line = SideLine::parse(&text)?;
            // Nodes alone bound the search unless --ms asks for a clock, so that answers are
            // the same on every machine.
            let mut limits: ClassicLimits = limits(level);
            let total = ms.map_or(Duration::from_secs(3600), Duration::from_millis);
            limits.search.max_time = total / limits.guesses.max(1) as u32;
            let (action, score) = choose_move(&line, level, limits, seed)?;
            Ok(format!("{action}\n{score}\n"))
        }
        ClassicCommand::Review(args) => {
            let level = args.level()?;
            let seed = args.seed()?;
            let game = ClassicGame::from_text(&args.record()?)?;
            let mut judged = Vec::new();
            for (index, &action) in game.actions().iter().enumerate() {
                let mover = if index % 2 == 0 {
                    Color::Red
                } else {
                    Color::Blue
                };
                // The mover's line up to this move: what it knew.
                let line = game.line(mover, index);
                let judgement = judge_move(&line, action, level, seed)
                    .map_err(|error| Failure(format!("action {}: {error}", index + 1)))?;
                judged.push((mover.letter(), action, judgement));
            }
            Ok(report(&judged))
        }
        ClassicCommand::Arena(LevelArena {
            a,
            b,
            games,
            seed,
            threads,
        }) => {
            let mut tally = [0.0f64; 3]; // A's wins, draws, A's losses
            let mut plies = 0u64;
            let mut slowest = Duration::ZERO;
            play_games(
                games,
                threads,
                |index| play_game(a, b, seed, index),
                |game: ArenaGame| {
                    tally[match game.a_score {
                        s if s > 0.75 => 0,
                        s if s > 0.25 => 1,
                        _ => 2,
                    }] += 1.0;
                    plies += u64::from(game.plies);
                    slowest = slowest.max(game.slowest_move);
                    eprintln!(
                        "game {:>4}/{games} A {} score {:.1} after {} plies ({:?})",
                        game.index + 1,
                        if game.a_first { "first " } else { "second" },
                        game.a_score,
                        game.plies,
                        game.outcome
                    );
                },
            );
            let played = tally.iter().sum::<f64>().max(1.0);
            let score = (tally[0] + tally[1] / 2.0) / played;
            Ok(format!(
                "A {a:?} vs B {b:?}: {} games, A wins {} draws {} losses {}, A scores {score:.3}; {:.0} plies a game; slowest move {} ms\n",
                played,
                tally[0],
                tally[1],
                tally[2],
                plies as f64 / played,
                slowest.as_millis()
            ))
        }
    }
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Blue => "Blue",
    }
}
