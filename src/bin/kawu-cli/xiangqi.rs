//! `kawu-cli xiangqi`: the command-line contract of `docs/formats.md` (perft, status,
//! the UCI engine) and the computer players' arena.

use crate::engine::UciEngine;
use crate::picture::PictureCommand;
use crate::review::{ReviewArgs, report};
use crate::{Failure, Output, play_games};
use clap::Subcommand;
use kawu::ai::Level;
use kawu::ai::xiangqi::arena::{
    Ending, GameReport, LevelPlayer, Pace, Player, Tally, openings, play_game,
};
use kawu::ai::xiangqi::{features, judge_move};
use kawu::rules::xiangqi::{Color, Game, Move, Position, XiangqiRecord};
use std::collections::BTreeMap;
use std::time::Duration;

#[derive(Subcommand)]
pub enum XiangqiCommand {
    /// The number of move sequences of DEPTH plies from FEN, as one integer.
    Perft {
        /// The FEN (one quoted argument, or its fields), then the depth.
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// The engine over UCI on standard input and output.
    Uci,
    /// Paired games between two players, A and B (the same opening twice, colours swapped).
    Arena {
        /// Player A: random, easy, medium, hard, or uci:COMMAND (an outside UCI engine).
        a: String,
        /// Player B: as A.
        b: String,
        /// How many games (played in pairs).
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The seed that makes the arena reproducible (levels limited by nodes).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: u64,
        /// Milliseconds a move for every player; without it or `--nodes`, levels search
        /// their node limits and outside engines think 1000 ms.
        #[arg(long, conflicts_with = "nodes")]
        movetime: Option<u64>,
        /// Nodes a move for every player (outside engines get `go nodes N`): a comparison
        /// of two engines that repeats on any machine, however loaded.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Self-play positions for fitting the evaluation: one line per position not in check
    /// after the opening, `FEN<TAB>RESULT<TAB>TERMS` (RESULT 1, 0.5 or 0 for Red; TERMS the
    /// evaluation's terms, comma-separated).
    EvalData {
        /// The level that plays both sides.
        #[arg(long, default_value = "medium")]
        level: Level,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The seed that makes the games reproducible.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Reviews a game as `docs/formats.md` says: one line per action (its class, the
    /// engine's best action, the expected score lost), then each mover's accuracy.
    Review(ReviewArgs),
    #[command(flatten)]
    Picture(PictureCommand),
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

/// A player named on the command line.
#[derive(Clone)]
enum PlayerSpec {
    Level(Level),
    Engine(String),
}

impl PlayerSpec {
    fn parse(text: &str) -> Result<PlayerSpec, Failure> {
        match text.strip_prefix("uci:") {
            Some(command) if !command.trim().is_empty() => {
                Ok(PlayerSpec::Engine(command.to_string()))
            }
            Some(_) => Err(Failure(
                "uci: needs a command, e.g. uci:/usr/games/fairy-stockfish".into(),
            )),
            None => Ok(PlayerSpec::Level(
                text.parse::<Level>()
                    .map_err(|e| Failure(format!("{e}, or uci:COMMAND")))?,
            )),
        }
    }

    fn start(&self, pace: Pace) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            PlayerSpec::Level(level) => Box::new(LevelPlayer::new(*level, pace)),
            PlayerSpec::Engine(command) => Box::new(UciEngine::start(command, pace)?),
        })
    }
}

/// Plays the arena on `threads` workers, printing each game to stderr as it ends, then how
/// the games ended.
fn arena(
    a: &PlayerSpec,
    b: &PlayerSpec,
    games: u64,
    seed: u64,
    threads: u64,
    pace: Pace,
) -> Result<Tally, Failure> {
    // Start each player once before the games, so a bad command fails at once.
    a.start(pace)?;
    b.start(pace)?;
    let mut tally = Tally::default();
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    play_games(
        games,
        threads,
        |index| -> Result<GameReport, String> {
            let mut player_a = a.start(pace.for_game(index))?;
            let mut player_b = b.start(pace.for_game(index))?;
            play_game(player_a.as_mut(), player_b.as_mut(), seed, index)
        },
        |game: Result<GameReport, String>| match game {
            Ok(game) => {
                tally.add(
                    game.result,
                    (game.a_time, game.a_moves),
                    (game.b_time, game.b_moves),
                );
                let ending = match &game.ending {
                    Ending::Rules(outcome) => outcome.to_string(),
                    Ending::Forfeit { loser, why } => format!("{}-forfeits ({why})", loser.name()),
                };
                eprintln!(
                    "game {:>4}/{games} A {} {:?} after {} plies ({ending}); running {}",
                    game.index + 1,
                    if game.a_red { "red  " } else { "black" },
                    game.result,
                    game.plies,
                    tally.line()
                );
                // Games the repetition rules ended, move by move, to check by hand.
                if ending.contains("perpetual") || ending.contains("repetition") {
                    let moves: Vec<String> = game.moves.iter().map(Move::to_string).collect();
                    eprintln!("  moves: {}", moves.join(" "));
                }
                let kind = ending.split(" (").next().unwrap_or_default().to_string();
                *endings.entry(kind).or_default() += 1;
            }
            Err(error) => eprintln!("a game could not be played: {error}"),
        },
    );
    let summary: Vec<String> = endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
    eprintln!("endings: {}", summary.join(", "));
    Ok(tally)
}

/// The lines of `EvalData`: self-play games of `level`, every position after the opening.
fn eval_data(level: Level, games: u64, seed: u64) -> String {
    let book_plies = |moves: &[Move]| {
        openings()
            .iter()
            .filter(|line| moves.starts_with(line))
            .map(Vec::len)
            .max()
            .unwrap_or(0)
    };
    let mut out = String::new();
    for index in 0..games {
        let mut a = LevelPlayer::new(level, Pace::Levels);
        let mut b = LevelPlayer::new(level, Pace::Levels);
        let Ok(game) = play_game(&mut a, &mut b, seed, index) else {
            continue;
        };
        let red_score = match game.ending.winner() {
            Some(Color::Red) => "1",
            Some(Color::Black) => "0",
            None => "0.5",
        };
        let mut position = Position::start();
        for (ply, &mv) in game.moves.iter().enumerate() {
            position.play_unchecked(mv);
            if ply + 1 < book_plies(&game.moves) || position.in_check(position.side_to_move()) {
                continue;
            }
            let terms: Vec<String> = features(&position).iter().map(i32::to_string).collect();
            out += &format!("{}\t{red_score}\t{}\n", position.to_fen(), terms.join(","));
        }
    }
    out
}

/// Runs one command; its output, or a one-line failure.
pub fn run(command: XiangqiCommand) -> Result<Output, Failure> {
    match command {
        XiangqiCommand::Picture(picture) => picture.draw(scene),
        command => run_text(command).map(Output::Text),
    }
}

/// The picture scene of a Xiangqi record.
fn scene(text: &str) -> Result<kawu::picture::Scene, Failure> {
    let record = XiangqiRecord::from_text(text)?;
    Ok(kawu::picture::xiangqi::scene(
        &record.game()?,
        record.conceded,
    ))
}

/// The commands that print text.
fn run_text(command: XiangqiCommand) -> Result<String, Failure> {
    match command {
        XiangqiCommand::Picture(_) => unreachable!("`run` draws the pictures"),
        XiangqiCommand::Uci => {
            crate::uci::run();
            Ok(String::new())
        }
        XiangqiCommand::Arena {
            a,
            b,
            games,
            seed,
            threads,
            movetime,
            nodes,
        } => {
            let (a, b) = (PlayerSpec::parse(&a)?, PlayerSpec::parse(&b)?);
            let pace = match (movetime, nodes) {
                (Some(millis), _) => Pace::Time(Duration::from_millis(millis)),
                (None, Some(nodes)) => Pace::Nodes(nodes.max(1)),
                (None, None) => Pace::Levels,
            };
            let tally = arena(&a, &b, games, seed, threads, pace)?;
            Ok(format!("{}\n", tally.line()))
        }
        XiangqiCommand::EvalData { level, games, seed } => Ok(eval_data(level, games, seed)),
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
        XiangqiCommand::Review(args) => {
            let level = args.level()?;
            let whole = XiangqiRecord::from_text(&args.record()?)?.game()?;
            let mut game = Game::new(whole.start().clone());
            let mut judged = Vec::new();
            for played in whole.moves() {
                let mover = match game.position().side_to_move() {
                    Color::Red => 'w',
                    Color::Black => 'b',
                };
                judged.push((mover, played.mv, judge_move(&game, played.mv, level)?));
                game.play(played.mv)?;
            }
            Ok(report(&judged))
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
