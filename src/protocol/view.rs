//! The one reader of room events: a follower's copy of a room ([`RoomView`]), built from a
//! [`RoomState`] and kept up to date by each [`RoomEvent`] in version order, its game replayed
//! with the rules. The client and the tests follow rooms with it; the server's authority keeps
//! its own table.

use super::{
    ClassicState, ComputerLevel, GameEnd, GameState, MoveClock, Played, QiguoStep, RoomEvent,
    RoomSeat, RoomState, SeatState, TakebackRequest, junqi_start,
};
use crate::rules::junqi::{ActionList, PublicGame};
use crate::rules::{GameKind, qiguo, xiangqi};

/// Why a room view could not follow a state or an event: the server and the view disagree,
/// and the follower should ask for the whole state again.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ViewError {
    /// An event came out of order (one was missed, or came twice).
    #[error("event {got} came after event {have}")]
    OutOfOrder { have: u64, got: u64 },
    /// The state or the event does not fit the room as the view has it.
    #[error("{0}")]
    Inconsistent(String),
}

fn inconsistent(message: impl Into<String>) -> ViewError {
    ViewError::Inconsistent(message.into())
}

/// The room's current game as everyone sees it, replayed with the rules.
#[derive(Clone, Debug)]
pub enum RoomTable {
    /// A Junqi flip game: face-down pieces stay unknown.
    Junqi(Box<PublicGame>),
    /// A Xiangqi game.
    Xiangqi(xiangqi::Game),
    /// A Qiguo game (its start, each move with the position before it) and its history (moves
    /// and withdrawals).
    Qiguo(Box<qiguo::Replay>, Vec<QiguoStep>),
    /// A Junqi classic game as everyone sees it: no identity before the end.
    JunqiClassic(ClassicState),
}

impl RoomTable {
    /// The game a state describes; its position must be the one the state names.
    pub fn from_state(game: &GameState) -> Result<RoomTable, ViewError> {
        let (table, position, named) = match game {
            GameState::Junqi(state) => {
                let game = state
                    .public_game()
                    .map_err(|e| inconsistent(e.to_string()))?;
                let position = game.view().to_jfen();
                (RoomTable::Junqi(Box::new(game)), position, &state.position)
            }
            GameState::Xiangqi(state) => {
                let game = state.game().map_err(inconsistent)?;
                let position = game.position().to_fen();
                (RoomTable::Xiangqi(game), position, &state.position)
            }
            GameState::Qiguo(state) => {
                let game = state.game().map_err(inconsistent)?;
                let text = game.position().to_qfen();
                let table = RoomTable::Qiguo(Box::new(game), state.history.clone());
                (table, text, &state.position)
            }
            GameState::JunqiClassic(state) => {
                state.game().map_err(inconsistent)?;
                return Ok(RoomTable::JunqiClassic(state.clone()));
            }
        };
        if position != *named {
            return Err(inconsistent(format!(
                "the state's moves lead to {position}, not to {named}"
            )));
        }
        Ok(table)
    }

    /// The game this table plays.
    pub fn kind(&self) -> GameKind {
        match self {
            RoomTable::Junqi(_) => GameKind::Junqi,
            RoomTable::Xiangqi(_) => GameKind::Xiangqi,
            RoomTable::Qiguo(..) => GameKind::Qiguo,
            RoomTable::JunqiClassic(_) => GameKind::JunqiClassic,
        }
    }

    /// The same game from its start again.
    pub fn restarted(&self) -> RoomTable {
        match self {
            RoomTable::Junqi(game) => {
                RoomTable::Junqi(Box::new(PublicGame::new(junqi_start(*game.view().rules()))))
            }
            RoomTable::Xiangqi(game) => {
                RoomTable::Xiangqi(xiangqi::Game::new(game.start().clone()))
            }
            RoomTable::Qiguo(game, _) => RoomTable::Qiguo(
                Box::new(qiguo::Replay::new(qiguo::Position::start(
                    game.position().seating(),
                ))),
                Vec::new(),
            ),
            RoomTable::JunqiClassic(state) => {
                RoomTable::JunqiClassic(ClassicState::new(state.quiet_limit))
            }
        }
    }

    /// Plays an action the server decided.
    pub fn play(&mut self, played: &Played) -> Result<(), ViewError> {
        match (self, played) {
            (RoomTable::Junqi(game), Played::Junqi(played)) => game
                .play(*played)
                .map(|_| ())
                .map_err(|e| inconsistent(e.to_string())),
            (RoomTable::Xiangqi(game), Played::Xiangqi(played)) => game
                .play(played.mv)
                .map_err(|e| inconsistent(e.to_string())),
            (RoomTable::Qiguo(game, history), Played::Qiguo(played)) => {
                let step = QiguoStep::Move {
                    mv: played.mv,
                    state: played.state,
                };
                step.play_in(game).map_err(inconsistent)?;
                history.push(step);
                Ok(())
            }
            (RoomTable::JunqiClassic(state), Played::JunqiClassic(played)) => {
                state.play(played).map_err(inconsistent)
            }
            (table, played) => Err(inconsistent(format!(
                "{played:?} played at a {:?} table",
                table.kind()
            ))),
        }
    }

    /// Applies a step of a Qiguo game's history (a move or a withdrawal).
    fn push_step(&mut self, step: QiguoStep) -> Result<(), ViewError> {
        let RoomTable::Qiguo(game, history) = self else {
            return Err(inconsistent(format!("{step:?} outside Qiguo")));
        };
        step.play_in(game).map_err(inconsistent)?;
        history.push(step);
        Ok(())
    }

    /// The actions played so far (Qiguo: moves only, no withdrawals).
    pub fn history(&self) -> Vec<Played> {
        match self {
            RoomTable::Junqi(game) => game.history().iter().copied().map(Played::Junqi).collect(),
            RoomTable::Xiangqi(game) => game
                .moves()
                .iter()
                .map(|played| Played::Xiangqi(super::XiangqiPlayed { mv: played.mv }))
                .collect(),
            RoomTable::Qiguo(_, history) => history
                .iter()
                .filter_map(|step| match step {
                    QiguoStep::Move { mv, state } => Some(Played::Qiguo(super::QiguoPlayed {
                        mv: *mv,
                        state: *state,
                    })),
                    QiguoStep::Withdrew { .. } => None,
                })
                .collect(),
            RoomTable::JunqiClassic(state) => state
                .moves
                .iter()
                .cloned()
                .map(Played::JunqiClassic)
                .collect(),
        }
    }

    /// How many steps the history has (Qiguo: withdrawals too).
    pub fn history_len(&self) -> usize {
        match self {
            RoomTable::Junqi(game) => game.history().len(),
            RoomTable::Xiangqi(game) => game.moves().len(),
            RoomTable::Qiguo(_, history) => history.len(),
            RoomTable::JunqiClassic(state) => state.moves.len(),
        }
    }

    /// The game without its last `plies` steps, replayed from the start.
    pub fn take_back(&mut self, plies: u32) -> Result<(), ViewError> {
        let keep = self
            .history_len()
            .checked_sub(plies as usize)
            .ok_or_else(|| inconsistent(format!("{plies} steps taken back of fewer played")))?;
        let mut replayed = self.restarted();
        match (&mut replayed, &*self) {
            (RoomTable::Qiguo(..), RoomTable::Qiguo(_, old)) => {
                for step in &old[..keep] {
                    replayed.push_step(step.clone())?;
                }
            }
            (RoomTable::JunqiClassic(state), RoomTable::JunqiClassic(old)) => {
                state.deployed = old.deployed;
                state.moves = old.moves[..keep].to_vec();
            }
            (replayed, old) => {
                for played in &old.history()[..keep] {
                    replayed.play(played)?;
                }
            }
        }
        *self = replayed;
        Ok(())
    }

    /// Whether the host may start the game with the computer in the free seats (Qiguo and
    /// Junqi classic rooms).
    pub fn computer_may_sit(&self) -> bool {
        matches!(self, RoomTable::Qiguo(..) | RoomTable::JunqiClassic(_))
    }

    /// Whether the rules ended the game (in Junqi classic only the referee knows: the end
    /// comes as its event, and the armies are unveiled).
    pub fn over(&self) -> bool {
        match self {
            RoomTable::Junqi(game) => game.outcome().is_some(),
            RoomTable::Xiangqi(game) => game.outcome().is_some(),
            RoomTable::Qiguo(game, _) => game.position().outcome().is_some(),
            RoomTable::JunqiClassic(state) => state.unveiled.is_some(),
        }
    }

    /// The actions legal now, as `act` writes them; none in Junqi classic, whose moves need
    /// the player's own army.
    pub fn legal_actions_now(&self) -> Option<Vec<String>> {
        Some(match self {
            RoomTable::Junqi(game) => {
                let mut actions = ActionList::new();
                game.view().legal_actions(&mut actions);
                actions.iter().map(ToString::to_string).collect()
            }
            RoomTable::Xiangqi(game) => {
                let mut moves = xiangqi::MoveList::new();
                game.position().legal_moves(&mut moves);
                moves.iter().map(ToString::to_string).collect()
            }
            RoomTable::Qiguo(game, _) => {
                let mut moves = qiguo::MoveList::new();
                game.position().legal_moves(&mut moves);
                moves.iter().map(ToString::to_string).collect()
            }
            RoomTable::JunqiClassic(_) => return None,
        })
    }

    /// Whether the game can start once every seat is taken: in Junqi classic, both sides
    /// must have deployed too.
    pub fn ready(&self) -> bool {
        match self {
            RoomTable::JunqiClassic(state) => state.ready(),
            RoomTable::Junqi(_) | RoomTable::Xiangqi(_) | RoomTable::Qiguo(..) => true,
        }
    }

    /// The room seat to move, counted from the seat that moved first in this game.
    fn seat_to_move(&self, first_seat: RoomSeat, seat_count: usize) -> RoomSeat {
        match self {
            RoomTable::Qiguo(game, _) => {
                let position = game.position();
                let seat = position.seating().seat(position.side_to_move());
                RoomSeat(((seat.index() + first_seat.index()) % seat_count) as u8)
            }
            RoomTable::Junqi(game) if !game.view().first_player_to_move() => first_seat.other(),
            RoomTable::Xiangqi(game) if game.moves().len() % 2 == 1 => first_seat.other(),
            RoomTable::JunqiClassic(state) if !state.first_seat_to_move() => first_seat.other(),
            RoomTable::Junqi(_) | RoomTable::Xiangqi(_) | RoomTable::JunqiClassic(_) => first_seat,
        }
    }
}

/// A follower's copy of a room: everything a [`RoomState`] tells, kept by the events after it.
#[derive(Clone, Debug)]
pub struct RoomView {
    pub code: String,
    /// The version of the last event applied.
    pub version: u64,
    /// 0 for the first game, counting rematches.
    pub game_number: u32,
    /// The seat that moved first in this game.
    pub first_seat: RoomSeat,
    pub clock: MoveClock,
    /// Each seat: taken, connected, rematch asked, the computer, covered, left.
    pub seats: Vec<SeatState>,
    /// The spectators connected now.
    pub spectators: u32,
    /// The current game, replayed with the rules.
    pub table: RoomTable,
    pub draw_offer: Option<RoomSeat>,
    /// The pending takeback request (its time left is the server's to count: none here).
    pub takeback: Option<TakebackRequest>,
    pub end: Option<GameEnd>,
}

impl RoomView {
    /// The room a state describes.
    pub fn from_state(room: &RoomState) -> Result<RoomView, ViewError> {
        Ok(RoomView {
            code: room.code.clone(),
            version: room.version,
            game_number: room.game_number,
            first_seat: room.first_seat,
            clock: room.clock,
            seats: room.seats.clone(),
            spectators: room.spectators,
            table: RoomTable::from_state(&room.game)?,
            draw_offer: room.draw_offer,
            takeback: room.takeback.clone().map(|takeback| TakebackRequest {
                remaining_ms: None,
                ..takeback
            }),
            end: room.end,
        })
    }

    /// The room's game.
    pub fn game(&self) -> GameKind {
        self.table.kind()
    }

    /// Whether a seat is still free: the game has not begun.
    pub fn waiting_for_players(&self) -> bool {
        self.seats.iter().any(|seat| !seat.taken)
    }

    /// The seat to move, while the game is on (every seat taken, no result).
    pub fn to_move(&self) -> Option<RoomSeat> {
        if self.end.is_some() || self.waiting_for_players() || !self.table.ready() {
            return None;
        }
        Some(self.table.seat_to_move(self.first_seat, self.seats.len()))
    }

    /// Who is connected now, as a `presence` frame says.
    pub fn presence(&mut self, connected: &[bool], spectators: u32) {
        for (seat, &connected) in self.seats.iter_mut().zip(connected) {
            seat.connected = connected;
        }
        self.spectators = spectators;
    }

    /// Applies the event numbered `version`, the one after the last applied. On an error the
    /// view is as it was before the event only when the error is [`ViewError::OutOfOrder`];
    /// otherwise it should be rebuilt from a fresh state.
    pub fn apply(&mut self, version: u64, event: &RoomEvent) -> Result<(), ViewError> {
        if version != self.version + 1 {
            return Err(ViewError::OutOfOrder {
                have: self.version,
                got: version,
            });
        }
        if let Some(seat) = event.seat()
            && seat.index() >= self.seats.len()
        {
            return Err(inconsistent(format!(
                "{event:?} names no seat of a room of {} seats",
                self.seats.len()
            )));
        }
        match event {
            RoomEvent::SeatTaken { seat } => self.seats[seat.index()].taken = true,
            RoomEvent::Played { seat, played } => {
                if self.to_move() != Some(*seat) {
                    return Err(inconsistent(format!("{seat} played out of turn")));
                }
                self.table.play(played)?;
                self.draw_offer = None;
                self.takeback = None;
            }
            RoomEvent::DrawOffered { seat } => self.draw_offer = Some(*seat),
            RoomEvent::DrawDeclined { .. } => self.draw_offer = None,
            RoomEvent::GameEnded { end } => {
                self.end = Some(*end);
                self.draw_offer = None;
                self.takeback = None;
            }
            RoomEvent::RematchRequested { seat } => self.seats[seat.index()].rematch = true,
            RoomEvent::NewGame {
                game_number,
                first_seat,
            } => {
                self.table = self.table.restarted();
                self.game_number = *game_number;
                self.first_seat = *first_seat;
                self.draw_offer = None;
                self.takeback = None;
                self.end = None;
                for seat in &mut self.seats {
                    seat.rematch = false;
                }
            }
            RoomEvent::ComputerSeated { seat, level } => {
                let seat = &mut self.seats[seat.index()];
                seat.taken = true;
                seat.computer = Some(*level);
            }
            RoomEvent::Covered { seat } => self.seats[seat.index()].covered = true,
            RoomEvent::Uncovered { seat } => self.seats[seat.index()].covered = false,
            RoomEvent::SeatLeft { seat } => {
                if self
                    .takeback
                    .as_ref()
                    .is_some_and(|asked| asked.seat == *seat)
                {
                    self.takeback = None;
                }
                let seat = &mut self.seats[seat.index()];
                seat.left = true;
                seat.covered = false;
                seat.computer = Some(ComputerLevel::COVER);
            }
            RoomEvent::Withdrew {
                seat,
                states,
                reason,
            } => {
                self.table.push_step(QiguoStep::Withdrew {
                    seat: *seat,
                    states: states.clone(),
                    reason: *reason,
                })?;
                self.takeback = None;
            }
            RoomEvent::TakebackAsked { seat, plies, .. } => {
                if self.takeback.is_some() {
                    return Err(inconsistent("a takeback asked while another is pending"));
                }
                self.takeback = Some(TakebackRequest {
                    seat: *seat,
                    plies: *plies,
                    accepted: Vec::new(),
                    remaining_ms: None,
                });
            }
            RoomEvent::TakebackAccepted { seat } => match &mut self.takeback {
                Some(asked) => asked.accepted.push(*seat),
                None => return Err(inconsistent(format!("{seat} accepts no takeback"))),
            },
            RoomEvent::TakebackDeclined { .. } | RoomEvent::TakebackWithdrawn { .. } => {
                if self.takeback.take().is_none() {
                    return Err(inconsistent("a takeback nobody asked for ends"));
                }
            }
            RoomEvent::TakebackLapsed { seat } | RoomEvent::TakenBack { seat, .. } => {
                let granted_plies = match event {
                    RoomEvent::TakenBack { plies, .. } => Some(*plies),
                    _ => None,
                };
                match self.takeback.take() {
                    Some(asked)
                        if asked.seat == *seat
                            && granted_plies.is_none_or(|plies| plies == asked.plies) => {}
                    _ => return Err(inconsistent(format!("{event:?} ends no such request"))),
                }
                if let RoomEvent::TakenBack { plies, .. } = event {
                    self.table.take_back(*plies)?;
                    self.draw_offer = None;
                }
            }
            RoomEvent::Deployed { seat, .. } => match &mut self.table {
                RoomTable::JunqiClassic(state) => {
                    state.deploy(seat.index()).map_err(inconsistent)?
                }
                _ => {
                    return Err(inconsistent(format!(
                        "{seat} deployed outside Junqi classic"
                    )));
                }
            },
            RoomEvent::Unveiled { deployments } => match &mut self.table {
                RoomTable::JunqiClassic(state) if self.end.is_some() => {
                    state.unveil(deployments).map_err(inconsistent)?
                }
                _ => {
                    return Err(inconsistent(
                        "armies unveiled outside a finished classic game",
                    ));
                }
            },
        }
        self.version = version;
        Ok(())
    }
}
