//! Junqi classic on a room's table: the server is the referee. It holds both secret
//! deployments, judges every battle, and gives the public table only what the referee
//! announces; the deployments leave it when the game is over.

use super::junqi::junqi_end;
use super::{Refusal, TableGame, clip, illegal, nothing_to_take_back, two_seat_takeback};
use crate::protocol::{
    ClassicPlayed, ClassicState, ErrorCode, GameEnd, GameState, Played, RoomSeat,
};
use crate::rules::junqi::classic::{ClassicGame, ClassicPosition, Deployment};
use crate::rules::junqi::{Action, Color};

/// A room's Junqi classic game: room seat `first_seat` plays Red, which moves first.
pub struct ClassicBoard {
    quiet_limit: u16,
    first_seat: RoomSeat,
    /// Each side's deployment once it is in, Red's first.
    deployments: [Option<Deployment>; 2],
    /// The game, once both sides have deployed.
    game: Option<ClassicGame>,
    /// Whether the deployments were unveiled at the end.
    unveiled: bool,
}

impl ClassicBoard {
    /// A new game under `quiet_limit`, nobody deployed, room seat `first_seat` playing Red.
    pub fn new(quiet_limit: u16, first_seat: RoomSeat) -> ClassicBoard {
        ClassicBoard {
            quiet_limit,
            first_seat,
            deployments: [None, None],
            game: None,
            unveiled: false,
        }
    }

    /// The colour room seat `seat` plays.
    pub fn colour(&self, seat: RoomSeat) -> Color {
        if seat == self.first_seat {
            Color::Red
        } else {
            Color::Blue
        }
    }

    /// The room seat playing `colour`.
    fn seat_of(&self, colour: Color) -> RoomSeat {
        match colour {
            Color::Red => self.first_seat,
            Color::Blue => self.first_seat.other(),
        }
    }

    /// `seat`'s deployment, once it is in.
    pub fn deployment(&self, seat: RoomSeat) -> Option<&Deployment> {
        self.deployments[colour_index(self.colour(seat))].as_ref()
    }

    /// The deployment `text` names for `seat`, in its notation, if the seat may deploy it now.
    pub fn check_deployment(&self, seat: RoomSeat, text: &str) -> Result<String, Refusal> {
        if self.deployment(seat).is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadyDeployed,
                "you have deployed for this game already",
            ));
        }
        let colour = self.colour(seat);
        Deployment::parse(text, colour)
            .map(|deployment| deployment.to_text())
            .map_err(|error| {
                Refusal::new(
                    ErrorCode::BadDeployment,
                    format!("'{}…' as {colour:?}'s army: {error}", clip(text)),
                )
            })
    }

    /// Takes in `seat`'s deployment (checked before, or read back from storage); the game
    /// starts when both are in.
    pub fn deploy(&mut self, seat: RoomSeat, text: &str) -> Result<(), String> {
        let colour = self.colour(seat);
        let deployment = Deployment::parse(text, colour).map_err(|error| error.to_string())?;
        let slot = &mut self.deployments[colour_index(colour)];
        if slot.is_some() {
            return Err(format!("{seat} deploys twice"));
        }
        *slot = Some(deployment);
        if let [Some(red), Some(blue)] = &self.deployments {
            self.game = Some(ClassicGame::new(ClassicPosition::start(
                red,
                blue,
                self.quiet_limit,
            )));
        }
        Ok(())
    }

    /// Both deployments in their notation, Red's first, once both are in.
    pub fn deployments(&self) -> Option<[String; 2]> {
        match &self.deployments {
            [Some(red), Some(blue)] => Some([red.to_text(), blue.to_text()]),
            _ => None,
        }
    }

    /// Shows both deployments, as the game's end does; they must be the ones played with.
    pub fn unveil(&mut self, deployments: &[String; 2]) -> Result<(), String> {
        if self.deployments().as_ref() != Some(deployments) {
            return Err("the armies unveiled are not the armies deployed".to_string());
        }
        self.unveiled = true;
        Ok(())
    }

    /// The game, once both sides have deployed.
    pub fn game(&self) -> Option<&ClassicGame> {
        self.game.as_ref()
    }

    fn moves(&self) -> Vec<ClassicPlayed> {
        self.game
            .iter()
            .flat_map(|game| game.actions().iter().zip(game.announcements()))
            .map(|(&action, announcement)| ClassicPlayed::announced(action, announcement))
            .collect()
    }
}

/// The index of `colour` in a pair listed Red first.
fn colour_index(colour: Color) -> usize {
    match colour {
        Color::Red => 0,
        Color::Blue => 1,
    }
}

impl TableGame for ClassicBoard {
    fn scene(&self) -> Option<crate::picture::Scene> {
        self.game
            .as_ref()
            .map(|game| crate::picture::junqi::classic_scene(game, None))
    }

    fn ready(&self) -> bool {
        self.game.is_some()
    }

    fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat {
        match &self.game {
            Some(game) => self.seat_of(game.position().side_to_move()),
            None => first_seat,
        }
    }

    fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        let Some(game) = &self.game else {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "the game starts when both sides have deployed",
            ));
        };
        let action: Action = text.parse().map_err(|_| {
            illegal(format!(
                "'{}' is not a Junqi classic move (two points, like a6a7)",
                clip(text)
            ))
        })?;
        if matches!(action, Action::Flip(_)) {
            return Err(illegal(format!(
                "{action}: nothing is face down in Junqi classic, so nothing flips"
            )));
        }
        let mut after = game.position().clone();
        let announcement = after
            .play(action)
            .map_err(|error| illegal(format!("{action}: {error}")))?;
        let end = after
            .outcome()
            .map(|outcome| junqi_end(outcome, mover, Some(after.side_to_move())));
        let played = ClassicPlayed::announced(action, &announcement);
        Ok((Played::JunqiClassic(played), end))
    }

    fn apply(&mut self, played: &Played) -> Result<(), String> {
        let Played::JunqiClassic(played) = played else {
            return Err(format!("{played:?} is an action of another game"));
        };
        let game = self
            .game
            .as_mut()
            .ok_or_else(|| format!("{} is played before both sides deployed", played.moved))?;
        let announcement = game
            .play(played.moved)
            .map_err(|error| format!("{}: {error}", played.moved))?;
        if ClassicPlayed::announced(played.moved, &announcement) != *played {
            return Err(format!(
                "{} was announced as {}, the armies give {}",
                played.moved,
                played.observed(),
                ClassicPlayed::announced(played.moved, &announcement).observed()
            ));
        }
        Ok(())
    }

    fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal> {
        let moves = self.moves();
        let plies =
            two_seat_takeback(moves.len(), seat, first_seat).ok_or_else(nothing_to_take_back)?;
        if moves[moves.len() - plies..]
            .iter()
            .any(|played| played.verdict.is_some())
        {
            return Err(Refusal::new(
                ErrorCode::TakebackReveals,
                "a battle is among the moves to take back, and what the referee announced \
                 cannot be unheard: only moves that attacked nothing may be taken back",
            ));
        }
        Ok(plies as u32)
    }

    fn take_back(&mut self, plies: u32) -> Result<(), String> {
        let game = self
            .game
            .as_mut()
            .ok_or("a takeback before both sides deployed")?;
        if plies == 0 || plies as usize > game.actions().len() {
            return Err(format!(
                "a takeback of {plies} moves in a game of {}",
                game.actions().len()
            ));
        }
        game.undo(plies as usize);
        Ok(())
    }

    fn state(&self, _to_move: RoomSeat) -> GameState {
        GameState::JunqiClassic(ClassicState {
            quiet_limit: self.quiet_limit,
            deployed: RoomSeat::BOTH.map(|seat| self.deployment(seat).is_some()),
            moves: self.moves(),
            unveiled: self.deployments().filter(|_| self.unveiled),
        })
    }

    fn classic(&self) -> Option<&ClassicBoard> {
        Some(self)
    }

    fn classic_mut(&mut self) -> Option<&mut ClassicBoard> {
        Some(self)
    }
}
