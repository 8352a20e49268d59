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
record-load = Load
xq-transfer-help = A game as text: the FEN, then "moves" and the moves in ICCS (h2e2 h9g7 …).
qg-transfer-help = A game as text: the QFEN, then "moves" and the moves (e10j15 f5f10 …).
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
replay-everyone-here = Every player on this device
replay-versus-computer = Against the computer (you take the side to move):
result-replay = Watch the replay

## Qiguo Xiangqi (the game of the seven states)

qg-subtitle = Qiguo Xiangqi — seven states on a Go board, for 3 to 7 players
new-players = Players
# $number (number): the seat's number, from 1.
new-seat = Seat { $number }
seat-person = Person
qg-state-qin = Qin 秦
qg-state-chu = Chu 楚
qg-state-han = Han 韓
qg-state-qi = Qi 齊
qg-state-wei = Wei 魏
qg-state-zhao = Zhao 趙
qg-state-yan = Yan 燕
qg-colour-white = white
qg-colour-red = red
qg-colour-orange = orange
qg-colour-blue = blue
qg-colour-green = green
qg-colour-purple = purple
qg-colour-black = black
# $state: the state's name; $colour: its army's colour.
qg-state-to-move = { $state } ({ $colour }) to move
# $number (number): the player's seat, from 1.
qg-player = Player { $number }
# $player: a player's name.
qg-wins = { $player } wins
# $players: the players' names, joined by commas.
qg-share-win = { $players } share the win
qg-end-hegemon = { $player } captured two Rulers or 31 pieces and is the hegemon.
qg-end-last-seat = Only the states of { $player } are left on the board.
qg-end-quiet = 200 moves in a row without a capture.
# $place: 1 for the winners; $player: the player with their states; $score: pieces captured; $rulers: Rulers among them.
qg-standing = { $place }. { $player }: { $score } captured, { $rulers ->
    [one] { $rulers } Ruler
   *[other] { $rulers } Rulers
}
qg-hegemon = hegemon
qg-result-table = Result
qg-states = States
# $count: pieces this state captured.
qg-captures = took { $count }
# $count: pieces this state lost.
qg-lost = lost { $count }
qg-eliminated = eliminated
qg-rules-goal = Seven states fight on the lines of a Go board around the Zhou emperor, who never moves and cannot be taken or passed. Take pieces: a player whose states have taken two Rulers or 31 pieces becomes the hegemon and wins at once. Otherwise the game ends when only one player's states are left, or after 200 moves in a row without a capture, and the player who took the most pieces wins.
qg-rules-board = The states move in turn round the board, each with its own army of 17 pieces:
qg-rules-ruler = Ruler: any distance in any of the eight directions. Taking it removes its whole state.
qg-rules-general = General: any distance along a line.
qg-rules-officer = Officer: any distance diagonally.
qg-rules-diplomat = Diplomat: any distance in eight directions; it never takes and is never taken, but it blocks.
qg-rules-catapult = Catapult: any distance along a line; it takes only by jumping exactly one piece (the emperor counts).
qg-rules-archer = Archer: one to four points in eight directions.
qg-rules-crossbowman = Crossbowman: one to five points in eight directions.
qg-rules-swordsman = Swordsman: one point diagonally.
qg-rules-heavy-swordsman = Heavy swordsman: one point along a line.
qg-rules-cavalry = Cavalry: one point along a line, then exactly three diagonally outwards, over empty points.
qg-rules-elimination = A state leaves the board, all its pieces at once, when its Ruler is taken, when it is down to six pieces, or when it has no legal move on its turn.
qg-rules-alliances = With fewer than seven players some players lead an alliance of neighbouring states: each state still moves in its own turn, and allies never take each other.
qg-rules-end = There are no resignations or draw offers: the game ends on the board.
qg-rules-zoom = On a small screen, zoom with the mouse wheel or two fingers, and drag from an empty point to move the board.
