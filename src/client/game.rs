//! The game model: the [`Game`] being played, the requests that change it, and the messages
//! that tell the rest of the client what changed.

use super::seats::Seats;
use super::{ClientSet, Screen};
use crate::rules::junqi::{Action, Color, Effect, Game, Point, Ruleset};
use bevy::prelude::*;
use std::time::Duration;

/// The game on the board (the title screen's demonstration game, or the player's game).
#[derive(Resource, Clone, Debug)]
pub struct ActiveGame {
    /// The game itself; only [`GameRequest`]s and [`LoadGame`] change it.
    pub game: Game,
    /// Whether this is the title screen's computer-vs-computer demonstration.
    pub attract: bool,
    /// Bumped whenever the game is replaced or taken back, so stale work (a computer's search
    /// started on an older position) can tell it is stale.
    pub generation: u64,
    /// Whether the end of the game has been announced (banner, sound).
    pub announced: bool,
}

impl Default for ActiveGame {
    fn default() -> ActiveGame {
        ActiveGame {
            game: Game::new_random(Ruleset::default()),
            attract: true,
            generation: 0,
            announced: false,
        }
    }
}

impl ActiveGame {
    /// The seat (0 = first player, who sits south; 1 = second) whose turn it is.
    pub fn player_to_move(&self) -> usize {
        (self.game.view().ply() % 2) as usize
    }

    /// The colour `player` plays, once colours are decided.
    pub fn colour_of(&self, player: usize) -> Option<Color> {
        let side = self.game.view().side_to_move()?;
        Some(if player == self.player_to_move() {
            side
        } else {
            side.opponent()
        })
    }

    /// The seat that plays `colour`, once colours are decided.
    pub fn player_of(&self, colour: Color) -> Option<usize> {
        let side = self.game.view().side_to_move()?;
        Some(if colour == side {
            self.player_to_move()
        } else {
            1 - self.player_to_move()
        })
    }

    /// A key that changes whenever the position changes: generation and ply count.
    pub fn key(&self) -> (u64, usize) {
        (self.generation, self.game.history().len())
    }
}

/// Something a player (or a computer) wants done to the game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRequest {
    /// Play an action chosen in the position with this [`ActiveGame::key`] (ignored if illegal
    /// or if the position has changed since: a new game, an undo, the other seat's move).
    Play {
        action: Action,
        chosen_at: (u64, usize),
    },
    /// Take back: one ply with two local players, back to the human's turn against a computer.
    Undo,
    /// The local player resigns (the player to move, in a two-player game on one device).
    Resign,
    /// Both players agreed to a draw.
    AgreeDraw,
}

impl GameRequest {
    /// Play `action` in the current position of `active`.
    pub fn play(action: Action, active: &ActiveGame) -> GameRequest {
        GameRequest::Play {
            action,
            chosen_at: active.key(),
        }
    }
}

/// Replace the game on the board (a new game, a continued game, the title demonstration).
#[derive(Message, Clone, Debug)]
pub struct LoadGame {
    /// The game to show.
    pub game: Game,
    /// Who plays each seat.
    pub seats: Seats,
    /// Whether this is the title screen's demonstration game.
    pub attract: bool,
}

/// An action was played: what it was, what it did, and the way the piece travelled.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ActionPlayed {
    /// The action.
    pub action: Action,
    /// What it did.
    pub effect: Effect,
    /// The points a moving piece passed (from and to included); the point alone for a flip.
    pub path: Vec<Point>,
    /// The seat that played it (0 = first player).
    pub player: usize,
}

/// The game changed in a way that is not one action (loaded, taken back): rebuild the pieces.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActiveGame>()
        .add_message::<GameRequest>()
        .add_message::<LoadGame>()
        .add_message::<ActionPlayed>()
        .add_message::<BoardReset>()
        .add_systems(OnEnter(Screen::Title), start_attract_game)
        .add_systems(
            Update,
            (load_games, apply_requests)
                .chain()
                .in_set(ClientSet::Apply),
        )
        .add_systems(
            Update,
            restart_attract_game
                .in_set(ClientSet::Command)
                .run_if(in_state(Screen::Title).and_then(super::animations_settled)),
        );
}

/// A fresh demonstration game: two easy computers, fast.
fn attract_game() -> LoadGame {
    LoadGame {
        game: Game::new_random(Ruleset::default()),
        seats: Seats::attract(),
        attract: true,
    }
}

fn start_attract_game(
    mut commands: Commands,
    mut active: ResMut<ActiveGame>,
    mut reset: MessageWriter<BoardReset>,
) {
    let load = attract_game();
    install(&mut active, load.game, true);
    commands.insert_resource(load.seats);
    reset.write(BoardReset);
}

fn install(active: &mut ActiveGame, game: Game, attract: bool) {
    active.game = game;
    active.attract = attract;
    active.generation += 1;
    active.announced = false;
}

fn load_games(
    mut loads: MessageReader<LoadGame>,
    mut commands: Commands,
    mut active: ResMut<ActiveGame>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    for load in loads.read() {
        if !load.attract {
            info!("game started: {:?}", load.seats.0);
        }
        install(&mut active, load.game.clone(), load.attract);
        commands.insert_resource(load.seats);
        reset.write(BoardReset);
        NextState::set_if_neq(
            &mut next,
            if load.attract {
                Screen::Title
            } else {
                Screen::Playing
            },
        );
    }
}

fn apply_requests(
    mut requests: MessageReader<GameRequest>,
    mut active: ResMut<ActiveGame>,
    seats: Res<Seats>,
    mut played: MessageWriter<ActionPlayed>,
    mut reset: MessageWriter<BoardReset>,
) {
    for &request in requests.read() {
        match request {
            GameRequest::Play { action, chosen_at } => {
                if chosen_at != active.key() {
                    debug!("{action} was chosen in a position that has changed: dropped");
                    continue;
                }
                let player = active.player_to_move();
                let path = match action {
                    Action::Flip(point) => vec![point],
                    // The path needs the position before the move.
                    Action::Move { from, to } => active.game.view().move_path(from, to),
                };
                match active.game.play(action) {
                    Ok(effect) => {
                        if !active.attract {
                            info!("played {action} ({:?})", seats.0[player]);
                        }
                        active.announced = false;
                        played.write(ActionPlayed {
                            action,
                            effect,
                            path,
                            player,
                        });
                    }
                    Err(error) => warn!("ignoring {action}: {error}"),
                }
            }
            GameRequest::Undo => {
                let plies = seats.undo_plies(&active);
                if plies > 0 || active.game.outcome().is_some() {
                    active.game.undo(plies);
                    active.generation += 1;
                    active.announced = false;
                    reset.write(BoardReset);
                }
            }
            GameRequest::Resign => {
                let player = seats.local_player(active.player_to_move());
                if let Some(colour) = active.colour_of(player) {
                    active.game.resign(colour);
                }
            }
            GameRequest::AgreeDraw => active.game.agree_draw(),
        }
    }
}

/// On the title screen, a finished demonstration game is replaced after a short pause.
fn restart_attract_game(
    time: Res<Time>,
    active: Res<ActiveGame>,
    mut waited: Local<Duration>,
    mut loads: MessageWriter<LoadGame>,
) {
    if active.game.outcome().is_none() {
        *waited = Duration::ZERO;
        return;
    }
    *waited += time.delta();
    if *waited >= Duration::from_secs(3) {
        *waited = Duration::ZERO;
        loads.write(attract_game());
    }
}
