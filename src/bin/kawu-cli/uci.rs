//! `kawu-cli xiangqi uci`: the engine over UCI as Xiangqi GUIs and tournament tools speak it
//! (`docs/formats.md`). Commands are read on a thread; the search runs on this one in
//! slices, so `stop`, `isready` and `quit` are answered while it thinks — except `go nodes N`,
//! which searches in one go so that its answer is reproducible (for the same commands since
//! the start or `ucinewgame`: a search starts from the last one's transposition table).

use kawu::ai::Level;
use kawu::ai::xiangqi::{Limits, MATE, MATE_BOUND, Report, Table, Thinker, limits};
use kawu::rules::xiangqi::{Game, Move, Position, START_FEN};
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::task::Poll;
use std::time::Duration;

/// How long the search works between looks at the input.
const SLICE: Duration = Duration::from_millis(10);
const DEFAULT_HASH_MB: usize = 16;
/// Bytes per transposition table entry.
const ENTRY_BYTES: usize = 24;

struct Engine {
    game: Game,
    level: Level,
    hash_mb: usize,
    /// The last search's transposition table, which the next search of the game starts from.
    table: Option<Table>,
    out: std::io::Stdout,
    /// Commands that arrived during a search, to handle after it.
    pending: Vec<String>,
}

impl Engine {
    fn say(&mut self, line: &str) {
        let mut out = self.out.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn error(&mut self, message: &str) {
        self.say(&format!("info string error {message}"));
    }

    fn handle_setoption(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name <name words> [value <value words>]
        let text = words.join(" ");
        let rest = text.strip_prefix("name ").ok_or("setoption needs 'name'")?;
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "skill level" => {
                self.level = match value.to_ascii_lowercase().as_str() {
                    "0" | "easy" => Level::Easy,
                    "1" | "medium" => Level::Medium,
                    "2" | "hard" => Level::Hard,
                    _ => return Err(format!("Skill Level must be 0, 1 or 2, not '{value}'")),
                }
            }
            "hash" => {
                self.hash_mb = value
                    .parse::<usize>()
                    .ok()
                    .filter(|mb| (1..=1024).contains(mb))
                    .ok_or(format!("Hash must be 1 to 1024 (MB), not '{value}'"))?;
            }
            "clear hash" => self.table = None,
            // Tools set these for every engine; there is nothing to change.
            "uci_variant" | "threads" | "ponder" | "multipv" => {}
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn handle_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (words, &words[words.len()..]),
        };
        let position = match setup {
            ["startpos"] => Position::from_fen(START_FEN).expect("the start is valid"),
            ["fen", fen @ ..] if !fen.is_empty() => {
                Position::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?
            }
            _ => return Err("position needs 'startpos' or 'fen FEN'".into()),
        };
        let mut game = Game::new(position);
        for text in moves {
            let mv: Move = text.parse().map_err(|e| format!("{e}"))?;
            // Moves past the end of a game (a GUI may still send them) leave the game over.
            if game.outcome().is_some() {
                break;
            }
            game.play(mv).map_err(|e| e.to_string())?;
        }
        self.game = game;
        Ok(())
    }

    /// The limits of a `go` command's parameters, whether it is `infinite`, and whether it is
    /// limited by nodes alone.
    fn go_limits(&self, words: &[&str]) -> Result<(Limits, bool, bool), String> {
        let level_limits = limits(self.level);
        let mut result = Limits {
            table_entries: self.hash_mb * 1024 * 1024 / ENTRY_BYTES,
            // Easy and Medium keep their node caps: they are weaker by design.
            max_nodes: if self.level == Level::Hard {
                u64::MAX
            } else {
                level_limits.max_nodes
            },
            ..level_limits
        };
        let mut infinite = false;
        let mut clock = [None, None];
        let mut increment = [0u64, 0];
        let mut moves_to_go = 30u64;
        let mut index = 0;
        let number = |index: usize| -> Result<u64, String> {
            let word = words
                .get(index + 1)
                .ok_or(format!("'{}' needs a number", words[index]))?;
            // Clocks may run below zero in some GUIs.
            word.parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| format!("'{}' needs a number, not '{word}'", words[index]))
        };
        while index < words.len() {
            match words[index] {
                "infinite" => {
                    infinite = true;
                    result.max_time = Duration::from_secs(86_400);
                    index += 1;
                    continue;
                }
                "depth" => result.max_depth = number(index)?.clamp(1, 64) as i32,
                "nodes" => result.max_nodes = result.max_nodes.min(number(index)?.max(1)),
                "movetime" => result.max_time = Duration::from_millis(number(index)?),
                "wtime" => clock[0] = Some(number(index)?),
                "btime" => clock[1] = Some(number(index)?),
                "winc" => increment[0] = number(index)?,
                "binc" => increment[1] = number(index)?,
                "movestogo" => moves_to_go = number(index)?.max(1),
                "ponder" | "searchmoves" | "mate" => {
                    return Err(format!("'{}' is not supported", words[index]));
                }
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            index += 2;
        }
        let side = self.game.position().side_to_move().index();
        let by_nodes = clock[side].is_none()
            && !infinite
            && words.contains(&"nodes")
            && !words.contains(&"movetime");
        if let Some(left) = clock[side] {
            let share = left / moves_to_go + increment[side] * 3 / 4;
            let ceiling = (left / 2).saturating_sub(50).max(10);
            result.max_time = Duration::from_millis(share.clamp(10, ceiling));
        } else if words.iter().any(|w| matches!(*w, "depth" | "nodes")) && !infinite {
            // A depth or node search without a clock runs until done.
            result.max_time = Duration::from_secs(86_400);
        }
        Ok((result, infinite, by_nodes))
    }

    fn info_line(report: &Report) -> String {
        let score = if report.score.abs() > MATE_BOUND {
            let plies = MATE - report.score.abs();
            let moves = (plies + 1) / 2;
            format!("mate {}", if report.score > 0 { moves } else { -moves })
        } else {
            format!("cp {}", report.score)
        };
        let millis = report.elapsed.as_millis().max(1);
        let pv: Vec<String> = report.pv.iter().map(Move::to_string).collect();
        format!(
            "info depth {} score {score} nodes {} nps {} time {millis} pv {}",
            report.depth,
            report.nodes,
            u128::from(report.nodes) * 1000 / millis,
            pv.join(" ")
        )
    }

    /// Searches, answering `isready`, `stop` and `quit` meanwhile; whether to quit after.
    fn go(&mut self, words: &[&str], input: &Receiver<String>) -> Result<bool, String> {
        if let ["perft", depth] = words {
            let depth: u32 = depth
                .parse()
                .map_err(|_| format!("bad perft depth '{depth}'"))?;
            let divided = self.game.position().perft_divide(depth);
            let mut total = 0;
            for (mv, count) in divided {
                total += count;
                self.say(&format!("{mv}: {count}"));
            }
            self.say("");
            self.say(&format!("Nodes searched: {total}"));
            return Ok(false);
        }
        let (limits, mut infinite, by_nodes) = self.go_limits(words)?;
        // A search limited by nodes alone runs in one go: a search resumed after a slice
        // searches its last root move again, so slices would make its answer depend on the
        // machine's speed. Commands sent meanwhile are answered when it ends.
        let slice = (!by_nodes).then_some(SLICE);
        // Seeded as the game's computer seeds it, so the same game gets the same move.
        let seed = self.game.moves().len() as u64;
        let table = self.table.take();
        let mut thinker = Thinker::with_table(&self.game, self.level, limits, seed, table);
        let mut quit = false;
        let answer = loop {
            let mut lines = Vec::new();
            let poll = thinker.think_reporting(slice, &mut |report| {
                lines.push(Engine::info_line(report));
            });
            for line in lines {
                self.say(&line);
            }
            if let Poll::Ready(answer) = poll {
                // `go infinite` answers only after `stop`.
                while infinite && !quit {
                    match input.recv().as_deref().map(str::trim) {
                        Ok("stop") => infinite = false,
                        Ok("isready") => self.say("readyok"),
                        Ok("quit") | Err(_) => quit = true,
                        Ok(other) => self.pending.push(other.to_string()),
                    }
                }
                break answer;
            }
            loop {
                match input.try_recv().as_deref().map(str::trim) {
                    Ok("isready") => self.say("readyok"),
                    // Behind queued commands, `stop` and `quit` wait their turn like them.
                    Ok(command @ ("stop" | "quit")) if !self.pending.is_empty() => {
                        self.pending.push(command.to_string());
                    }
                    Ok("stop") => {
                        thinker.stop();
                        infinite = false;
                    }
                    Ok("quit") => {
                        thinker.stop();
                        infinite = false;
                        quit = true;
                        break;
                    }
                    // The end of input: a finite search finishes first (scripts pipe their
                    // commands), an infinite one has nobody left to stop it.
                    Err(TryRecvError::Disconnected) => {
                        if infinite {
                            thinker.stop();
                            infinite = false;
                        }
                        break;
                    }
                    Ok("") => {}
                    // Anything else waits for the search to end, in order.
                    Ok(other) => self.pending.push(other.to_string()),
                    Err(TryRecvError::Empty) => break,
                }
            }
        };
        self.say(&match answer {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove (none)".to_string(),
        });
        self.table = thinker.into_table();
        Ok(quit)
    }

    /// Handles one command; whether to quit.
    fn handle(&mut self, line: &str, input: &Receiver<String>) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, arguments)) = words.split_first() else {
            return false;
        };
        let result = match command {
            "uci" => {
                self.say(&format!("id name kawu {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the kawu developers");
                self.say("option name Skill Level type spin default 2 min 0 max 2");
                self.say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
                ));
                self.say("uciok");
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.game = Game::new(Position::start());
                self.table = None;
                Ok(())
            }
            "setoption" => self.handle_setoption(arguments),
            "position" => self.handle_position(arguments),
            "go" => match self.go(arguments, input) {
                Ok(quit) => return quit,
                Err(error) => Err(error),
            },
            "stop" => Ok(()),
            "quit" => return true,
            "d" => {
                let fen = self.game.position().to_fen();
                self.say(&format!("info string fen {fen}"));
                Ok(())
            }
            other => Err(format!(
                "unknown command '{}'",
                other.chars().take(32).collect::<String>()
            )),
        };
        if let Err(message) = result {
            self.error(&message);
        }
        false
    }
}

/// Runs the UCI loop on standard input and output until `quit` or the end of input.
pub fn run() {
    let (sender, input) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Engine {
        game: Game::new(Position::start()),
        level: Level::Hard,
        hash_mb: DEFAULT_HASH_MB,
        table: None,
        out: std::io::stdout(),
        pending: Vec::new(),
    };
    loop {
        let line = if engine.pending.is_empty() {
            match input.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        } else {
            engine.pending.remove(0)
        };
        if engine.handle(&line, &input) {
            break;
        }
    }
}
