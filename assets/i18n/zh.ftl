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
settings-colour-safe = 色盲友好配色
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
online-game-picture = 本局动图：
online-copy-picture-link = 复制动图链接
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
online-takeback-ask = 请求悔棋
online-opponent = 对手
online-takeback-waiting = 你请求悔回上一步，等待对方回应。
online-takeback-withdraw = 撤回请求
online-takeback-asked = { $seat }请求悔回上一步。
online-takeback-waiting-others = 你已同意悔棋，等待其他玩家。
toast-takeback-declined = 对方拒绝了悔棋。
toast-takeback-lapsed = 你的悔棋请求无人及时回应。
online-takeback-time-left = 剩余 { $seconds } 秒回应
online-seat-you = 你
online-seat-friend = 好友
online-seat-friend-here = 好友，在线
online-seat-friend-away = 好友，离线
online-seat-waiting = 等待好友加入…
online-seat-computer = 电脑
online-seat-covered = 电脑代打，等好友回来
online-seat-left = 已离开，由电脑接手
online-start-now = 立即开始
online-leave = 离开座位，不再回来
online-leave-sure = 确定离开吗？座位不会再回到你手中。
online-leave-yes = 离开
online-start-help = 空座由电脑接手。
online-on-leave = 玩家中途离开时：
online-on-leave-computer = 由电脑接着下
online-on-leave-resign = 其军队退出棋盘
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
share-gif = 分享为GIF动图
share-png = 分享此局面
share-seen-by = { $side }看到的（GIF）
share-saved = 图片已保存：
share-failed = 图片未能保存：
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
result-review = 复盘分析
review-start = 复盘分析
review-progress = 已分析 { $done } / { $total } 步
review-done = 复盘完成
review-stop = 停止复盘
review-accuracy = 准确率：
review-better = 更好的走法：{ $best }
review-reason-misses-mate = 错过了杀棋
review-reason-allows-mate = 让对方有杀棋
review-reason-misses-flag = 错过了夺旗
review-reason-allows-flag = 军旗被留给对方夺取
review-reason-loses = 丢了{ $piece }
review-reason-misses-winning = 错过了吃{ $piece }
review-reason-runs-into = { $piece }撞上了{ $other }
review-reason-misses-check = 错过了将军得{ $piece }的机会
xq-kind-general = 将
xq-kind-advisor = 士
xq-kind-elephant = 象
xq-kind-horse = 马
xq-kind-chariot = 车
xq-kind-cannon = 炮
xq-kind-soldier = 兵
review-forced = 唯一着法
review-best = 最佳
review-good = 好棋
review-inaccuracy = 缓着
review-mistake = 错着
review-blunder = 败着
practice-start = 练习{ $player }的错着
practice-task = 第 { $n } 题，共 { $total } 题：找出比 { $played } 更好的着法
practice-judging = 正在判断…
practice-right = 正确：{ $played }
practice-wrong = { $played } 并不更好，再试一次
practice-answer = 答案：{ $answer }
practice-next = 下一题
practice-stop = 结束练习
practice-done = 解出 { $solved } / { $total } 题

## 七国象戏

qg-subtitle = 七国象棋（七國象戲）— 七国在围棋盘上争雄，三至七人
new-players = 人数
# $number (number): 座位号，从 1 开始。
new-seat = 第 { $number } 座
seat-person = 玩家
new-controllers = 手柄
pad-any = 任意
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
qg-ruler-attacked = { $state }（{ $colour }）走棋 — 將被攻击！
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
qg-kind-ruler = 將
qg-kind-general = 偏
qg-kind-officer = 裨
qg-kind-diplomat = 行人
qg-kind-catapult = 砲
qg-kind-archer = 弓
qg-kind-crossbowman = 弩
qg-kind-swordsman = 刀
qg-kind-heavy-swordsman = 劍
qg-kind-cavalry = 騎
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

## 教程（assets/lessons/*.toml）：lesson-<游戏>-<步骤>-say 是任务，-right 说明为什么对，
## -wrong 回应合法但不对的着法；其他后缀回应特定着法。

lesson-illegal = 按规则，这里不能这样走。

lesson-junqi-title = 学下军棋翻棋
lesson-junqi-done = 你已经掌握了军棋翻棋的规则。要不要和简单级别的电脑下第一盘？
lesson-junqi-first-flip-say = 所有棋子开局都背面朝上：谁也不知道哪枚是什么，双方也都还没有颜色。翻开任意一枚棋子。
lesson-junqi-first-flip-right = 第一次翻棋决定颜色：你翻开的棋子是什么颜色，整盘棋你就执什么颜色，对手执另一种。
lesson-junqi-first-flip-wrong = 颜色未定之前，只能翻棋。
lesson-junqi-face-down-say = 背面朝上的棋子不能被攻击，不管它是哪一方的，而且任何一方都可以翻开它。翻开你团长旁边的棋子。
lesson-junqi-face-down-right = 现在它翻开了：从此可以被攻击，轮到它的主人时也可以走动。
lesson-junqi-face-down-wrong = 团长旁边的棋子还没翻开。翻开它。
lesson-junqi-face-down-hidden = 背面朝上的棋子不能被攻击：先把它翻开。
lesson-junqi-ranks-say = 军衔高的获胜。你的团长夹在对方的营长和师长之间。去吃它能赢的那一个。
lesson-junqi-ranks-right = 团长大于营长：团长获胜并占据该点。
lesson-junqi-ranks-wrong = 营长还在。用团长去吃它。
lesson-junqi-ranks-higher = 师长大于团长：你的团长阵亡了。应该去吃军衔低的。
lesson-junqi-equal-ranks-say = 对方的一个连长就在你的军旗旁边，只有你的连长够得着它。进攻！
lesson-junqi-equal-ranks-right = 军衔相同：两个连长同归于尽。你的军旗安全了。
lesson-junqi-equal-ranks-wrong = 现在对方的连长可以夺你的军旗了。用你的连长攻击它。
lesson-junqi-bomb-say = 炸弹没有军衔：不管碰到谁，哪怕是司令，都会一起离开棋盘。拦住对方的司令。
lesson-junqi-bomb-right = 炸弹和司令都没了。即使是司令来撞炸弹，结果也一样。
lesson-junqi-bomb-wrong = 司令还在。用炸弹攻击它。
lesson-junqi-bomb-outranked = 司令大于工兵：你的工兵阵亡了。应该用炸弹。
lesson-junqi-mine-say = 地雷永远不动，任何进攻者碰上都会阵亡，只有工兵能排雷（炸弹和地雷同归于尽）。排掉守着对方军旗的地雷。
lesson-junqi-mine-right = 工兵排掉了地雷并占据了它的位置。下一步就是军旗。
lesson-junqi-mine-wrong = 地雷还在。用工兵去排雷。
lesson-junqi-mine-mine = 地雷炸死了你的团长。只有工兵能排雷。
lesson-junqi-rail-slide-say = 粗线是铁路。沿直线铁路，只要路上没有棋子，棋子想走多远就走多远。用团长一步攻击对方的排长。
lesson-junqi-rail-slide-right = 一步沿铁路走到底，而且团长大于排长。
lesson-junqi-rail-slide-wrong = 排长还在。沿铁路一步就能到它那里。
lesson-junqi-engineer-corners-say = 其他棋子在铁路上只能走直线，工兵却可以在每个路口转弯。用工兵一步排掉远处的地雷。
lesson-junqi-engineer-corners-right = 工兵拐了个弯，一直开到地雷那里：只有工兵能这样走。
lesson-junqi-engineer-corners-wrong = 地雷还在。工兵转个弯，一步就能到。
lesson-junqi-engineer-corners-straight = 只有工兵能在铁路上转弯，团长只能走直线。
lesson-junqi-camp-say = 圆圈是行营，行营里的棋子不能被攻击。对方的司令威胁着你的师长：救救它。
lesson-junqi-camp-right = 在行营里，你的师长不会受到任何攻击。
lesson-junqi-camp-wrong = 司令大于师长。应该躲进行营。
lesson-junqi-headquarters-say = 带拱形标记的是大本营。翻棋的棋子是随机摆放的，所以大本营里可能是任何棋子，而且它可以像从别的兵站一样走出来。用军长吃掉对方的连长。
lesson-junqi-headquarters-right = 军长走出大本营并获胜：军长大于连长。
lesson-junqi-headquarters-wrong = 连长还在。直接从大本营出击吧。
lesson-junqi-flag-say = 夺得对方军旗就赢了，任何棋子都可以夺旗。现在就赢下来。
lesson-junqi-flag-right = 你夺得了军旗：你赢了！
lesson-junqi-flag-wrong = 军旗就在眼前。夺下它，这盘棋就是你的了。
lesson-junqi-flag-outranked = 连长大于排长：你的排长阵亡了。应该去夺旗。
lesson-junqi-quiet-draw-say = 连续80步（双方各40步）既没有翻棋也没有吃子，就是和棋。已经过了79步。让对局继续：翻一枚棋子或者发起攻击。
lesson-junqi-quiet-draw-right = 翻棋或攻击会让计数从零重新开始。
lesson-junqi-quiet-draw-wrong = 这是连续第80步没有翻棋也没有攻击：和棋了。应该翻棋或攻击。
lesson-junqi-classic-title = 学军棋
lesson-junqi-classic-done = 你知道判定怎么走了。和电脑（简单）下第一盘吗？
lesson-junqi-classic-unknown-say = 军棋里你只能看到自己的棋子。用旅长进攻前面的那个棋子。
lesson-junqi-classic-unknown-right = 判定只说谁留下来了：你的旅长胜了。那是什么棋子，你不会知道。
lesson-junqi-classic-unknown-wrong = 用旅长进攻a7的棋子。
lesson-junqi-classic-lost-say = 进攻不一定会胜。用排长进攻前面的棋子。
lesson-junqi-classic-lost-right = 你的排长负了，离开了棋盘；对方的棋子还在，你还是不知道它是什么，但知道它比排长大。
lesson-junqi-classic-lost-wrong = 用排长进攻c7的棋子。
lesson-junqi-classic-both-say = 用师长进攻前面的棋子。
lesson-junqi-classic-both-right = 同归于尽：判定让大家都知道。一样大的棋子（或炸弹）都会一起离开。
lesson-junqi-classic-both-wrong = 用师长进攻e7的棋子。
lesson-junqi-classic-camp-say = 行营（圆圈）里的棋子不能被进攻。进攻可以进攻的那个。
lesson-junqi-classic-camp-right = 对：a9的棋子不在行营里，你的团长胜了。
lesson-junqi-classic-camp-wrong = 进攻a9的棋子：b8的棋子在行营里。
lesson-junqi-classic-camp-refused = b8的棋子在行营里：不能进攻它。
lesson-junqi-classic-rails-say = 粗线是铁路：沿直线铁路，只要路上没有棋子，棋子想走多远就走多远。用a2的团长一步进攻a9的棋子。
lesson-junqi-classic-rails-right = 一步走了七个兵站，你的团长胜了。
lesson-junqi-classic-rails-wrong = 用a2的团长沿铁路一直走到a9。
lesson-junqi-classic-engineer-say = 只有工兵在铁路上可以转弯。用e6的工兵在a6转弯，进攻a11的棋子。
lesson-junqi-classic-engineer-right = 你的工兵负了：那个棋子比工兵大。用工兵进攻，可以知道对方的棋子大不大。
lesson-junqi-classic-engineer-wrong = 用e6的工兵沿铁路在a6转弯，走到a11。
lesson-junqi-classic-marshal-say = 用炸弹进攻前面的棋子：炸弹会和它一起离开。
lesson-junqi-classic-marshal-right = 那是对方的司令！司令被吃掉时，判定给大家看这一方的军旗（b12）。
lesson-junqi-classic-marshal-wrong = 用炸弹进攻c7的棋子。
lesson-junqi-classic-landmine-say = 地雷放在最后两行，只有工兵能吃。用工兵进攻a12的棋子。
lesson-junqi-classic-landmine-right = 那是地雷，你的工兵吃了它。
lesson-junqi-classic-landmine-wrong = 用工兵进攻a12的棋子。
lesson-junqi-classic-headquarters-say = 大本营里的棋子不能走。走一个可以走的棋子。
lesson-junqi-classic-headquarters-right = 对：只有大本营外的棋子可以走。
lesson-junqi-classic-headquarters-wrong = 走c2的营长。
lesson-junqi-classic-headquarters-locked = 你的连长在大本营里：它不能走。走别的棋子。
lesson-junqi-classic-take-flag-say = 对方的军旗在它的一个大本营里。用工兵夺取它。
lesson-junqi-classic-take-flag-right = 你夺取了军旗，赢了。结束时所有棋子都翻开。
lesson-junqi-classic-take-flag-wrong = 进攻工兵能走到的大本营：d12。

lesson-xiangqi-title = 学下象棋
lesson-xiangqi-done = 你已经掌握了象棋的规则。要不要和简单级别的电脑下第一盘？
lesson-xiangqi-general-say = 帅沿直线走一步，永远不能离开九宫（画着斜线的方框）。吃掉你九宫里的卒。
lesson-xiangqi-general-right = 帅没有出九宫就吃掉了卒。
lesson-xiangqi-general-wrong = 这样走可以，但九宫里的卒本来可以吃掉。
lesson-xiangqi-general-palace = 帅不能离开九宫。
lesson-xiangqi-advisor-say = 仕斜走一步，也不能离开九宫。用仕吃掉马。
lesson-xiangqi-advisor-right = 斜走一步，没有出九宫。
lesson-xiangqi-advisor-wrong = 马还在。用仕吃掉它。
lesson-xiangqi-advisor-palace = 仕不能离开九宫。
lesson-xiangqi-elephant-say = 相斜走两步（走“田”字），不能过河。中间的点上有棋子（塞象眼）就不能走。用相吃一个子。
lesson-xiangqi-elephant-right = 象眼没被塞住，所以相能吃掉炮。
lesson-xiangqi-elephant-wrong = 这步没有吃子。相一步就能吃到一个子。
lesson-xiangqi-elephant-eye = 马塞住了象眼：相不能往那边走。
lesson-xiangqi-horse-leg-say = 马先直走一步，再向外斜走一步（走“日”字）。直走的那一点上有棋子（蹩马腿）就不能走。用马吃一个子。
lesson-xiangqi-horse-leg-right = 那条路没有被挡住，所以马能吃掉炮。
lesson-xiangqi-horse-leg-wrong = 这步没有吃子。马一步就能吃到一个子。
lesson-xiangqi-horse-leg-leg = 你自己的兵蹩住了马腿：马不能往那边走。
lesson-xiangqi-chariot-say = 车沿直线走任意步，但不能越过棋子。用车吃一个子。
lesson-xiangqi-chariot-right = 车沿直线冲上去吃掉了马。
lesson-xiangqi-chariot-wrong = 这步没有吃子。车一步就能吃到一个子。
lesson-xiangqi-chariot-blocked = 马挡在路上，车不能越子。不过它可以吃掉马。
lesson-xiangqi-cannon-say = 炮走法和车一样，但吃子时必须隔着正好一个子（炮架）。用炮吃一个子。
lesson-xiangqi-cannon-right = 炮隔着马吃掉了车。
lesson-xiangqi-cannon-wrong = 这步没有吃子。炮和目标之间要正好隔一个子才能吃。
lesson-xiangqi-cannon-screen = 炮和马之间没有棋子：没有炮架，炮不能吃子。
lesson-xiangqi-soldier-say = 兵每次向前走一步，过河以后也可以横走，但永远不能后退。用兵吃掉一匹马。
lesson-xiangqi-soldier-right = 这个兵已经过河，所以可以横着吃。
lesson-xiangqi-soldier-wrong = 这步没有吃子。哪个兵可以横走？
lesson-xiangqi-soldier-river = 这个兵还没过河：只能向前走。
lesson-xiangqi-flying-generals-say = 帅和将不能在同一条直线上直接照面，中间必须有棋子。你的马是它们之间唯一的棋子。吃掉黑方的车。
lesson-xiangqi-flying-generals-right = 你的车吃掉了它。马不能动：它一走，帅和将就照面了。
lesson-xiangqi-flying-generals-wrong = 这步没有吃子。黑车一步就能吃掉。
lesson-xiangqi-flying-generals-face = 马不能走：帅和将会在同一条直线上照面。
lesson-xiangqi-check-say = 黑车在攻击你的帅：这叫将军，你这一步必须解除它。吃掉那个车来解将。
lesson-xiangqi-check-right = 将军解除了，车也没了。
lesson-xiangqi-check-wrong = 帅在那里是安全的，但将军的车本来可以吃掉。
lesson-xiangqi-check-ignore = 你的帅正被将军：不能解将的着法不允许走。
lesson-xiangqi-mate-say = 将死就赢了：对方的将被将军，而且怎么走都逃不掉。你的帅控制着整条直线，黑将不能走上去。一步将死对方。
lesson-xiangqi-mate-right = 将死！黑将逃不出车的攻击，旁边那条直线又被你的帅控制着。
lesson-xiangqi-mate-wrong = 还没有将死。找一步让黑将无路可逃的将军。
lesson-xiangqi-stalemate-say = 在象棋里，没有合法着法的一方判负，即使没有被将军（困毙）。封住黑将最后一步可走的路。
lesson-xiangqi-stalemate-right = 黑方无棋可走，这叫困毙。在象棋里这算输：你赢了。
lesson-xiangqi-stalemate-wrong = 黑方还能走。封住黑将还能走到的最后一个点。
lesson-xiangqi-perpetual-check-say = 你已经用同一个车连续将军五次了。用同一个子反复将军叫长将，长将判负。打破这个循环。
lesson-xiangqi-perpetual-check-right = 循环打破了，对局继续。
lesson-xiangqi-perpetual-check-wrong = 这步让对局结束了。找一步让对局继续的着法。
lesson-xiangqi-perpetual-check-repeat = 又是同样的将军：这就是长将，长将判负。应该打破循环。

lesson-qiguo-title = 学下七国象棋
lesson-qiguo-done = 你已经掌握了七国象棋的规则。要不要和简单级别的电脑下第一盘？
lesson-qiguo-states-say = 这里有七国交战：秦、楚、韓、齊、魏、趙、燕，各有自己的颜色和將。各国围着棋盘依次走棋，秦先走。你执秦：白色，在西边。随便走一步。
lesson-qiguo-states-right = 秦之后是楚、韓、齊、魏、趙、燕，然后又轮到秦。
lesson-qiguo-states-wrong = 用秦的一枚白子走一步。
lesson-qiguo-emperor-say = 周天子站在棋盘中央。他从不移动，不能被吃，任何棋子都不能停在他身上或越过他。用偏吃一个子。
lesson-qiguo-emperor-right = 你的偏沿着一条没有被天子挡住的线吃掉了它。
lesson-qiguo-emperor-wrong = 这步没有吃子。偏沿着它的某条线就能吃到一个子。
lesson-qiguo-emperor-emperor = 天子挡住了去路：不能停在他身上，也不能越过他。
lesson-qiguo-catapult-say = 砲沿直线走任意距离，但吃子时必须正好隔着一个子。任何棋子都可以当炮架，天子也行。用砲吃一个子。
lesson-qiguo-catapult-right = 砲隔着一个子吃掉了后面那个。
lesson-qiguo-catapult-wrong = 这步没有吃子。找一个前面正好隔着一个子的棋子。
lesson-qiguo-catapult-screen = 中间没有棋子：砲只能隔着正好一个子吃子。
lesson-qiguo-cavalry-say = 騎先沿直线走一步，再向外斜走正好三步，途经的点都必须是空的。用你的騎吃掉一个橙色的子。
lesson-qiguo-cavalry-right = 直走一步，再斜走三步：一个大跳，吃掉了一个橙色的子。
lesson-qiguo-cavalry-wrong = 这步没有吃子。数一数：直走一步，再斜走三步，就到橙色的子。
lesson-qiguo-cavalry-shape = 騎不能走到那里：先直走一步，再斜走正好三步。
lesson-qiguo-diplomat-say = 行人从不吃子，也不会被吃，但它像别的棋子一样会挡路。用偏吃一个子。
lesson-qiguo-diplomat-right = 你的偏吃掉了一个子。行人是吃不掉的。
lesson-qiguo-diplomat-wrong = 这步没有吃子。偏沿着它的某条线就能吃到一个子。
lesson-qiguo-diplomat-diplomat = 行人永远不能被吃。
lesson-qiguo-allies-say = 不足七人时，有的国家结成联盟，由一位玩家指挥，盟国之间不互吃。这里燕（黑色）是秦的盟国。用弩吃掉一个敌方的子。
lesson-qiguo-allies-right = 你吃掉了敌国楚的一个子。你吃不了燕的子，燕也吃不了你的。
lesson-qiguo-allies-wrong = 这步没有吃子。敌方的子就在附近。
lesson-qiguo-allies-ally = 燕是你的盟国：盟国之间不互吃。
lesson-qiguo-ruler-say = 一国的將被吃，这个国家就离开棋盘：所有棋子一起离开。楚（红色）的將走出来了。吃掉它。
lesson-qiguo-ruler-right = 楚的將被吃，楚国所有的棋子都离开了棋盘。
lesson-qiguo-ruler-wrong = 红色的將就在附近，吃掉它就能让整个楚国出局。
lesson-qiguo-last-pieces-say = 一次吃子后，如果一国只剩六个或更少的棋子，这个国家也会离开棋盘。韓（橙色）还剩七个子。吃掉其中一个。
lesson-qiguo-last-pieces-right = 韓只剩六个子，于是全部离开了棋盘。
lesson-qiguo-last-pieces-wrong = 这步没有吃到韓的子。再吃韓一个子，韓就出局了。
lesson-qiguo-hegemon-say = 一位玩家的国家共吃掉两个將或三十一个子，就成为霸主，立即获胜。你已经吃掉一个將了。再吃一个。
lesson-qiguo-hegemon-right = 两个將：你成为霸主，赢了！
lesson-qiguo-hegemon-wrong = 对局还在继续。吃掉橙色的將，立即获胜。

## Lessons: the shell around the steps
menu-learn = 学习玩法
learn-offer = 第一次玩？在棋盘上几步就能学会。
learn-offer-decline = 不用了
# $number: the step on the table; $total: how many the lesson has.
learn-step = 第 { $number } 步，共 { $total } 步
learn-next = 下一步
learn-again = 再试一次
learn-leave = 退出教程
learn-play-easy = 和简单电脑下一盘

## Junqi classic: the deployment screen
deploy-title = 排兵
deploy-intro-red = 你执红先走。摆放你的 25 枚棋子，不让对手看到：先点一枚棋子再点另一枚，两枚就互相移到对方的位置；也可以把一枚拖到另一枚上。你的前排在上方。
deploy-intro-blue = 你执蓝。摆放你的 25 枚棋子，不让对手看到：先点一枚棋子再点另一枚，两枚就互相移到对方的位置；也可以把一枚拖到另一枚上。你的前排在上方。
deploy-random = 随机
deploy-balanced = 攻守
deploy-defensive = 保守
deploy-aggressive = 进攻
deploy-save = 保存摆法
deploy-layout-name = 摆法名字
deploy-ready = 完成
deploy-all-legal = 所有棋子都放在规则允许的位置。
deploy-rule-flag = 军旗必须放在大本营。
deploy-rule-landmine = 地雷只能放在最后两排。
deploy-rule-bomb = 炸弹不能放在第一排。
deploy-rule-other = 这个摆法不合规则。

## Junqi classic at the table
title-subtitle-classic = 军棋 — 不让对方看到排兵，判定谁胜谁负
record-help-classic = 文字记下的棋：和棋步数，双方的兵，然后每一步和判定的结果。
classic-verdict-won = 胜
classic-verdict-lost = 负
classic-verdict-both = 同归于尽
classic-cover-title = 交给对方
# $hidden: the side that looks away; $player: the side whose turn it is.
classic-cover-deploy = { $hidden }：请不要看。{ $player }排兵 — { $player }，好了请点一下。
classic-cover-move = { $hidden }：请不要看。{ $player }，好了请点一下。
classic-cover-ready = 我好了
classic-armies-awaited = 等待双方摆好棋子
classic-replay-shows = 回放里看到的
classic-replay-everything = 全部
classic-rules-goal = 夺取对方的军旗。双方在自己的一边排好25个棋子，不让对方看到；你只能看到自己的棋子。
classic-rules-deploy-title = 排兵
classic-rules-deploy = 军旗放在自己的大本营。地雷放在最后两行，炸弹不能放在第一行，行营开始时是空的。大本营里的棋子不能走。
classic-rules-referee-title = 判定
classic-rules-referee = 走到对方的棋子上就是进攻。判定只让双方知道结果：进攻的一方胜、负或同归于尽。司令被吃掉时，这一方的军旗给大家看。
# $limit (number): the draw limit, in plies.
classic-rules-end = 夺取对方的军旗就赢了。轮到自己却没有可走的棋就输了。连续{ $limit }步没有交战就是和棋。结束时所有棋子都翻开。
