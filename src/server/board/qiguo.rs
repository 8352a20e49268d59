//! Qiguo Xiangqi on a room's table: three to seven seats round the board, and withdrawals.

use super::{Refusal, TableGame, clip, illegal, kept_after_takeback, nothing_to_take_back};
use crate::protocol::{
    EndReason, ErrorCode, GameEnd, GameState, OnLeave, Played, QiguoPlayed, QiguoState, QiguoStep,
    RoomSeat, WithdrawReason,
};
use crate::rules::qiguo;
use crate::server::record::QiguoRoom;

/// A Qiguo game on a room's table: room seat `first_seat` plays the game's seat 1, the next
/// room seat seat 2, and so on round the table.
pub struct QiguoBoard {
    start: qiguo::Position,
    position: qiguo::Position,
    history: Vec<QiguoStep>,
    first_seat: RoomSeat,
    on_leave: OnLeave,
}

impl QiguoBoard {
    /// A new game for `room`'s seats, room seat `first_seat` playing the game's seat 1.
    pub fn new(room: QiguoRoom, first_seat: RoomSeat) -> QiguoBoard {
        let start = qiguo::Position::start(room.seating());
        QiguoBoard {
            position: start.clone(),
            start,
            history: Vec::new(),
            first_seat,
            on_leave: room.on_leave,
        }
    }

    fn seat_count(&self) -> usize {
        self.position.seating().seat_count()
    }

    /// The game seat room seat `seat` plays.
    pub fn game_seat(&self, seat: RoomSeat) -> qiguo::Seat {
        let count = self.seat_count();
        let index = (seat.index() + count - self.first_seat.index() % count) % count;
        qiguo::Seat::new(index as u8 + 1).expect("a room has at most seven seats")
    }

    /// The room seat that plays game seat `seat`.
    pub fn room_seat(&self, seat: qiguo::Seat) -> RoomSeat {
        RoomSeat(((seat.index() + self.first_seat.index()) % self.seat_count()) as u8)
    }

    /// The position now.
    pub fn position(&self) -> &qiguo::Position {
        &self.position
    }

    /// How the game ends in `position`, if it does, as the room says it.
    fn end(&self, position: &qiguo::Position) -> Option<GameEnd> {
        let outcome = position.outcome()?;
        let mut winners = outcome.winners();
        let winner = match (winners.next(), winners.next()) {
            (Some(winner), None) => Some(self.room_seat(winner)),
            _ => None,
        };
        Some(GameEnd {
            winner,
            reason: match outcome.ending {
                qiguo::Ending::Hegemon(_) => EndReason::Hegemon,
                qiguo::Ending::LastSeat(_) => EndReason::LastSeat,
                qiguo::Ending::QuietLimit => EndReason::QuietLimit,
            },
        })
    }

    /// The live states of room seat `seat` as QFEN letters, and how the game ends if they
    /// leave the board; `None` when the seat has no live state.
    pub fn withdrawal(&self, seat: RoomSeat) -> Option<(String, Option<GameEnd>)> {
        let mut after = self.position.clone();
        let gone = after.withdraw(self.game_seat(seat));
        let states: String = gone
            .iter()
            .filter(|elimination| elimination.reason == qiguo::EliminationReason::Withdrawn)
            .map(|elimination| elimination.state.letter())
            .collect();
        (!states.is_empty()).then(|| (states, self.end(&after)))
    }

    /// Takes room seat `seat`'s states off the board (checked before, or read back from
    /// storage).
    pub fn withdraw(
        &mut self,
        seat: RoomSeat,
        states: &str,
        reason: WithdrawReason,
    ) -> Result<(), String> {
        let step = QiguoStep::Withdrew {
            seat,
            states: states.to_string(),
            reason,
        };
        let expected = self.withdrawal(seat).map(|(states, _)| states);
        if expected.as_deref() != Some(states) {
            return Err(format!(
                "{seat} withdraws '{states}', but its live states are {expected:?}"
            ));
        }
        step.apply(&mut self.position)?;
        self.history.push(step);
        Ok(())
    }
}

impl TableGame for QiguoBoard {
    fn scene(&self) -> Option<crate::picture::Scene> {
        let mut replay = qiguo::Replay::new(self.start.clone());
        for step in &self.history {
            match step {
                QiguoStep::Move { mv, .. } => {
                    if replay.play(*mv).is_err() {
                        break;
                    }
                }
                QiguoStep::Withdrew { seat, .. } => {
                    replay.withdraw(self.game_seat(*seat));
                }
            }
        }
        Some(crate::picture::qiguo::scene(&replay))
    }

    fn seat_to_move(&self, _first_seat: RoomSeat) -> RoomSeat {
        let side = self.position.side_to_move();
        self.room_seat(self.position.seating().seat(side))
    }

    fn check(&self, text: &str, _mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        let mv: qiguo::Move = text.parse().map_err(|_| {
            illegal(format!(
                "'{}' is not a Qiguo move (two points, like e10j15)",
                clip(text)
            ))
        })?;
        let state = self.position.side_to_move();
        let mut after = self.position.clone();
        after
            .play(mv)
            .map_err(|_| illegal(format!("{mv} is not a legal move of {state} here")))?;
        Ok((Played::Qiguo(QiguoPlayed { mv, state }), self.end(&after)))
    }

    fn apply(&mut self, played: &Played) -> Result<(), String> {
        let Played::Qiguo(played) = played else {
            return Err(format!("{played:?} is an action of another game"));
        };
        let step = QiguoStep::Move {
            mv: played.mv,
            state: played.state,
        };
        step.apply(&mut self.position)?;
        self.history.push(step);
        Ok(())
    }

    fn takeback_plies(&self, seat: RoomSeat, _first_seat: RoomSeat) -> Result<u32, Refusal> {
        let seating = self.position.seating();
        let last = self
            .history
            .iter()
            .rposition(|step| match step {
                QiguoStep::Move { state, .. } => self.room_seat(seating.seat(*state)) == seat,
                QiguoStep::Withdrew { .. } => false,
            })
            .ok_or_else(nothing_to_take_back)?;
        if let Some(QiguoStep::Withdrew { seat: gone, .. }) = self.history[last..]
            .iter()
            .find(|step| matches!(step, QiguoStep::Withdrew { .. }))
        {
            return Err(Refusal::new(
                ErrorCode::NothingToTakeBack,
                format!("{gone} withdrew after your last move, which cannot be undone"),
            ));
        }
        Ok((self.history.len() - last) as u32)
    }

    fn take_back(&mut self, plies: u32) -> Result<(), String> {
        let keep = kept_after_takeback(self.history.len(), plies)?;
        let mut position = self.start.clone();
        for step in &self.history[..keep] {
            step.apply(&mut position)?;
        }
        self.position = position;
        self.history.truncate(keep);
        Ok(())
    }

    fn state(&self, _to_move: RoomSeat) -> GameState {
        let seating = self.position.seating();
        GameState::Qiguo(QiguoState {
            seat_states: (0..self.seat_count())
                .map(|seat| {
                    seating
                        .states(self.game_seat(RoomSeat(seat as u8)))
                        .map(qiguo::State::letter)
                        .collect()
                })
                .collect(),
            on_leave: self.on_leave,
            start: self.start.to_qfen(),
            history: self.history.clone(),
            position: self.position.to_qfen(),
        })
    }

    fn qiguo(&self) -> Option<&QiguoBoard> {
        Some(self)
    }

    fn qiguo_mut(&mut self) -> Option<&mut QiguoBoard> {
        Some(self)
    }
}
