# kawu interface text: English.
# The same message ids in every language file; see README.md in this folder.

## Title screen and main menu

title-subtitle = Junqi flip — army chess with hidden pieces
menu-continue = Continue
menu-new-game = New game
menu-rules = Rules
menu-settings = Settings
menu-quit = Quit
menu-back = Back

## New game

new-hot-seat = Two players on this device
new-vs-computer = Against the computer
new-start = Start
level-easy = Easy
level-medium = Medium
level-hard = Hard
seat-first = I move first
seat-second = I move second
seat-random = Random

## Settings

settings-master = Volume
settings-effects = Effects
settings-music = Music
settings-animation = Animation
settings-language = Language
settings-labels = Piece labels
settings-rotate = Turn the board to the player to move
speed-slow = Slow
speed-normal = Normal
speed-fast = Fast
speed-instant = Instant
labels-chinese = Chinese
labels-latin = Latin
labels-both = Both

## Sides, players and turns

side-red = Red
side-blue = Blue
player-first = First player
player-second = Second player
turn-to-move = to move
turn-game-over = Game over
turn-you = Your turn
turn-computer = The computer is thinking…
turn-pick = Flip any piece: its colour becomes yours

## In-game panel

# $count (number): plies played in a row without a flip or an attack.
# $limit (number): the ruleset's draw limit.
hud-quiet = Plies without flip or attack: { $count } / { $limit }
hud-undo = Undo
hud-resign = Resign
hud-hint = Hint
hud-hint-is = Hint:
hud-draw = Offer draw
hud-menu = Main menu
hud-pool = Face down
hud-captured = Lost pieces
hud-moves = Moves
hud-no-moves = No moves yet

## Dialogs and short messages

dialog-resign = resign this game?
dialog-cancel = Cancel
dialog-offers-draw = offers a draw.
dialog-accept-draw = do you accept?
dialog-accept = Accept
dialog-decline = Decline
toast-draw-declined = The draw offer was declined.
toast-bad-save = The saved game could not be read; a new game has started.

## End of the game

result-you-win = Victory!
result-you-lose = Defeat
result-wins = wins!
result-draw = Draw
result-rematch = Rematch
result-view-board = View the board
reason-flag = the flag was captured
reason-stuck = no legal action left
reason-resigned = resigned
# $limit (number): the ruleset's draw limit, in plies.
reason-quiet = No flip or attack for too long ({ $limit ->
        [one] { $limit } ply
       *[other] { $limit } plies
    })
reason-agreement = Agreed by both players
reason-no-action = No action was left

## Piece names

kind-marshal = Marshal
kind-general = General
kind-division = Division commander
kind-brigade = Brigade commander
kind-regiment = Colonel
kind-battalion = Major
kind-company = Captain
kind-platoon = Lieutenant
kind-engineer = Engineer
kind-bomb = Bomb
kind-landmine = Landmine
kind-flag = Flag

## Rules page

rules-goal-title = Goal
rules-goal = Capture the enemy flag. All 50 pieces start face down and shuffled; nobody knows which piece is where until it is turned over.
rules-board-title = The board
rules-board = 5 files and 12 ranks. Posts (rectangles) hold pieces. The 10 camps (circles) start empty, and a piece in a camp cannot be attacked. The 4 headquarters have an arch. Thin lines are roads: one step at a time (diagonals only into and out of camps). Thick lines with sleepers are railways: a piece slides along a straight rail line as far as the way is empty. Between ranks 6 and 7 lies the front; it can be crossed only on files a, c and e — mountains block b and d.
rules-pieces-title = Pieces
rules-pieces = Each side has 25 pieces. Officers beat lower officers (9 is the highest). Bombs, landmines and the flag have no rank.
rules-play-title = A turn
rules-play = On your turn, either flip any face-down piece (of either colour), or move one of your face-up pieces. The first flip of the game decides the colours: the first player plays the colour of the piece they turned. Landmines and the flag never move. An engineer may turn corners on the railway.
rules-combat-title = Attacks
rules-combat = Move onto a face-up enemy piece that is not in a camp to attack it. The higher rank wins and takes the point; equal ranks both leave the board. A bomb removes itself and whatever it meets. A landmine destroys any attacker except an engineer, which clears it. Face-down pieces cannot be attacked.
rules-end-title = End of the game
# $limit (number): the draw limit of a new game, in plies.
rules-end =
    Capturing the enemy flag wins. A player with no legal action on their turn loses. After { $limit } { $limit ->
        [one] ply
       *[other] plies
    } in a row without a flip or an attack the game is drawn.
rules-controls-title = Controls
rules-controls = Click a face-down piece to flip it. Click your piece to see where it can go (green dots: moves, red frames: attacks), then click the destination. Keyboard: arrows move the cursor, Enter or Space confirms, Esc cancels. Gamepad: d-pad, A to confirm, B to cancel.

## Online play
menu-online = Play online
online-create = Create a room
online-join = Join
online-watch = Watch
online-code = Room code:
online-copy-link = Copy the link
online-clock-choice = Move clock:
online-clock-off = Off
online-clock-30 = 30 s
online-clock-60 = 60 s
online-connecting = Connecting…
online-connected = Online
online-reconnecting = Connection lost, reconnecting…
online-failed = Cannot reach the server
online-opponent-here = Your opponent is here
online-opponent-away = Waiting for your opponent…
online-spectators = { $count ->
    [one] { $count } spectator
   *[other] { $count } spectators
}
online-clock = Time for this move: { $seconds } s
online-draw-offered = Your opponent offers a draw.
settings-server = Server:
toast-online-error = The server refused:
reason-timeout = ran out of time
reason-abandoned = left the game

## Xiangqi
xq-subtitle = Xiangqi — Chinese chess
xq-red = Red
xq-black = Black
xq-check = check!
xq-reason-checkmate = { $side } is checkmated
xq-reason-stalemate = { $side } has no legal move (that loses in xiangqi)
xq-reason-perpetual-check = { $side } kept checking with the same pieces: a perpetual check loses
xq-reason-perpetual-chase = { $side } kept chasing an unprotected piece: a perpetual chase loses
xq-reason-repetition = the same position came back three times with no rule broken
xq-reason-move-limit = the move limit was reached
xq-reason-no-progress = 30 moves each without a capture or a soldier's advance
xq-load = Load
xq-transfer-help = A game as text: the FEN, then "moves" and the moves in ICCS (h2e2 h9g7 …).
xq-bad-import = That text is not a game:
xq-rules-goal = Checkmate the enemy general: attack it so that no move saves it. A side with no legal move loses too. The generals may never face each other on an open file.
xq-rules-general = General: one step along the lines, inside its palace.
xq-rules-advisor = Advisor: one step diagonally, inside the palace.
xq-rules-elephant = Elephant: two steps diagonally, never across the river, blocked by a piece at the midpoint.
xq-rules-horse = Horse: one step straight then one diagonally outwards, blocked by a piece next to it.
xq-rules-chariot = Chariot: any distance along a line.
xq-rules-cannon = Cannon: moves like a chariot, captures by jumping exactly one piece.
xq-rules-soldier = Soldier: one step forward; across the river also sideways.
xq-rules-end = Checking or chasing with the same pieces again and again loses (perpetual check or chase). A position repeated three times without that is a draw, as are 30 moves each without a capture or a soldier's advance, and the move limit.

record-export = Export
record-import = Import
record-copy = Copy
record-paste = Paste
toast-copied = Copied.
toast-copy-failed = Could not copy:
toast-paste-failed = Could not paste:
record-bad = That record cannot be read:

menu-replays = Replays
replays-none = No finished games yet: every game you finish is kept here.
replays-watch = Watch
replays-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
replays-import = Watch a game from its text
record-help-junqi = A game as text: the rules, the deal (JFEN), then every action, with what each flip revealed.
record-watch = Watch
record-no-export = There is no game to export.
replay-progress = Move { $shown } of { $total }
replay-play = Play
replay-pause = Pause
replay-continue = Play on from here
replay-versus-computer = Against the computer (you take the side to move):
result-replay = Watch the replay
