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
settings-colour-safe = Colours for colour-blind players
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
kind-division = Major general
kind-brigade = Brigadier
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
online-game-picture = The finished game as a picture:
online-copy-picture-link = Copy the picture's link
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
online-takeback-ask = Ask to take back
online-opponent = Your opponent
online-takeback-waiting = You asked to take your last move back; waiting for the answer.
online-takeback-withdraw = Withdraw the request
online-takeback-asked = { $seat } asks to take their last move back.
online-takeback-waiting-others = You accepted the takeback; waiting for the others.
toast-takeback-declined = Your takeback was declined.
toast-takeback-lapsed = Your takeback was not answered in time.
online-takeback-time-left = { $seconds } s left to answer
online-seat-you = you
online-seat-friend = Friend
online-seat-friend-here = a friend, here
online-seat-friend-away = a friend, away
online-seat-waiting = waiting for a friend…
online-seat-computer = the computer
online-seat-covered = the computer, until the friend is back
online-seat-left = left; the computer plays
online-start-now = Start now
online-leave = Leave the table for good
online-leave-sure = Leave for good? The seat will not come back to you.
online-leave-yes = Leave
online-start-help = The computer takes the seats still free.
online-on-leave = If a player leaves for good:
online-on-leave-computer = the computer plays on
online-on-leave-resign = their armies leave
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
share-gif = Share as GIF
share-png = Share this position
share-seen-by = { $side }'s view as GIF
share-saved = Picture saved:
share-failed = The picture could not be saved:
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
result-review = Review the game
review-start = Review the game
review-progress = Reviewed { $done } of { $total } moves
review-done = Review done
review-stop = Stop the review
review-accuracy = Accuracy:
review-better = Better: { $best }
review-reason-misses-mate = misses a mate
review-reason-allows-mate = lets the opponent mate
review-reason-misses-flag = misses taking the flag
review-reason-allows-flag = leaves the flag to be taken
review-reason-loses = loses the { $piece }
review-reason-misses-winning = misses winning the { $piece }
review-reason-runs-into = the { $piece } runs into the { $other }
review-reason-misses-check = misses a check that wins the { $piece }
xq-kind-general = General
xq-kind-advisor = Advisor
xq-kind-elephant = Elephant
xq-kind-horse = Horse
xq-kind-chariot = Chariot
xq-kind-cannon = Cannon
xq-kind-soldier = Soldier
review-forced = the only move
review-best = best
review-good = good
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
practice-start = Practise { $player }'s mistakes
practice-task = Exercise { $n } of { $total }: find a better move than { $played }
practice-judging = Checking…
practice-right = Right: { $played }
practice-wrong = { $played } is no better: try again
practice-answer = The answer: { $answer }
practice-next = Next
practice-stop = Stop practising
practice-done = Solved { $solved } of { $total }

## Qiguo Xiangqi (the game of the seven states)

qg-subtitle = Qiguo Xiangqi — seven states on a Go board, for 3 to 7 players
new-players = Players
# $number (number): the seat's number, from 1.
new-seat = Seat { $number }
seat-person = Person
new-controllers = Controllers
pad-any = Any
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
qg-ruler-attacked = { $state } ({ $colour }) to move — the Ruler is under attack!
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
qg-kind-ruler = Ruler
qg-kind-general = General
qg-kind-officer = Officer
qg-kind-diplomat = Diplomat
qg-kind-catapult = Catapult
qg-kind-archer = Archer
qg-kind-crossbowman = Crossbowman
qg-kind-swordsman = Swordsman
qg-kind-heavy-swordsman = Heavy swordsman
qg-kind-cavalry = Cavalry
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

## Lessons (assets/lessons/*.toml): lesson-<game>-<step>-say is the task, -right the word
## of why after a right move, -wrong the answer to a legal move that misses; other suffixes
## answer particular moves.

lesson-illegal = The rules do not allow that move here.

lesson-junqi-title = Learn Junqi flip
lesson-junqi-done = You know the rules of Junqi flip. Play a first game against the computer on Easy?
lesson-junqi-first-flip-say = Every piece starts face down: nobody knows which is which, and nobody has a colour yet. Flip any piece.
lesson-junqi-first-flip-right = The first flip decides the colours: the colour of the piece you turned is yours for the whole game, and your opponent plays the other.
lesson-junqi-first-flip-wrong = Before the colours are decided, the only thing to do is to flip a piece.
lesson-junqi-face-down-say = A face-down piece cannot be attacked, whoever it belongs to, and either player may flip it. Turn over the piece next to your colonel.
lesson-junqi-face-down-right = Now it is face up: from now on it can be attacked, and it moves on its owner's turns.
lesson-junqi-face-down-wrong = The piece next to your colonel is still face down. Flip it.
lesson-junqi-face-down-hidden = A face-down piece cannot be attacked: flip it first.
lesson-junqi-ranks-say = The higher rank wins. Your colonel stands between an enemy major and an enemy major general. Attack the one it beats.
lesson-junqi-ranks-right = A colonel outranks a major: it wins and takes the point.
lesson-junqi-ranks-wrong = The major is still there. Attack it with your colonel.
lesson-junqi-ranks-higher = A major general outranks a colonel: your colonel is gone. Attack the lower rank instead.
lesson-junqi-equal-ranks-say = An enemy captain stands next to your flag, and only your captain can reach it. Attack!
lesson-junqi-equal-ranks-right = Equal ranks: both captains leave the board. Your flag is safe.
lesson-junqi-equal-ranks-wrong = Now the enemy captain can take your flag. Attack it with your captain.
lesson-junqi-bomb-say = A bomb has no rank: whatever it meets, even a marshal, leaves the board with it. Stop the enemy marshal.
lesson-junqi-bomb-right = The bomb and the marshal are both gone. It would be the same if the marshal had attacked the bomb.
lesson-junqi-bomb-wrong = The marshal is still there. Attack it with your bomb.
lesson-junqi-bomb-outranked = The marshal outranks your engineer: your engineer is gone. Use the bomb.
lesson-junqi-mine-say = A landmine never moves, and every attacker dies on it except an engineer, which clears it (a bomb and a mine remove each other). Clear the mine that guards the enemy flag.
lesson-junqi-mine-right = Your engineer cleared the mine and took its point. The flag is next.
lesson-junqi-mine-wrong = The mine is still there. Attack it with your engineer.
lesson-junqi-mine-mine = The mine destroyed your colonel. Only an engineer clears a mine.
lesson-junqi-rail-slide-say = The thick lines are railways. Along a straight rail line a piece goes as far as the way is empty. Attack the enemy lieutenant with your colonel in one move.
lesson-junqi-rail-slide-right = All the way along the rail in one move, and a colonel outranks a lieutenant.
lesson-junqi-rail-slide-wrong = The lieutenant is still there. Slide along the railway to reach it in one move.
lesson-junqi-engineer-corners-say = Other pieces ride the railway only in a straight line, but an engineer may turn at every junction. Clear the far mine with your engineer in one move.
lesson-junqi-engineer-corners-right = The engineer turned the corner and rode on to the mine: only an engineer can do that.
lesson-junqi-engineer-corners-wrong = The mine is still there. Your engineer reaches it in one move if it turns the corner.
lesson-junqi-engineer-corners-straight = Only an engineer turns on the railway: your colonel rides straight lines only.
lesson-junqi-camp-say = The circles are camps, and a piece in a camp cannot be attacked. The enemy marshal threatens your major general: save it.
lesson-junqi-camp-right = In a camp your major general is safe from every attack.
lesson-junqi-camp-wrong = A marshal outranks a major general. Step into a camp instead.
lesson-junqi-headquarters-say = The posts with an arch are headquarters. Here the pieces are dealt at random, so any piece may lie in a headquarters, and it moves out like from any other post. Take the enemy captain with your general.
lesson-junqi-headquarters-right = Your general left the headquarters and won: a general outranks a captain.
lesson-junqi-headquarters-wrong = The captain is still there. Attack it straight from the headquarters.
lesson-junqi-flag-say = Taking the enemy flag wins the game, and any piece may take it. Win now.
lesson-junqi-flag-right = You took the flag: you win!
lesson-junqi-flag-wrong = The flag was within reach. Take it and the game is yours.
lesson-junqi-flag-outranked = A captain outranks a lieutenant: your lieutenant is gone. Take the flag instead.
lesson-junqi-quiet-draw-say = After 80 plies in a row (40 moves each) with no flip and no attack, the game is a draw. 79 have gone by. Keep the game going: flip a piece or attack.
lesson-junqi-quiet-draw-right = A flip or an attack starts the count again from zero.
lesson-junqi-quiet-draw-wrong = That was the 80th quiet ply in a row: the game is drawn. Flip or attack instead.
lesson-junqi-classic-title = Learn Junqi classic
lesson-junqi-classic-done = You know how the referee judges. Play a first game of Junqi classic against the computer on Easy?
lesson-junqi-classic-unknown-say = In Junqi classic you see your own ranks, never the enemy's. Attack the unknown piece in front of your brigadier.
lesson-junqi-classic-unknown-right = The referee says only who survived: your brigadier won. You never learn what the enemy piece was.
lesson-junqi-classic-unknown-wrong = Attack the unknown piece on a7 with your brigadier.
lesson-junqi-classic-lost-say = Not every attack wins. Attack the unknown piece with your lieutenant.
lesson-junqi-classic-lost-right = Your lieutenant lost and left the board; the enemy piece stays, still unknown. Now you know it outranks a lieutenant.
lesson-junqi-classic-lost-wrong = Attack the unknown piece on c7 with your lieutenant.
lesson-junqi-classic-both-say = Attack the unknown piece with your major general.
lesson-junqi-classic-both-right = Both fell: the referee tells everyone so. Equal ranks (or a bomb) leave no piece standing.
lesson-junqi-classic-both-wrong = Attack the unknown piece on e7 with your major general.
lesson-junqi-classic-camp-say = A piece in a camp (a circle) cannot be attacked. Attack the enemy piece you can.
lesson-junqi-classic-camp-right = Right: the piece on a9 was not in a camp, and your colonel beat it.
lesson-junqi-classic-camp-wrong = Attack the piece on a9: the one on b8 sits in a camp.
lesson-junqi-classic-camp-refused = The piece on b8 sits in a camp: nobody may attack it there.
lesson-junqi-classic-rails-say = The thick lines with sleepers are railways: along a straight line a piece goes as far as the way is empty. Send your colonel from a2 up the railway at the piece on a9 in one move.
lesson-junqi-classic-rails-right = One move took it seven posts up the line, and your colonel won the battle.
lesson-junqi-classic-rails-wrong = Run the colonel from a2 straight up the railway to the piece on a9.
lesson-junqi-classic-engineer-say = Only an engineer turns corners on the railway. Send yours along rank 6, round the corner at a6, at the piece on a11.
lesson-junqi-classic-engineer-right = Your engineer lost: that piece is stronger than an engineer. An engineer is a cheap scout: now you know a little more about it.
lesson-junqi-classic-engineer-wrong = Move the engineer from e6 along the railway, round the corner at a6, to a11.
lesson-junqi-classic-marshal-say = Throw your bomb at the unknown piece: a bomb takes whatever it meets with it.
lesson-junqi-classic-marshal-right = It was the enemy marshal! When a marshal falls, the referee shows where its side's flag stands (b12).
lesson-junqi-classic-marshal-wrong = Attack the unknown piece on c7 with your bomb.
lesson-junqi-classic-landmine-say = Landmines stand on the last two ranks and stop every attacker but an engineer. Send your engineer at the piece on a12.
lesson-junqi-classic-landmine-right = It was a landmine, and your engineer cleared it.
lesson-junqi-classic-landmine-wrong = Attack the piece on a12 with your engineer.
lesson-junqi-classic-headquarters-say = Pieces on a headquarters (the posts with an arch) never move. Move a piece that can.
lesson-junqi-classic-headquarters-right = Right: only pieces off the headquarters move.
lesson-junqi-classic-headquarters-wrong = Move the major on c2.
lesson-junqi-classic-headquarters-locked = Your captain stands on a headquarters: it never moves. Move another piece.
lesson-junqi-classic-take-flag-say = The enemy flag stands on one of its two headquarters. Take it with your engineer.
lesson-junqi-classic-take-flag-right = You took the flag and won. At the end of a game every piece is shown.
lesson-junqi-classic-take-flag-wrong = Attack the headquarters your engineer can reach: d12.

lesson-xiangqi-title = Learn Xiangqi
lesson-xiangqi-done = You know the rules of Xiangqi. Play a first game against the computer on Easy?
lesson-xiangqi-general-say = The general steps one point along a line and never leaves its palace, the square with the cross. Take the soldier in your palace.
lesson-xiangqi-general-right = The general took the soldier without leaving the palace.
lesson-xiangqi-general-wrong = That step is allowed, but the soldier in your palace could be taken.
lesson-xiangqi-general-palace = The general may not leave the palace.
lesson-xiangqi-advisor-say = The advisor steps one point diagonally and never leaves the palace either. Take the horse with your advisor.
lesson-xiangqi-advisor-right = One diagonal step, inside the palace.
lesson-xiangqi-advisor-wrong = The horse is still there. Take it with the advisor.
lesson-xiangqi-advisor-palace = The advisor may not leave the palace.
lesson-xiangqi-elephant-say = The elephant moves exactly two points diagonally and never crosses the river. A piece on the point in between, the elephant's eye, blocks it. Take a piece with your elephant.
lesson-xiangqi-elephant-right = The eye was free, so the elephant could take the cannon.
lesson-xiangqi-elephant-wrong = That takes nothing. Your elephant can take a piece in one move.
lesson-xiangqi-elephant-eye = The horse blocks the elephant's eye: the elephant cannot go that way.
lesson-xiangqi-horse-leg-say = The horse steps one point straight, then one diagonally outwards. A piece on that first point, the horse's leg, blocks it. Take a piece with your horse.
lesson-xiangqi-horse-leg-right = That way was free, so the horse could take the cannon.
lesson-xiangqi-horse-leg-wrong = That takes nothing. Your horse can take a piece in one move.
lesson-xiangqi-horse-leg-leg = Your own soldier stands on the horse's leg: the horse cannot go that way.
lesson-xiangqi-chariot-say = The chariot moves any distance along a line, but it never jumps over a piece. Take a piece with your chariot.
lesson-xiangqi-chariot-right = The chariot rode up the file and took the horse.
lesson-xiangqi-chariot-wrong = That takes nothing. Your chariot can take a piece in one move.
lesson-xiangqi-chariot-blocked = The horse stands in the way, and a chariot never jumps. It can take the horse.
lesson-xiangqi-cannon-say = The cannon moves like a chariot, but it captures only by jumping over exactly one piece, its screen. Take a piece with your cannon.
lesson-xiangqi-cannon-right = The cannon jumped over the horse and took the chariot.
lesson-xiangqi-cannon-wrong = That takes nothing. To capture, the cannon needs exactly one piece between it and its target.
lesson-xiangqi-cannon-screen = Nothing stands between the cannon and the horse: without a screen the cannon cannot capture.
lesson-xiangqi-soldier-say = A soldier steps one point forward. Once it has crossed the river it may also step sideways. It never steps back. Take a horse with a soldier.
lesson-xiangqi-soldier-right = That soldier has crossed the river, so it could take sideways.
lesson-xiangqi-soldier-wrong = That takes nothing. Which of your soldiers may step sideways?
lesson-xiangqi-soldier-river = This soldier has not crossed the river yet: it may only step forward.
lesson-xiangqi-flying-generals-say = The two generals may never face each other on a file with nothing between them. Your horse is the only piece between them. Take the black chariot.
lesson-xiangqi-flying-generals-right = Your chariot took it. The horse had to stay: moving it would leave the generals face to face.
lesson-xiangqi-flying-generals-wrong = That takes nothing. The black chariot can be taken in one move.
lesson-xiangqi-flying-generals-face = The horse may not move: the generals would face each other on an open file.
lesson-xiangqi-check-say = The black chariot attacks your general: that is check, and your move must end it. Get out of check by taking the chariot.
lesson-xiangqi-check-right = The check is over, and the chariot is gone.
lesson-xiangqi-check-wrong = Your general is safe there, but the chariot that gave check could be taken.
lesson-xiangqi-check-ignore = Your general is in check: a move that does not end the check is not allowed.
lesson-xiangqi-mate-say = Checkmate wins: the enemy general is in check and no move saves it. Your general guards its whole file, so the black general may not step onto it. Give mate in one move.
lesson-xiangqi-mate-right = Checkmate! The black general cannot escape the chariot, and your general guards the file beside it.
lesson-xiangqi-mate-wrong = That is not mate yet. Find the check that leaves the black general no way out.
lesson-xiangqi-stalemate-say = In xiangqi a side that has no legal move loses, even when it is not in check: stalemate is a loss, not a draw. Take away the black general's last move.
lesson-xiangqi-stalemate-right = Black has no legal move: stalemate, and in xiangqi that loses. You win.
lesson-xiangqi-stalemate-wrong = Black can still move. Cover the last point the black general can step to.
lesson-xiangqi-perpetual-check-say = You have checked five times in a row with the same chariot. Checking again and again with the same piece is perpetual check, and it loses. Break the cycle.
lesson-xiangqi-perpetual-check-right = The cycle is broken and the game goes on.
lesson-xiangqi-perpetual-check-wrong = That move ended the game. Find one that keeps it going.
lesson-xiangqi-perpetual-check-repeat = The same check again: that is perpetual check, and it loses. Break the cycle instead.

lesson-qiguo-title = Learn Qiguo Xiangqi
lesson-qiguo-done = You know the rules of Qiguo Xiangqi. Play a first game against the computer on Easy?
lesson-qiguo-states-say = Seven states fight here: Qin, Chu, Han, Qi, Wei, Zhao and Yan, each with its own colour and its Ruler. They move one after another round the board, Qin first. You play Qin, white, in the west. Make any move.
lesson-qiguo-states-right = After Qin come Chu, Han, Qi, Wei, Zhao and Yan, then Qin again.
lesson-qiguo-states-wrong = Make a move with one of Qin's white pieces.
lesson-qiguo-emperor-say = The Zhou emperor stands in the centre. He never moves and cannot be taken, and no piece may stop on him or pass him. Take a piece with your General.
lesson-qiguo-emperor-right = Your General took it along a line the emperor does not block.
lesson-qiguo-emperor-wrong = That takes nothing. Your General can take a piece along one of its lines.
lesson-qiguo-emperor-emperor = The emperor is in the way: no piece may stop on him or pass him.
lesson-qiguo-catapult-say = The catapult moves any distance along a line, but it takes only by jumping over exactly one piece. Any piece can be that screen, even the emperor. Take a piece with your catapult.
lesson-qiguo-catapult-right = The catapult jumped over one piece and took the one behind it.
lesson-qiguo-catapult-wrong = That takes nothing. Look for a piece with exactly one piece before it.
lesson-qiguo-catapult-screen = Nothing stands between them: the catapult takes only by jumping over exactly one piece.
lesson-qiguo-cavalry-say = The cavalry goes one point along a line, then exactly three points diagonally outwards, and every point on the way must be empty. Take an orange piece with your cavalry.
lesson-qiguo-cavalry-right = One point straight, then three diagonally: a long jump, and an orange piece is taken.
lesson-qiguo-cavalry-wrong = That takes nothing. Count one point straight, then three diagonally, to an orange piece.
lesson-qiguo-cavalry-shape = The cavalry cannot go there: one point straight, then exactly three diagonally.
lesson-qiguo-diplomat-say = A Diplomat never takes and is never taken, but it blocks the way like any piece. Take a piece with your General.
lesson-qiguo-diplomat-right = Your General took a piece. The Diplomat could not have been taken.
lesson-qiguo-diplomat-wrong = That takes nothing. Your General can take a piece along one of its lines.
lesson-qiguo-diplomat-diplomat = A Diplomat can never be taken.
lesson-qiguo-allies-say = With fewer than seven players some states are allies, led by one player, and allies never take each other. Here Yan, black, is Qin's ally. Take an enemy piece with your crossbowman.
lesson-qiguo-allies-right = You took a piece of Chu, an enemy. Yan's pieces are safe from you, and yours from Yan.
lesson-qiguo-allies-wrong = That takes nothing. An enemy piece is within reach.
lesson-qiguo-allies-ally = Yan is your ally: allies never take each other.
lesson-qiguo-ruler-say = A state whose Ruler is taken leaves the board: all its pieces go at once. The Ruler of Chu, red, has come out. Take it.
lesson-qiguo-ruler-right = Chu's Ruler is taken, and all of Chu's pieces have left the board.
lesson-qiguo-ruler-wrong = The red Ruler was within reach, and taking it removes all of Chu.
lesson-qiguo-last-pieces-say = A state also leaves the board when a capture leaves it with six pieces or fewer. Han, orange, has seven left. Take one of them.
lesson-qiguo-last-pieces-right = Han was down to six pieces, so all of them have left the board.
lesson-qiguo-last-pieces-wrong = That did not take a piece of Han. One more capture removes all of Han.
lesson-qiguo-hegemon-say = A player whose states take two Rulers or 31 pieces becomes the hegemon and wins at once. You have taken one Ruler already. Take another.
lesson-qiguo-hegemon-right = Two Rulers: you are the hegemon, and you win!
lesson-qiguo-hegemon-wrong = The game goes on. Take the orange Ruler to win at once.

## Lessons: the shell around the steps
menu-learn = Learn to play
learn-offer = New to this game? Learn it by playing, in a few short steps.
learn-offer-decline = No, thanks
# $number: the step on the table; $total: how many the lesson has.
learn-step = Step { $number } of { $total }
learn-next = Next step
learn-again = Try again
learn-leave = Leave the lesson
learn-play-easy = Play against Easy

## Junqi classic: the deployment screen
deploy-title = Deploy your army
deploy-intro-red = You play Red and move first. Arrange your 25 pieces in secret: tap two pieces to swap them, or drag one onto another. Your front rank is at the top.
deploy-intro-blue = You play Blue. Arrange your 25 pieces in secret: tap two pieces to swap them, or drag one onto another. Your front rank is at the top.
deploy-random = Random
deploy-balanced = Balanced
deploy-defensive = Defensive
deploy-aggressive = Aggressive
deploy-save = Save layout
deploy-layout-name = Layout name
deploy-ready = Ready
deploy-all-legal = Every piece stands where the rules allow.
deploy-rule-flag = The flag must stand on a headquarters (a post of your last rank marked 大本营).
deploy-rule-landmine = A landmine must stand on your last two ranks.
deploy-rule-bomb = A bomb must not stand on your front rank.
deploy-rule-other = This army breaks a deployment rule.

## Junqi classic at the table
title-subtitle-classic = Junqi classic — deploy in secret, the referee judges
record-help-classic = A game as text: the draw limit, both armies, then every move with the referee's verdict.
classic-verdict-won = won
classic-verdict-lost = lost
classic-verdict-both = both fell
classic-cover-title = Pass the device
# $hidden: the side that looks away; $player: the side whose turn it is.
classic-cover-deploy = { $hidden }: look away. { $player } deploys — { $player }, tap when ready.
classic-cover-move = { $hidden }: look away. { $player }, tap when ready.
classic-cover-ready = I am ready
classic-armies-awaited = Waiting for both armies to be deployed
classic-replay-shows = The replay shows
classic-replay-everything = Everything
classic-rules-goal = Capture the enemy flag. Each side arranges its 25 pieces in secret on its own half; you see your own ranks, never the enemy's.
classic-rules-deploy-title = Deployment
classic-rules-deploy = The flag stands on one of your two headquarters. Landmines stand on your last two ranks, bombs never on your front rank, and the camps start empty. Pieces on a headquarters never move.
classic-rules-referee-title = The referee
classic-rules-referee = Move onto any enemy piece to attack it. The referee compares the two and tells both players only who survived: the attacker won, lost, or both fell. When a marshal falls, its side's flag is shown to everyone.
# $limit (number): the draw limit, in plies.
classic-rules-end = Capturing the enemy flag wins. A player with no legal move on their turn loses. After { $limit } plies in a row without a battle the game is drawn. At the end every piece is shown.
