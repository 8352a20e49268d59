//! A room's game table as plain state: its game's [`Board`], seats, offers and result, changed
//! only by [`RoomEvent`]s — the same way live and when a restarted server replays storage —
//! and the one projection, [`Table::state`], that everything sent about a room goes through.

use super::board::Board;
use super::storage::{RoomRecord, TokenHash};
use crate::protocol::{EndReason, ErrorCode, GameEnd, RoomEvent, RoomSeat, RoomState, SeatState};

/// A refused request: its code and a message for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// The state of one room.
pub struct Table {
    pub record: RoomRecord,
    /// The hash of each taken seat's token.
    pub seat_tokens: [Option<TokenHash>; 2],
    /// The version of the last event applied.
    pub version: u64,
    game_number: u32,
    first_seat: RoomSeat,
    board: Board,
    draw_offer: Option<RoomSeat>,
    rematch: [bool; 2],
    end: Option<GameEnd>,
    /// The events of the current game (from its `NewGame`, or from the room's start), for
    /// clients that reconnect and ask for what they missed.
    recent: Vec<(u64, RoomEvent)>,
    /// The version before the first of `recent`.
    recent_base: u64,
}

impl Table {
    /// A room before its first event.
    pub fn new(record: RoomRecord) -> Table {
        Table {
            board: Board::new(record.game),
            record,
            seat_tokens: [None, None],
            version: 0,
            game_number: 0,
            first_seat: RoomSeat(0),
            draw_offer: None,
            rematch: [false; 2],
            end: None,
            recent: Vec::new(),
            recent_base: 0,
        }
    }

    /// Applies the next event. Live events were checked before; a stored event that does not
    /// apply means the stored room is broken.
    pub fn apply(&mut self, event: RoomEvent) -> Result<(), String> {
        let seat = match &event {
            RoomEvent::SeatTaken { seat }
            | RoomEvent::Played { seat, .. }
            | RoomEvent::DrawOffered { seat }
            | RoomEvent::DrawDeclined { seat }
            | RoomEvent::RematchRequested { seat }
            | RoomEvent::NewGame {
                first_seat: seat, ..
            } => Some(*seat),
            RoomEvent::GameEnded { end } => end.winner,
        };
        if seat.is_some_and(|seat| seat.index() >= RoomSeat::BOTH.len()) {
            return Err(format!("{event:?} names no seat of a two-player room"));
        }
        match &event {
            RoomEvent::SeatTaken { .. } => {}
            RoomEvent::Played { played, .. } => {
                self.board.apply(played)?;
                self.draw_offer = None;
            }
            RoomEvent::DrawOffered { seat } => self.draw_offer = Some(*seat),
            RoomEvent::DrawDeclined { .. } => self.draw_offer = None,
            RoomEvent::GameEnded { end } => {
                self.end = Some(*end);
                self.draw_offer = None;
            }
            RoomEvent::RematchRequested { seat } => self.rematch[seat.index()] = true,
            RoomEvent::NewGame {
                game_number,
                first_seat,
            } => {
                self.board = Board::new(self.record.game);
                self.game_number = *game_number;
                self.first_seat = *first_seat;
                self.draw_offer = None;
                self.rematch = [false; 2];
                self.end = None;
                self.recent.clear();
                self.recent_base = self.version;
            }
        }
        self.version += 1;
        self.recent.push((self.version, event));
        Ok(())
    }

    /// Whether a player holds `seat`.
    pub fn is_taken(&self, seat: RoomSeat) -> bool {
        self.seat_tokens[seat.index()].is_some()
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of_token(&self, hash: &TokenHash) -> Option<RoomSeat> {
        RoomSeat::BOTH
            .into_iter()
            .find(|seat| self.seat_tokens[seat.index()].as_ref() == Some(hash))
    }

    /// Both seats are taken and the game has not ended.
    pub fn in_play(&self) -> bool {
        RoomSeat::BOTH.iter().all(|&seat| self.is_taken(seat)) && self.end.is_none()
    }

    /// The seat to move (whether or not the game is on).
    pub fn seat_to_move(&self) -> RoomSeat {
        if self.board.first_to_move() {
            self.first_seat
        } else {
            self.first_seat.other()
        }
    }

    /// The events after version `since`, if this table still has them all.
    pub fn events_since(&self, since: u64) -> Option<&[(u64, RoomEvent)]> {
        if since < self.recent_base || since > self.version {
            return None;
        }
        Some(&self.recent[(since - self.recent_base) as usize..])
    }

    /// The room as everyone may see it: the one projection of a room for clients, its game's
    /// part from the public table alone.
    pub fn state(&self, connected: [bool; 2], spectators: u32, clock_ms: Option<u64>) -> RoomState {
        RoomState {
            code: self.record.code.clone(),
            game: self.board.state(self.seat_to_move()),
            clock: self.record.clock,
            version: self.version,
            game_number: self.game_number,
            first_seat: self.first_seat,
            seats: std::array::from_fn(|index| SeatState {
                taken: self.seat_tokens[index].is_some(),
                connected: connected[index],
                rematch: self.rematch[index],
            }),
            spectators,
            to_move: self.in_play().then(|| self.seat_to_move()),
            draw_offer: self.draw_offer,
            end: self.end,
            clock_ms: clock_ms.filter(|_| self.in_play()),
        }
    }

    /// The events of `seat` playing the action `text` names at `version`: the action as played
    /// (a flip's piece drawn now), and the game's end if it ends.
    pub fn play(
        &self,
        seat: RoomSeat,
        text: &str,
        version: u64,
    ) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        if version != self.version {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!(
                    "the action was based on version {version}; the room is at version {}",
                    self.version
                ),
            ));
        }
        if seat != self.seat_to_move() {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "it is the other player's turn",
            ));
        }
        let (played, end) = self.board.check(text, seat)?;
        let mut events = vec![RoomEvent::Played { seat, played }];
        events.extend(end.map(|end| RoomEvent::GameEnded { end }));
        Ok(events)
    }

    fn check_in_play(&self) -> Result<(), Refusal> {
        if self.end.is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if !self.in_play() {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "the game starts when the second player joins",
            ));
        }
        Ok(())
    }

    /// The event of `seat` resigning.
    pub fn resign(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        Ok(vec![RoomEvent::GameEnded {
            end: GameEnd {
                winner: Some(seat.other()),
                reason: EndReason::Resignation,
            },
        }])
    }

    /// The events of `seat` offering a draw (accepting the opponent's pending offer).
    pub fn offer_draw(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        match self.draw_offer {
            Some(offerer) if offerer == seat => Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "your draw offer is already on the table",
            )),
            Some(_) => self.answer_draw(seat, true),
            None => Ok(vec![RoomEvent::DrawOffered { seat }]),
        }
    }

    /// The events of `seat` answering the opponent's draw offer.
    pub fn answer_draw(&self, seat: RoomSeat, accept: bool) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        if self.draw_offer != Some(seat.other()) {
            return Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "there is no draw offer from your opponent",
            ));
        }
        Ok(vec![if accept {
            RoomEvent::GameEnded {
                end: GameEnd {
                    winner: None,
                    reason: EndReason::Agreement,
                },
            }
        } else {
            RoomEvent::DrawDeclined { seat }
        }])
    }

    /// The events of `seat` asking for a rematch: a new game, first move swapped, once both ask.
    pub fn rematch(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        if self.end.is_none() {
            return Err(Refusal::new(
                ErrorCode::GameNotOver,
                "a rematch follows a finished game",
            ));
        }
        if self.rematch[seat.index()] {
            return Ok(Vec::new());
        }
        let mut events = vec![RoomEvent::RematchRequested { seat }];
        if self.rematch[seat.other().index()] {
            events.push(RoomEvent::NewGame {
                game_number: self.game_number + 1,
                first_seat: self.first_seat.other(),
            });
        }
        Ok(events)
    }

    /// The event of `seat` losing by the server's rules (time, abandonment), if the game is on.
    pub fn forfeit(&self, seat: RoomSeat, reason: EndReason) -> Option<RoomEvent> {
        self.in_play().then_some(RoomEvent::GameEnded {
            end: GameEnd {
                winner: Some(seat.other()),
                reason,
            },
        })
    }
}
