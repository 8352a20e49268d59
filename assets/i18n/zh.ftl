# kawu interface text: Chinese (simplified).
# The same message ids in every language file; see README.md in this folder.

## Title screen and main menu

title-subtitle = 军棋翻棋
menu-continue = 继续
menu-new-game = 新游戏
menu-rules = 规则
menu-settings = 设置
menu-quit = 退出
menu-back = 返回

## New game

new-hot-seat = 双人同机对战
new-vs-computer = 人机对战
new-start = 开始
level-easy = 简单
level-medium = 中等
level-hard = 困难
seat-first = 我先走
seat-second = 我后走
seat-random = 随机

## Settings

settings-master = 总音量
settings-effects = 音效
settings-music = 音乐
settings-animation = 动画
settings-language = 语言
settings-labels = 棋子文字
settings-rotate = 棋盘转向走棋方
speed-slow = 慢
speed-normal = 正常
speed-fast = 快
speed-instant = 即时
labels-chinese = 中文
labels-latin = 拉丁字母
labels-both = 两者

## Sides, players and turns

side-red = 红方
side-blue = 蓝方
player-first = 先手玩家
player-second = 后手玩家
turn-to-move = 走棋
turn-game-over = 对局结束
turn-you = 轮到你了
turn-computer = 电脑思考中…
turn-pick = 翻开任意一枚棋子：它的颜色就是你的

## In-game panel

# $count (number): plies played in a row without a flip or an attack.
# $limit (number): the ruleset's draw limit.
hud-quiet = 未翻棋未吃子步数：{ $count } / { $limit }
hud-undo = 悔棋
hud-resign = 认输
hud-hint = 提示
hud-hint-is = 提示：
hud-draw = 提和
hud-menu = 主菜单
hud-pool = 未翻开
hud-captured = 阵亡棋子
hud-moves = 着法
hud-no-moves = 尚无着法

## Dialogs and short messages

dialog-resign = 确定认输吗？
dialog-cancel = 取消
dialog-offers-draw = 提议和棋。
dialog-accept-draw = 是否同意？
dialog-accept = 同意
dialog-decline = 拒绝
toast-draw-declined = 和棋提议被拒绝。
toast-bad-save = 无法读取存档，已开始新游戏。

## End of the game

result-you-win = 胜利！
result-you-lose = 失败
result-wins = 获胜！
result-draw = 和棋
result-rematch = 再来一局
result-view-board = 查看棋盘
reason-flag = 军旗被夺
reason-stuck = 无棋可走
reason-resigned = 认输
# $limit (number): the ruleset's draw limit, in plies.
reason-quiet = 长时间未翻棋未吃子（{ $limit }步）
reason-agreement = 双方同意和棋
reason-no-action = 无棋可走

## Piece names

kind-marshal = 司令
kind-general = 军长
kind-division = 师长
kind-brigade = 旅长
kind-regiment = 团长
kind-battalion = 营长
kind-company = 连长
kind-platoon = 排长
kind-engineer = 工兵
kind-bomb = 炸弹
kind-landmine = 地雷
kind-flag = 军旗

## Rules page

rules-goal-title = 目标
rules-goal = 夺取对方军旗。开局时50枚棋子全部背面朝上随机摆放，翻开之前谁也不知道哪枚是什么。
rules-board-title = 棋盘
rules-board = 5列12行。兵站（矩形）上放棋子。10个行营（圆圈）开局为空，行营里的棋子不能被攻击。4个大本营带拱形标记。细线是公路：每次走一步（只有进出行营可以斜走）。带枕木的粗线是铁路：棋子可沿直线铁路一直行驶，直到遇到棋子。第6与第7行之间是前线，只能从a、c、e列通过，b、d列有山界阻隔。
rules-pieces-title = 棋子
rules-pieces = 每方25枚棋子。大官吃小官（9最大）。炸弹、地雷和军旗没有军衔。
rules-play-title = 走棋
rules-play = 轮到你时，可以翻开任意一枚背面朝上的棋子（任何颜色），或移动一枚己方已翻开的棋子。第一次翻棋决定颜色：先手方执所翻棋子的颜色。地雷和军旗不能移动。工兵在铁路上可以转弯。
rules-combat-title = 吃子
rules-combat = 走到不在行营中的对方明子上即为攻击。军衔高者胜并占据该点；军衔相同则同归于尽。炸弹与所遇棋子同归于尽。地雷炸死除工兵以外的任何进攻者，工兵可以排雷。背面朝上的棋子不能被攻击。
rules-end-title = 胜负
# $limit (number): the draw limit of a new game, in plies.
rules-end = 夺得对方军旗者胜。轮到走棋却无棋可走者负。连续{ $limit }步没有翻棋也没有吃子则为和棋。
rules-controls-title = 操作
rules-controls = 点击背面朝上的棋子即可翻开。点击己方棋子查看可走位置（绿点：移动，红框：攻击），再点击目标。键盘：方向键移动光标，回车或空格确认，Esc取消。手柄：方向键移动，A确认，B取消。

## 在线对战
menu-online = 在线对战
online-create = 创建房间
online-join = 加入
online-watch = 观战
online-code = 房间号：
online-copy-link = 复制链接
online-clock-choice = 每步限时：
online-clock-off = 不限时
online-clock-30 = 30 秒
online-clock-60 = 60 秒
online-connecting = 正在连接…
online-connected = 已连接
online-reconnecting = 连接中断，正在重连…
online-failed = 无法连接服务器
online-opponent-here = 对手在线
online-opponent-away = 等待对手…
online-spectators = { $count } 名观众
online-clock = 本步剩余：{ $seconds } 秒
online-draw-offered = 对手提议和棋。
settings-server = 服务器：
toast-online-error = 服务器拒绝：
reason-timeout = 超时
reason-abandoned = 离开了对局

## 象棋
xq-subtitle = 中国象棋
xq-red = 红方
xq-black = 黑方
xq-check = 将军！
xq-reason-checkmate = { $side }被将死
xq-reason-stalemate = { $side }无子可动（象棋中困毙判负）
xq-reason-perpetual-check = { $side }用同样的棋子长将：长将判负
xq-reason-perpetual-chase = { $side }长捉无根子：长捉判负
xq-reason-repetition = 同一局面重复三次且无人犯规
xq-reason-move-limit = 达到回合上限
xq-reason-no-progress = 双方各 30 回合无吃子、无兵卒前进
record-load = 载入
xq-transfer-help = 文本棋谱：FEN，然后是“moves”和 ICCS 着法（h2e2 h9g7 …）。
qg-transfer-help = 文本棋谱：QFEN，然后是“moves”和着法（e10j15 f5f10 …）。
xq-rules-goal = 将死对方的将帅：使其无路可逃。无子可动的一方也判负。将帅不得在同一直线上直接照面。
xq-rules-general = 将帅：沿线走一步，不出九宫。
xq-rules-advisor = 仕士：斜走一步，不出九宫。
xq-rules-elephant = 相象：斜走两步，不能过河，象眼被塞不能走。
xq-rules-horse = 马：先直后斜，蹩马腿不能走。
xq-rules-chariot = 车：沿直线走任意步。
xq-rules-cannon = 炮：走法同车，吃子须隔一子。
xq-rules-soldier = 兵卒：向前一步；过河后可横走。
xq-rules-end = 用同样的棋子反复将军或捉子判负（长将、长捉）。无人犯规的三次重复局面为和棋；双方各 30 回合无吃子、无兵卒前进，或达到回合上限，也为和棋。

record-export = 导出
record-import = 导入
record-copy = 复制
record-paste = 粘贴
toast-copied = 已复制。
toast-copy-failed = 无法复制：
toast-paste-failed = 无法粘贴：
record-bad = 无法读取这份棋谱：

menu-replays = 棋局回放
replays-none = 还没有下完的棋局：每盘下完的棋都会保存在这里。
replays-watch = 观看
replays-moves = { $count } 步
replays-import = 从文本观看棋局
record-help-junqi = 文本棋谱：规则、开局（JFEN），然后是每一步，以及每次翻开的棋子。
record-watch = 观看
record-no-export = 没有可以导出的棋局。
replay-progress = 第 { $shown } 步，共 { $total } 步
replay-play = 播放
replay-pause = 暂停
replay-continue = 从这里接着下
replay-everyone-here = 同机对战
replay-versus-computer = 对战电脑（你执当前走棋的一方）：
result-replay = 观看回放

## 七国象戏

qg-subtitle = 七國象戲 — 七国在围棋盘上争雄，三至七人
new-players = 人数
# $number (number): 座位号，从 1 开始。
new-seat = 第 { $number } 座
seat-person = 玩家
qg-state-qin = 秦
qg-state-chu = 楚
qg-state-han = 韓
qg-state-qi = 齊
qg-state-wei = 魏
qg-state-zhao = 趙
qg-state-yan = 燕
qg-colour-white = 白
qg-colour-red = 红
qg-colour-orange = 橙
qg-colour-blue = 蓝
qg-colour-green = 绿
qg-colour-purple = 紫
qg-colour-black = 黑
# $state: 国名；$colour: 其军队的颜色。
qg-state-to-move = { $state }（{ $colour }）走棋
# $number (number): 玩家座位号，从 1 开始。
qg-player = 玩家 { $number }
# $player: 玩家名。
qg-wins = { $player } 获胜
# $players: 玩家名，以逗号分隔。
qg-share-win = { $players } 并列获胜
qg-end-hegemon = { $player } 吃掉两个将或三十一子，成为霸主。
qg-end-last-seat = 棋盘上只剩 { $player } 的国家。
qg-end-quiet = 连续二百步没有吃子。
# $place: 获胜者为 1；$player: 玩家及其国家；$score: 吃子数；$rulers: 其中的将。
qg-standing = { $place }. { $player }：吃子 { $score }，将 { $rulers }
qg-hegemon = 霸主
qg-result-table = 结果
qg-states = 各国
# $count: 该国吃子数。
qg-captures = 吃 { $count }
# $count: 该国失子数。
qg-lost = 失 { $count }
qg-eliminated = 已出局
qg-rules-goal = 七国在围棋盘的线上围绕周天子交战：天子不动，不能被吃，也不能越过。吃掉对方的棋子：一方的国家共吃掉两个将或三十一子，即成为霸主，立即获胜。否则，当棋盘上只剩一位玩家的国家，或连续二百步没有吃子时，对局结束，吃子最多者获胜。
qg-rules-board = 各国按顺序轮流走棋，每国一支十七子的军队：
qg-rules-ruler = 將：沿八个方向走任意距离。被吃则全国出局。
qg-rules-general = 偏：沿直线走任意距离。
qg-rules-officer = 裨：沿斜线走任意距离。
qg-rules-diplomat = 行人：沿八个方向走任意距离；不吃子，也不会被吃，但能挡路。
qg-rules-catapult = 砲：沿直线走任意距离；吃子时须隔一子（天子也算）。
qg-rules-archer = 弓：沿八个方向走一至四步。
qg-rules-crossbowman = 弩：沿八个方向走一至五步。
qg-rules-swordsman = 刀：斜走一步。
qg-rules-heavy-swordsman = 劍：直走一步。
qg-rules-cavalry = 騎：先直走一步，再向外斜走三步，途经的点都须为空。
qg-rules-elimination = 一国的將被吃、只剩六子或轮到它时无棋可走，该国所有棋子立即离开棋盘。
qg-rules-alliances = 不足七人时，有的玩家指挥相邻几国的联盟：每国仍按自己的顺序走棋，盟国之间不互吃。
qg-rules-end = 不能认输或提和：胜负在棋盘上决定。
qg-rules-zoom = 在小屏幕上，可用鼠标滚轮或双指缩放棋盘，从空点拖动可移动棋盘。
