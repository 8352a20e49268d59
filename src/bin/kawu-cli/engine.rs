//! An outside Xiangqi engine over UCI, as an arena player (`uci:COMMAND`).

use kawu::ai::xiangqi::arena::{Pace, Player};
use kawu::rules::xiangqi::{Game, Move};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to start or to answer beyond its time.
const GRACE: Duration = Duration::from_secs(10);

/// A running engine process.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The `go` command's limit, e.g. `movetime 1000`.
    limit: String,
    /// How long to wait for its answer.
    patience: Duration,
    /// Fairy-Stockfish numbers ranks 1–10 where ICCS numbers them 0–9.
    rank_offset: u8,
}

impl UciEngine {
    /// Starts `command` (split on spaces) and makes it ready to play Xiangqi at `pace`
    /// (`Pace::Levels`: a second a move).
    pub fn start(command: &str, pace: Pace) -> Result<UciEngine, String> {
        let (limit, patience) = match pace {
            Pace::Levels => ("movetime 1000".to_string(), Duration::from_secs(1) + GRACE),
            Pace::Time(time) => (format!("movetime {}", time.as_millis()), time + GRACE),
            // A node search has no clock; a slow engine still answers within minutes.
            Pace::Nodes(nodes) => (format!("nodes {nodes}"), GRACE * 30),
        };
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("uci: needs a command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            limit,
            patience,
            rank_offset: 0,
        };
        engine.send("uci")?;
        let mut variants = false;
        engine.read_until(GRACE, |line| {
            variants |= line.starts_with("option name UCI_Variant");
            line == "uciok"
        })?;
        if variants {
            // Fairy-Stockfish plays many games and writes Xiangqi ranks from 1.
            engine.send("setoption name UCI_Variant value xiangqi")?;
            engine.rank_offset = 1;
        }
        engine.send("isready")?;
        engine.read_until(GRACE, |line| line == "readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine input closed: {e}"))
    }

    /// Reads lines until `done` says so; the last line.
    fn read_until(
        &mut self,
        within: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(line.trim()) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err("engine did not answer in time".into());
                }
                Err(RecvTimeoutError::Disconnected) => return Err("engine exited".into()),
            }
        }
    }

    /// A move in the engine's notation.
    fn engine_move(&self, mv: Move) -> String {
        let text = mv.to_string();
        let bytes = text.as_bytes();
        let rank = |digit: u8| (digit - b'0' + self.rank_offset).to_string();
        format!(
            "{}{}{}{}",
            bytes[0] as char,
            rank(bytes[1]),
            bytes[2] as char,
            rank(bytes[3])
        )
    }

    /// A move from the engine's notation.
    fn parse_engine_move(&self, text: &str) -> Result<Move, String> {
        if self.rank_offset == 0 {
            return text.parse().map_err(|e| format!("{e}"));
        }
        // Files are letters, ranks numbers from 1 (possibly "10").
        let mut squares = Vec::new();
        let mut rest = text;
        while let Some(file) = rest.chars().next().filter(char::is_ascii_lowercase) {
            let digits: String = rest[1..].chars().take_while(char::is_ascii_digit).collect();
            let rank: u8 = digits
                .parse()
                .map_err(|_| format!("bad engine move '{text}'"))?;
            let rank = rank
                .checked_sub(1)
                .ok_or(format!("bad engine move '{text}'"))?;
            squares.push(format!("{file}{rank}"));
            rest = &rest[1 + digits.len()..];
        }
        if squares.len() != 2 || !rest.is_empty() {
            return Err(format!("bad engine move '{text}'"));
        }
        squares.concat().parse().map_err(|e| format!("{e}"))
    }
}

impl Player for UciEngine {
    fn choose(&mut self, game: &Game, _seed: u64) -> Result<Move, String> {
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|m| self.engine_move(m.mv))
            .collect();
        let mut command = format!("position fen {}", game.start().to_fen());
        if !moves.is_empty() {
            command += &format!(" moves {}", moves.join(" "));
        }
        self.send(&command)?;
        self.send(&format!("go {}", self.limit))?;
        let line = self.read_until(self.patience, |line| line.starts_with("bestmove"))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        self.parse_engine_move(text)
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
