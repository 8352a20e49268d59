//! A room's game table as plain state: its game's [`Board`], seats (two, or Qiguo's three to
//! seven, people and the computer), offers and result, changed only by [`RoomEvent`]s — the same way live and when a restarted server replays storage —
//! and the one projection, [`Table::state`], that everything sent about a room goes through.

use super::board::{Board, ClassicBoard, QiguoBoard, Refusal};
use super::record::{RoomGame, RoomRecord, TokenHash};
use crate::protocol::{
    ComputerLevel, EndReason, ErrorCode, GameEnd, OnLeave, RoomEvent, RoomSeat, RoomState,
    SeatPlan, SeatState, TakebackRequest, WithdrawReason,
};
use crate::rules::junqi::Color;
use crate::rules::junqi::classic::Deployment;

/// The state of one room.
pub struct Table {
    pub record: RoomRecord,
    /// The hash of each seat's token, once a person took it.
    pub seat_tokens: Vec<Option<TokenHash>>,
    /// The version of the last event applied.
    pub version: u64,
    game_number: u32,
    first_seat: RoomSeat,
    board: Board,
    draw_offer: Option<RoomSeat>,
    rematch: Vec<bool>,
    /// Qiguo: the computer holding each seat, and at which level.
    computer: Vec<Option<ComputerLevel>>,
    /// Qiguo: the seats whose absent player the computer covers for.
    covered: Vec<bool>,
    /// Qiguo: the seats whose player left for good.
    left: Vec<bool>,
    end: Option<GameEnd>,
    /// The pending takeback request, if one is.
    takeback: Option<TakebackRequest>,
    /// How long the pending takeback request waits before it lapses, in milliseconds.
    takeback_wait_ms: u64,
    /// The seats that asked for a takeback since the last move was played (one request per
    /// seat and move, so a declined asker cannot ask again and again).
    asked_takeback: Vec<bool>,
    /// Each seat's draw offers and takeback requests in the current game, each capped at
    /// [`ASKS_PER_GAME`] so that no player can grow a game's events without end.
    asked_this_game: Vec<Asked>,
    /// The events of the current game (from its `NewGame`, or from the room's start), for
    /// clients that reconnect and ask for what they missed.
    recent: Vec<(u64, RoomEvent)>,
    /// The version before the first of `recent`.
    recent_base: u64,
}

/// The most draw offers, and the most takeback requests, one player may make in one game.
pub const ASKS_PER_GAME: u32 = 20;

/// What one seat asked for in the current game.
#[derive(Clone, Copy, Default, Debug)]
struct Asked {
    draw_offers: u32,
    takeback_requests: u32,
}

impl Table {
    /// A room before its first event.
    pub fn new(record: RoomRecord) -> Table {
        let count = record.game.seat_count();
        let computer = (0..count)
            .map(|seat| match record.game {
                RoomGame::Qiguo(room) => match room.plan(RoomSeat(seat as u8)) {
                    SeatPlan::Computer(level) => Some(level),
                    SeatPlan::Friend => None,
                },
                RoomGame::Junqi(_) | RoomGame::Xiangqi | RoomGame::JunqiClassic { .. } => None,
            })
            .collect();
        Table {
            board: Board::new(record.game, RoomSeat(0)),
            record,
            seat_tokens: vec![None; count],
            version: 0,
            game_number: 0,
            first_seat: RoomSeat(0),
            draw_offer: None,
            rematch: vec![false; count],
            computer,
            covered: vec![false; count],
            left: vec![false; count],
            end: None,
            takeback: None,
            takeback_wait_ms: 0,
            asked_takeback: vec![false; count],
            asked_this_game: vec![Asked::default(); count],
            recent: Vec::new(),
            recent_base: 0,
        }
    }

    /// The game on the table as a picture shows it, once it has ended.
    pub fn finished_scene(&self) -> Option<crate::picture::Scene> {
        self.end.and_then(|_| self.board.scene())
    }

    /// How many seats the room has.
    pub fn seat_count(&self) -> usize {
        self.seat_tokens.len()
    }

    /// Every seat of the room.
    pub fn seats(&self) -> impl Iterator<Item = RoomSeat> + use<> {
        (0..self.seat_count() as u8).map(RoomSeat)
    }

    fn is_qiguo(&self) -> bool {
        matches!(self.record.game, RoomGame::Qiguo(_))
    }

    /// Whether the room plays a game the host may start with the computer in free seats.
    fn computer_may_sit(&self) -> bool {
        matches!(
            self.record.game,
            RoomGame::Qiguo(_) | RoomGame::JunqiClassic { .. }
        )
    }

    /// Applies the next event. Live events were checked before; a stored event that does not
    /// apply means the stored room is broken.
    pub fn apply(&mut self, event: RoomEvent) -> Result<(), String> {
        let seat = event.seat();
        if seat.is_some_and(|seat| seat.index() >= self.seat_count()) {
            return Err(format!(
                "{event:?} names no seat of a room of {} seats",
                self.seat_count()
            ));
        }
        let qiguo_only = matches!(
            event,
            RoomEvent::Covered { .. }
                | RoomEvent::Uncovered { .. }
                | RoomEvent::SeatLeft { .. }
                | RoomEvent::Withdrew { .. }
        );
        if qiguo_only && !self.is_qiguo() {
            return Err(format!("{event:?} happens in Qiguo rooms only"));
        }
        if matches!(event, RoomEvent::ComputerSeated { .. }) && !self.computer_may_sit() {
            return Err(format!(
                "{event:?} happens in Qiguo and Junqi classic rooms only"
            ));
        }
        match &event {
            RoomEvent::SeatTaken { .. } => {}
            RoomEvent::Played { played, .. } => {
                self.board.apply(played)?;
                self.draw_offer = None;
                self.takeback = None;
                self.asked_takeback.fill(false);
            }
            RoomEvent::DrawOffered { seat } => {
                self.draw_offer = Some(*seat);
                self.asked_this_game[seat.index()].draw_offers += 1;
            }
            RoomEvent::DrawDeclined { .. } => self.draw_offer = None,
            RoomEvent::GameEnded { end } => {
                self.end = Some(*end);
                self.draw_offer = None;
                self.takeback = None;
            }
            RoomEvent::RematchRequested { seat } => self.rematch[seat.index()] = true,
            RoomEvent::NewGame {
                game_number,
                first_seat,
            } => {
                self.board = Board::new(self.record.game, *first_seat);
                self.game_number = *game_number;
                self.first_seat = *first_seat;
                self.asked_this_game.fill(Asked::default());
                self.draw_offer = None;
                self.rematch.fill(false);
                self.end = None;
                self.takeback = None;
                self.asked_takeback.fill(false);
                self.recent.clear();
                self.recent_base = self.version;
            }
            RoomEvent::ComputerSeated { seat, level } => {
                self.computer[seat.index()] = Some(*level);
            }
            RoomEvent::Covered { seat } => self.covered[seat.index()] = true,
            RoomEvent::Uncovered { seat } => self.covered[seat.index()] = false,
            RoomEvent::SeatLeft { seat } => {
                if self
                    .takeback
                    .as_ref()
                    .is_some_and(|asked| asked.seat == *seat)
                {
                    self.takeback = None;
                }
                self.left[seat.index()] = true;
                self.covered[seat.index()] = false;
                self.computer[seat.index()] = Some(ComputerLevel::COVER);
            }
            RoomEvent::Withdrew {
                seat,
                states,
                reason,
            } => {
                self.board.withdraw(*seat, states, *reason)?;
                self.takeback = None;
            }
            RoomEvent::TakebackAsked {
                seat,
                plies,
                wait_ms,
            } => {
                if self.takeback.is_some() {
                    return Err("a takeback is asked while another is pending".to_string());
                }
                self.takeback = Some(TakebackRequest {
                    seat: *seat,
                    plies: *plies,
                    accepted: Vec::new(),
                    remaining_ms: None,
                });
                self.takeback_wait_ms = *wait_ms;
                self.asked_takeback[seat.index()] = true;
                self.asked_this_game[seat.index()].takeback_requests += 1;
            }
            RoomEvent::TakebackAccepted { seat } => match &mut self.takeback {
                Some(asked) => asked.accepted.push(*seat),
                None => return Err(format!("{seat} accepts a takeback nobody asked for")),
            },
            RoomEvent::TakebackDeclined { .. }
            | RoomEvent::TakebackWithdrawn { .. }
            | RoomEvent::TakebackLapsed { .. } => {
                if self.takeback.take().is_none() {
                    return Err("a takeback nobody asked for ends".to_string());
                }
            }
            RoomEvent::TakenBack { plies, .. } => {
                self.board.take_back(*plies)?;
                self.takeback = None;
                self.draw_offer = None;
                self.asked_takeback.fill(false);
            }
            RoomEvent::Deployed { seat, deployment } => {
                let deployment = deployment
                    .as_deref()
                    .ok_or_else(|| format!("{seat}'s deployment is not stored"))?;
                self.board.deploy(*seat, deployment)?;
            }
            RoomEvent::Unveiled { deployments } => {
                if self.end.is_none() {
                    return Err("armies unveiled before the game ended".to_string());
                }
                self.board.unveil(deployments)?;
            }
        }
        self.version += 1;
        self.recent.push((self.version, event));
        Ok(())
    }

    /// Whether a person or the computer holds `seat`.
    pub fn is_taken(&self, seat: RoomSeat) -> bool {
        self.seat_tokens[seat.index()].is_some() || self.computer[seat.index()].is_some()
    }

    /// Whether a person holds `seat` (and has not left it for good).
    pub fn has_person(&self, seat: RoomSeat) -> bool {
        self.seat_tokens[seat.index()].is_some() && !self.left[seat.index()]
    }

    /// Whether the computer covers for `seat`'s absent player.
    pub fn is_covered(&self, seat: RoomSeat) -> bool {
        self.covered[seat.index()]
    }

    /// The seat whose token hashes to `hash`, if its player has not left it for good.
    pub fn seat_of_token(&self, hash: &TokenHash) -> Result<RoomSeat, Refusal> {
        let seat = self
            .seats()
            .find(|seat| self.seat_tokens[seat.index()].as_ref() == Some(hash))
            .ok_or_else(|| {
                Refusal::new(ErrorCode::BadToken, "this is not a seat token of this room")
            })?;
        if self.left[seat.index()] {
            return Err(Refusal::new(
                ErrorCode::BadToken,
                format!("{seat} was left for good: its token no longer takes it"),
            ));
        }
        Ok(seat)
    }

    /// Every seat is taken, the game is ready (Junqi classic: both sides deployed) and has
    /// not ended.
    pub fn in_play(&self) -> bool {
        self.seats().all(|seat| self.is_taken(seat)) && self.board.ready() && self.end.is_none()
    }

    /// The seat to move (whether or not the game is on).
    pub fn seat_to_move(&self) -> RoomSeat {
        self.board.seat_to_move(self.first_seat)
    }

    /// The level the computer plays the seat to move at, when the game is on and the
    /// computer holds that seat or covers for it.
    pub fn computer_to_move(&self) -> Option<ComputerLevel> {
        if !self.in_play() {
            return None;
        }
        let seat = self.seat_to_move();
        if self.covered[seat.index()] {
            return Some(ComputerLevel::COVER);
        }
        self.computer[seat.index()]
    }

    /// The Qiguo game on the table, if the room plays Qiguo.
    pub fn qiguo(&self) -> Option<&QiguoBoard> {
        self.board.qiguo()
    }

    /// The Junqi classic game on the table, if the room plays it.
    pub fn classic(&self) -> Option<&ClassicBoard> {
        self.board.classic()
    }

    /// Junqi classic: `seat`'s own deployment in the current game, once it is in.
    pub fn own_deployment(&self, seat: RoomSeat) -> Option<String> {
        let board = self.board.classic()?;
        board
            .deployment(seat)
            .map(|deployment| deployment.to_text())
    }

    /// The events of Junqi classic `seat` deploying the army `text` names.
    pub fn deploy(&self, seat: RoomSeat, text: &str) -> Result<Vec<RoomEvent>, Refusal> {
        let Some(board) = self.board.classic() else {
            return Err(Refusal::new(
                ErrorCode::NotInThisGame,
                "only Junqi classic rooms deploy",
            ));
        };
        if self.end.is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        let deployment = board.check_deployment(seat, text)?;
        Ok(vec![RoomEvent::Deployed {
            seat,
            deployment: Some(deployment),
        }])
    }

    /// The events of the game ending as `end` says: in Junqi classic every piece is shown.
    fn ending(&self, end: GameEnd) -> Vec<RoomEvent> {
        let mut events = vec![RoomEvent::GameEnded { end }];
        let deployments = self.board.classic().and_then(ClassicBoard::deployments);
        events.extend(deployments.map(|deployments| RoomEvent::Unveiled { deployments }));
        events
    }

    /// The events of the computer deploying for each of `seats` in a Junqi classic game whose
    /// first seat (Red) is `first_seat`.
    fn computer_deployments(
        &self,
        seats: impl Iterator<Item = (RoomSeat, ComputerLevel)>,
        first_seat: RoomSeat,
    ) -> Vec<RoomEvent> {
        if self.board.classic().is_none() {
            return Vec::new();
        }
        seats
            .map(|(seat, level)| {
                let colour = if seat == first_seat {
                    Color::Red
                } else {
                    Color::Blue
                };
                let style = crate::ai::junqi::classic::deployment_style(level.level());
                let deployment = Deployment::generate(colour, style, &mut rand::rng());
                RoomEvent::Deployed {
                    seat,
                    deployment: Some(deployment.to_text()),
                }
            })
            .collect()
    }

    /// The game number and the version, which together name one decision of the game.
    pub fn game_number(&self) -> u32 {
        self.game_number
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
    /// `clock_ms` is the time the seat to move has left, `takeback_ms` the time the pending
    /// takeback request has before it lapses.
    pub fn state(
        &self,
        connected: &[bool],
        spectators: u32,
        clock_ms: Option<u64>,
        takeback_ms: Option<u64>,
    ) -> RoomState {
        RoomState {
            code: self.record.code.clone(),
            game: self.board.state(self.seat_to_move()),
            clock: self.record.clock,
            version: self.version,
            game_number: self.game_number,
            first_seat: self.first_seat,
            seats: self
                .seats()
                .map(|seat| SeatState {
                    taken: self.is_taken(seat),
                    connected: connected.get(seat.index()).copied().unwrap_or(false),
                    rematch: self.rematch[seat.index()],
                    computer: self.computer[seat.index()],
                    covered: self.covered[seat.index()],
                    left: self.left[seat.index()],
                })
                .collect(),
            spectators,
            to_move: self.in_play().then(|| self.seat_to_move()),
            draw_offer: self.draw_offer,
            takeback: self.takeback.clone().map(|takeback| TakebackRequest {
                remaining_ms: takeback_ms,
                ..takeback
            }),
            end: self.end,
            clock_ms: clock_ms.filter(|_| self.in_play()),
        }
    }

    /// The seat a joining person takes: `wanted` if it is free, else the first free one.
    pub fn free_seat(&self, wanted: Option<RoomSeat>) -> Result<RoomSeat, Refusal> {
        match wanted {
            Some(seat) if seat.index() >= self.seat_count() => Err(Refusal::new(
                ErrorCode::BadFrame,
                format!(
                    "this room has seats 0 to {}, not {}",
                    self.seat_count() - 1,
                    seat.0
                ),
            )),
            Some(seat) if self.computer[seat.index()].is_some() => Err(Refusal::new(
                ErrorCode::SeatTaken,
                format!("{seat} is the computer's"),
            )),
            Some(seat) if self.is_taken(seat) => Err(Refusal::new(
                ErrorCode::SeatTaken,
                format!("{seat} is taken"),
            )),
            Some(seat) => Ok(seat),
            None => self
                .seats()
                .find(|&seat| !self.is_taken(seat))
                .ok_or_else(|| {
                    Refusal::new(
                        ErrorCode::RoomFull,
                        "every seat is taken: watch the game instead",
                    )
                }),
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
        let to_move = self.seat_to_move();
        if seat != to_move {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("it is {to_move}'s turn, and you hold {seat}"),
            ));
        }
        let (played, end) = self.board.check(text, seat)?;
        let mut events = vec![RoomEvent::Played { seat, played }];
        events.extend(end.into_iter().flat_map(|end| self.ending(end)));
        Ok(events)
    }

    fn check_in_play(&self) -> Result<(), Refusal> {
        if self.end.is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if !self.in_play() {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                match self.record.game {
                    RoomGame::Qiguo(_) => {
                        "the game starts when every seat is taken, or when the host starts it"
                    }
                    RoomGame::JunqiClassic { .. } => {
                        "the game starts when both sides have deployed: send your deployment"
                    }
                    RoomGame::Junqi(_) | RoomGame::Xiangqi => {
                        "the game starts when the second player joins"
                    }
                },
            ));
        }
        Ok(())
    }

    /// The events of Qiguo `seat`'s states leaving the board for `reason`, and the game's end
    /// if that ends it; none when the seat has no state left.
    fn withdrawal(&self, seat: RoomSeat, reason: WithdrawReason) -> Vec<RoomEvent> {
        let Some((states, end)) = self.board.qiguo().and_then(|board| board.withdrawal(seat))
        else {
            return Vec::new();
        };
        let mut events = vec![RoomEvent::Withdrew {
            seat,
            states,
            reason,
        }];
        events.extend(end.map(|end| RoomEvent::GameEnded { end }));
        events
    }

    /// The event of `seat` resigning (Qiguo: its states leave the board, the others play on).
    pub fn resign(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        if self.is_qiguo() {
            let events = self.withdrawal(seat, WithdrawReason::Resigned);
            if events.is_empty() {
                return Err(Refusal::new(
                    ErrorCode::IllegalAction,
                    "your states have left the board already",
                ));
            }
            return Ok(events);
        }
        Ok(self.ending(GameEnd {
            winner: Some(seat.other()),
            reason: EndReason::Resignation,
        }))
    }

    fn two_player_only(&self, what: &str) -> Result<(), Refusal> {
        if self.is_qiguo() {
            return Err(Refusal::new(
                ErrorCode::NotInThisGame,
                format!("Qiguo rooms have no {what}"),
            ));
        }
        Ok(())
    }

    /// The events of `seat` offering a draw (accepting the opponent's pending offer).
    pub fn offer_draw(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        self.two_player_only("draw offers")?;
        self.check_in_play()?;
        match self.draw_offer {
            Some(offerer) if offerer == seat => Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "your draw offer is already on the table",
            )),
            Some(_) => self.answer_draw(seat, true),
            None if self.asked_this_game[seat.index()].draw_offers >= ASKS_PER_GAME => {
                Err(Refusal::new(
                    ErrorCode::RateLimited,
                    format!("a player may offer a draw {ASKS_PER_GAME} times a game at most"),
                ))
            }
            None => Ok(vec![RoomEvent::DrawOffered { seat }]),
        }
    }

    /// The events of `seat` answering the opponent's draw offer.
    pub fn answer_draw(&self, seat: RoomSeat, accept: bool) -> Result<Vec<RoomEvent>, Refusal> {
        self.two_player_only("draw offers")?;
        self.check_in_play()?;
        if self.draw_offer != Some(seat.other()) {
            return Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "there is no draw offer from your opponent",
            ));
        }
        Ok(if accept {
            self.ending(GameEnd {
                winner: None,
                reason: EndReason::Agreement,
            })
        } else {
            vec![RoomEvent::DrawDeclined { seat }]
        })
    }

    /// The events of `seat` asking for a rematch: a new game once every person at the table
    /// asked, its first move passed to the next seat (Qiguo: the seats rotate by one).
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
        let everyone = self.seats().all(|other| {
            other == seat
                || self.rematch[other.index()]
                || (self.computer_may_sit() && !self.has_person(other))
        });
        if everyone {
            let first_seat = RoomSeat(((self.first_seat.index() + 1) % self.seat_count()) as u8);
            events.push(RoomEvent::NewGame {
                game_number: self.game_number + 1,
                first_seat,
            });
            events.extend(self.computer_deployments(self.computer_seats(), first_seat));
        }
        Ok(events)
    }

    /// The events of `seat` losing by the server's rules (time, abandonment), if the game is
    /// on. In Qiguo a clock run out takes the seat's states off the board.
    pub fn forfeit(&self, seat: RoomSeat, reason: EndReason) -> Vec<RoomEvent> {
        if !self.in_play() {
            return Vec::new();
        }
        if self.is_qiguo() {
            return match reason {
                EndReason::OutOfTime => self.withdrawal(seat, WithdrawReason::OutOfTime),
                _ => Vec::new(),
            };
        }
        self.ending(GameEnd {
            winner: Some(seat.other()),
            reason,
        })
    }

    /// The seats the computer holds, and at which level.
    fn computer_seats(&self) -> impl Iterator<Item = (RoomSeat, ComputerLevel)> + '_ {
        self.seats()
            .filter_map(|seat| self.computer[seat.index()].map(|level| (seat, level)))
    }

    /// The events of the host (`seat`) starting a Qiguo or Junqi classic game now: the
    /// computer takes every free seat at `level` (and in Junqi classic deploys at once).
    pub fn start(&self, seat: RoomSeat, level: ComputerLevel) -> Result<Vec<RoomEvent>, Refusal> {
        if !self.computer_may_sit() {
            return Err(Refusal::new(
                ErrorCode::NotInThisGame,
                "only Qiguo and Junqi classic rooms start with the computer",
            ));
        }
        if seat != RoomSeat(0) {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host (seat 0) starts the game",
            ));
        }
        if self.end.is_some() || self.in_play() {
            return Err(Refusal::new(
                ErrorCode::IllegalAction,
                "the game has started already",
            ));
        }
        let free: Vec<RoomSeat> = self.seats().filter(|&seat| !self.is_taken(seat)).collect();
        if free.is_empty() {
            return Err(Refusal::new(
                ErrorCode::IllegalAction,
                "every seat is taken already",
            ));
        }
        let mut events: Vec<RoomEvent> = free
            .iter()
            .map(|&seat| RoomEvent::ComputerSeated { seat, level })
            .collect();
        let seated = free.into_iter().map(|seat| (seat, level));
        events.extend(self.computer_deployments(seated, self.first_seat));
        Ok(events)
    }

    /// The events of `seat`'s player leaving a Qiguo room for good: the computer takes the
    /// seat, and by the host's choice its states resign while the game is on.
    pub fn leave(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        let RoomGame::Qiguo(room) = self.record.game else {
            return Err(Refusal::new(
                ErrorCode::NotInThisGame,
                "only Qiguo rooms have leaving for good",
            ));
        };
        let mut events = vec![RoomEvent::SeatLeft { seat }];
        if room.on_leave == OnLeave::Resign && self.in_play() {
            events.extend(self.withdrawal(seat, WithdrawReason::Left));
        }
        if events.len() == 1 {
            events.extend(self.takeback_granted_without(seat));
        }
        Ok(events)
    }

    /// The events of the computer covering for `seat`'s absent player, if it should: the game
    /// is on and the seat still has states on the board. A covered seat accepts a pending
    /// takeback, which is granted if its answer was the last one awaited.
    pub fn cover(&self, seat: RoomSeat) -> Vec<RoomEvent> {
        let on_board = self.is_on_board(seat);
        if !(on_board && self.in_play() && self.has_person(seat) && !self.is_covered(seat)) {
            return Vec::new();
        }
        let mut events = vec![RoomEvent::Covered { seat }];
        events.extend(self.takeback_granted_without(seat));
        events
    }

    /// Qiguo: whether `seat` still has states on the board.
    fn is_on_board(&self, seat: RoomSeat) -> bool {
        self.board
            .qiguo()
            .is_some_and(|board| board.position().seat_is_live(board.game_seat(seat)))
    }

    /// Whether a takeback request is pending.
    pub fn takeback_pending(&self) -> bool {
        self.takeback.is_some()
    }

    /// How long the pending takeback request waits before it lapses, as it was asked.
    pub fn takeback_wait_ms(&self) -> Option<u64> {
        self.takeback.as_ref().map(|_| self.takeback_wait_ms)
    }

    /// The event of the pending takeback request lapsing unanswered, if one is pending while
    /// the game is on.
    pub fn lapse_takeback(&self) -> Option<RoomEvent> {
        let asked = self.takeback.as_ref().filter(|_| self.in_play())?;
        Some(RoomEvent::TakebackLapsed { seat: asked.seat })
    }

    /// Whether `seat` has to answer the pending takeback asked by `asker`: the opponent unless
    /// the computer plays it; in Qiguo every other seat a person holds (not covered for) whose
    /// states are on the board. Computer and covered seats accept on their own; a seat
    /// eliminated by the moves to be taken back is not asked, as granting it can only bring
    /// its states back.
    fn answers_takeback(&self, seat: RoomSeat, asker: RoomSeat) -> bool {
        if seat == asker {
            return false;
        }
        if !self.is_qiguo() {
            return self.computer[seat.index()].is_none();
        }
        self.has_person(seat) && !self.is_covered(seat) && self.is_on_board(seat)
    }

    /// The seats whose answer to the pending takeback is still awaited, apart from `excused`.
    fn takeback_awaits(&self, excused: Option<RoomSeat>) -> Vec<RoomSeat> {
        let Some(asked) = &self.takeback else {
            return Vec::new();
        };
        self.seats()
            .filter(|&seat| {
                Some(seat) != excused
                    && self.answers_takeback(seat, asked.seat)
                    && !asked.accepted.contains(&seat)
            })
            .collect()
    }

    /// The event granting the pending takeback, when `seat` (covered or gone now) was the
    /// last one whose answer was awaited.
    fn takeback_granted_without(&self, seat: RoomSeat) -> Option<RoomEvent> {
        let asked = self.takeback.as_ref()?;
        (self.in_play() && asked.seat != seat && self.takeback_awaits(Some(seat)).is_empty())
            .then_some(RoomEvent::TakenBack {
                seat: asked.seat,
                plies: asked.plies,
            })
    }

    /// The events of `seat` asking to take back its last move, the request to lapse after
    /// `wait_ms`: the request, and the takeback itself when nobody has to answer it (a person
    /// against computers).
    pub fn ask_takeback(&self, seat: RoomSeat, wait_ms: u64) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        if let Some(asked) = &self.takeback {
            return Err(Refusal::new(
                ErrorCode::TakebackPending,
                if asked.seat == seat {
                    "your takeback request is pending already".to_string()
                } else {
                    format!("{} asked for a takeback: answer it first", asked.seat)
                },
            ));
        }
        if self.asked_takeback[seat.index()] {
            return Err(Refusal::new(
                ErrorCode::TakebackAskedAlready,
                "you asked for a takeback since the last move: ask again after the next one",
            ));
        }
        if self.asked_this_game[seat.index()].takeback_requests >= ASKS_PER_GAME {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                format!("a player may ask for a takeback {ASKS_PER_GAME} times a game at most"),
            ));
        }
        let plies = self.board.takeback_plies(seat, self.first_seat)?;
        let mut events = vec![RoomEvent::TakebackAsked {
            seat,
            plies,
            wait_ms,
        }];
        let nobody_answers = self
            .seats()
            .all(|other| !self.answers_takeback(other, seat));
        if nobody_answers {
            events.push(RoomEvent::TakenBack { seat, plies });
        }
        Ok(events)
    }

    /// The events of `seat` answering the pending takeback: declined, accepted while others
    /// still have to answer, or granted.
    pub fn answer_takeback(&self, seat: RoomSeat, accept: bool) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        let no_takeback = |message: &str| Refusal::new(ErrorCode::NoTakeback, message);
        let Some(asked) = &self.takeback else {
            return Err(no_takeback("no takeback request is pending"));
        };
        if asked.seat == seat {
            return Err(no_takeback(
                "you cannot answer your own takeback request (withdraw it instead)",
            ));
        }
        if !self.answers_takeback(seat, asked.seat) {
            return Err(no_takeback("your answer to this takeback is not asked for"));
        }
        if asked.accepted.contains(&seat) {
            return Err(no_takeback("you accepted this takeback already"));
        }
        if !accept {
            return Ok(vec![RoomEvent::TakebackDeclined { seat }]);
        }
        Ok(vec![if self.takeback_awaits(Some(seat)).is_empty() {
            RoomEvent::TakenBack {
                seat: asked.seat,
                plies: asked.plies,
            }
        } else {
            RoomEvent::TakebackAccepted { seat }
        }])
    }

    /// The event of `seat` withdrawing its own pending takeback request.
    pub fn withdraw_takeback(&self, seat: RoomSeat) -> Result<Vec<RoomEvent>, Refusal> {
        self.check_in_play()?;
        match &self.takeback {
            Some(asked) if asked.seat == seat => Ok(vec![RoomEvent::TakebackWithdrawn { seat }]),
            Some(_) => Err(Refusal::new(
                ErrorCode::NoTakeback,
                "the pending takeback request is not yours to withdraw",
            )),
            None => Err(Refusal::new(
                ErrorCode::NoTakeback,
                "no takeback request is pending",
            )),
        }
    }

    /// The event of `seat`'s player taking the seat back from the computer, if it covers.
    pub fn uncover(&self, seat: RoomSeat) -> Option<RoomEvent> {
        self.is_covered(seat)
            .then_some(RoomEvent::Uncovered { seat })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{MoveClock, Played, XiangqiPlayed};

    fn xiangqi_table() -> Table {
        let mut table = Table::new(RoomRecord {
            code: "AAAAAAAAAA".into(),
            game: RoomGame::Xiangqi,
            clock: MoveClock::Off,
            creator: "127.0.0.1".into(),
        });
        for seat in [RoomSeat(0), RoomSeat(1)] {
            table.seat_tokens[seat.index()] = Some(TokenHash(format!("hash{seat}")));
            table.apply(RoomEvent::SeatTaken { seat }).unwrap();
        }
        table
    }

    fn red_cannon(table: &mut Table) {
        let played = Played::Xiangqi(XiangqiPlayed {
            mv: "h2e2".parse().unwrap(),
        });
        table
            .apply(RoomEvent::Played {
                seat: RoomSeat(0),
                played,
            })
            .unwrap();
    }

    #[test]
    fn a_takeback_against_the_computer_is_granted_on_its_own() {
        let mut table = xiangqi_table();
        let (red, black) = (RoomSeat(0), RoomSeat(1));
        red_cannon(&mut table);
        assert_eq!(
            table.ask_takeback(red, 1000).unwrap().len(),
            1,
            "a person is asked"
        );
        table.seat_tokens[black.index()] = None;
        table.computer[black.index()] = Some(ComputerLevel::Easy);
        assert_eq!(
            table.ask_takeback(red, 1000).unwrap(),
            [
                RoomEvent::TakebackAsked {
                    seat: red,
                    plies: 1,
                    wait_ms: 1000
                },
                RoomEvent::TakenBack {
                    seat: red,
                    plies: 1
                }
            ]
        );
    }

    #[test]
    fn draw_offers_and_takeback_requests_are_capped_per_player_and_game() {
        let mut table = xiangqi_table();
        let (red, black) = (RoomSeat(0), RoomSeat(1));
        for _ in 0..ASKS_PER_GAME {
            let offered = table.offer_draw(red).unwrap();
            offered
                .into_iter()
                .for_each(|event| table.apply(event).unwrap());
            let declined = table.answer_draw(black, false).unwrap();
            declined
                .into_iter()
                .for_each(|event| table.apply(event).unwrap());
        }
        let refusal = table.offer_draw(red).unwrap_err();
        assert_eq!(refusal.code, ErrorCode::RateLimited);
        assert!(
            table.offer_draw(black).is_ok(),
            "the other player's own count"
        );
        // A move taken back at once, again and again: the requests stop at the cap.
        for _ in 0..ASKS_PER_GAME {
            red_cannon(&mut table);
            let asked = table.ask_takeback(red, 1000).unwrap();
            asked
                .into_iter()
                .for_each(|event| table.apply(event).unwrap());
            let granted = table.answer_takeback(black, true).unwrap();
            granted
                .into_iter()
                .for_each(|event| table.apply(event).unwrap());
        }
        red_cannon(&mut table);
        let refusal = table.ask_takeback(red, 1000).unwrap_err();
        assert_eq!(refusal.code, ErrorCode::RateLimited);
        // A new game counts afresh.
        table
            .apply(RoomEvent::NewGame {
                game_number: 1,
                first_seat: red,
            })
            .unwrap();
        assert!(table.offer_draw(red).is_ok());
    }
}
