//! `kawu-cli`: one subcommand per game — the command-line contracts of `docs/formats.md` and the
//! computer players' arenas.

mod engine;
mod junqi;
mod junqi_classic;
#[cfg(feature = "server")]
mod loadtest;
mod picture;
mod qiguo;
mod review;
mod uci;
mod xiangqi;

use clap::{Parser, Subcommand};
use std::io::{Read, Write};
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
        command: junqi::JunqiCommand,
    },
    /// Junqi classic: secret deployments, a referee judges every battle.
    JunqiClassic {
        /// The side a command is about: r (Red, south) or b (Blue, north). `deploy`,
        /// `check`, `view` and `line` need it; `gif` and `png` draw that side's view with it.
        #[arg(long, global = true)]
        side: Option<String>,
        #[command(subcommand)]
        command: junqi_classic::ClassicCommand,
    },
    /// Xiangqi (Chinese chess).
    Xiangqi {
        #[command(subcommand)]
        command: xiangqi::XiangqiCommand,
    },
    /// Qiguo Xiangqi (seven states, 3-7 players).
    Qiguo {
        #[command(subcommand)]
        command: qiguo::QiguoCommand,
    },
    /// Many games at once against a running kawu-server: actions/s, latency, memory.
    #[cfg(feature = "server")]
    Loadtest(loadtest::LoadtestArgs),
}

/// What an arena between two of kawu's own levels takes.
#[derive(clap::Args)]
pub struct LevelArena {
    /// Player A: random, easy, medium or hard.
    pub a: kawu::ai::Level,
    /// Player B: random, easy, medium or hard.
    pub b: kawu::ai::Level,
    /// How many games (played in pairs).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// The seed that makes the arena reproducible.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: u64,
}

/// How a Junqi `think` searches.
#[derive(clap::Args)]
pub struct ThinkOptions {
    /// easy, medium or hard (random plays any legal move).
    #[arg(long, default_value = "medium")]
    pub level: kawu::ai::Level,
    /// Think at most this many milliseconds (answers then depend on the machine).
    #[arg(long)]
    pub ms: Option<u64>,
    /// The seed that makes the choice reproducible.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// A failure: a one-line message, exit code 2.
pub struct Failure(pub String);

/// What a command prints: text, or a picture's bytes.
pub enum Output {
    Text(String),
    Bytes(Vec<u8>),
}

/// The text of a record given as a file, or '-' for standard input.
pub fn read_record(file: &str) -> Result<String, Failure> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure(format!("standard input: {e}")))?;
    } else {
        text = std::fs::read_to_string(file).map_err(|e| Failure(format!("{file}: {e}")))?;
    }
    Ok(text)
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure(error.to_string())
    }
}

/// Plays games 0..`games` on `threads` workers: `play` plays one, `finished` takes each result
/// as it comes (one at a time).
pub fn play_games<T>(
    games: u64,
    threads: u64,
    play: impl Fn(u64) -> T + Sync,
    finished: impl FnMut(T) + Send,
) {
    let next = Mutex::new(0u64);
    let finished = Mutex::new(finished);
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
                    let result = play(index);
                    (finished.lock().expect("no worker panics holding it"))(result);
                }
            });
        }
    });
}

fn main() -> ExitCode {
    // A bad command line is answered like bad input: one line on standard error, status 2.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            let text = error.to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    let result = match cli.game {
        Game::Junqi { command } => junqi::run(command),
        Game::JunqiClassic { command, side } => junqi_classic::run(command, side.as_deref()),
        Game::Xiangqi { command } => xiangqi::run(command),
        Game::Qiguo { command } => qiguo::run(command),
        #[cfg(feature = "server")]
        Game::Loadtest(args) => loadtest::run(args).map(Output::Text),
    };
    // A closed standard output (a pipe into `head`) is an error to report, not a panic.
    let bytes = match result {
        Ok(Output::Text(text)) => Ok(text.into_bytes()),
        Ok(Output::Bytes(bytes)) => Ok(bytes),
        Err(failure) => Err(failure),
    };
    match bytes {
        Ok(bytes) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(&bytes).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("error: standard output: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
