//! Junqi classic in a room: the public table (who deployed, every move as the referee announced
//! it, both deployments once the game is over) and what a follower does with it. A player's
//! client adds its own deployment to this public record to get its side's line.

use crate::rules::junqi::classic::{
    Announcement, ClassicGame, ClassicPosition, ClassicView, Deployment, LineError, Observed,
    SideLine, Verdict,
};
use crate::rules::junqi::{Action, Color, Point};
use serde::{Deserialize, Serialize};

/// A Junqi classic game as everyone sees it: who has deployed, every move with the referee's
/// verdict and the flags shown, and once the game is over both deployments. No identity of a
/// piece is here before the end but a shown flag's; a seat's own deployment reaches it alone
/// ([`super::ServerMessage::OwnDeployment`]). The seat moving first plays Red.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClassicState {
    /// The plies in a row without a battle that draw the game.
    pub quiet_limit: u16,
    /// Whether each room seat has deployed.
    pub deployed: [bool; 2],
    /// The moves of this game so far, as the referee announced them.
    pub moves: Vec<ClassicPlayed>,
    /// Both deployments (Red's first), once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unveiled: Option<[String; 2]>,
}

impl ClassicState {
    /// A new game under `quiet_limit`, nobody deployed.
    pub fn new(quiet_limit: u16) -> ClassicState {
        ClassicState {
            quiet_limit,
            deployed: [false; 2],
            moves: Vec::new(),
            unveiled: None,
        }
    }

    /// Both seats have deployed: the game is on.
    pub fn ready(&self) -> bool {
        self.deployed == [true; 2]
    }

    /// The line of the side that deployed `own`: its view of the start and every move as the
    /// referee announced it (the line a client plays from, and the computer thinks from).
    pub fn line(&self, own: &Deployment) -> Result<SideLine, LineError> {
        let start = ClassicView::unknown_enemy(own, self.quiet_limit);
        let observed = self.moves.iter().map(ClassicPlayed::observed).collect();
        SideLine::new(start, observed, None)
    }

    /// The line a spectator follows: every piece unknown, every move as the referee announced
    /// it.
    pub fn public_line(&self) -> Result<SideLine, LineError> {
        let start = ClassicView::unknown_armies(self.quiet_limit);
        let observed = self.moves.iter().map(ClassicPlayed::observed).collect();
        SideLine::new(start, observed, None)
    }

    /// The whole game, once both deployments are unveiled: the moves replayed by the referee,
    /// each announcement checked against the one recorded.
    pub fn game(&self) -> Result<Option<ClassicGame>, String> {
        let Some([red, blue]) = &self.unveiled else {
            return Ok(None);
        };
        let red = Deployment::parse(red, Color::Red).map_err(|e| format!("Red's army: {e}"))?;
        let blue = Deployment::parse(blue, Color::Blue).map_err(|e| format!("Blue's army: {e}"))?;
        let mut game = ClassicGame::new(ClassicPosition::start(&red, &blue, self.quiet_limit));
        for (number, played) in self.moves.iter().enumerate() {
            let announcement = game
                .play(played.moved)
                .map_err(|e| format!("move {}: {}: {e}", number + 1, played.moved))?;
            if ClassicPlayed::announced(played.moved, &announcement) != *played {
                return Err(format!(
                    "move {}: the armies give {}, the record {}",
                    number + 1,
                    ClassicPlayed::announced(played.moved, &announcement).observed(),
                    played.observed()
                ));
            }
        }
        Ok(Some(game))
    }

    /// Records that room seat `index` deployed (a follower's copy).
    pub(super) fn deploy(&mut self, index: usize) -> Result<(), String> {
        match self.deployed.get_mut(index) {
            Some(deployed) if !*deployed => {
                *deployed = true;
                Ok(())
            }
            Some(_) => Err(format!("seat {index} deployed twice")),
            None => Err(format!("a Junqi classic room has no seat {index}")),
        }
    }

    /// Plays a move the server decided (a follower's copy: the moves' order and the
    /// deployments are checked here, the move itself by each side's line).
    pub(super) fn play(&mut self, played: &ClassicPlayed) -> Result<(), String> {
        if !self.ready() {
            return Err(format!(
                "{} played before both sides deployed",
                played.moved
            ));
        }
        if self.unveiled.is_some() {
            return Err(format!("{} played after the end", played.moved));
        }
        self.moves.push(played.clone());
        Ok(())
    }

    /// Shows both deployments at the end, checked against every move (a follower's copy).
    pub(super) fn unveil(&mut self, deployments: &[String; 2]) -> Result<(), String> {
        self.unveiled = Some(deployments.clone());
        self.game().map(|_| ())
    }

    /// Whether the seat moving first (Red) is to move.
    pub(super) fn first_seat_to_move(&self) -> bool {
        self.moves.len().is_multiple_of(2)
    }
}

/// A Junqi classic move as the referee announced it to everyone:
/// `{"moved": "a6a7", "verdict": "+", "flags": ["b12"]}` (no verdict for a move onto an empty
/// point, no flags unless a marshal fell).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassicPlayed {
    /// The move, from point to point.
    pub moved: Action,
    /// The battle's outcome: `+` the attacker won, `-` it lost, `=` both fell.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "verdict_mark"
    )]
    pub verdict: Option<Verdict>,
    /// Where the flag of each side whose marshal fell in this battle stands, Red's first.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "point_list")]
    pub flags: Vec<Point>,
}

impl ClassicPlayed {
    /// The move `moved` and what the referee announced after it.
    pub fn announced(moved: Action, announcement: &Announcement) -> ClassicPlayed {
        ClassicPlayed {
            moved,
            verdict: announcement.verdict,
            flags: announcement.flags_shown.to_vec(),
        }
    }

    /// The move as a side's line holds it.
    pub fn observed(&self) -> Observed {
        Observed {
            action: self.moved,
            verdict: self.verdict,
            flags: self.flags.iter().copied().take(2).collect(),
        }
    }
}

/// Junqi points as a list of their names (`["b12"]`).
mod point_list {
    use crate::rules::junqi::Point;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(points: &[Point], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(points.iter().map(Point::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Point>, D::Error> {
        let names = Vec::<String>::deserialize(deserializer)?;
        if names.len() > 2 {
            return Err(serde::de::Error::custom(
                "at most two flags are shown at once",
            ));
        }
        names
            .iter()
            .map(|text| {
                Point::parse(text).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "'{}' is not a Junqi point (a1 to e12)",
                        text.chars().take(8).collect::<String>()
                    ))
                })
            })
            .collect()
    }
}

/// A Junqi classic verdict as its mark: `+`, `-` or `=`.
mod verdict_mark {
    use crate::rules::junqi::classic::Verdict;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        verdict: &Option<Verdict>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match verdict {
            Some(verdict) => serializer.serialize_char(verdict.mark()),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Verdict>, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut marks = text.chars();
        match (marks.next().and_then(Verdict::from_mark), marks.next()) {
            (Some(verdict), None) => Ok(Some(verdict)),
            _ => Err(serde::de::Error::custom(format!(
                "'{}' is not a verdict (+, - or =)",
                text.chars().take(8).collect::<String>()
            ))),
        }
    }
}
