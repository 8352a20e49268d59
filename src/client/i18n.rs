//! Interface strings in English, Russian and Chinese: `tr(lang, key)`.

use serde::{Deserialize, Serialize};

/// An interface language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
    /// Chinese (simplified).
    Zh,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::Zh];

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Zh => "中文",
        }
    }

    /// The language the environment asks for (`LANG` and friends), English if none fits.
    pub fn from_environment() -> Lang {
        if cfg!(target_arch = "wasm32") {
            return Lang::En;
        }
        let wanted = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .unwrap_or_default();
        if wanted.starts_with("ru") {
            Lang::Ru
        } else if wanted.starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }
}

/// The text of `key` in `lang`; the key itself if the table lacks it.
pub fn tr(lang: Lang, key: &'static str) -> &'static str {
    let column = match lang {
        Lang::En => 0,
        Lang::Ru => 1,
        Lang::Zh => 2,
    };
    TABLE
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key, |(_, texts)| texts[column])
}

/// Key, then English, Russian, Chinese.
const TABLE: &[(&str, [&str; 3])] = &[
    (
        "title.subtitle",
        [
            "Junqi flip — army chess with hidden pieces",
            "Цзюньци вслепую — армейские шахматы",
            "军棋翻棋",
        ],
    ),
    ("menu.continue", ["Continue", "Продолжить", "继续"]),
    ("menu.new_game", ["New game", "Новая игра", "新游戏"]),
    ("menu.rules", ["Rules", "Правила", "规则"]),
    ("menu.settings", ["Settings", "Настройки", "设置"]),
    ("menu.quit", ["Quit", "Выход", "退出"]),
    ("menu.back", ["Back", "Назад", "返回"]),
    (
        "new.hot_seat",
        [
            "Two players on this device",
            "Два игрока за одним устройством",
            "双人同机对战",
        ],
    ),
    (
        "new.vs_computer",
        ["Against the computer", "Против компьютера", "人机对战"],
    ),
    ("new.start", ["Start", "Начать", "开始"]),
    ("level.easy", ["Easy", "Лёгкий", "简单"]),
    ("level.medium", ["Medium", "Средний", "中等"]),
    ("level.hard", ["Hard", "Сложный", "困难"]),
    ("seat.first", ["I move first", "Хожу первым", "我先走"]),
    ("seat.second", ["I move second", "Хожу вторым", "我后走"]),
    ("seat.random", ["Random", "Случайно", "随机"]),
    ("settings.master", ["Volume", "Громкость", "总音量"]),
    ("settings.effects", ["Effects", "Эффекты", "音效"]),
    ("settings.music", ["Music", "Музыка", "音乐"]),
    ("settings.animation", ["Animation", "Анимация", "动画"]),
    ("settings.language", ["Language", "Язык", "语言"]),
    (
        "settings.labels",
        ["Piece labels", "Надписи на фишках", "棋子文字"],
    ),
    (
        "settings.rotate",
        [
            "Turn the board to the player to move",
            "Поворачивать доску к ходящему",
            "棋盘转向走棋方",
        ],
    ),
    ("speed.slow", ["Slow", "Медленно", "慢"]),
    ("speed.normal", ["Normal", "Обычно", "正常"]),
    ("speed.fast", ["Fast", "Быстро", "快"]),
    ("speed.instant", ["Instant", "Мгновенно", "即时"]),
    ("labels.chinese", ["Chinese", "Китайские", "中文"]),
    ("labels.latin", ["Latin", "Латиница", "拉丁字母"]),
    ("labels.both", ["Both", "Оба", "两者"]),
    ("side.red", ["Red", "Красные", "红方"]),
    ("side.blue", ["Blue", "Синие", "蓝方"]),
    ("player.first", ["First player", "Первый игрок", "先手玩家"]),
    (
        "player.second",
        ["Second player", "Второй игрок", "后手玩家"],
    ),
    ("turn.to_move", ["to move", "ходят", "走棋"]),
    ("turn.game_over", ["Game over", "Игра окончена", "对局结束"]),
    ("turn.you", ["Your turn", "Ваш ход", "轮到你了"]),
    (
        "turn.computer",
        [
            "The computer is thinking…",
            "Компьютер думает…",
            "电脑思考中…",
        ],
    ),
    (
        "turn.pick",
        [
            "Flip any piece: its colour becomes yours",
            "Откройте любую фишку: её цвет станет вашим",
            "翻开任意一枚棋子：它的颜色就是你的",
        ],
    ),
    (
        "hud.quiet",
        [
            "Plies without flip or attack:",
            "Ходов без вскрытий и атак:",
            "未翻棋未吃子步数：",
        ],
    ),
    ("hud.undo", ["Undo", "Отменить", "悔棋"]),
    ("hud.resign", ["Resign", "Сдаться", "认输"]),
    ("hud.hint", ["Hint", "Подсказка", "提示"]),
    ("hud.hint_is", ["Hint:", "Подсказка:", "提示："]),
    ("hud.draw", ["Offer draw", "Предложить ничью", "提和"]),
    ("hud.menu", ["Main menu", "Главное меню", "主菜单"]),
    ("hud.pool", ["Face down", "Закрытые", "未翻开"]),
    ("hud.captured", ["Lost pieces", "Потери", "阵亡棋子"]),
    ("hud.moves", ["Moves", "Ходы", "着法"]),
    (
        "hud.no_moves",
        ["No moves yet", "Ходов пока нет", "尚无着法"],
    ),
    (
        "dialog.resign",
        ["resign this game?", "сдаться?", "确定认输吗？"],
    ),
    ("dialog.cancel", ["Cancel", "Отмена", "取消"]),
    (
        "dialog.offers_draw",
        ["offers a draw.", "предлагают ничью.", "提议和棋。"],
    ),
    (
        "dialog.accept_draw",
        ["do you accept?", "согласны?", "是否同意？"],
    ),
    ("dialog.accept", ["Accept", "Принять", "同意"]),
    ("dialog.decline", ["Decline", "Отклонить", "拒绝"]),
    (
        "toast.draw_declined",
        [
            "The draw offer was declined.",
            "Ничья отклонена.",
            "和棋提议被拒绝。",
        ],
    ),
    (
        "toast.bad_save",
        [
            "The saved game could not be read; a new game has started.",
            "Сохранённую игру не удалось прочитать; начата новая игра.",
            "无法读取存档，已开始新游戏。",
        ],
    ),
    ("result.you_win", ["Victory!", "Победа!", "胜利！"]),
    ("result.you_lose", ["Defeat", "Поражение", "失败"]),
    ("result.wins", ["wins!", "победили!", "获胜！"]),
    ("result.draw", ["Draw", "Ничья", "和棋"]),
    ("result.rematch", ["Rematch", "Реванш", "再来一局"]),
    (
        "result.view_board",
        ["View the board", "Посмотреть доску", "查看棋盘"],
    ),
    (
        "reason.flag",
        ["the flag was captured", "флаг захвачен", "军旗被夺"],
    ),
    (
        "reason.stuck",
        ["no legal action left", "нет возможных ходов", "无棋可走"],
    ),
    ("reason.resigned", ["resigned", "сдались", "认输"]),
    (
        "reason.quiet",
        [
            "No flip or attack for too long",
            "Слишком долго без вскрытий и атак",
            "长时间未翻棋未吃子",
        ],
    ),
    (
        "reason.agreement",
        [
            "Agreed by both players",
            "По согласию игроков",
            "双方同意和棋",
        ],
    ),
    (
        "reason.no_action",
        ["No action was left", "Не осталось ходов", "无棋可走"],
    ),
    ("kind.marshal", ["Marshal", "Маршал", "司令"]),
    ("kind.general", ["General", "Генерал", "军长"]),
    ("kind.division", ["Division commander", "Комдив", "师长"]),
    ("kind.brigade", ["Brigade commander", "Комбриг", "旅长"]),
    ("kind.regiment", ["Colonel", "Полковник", "团长"]),
    ("kind.battalion", ["Major", "Майор", "营长"]),
    ("kind.company", ["Captain", "Капитан", "连长"]),
    ("kind.platoon", ["Lieutenant", "Лейтенант", "排长"]),
    ("kind.engineer", ["Engineer", "Сапёр", "工兵"]),
    ("kind.bomb", ["Bomb", "Бомба", "炸弹"]),
    ("kind.landmine", ["Landmine", "Мина", "地雷"]),
    ("kind.flag", ["Flag", "Флаг", "军旗"]),
    ("rules.goal.title", ["Goal", "Цель", "目标"]),
    (
        "rules.goal",
        [
            "Capture the enemy flag. All 50 pieces start face down and shuffled; nobody knows which piece is where until it is turned over.",
            "Захватить вражеский флаг. Все 50 фишек в начале лежат вниз лицом в случайном порядке; никто не знает, где какая, пока её не откроют.",
            "夺取对方军旗。开局时50枚棋子全部背面朝上随机摆放，翻开之前谁也不知道哪枚是什么。",
        ],
    ),
    ("rules.board.title", ["The board", "Доска", "棋盘"]),
    (
        "rules.board",
        [
            "5 files and 12 ranks. Posts (rectangles) hold pieces. The 10 camps (circles) start empty, and a piece in a camp cannot be attacked. The 4 headquarters have an arch. Thin lines are roads: one step at a time (diagonals only into and out of camps). Thick lines with sleepers are railways: a piece slides along a straight rail line as far as the way is empty. Between ranks 6 and 7 lies the front; it can be crossed only on files a, c and e — mountains block b and d.",
            "5 вертикалей и 12 горизонталей. На постах (прямоугольники) стоят фишки. 10 лагерей (круги) в начале пусты, фишку в лагере атаковать нельзя. У 4 штабов — арка. Тонкие линии — дороги: один шаг за ход (по диагонали — только в лагерь и из него). Толстые линии со шпалами — железные дороги: фишка едет по прямой, пока путь свободен. Между 6 и 7 горизонталями — фронт; пересечь его можно только по вертикалям a, c и e — на b и d горы.",
            "5列12行。兵站（矩形）上放棋子。10个行营（圆圈）开局为空，行营里的棋子不能被攻击。4个大本营带拱形标记。细线是公路：每次走一步（只有进出行营可以斜走）。带枕木的粗线是铁路：棋子可沿直线铁路一直行驶，直到遇到棋子。第6与第7行之间是前线，只能从a、c、e列通过，b、d列有山界阻隔。",
        ],
    ),
    ("rules.pieces.title", ["Pieces", "Фишки", "棋子"]),
    (
        "rules.pieces",
        [
            "Each side has 25 pieces. Officers beat lower officers (9 is the highest). Bombs, landmines and the flag have no rank.",
            "У каждой стороны 25 фишек. Старший офицер бьёт младшего (9 — высший чин). У бомб, мин и флага чина нет.",
            "每方25枚棋子。大官吃小官（9最大）。炸弹、地雷和军旗没有军衔。",
        ],
    ),
    ("rules.play.title", ["A turn", "Ход", "走棋"]),
    (
        "rules.play",
        [
            "On your turn, either flip any face-down piece (of either colour), or move one of your face-up pieces. The first flip of the game decides the colours: the first player plays the colour of the piece they turned. Landmines and the flag never move. An engineer may turn corners on the railway.",
            "В свой ход откройте любую закрытую фишку (любого цвета) или передвиньте свою открытую. Первое вскрытие определяет цвета: первый игрок играет цветом открытой им фишки. Мины и флаг не ходят. Сапёр может поворачивать на железной дороге.",
            "轮到你时，可以翻开任意一枚背面朝上的棋子（任何颜色），或移动一枚己方已翻开的棋子。第一次翻棋决定颜色：先手方执所翻棋子的颜色。地雷和军旗不能移动。工兵在铁路上可以转弯。",
        ],
    ),
    ("rules.combat.title", ["Attacks", "Атака", "吃子"]),
    (
        "rules.combat",
        [
            "Move onto a face-up enemy piece that is not in a camp to attack it. The higher rank wins and takes the point; equal ranks both leave the board. A bomb removes itself and whatever it meets. A landmine destroys any attacker except an engineer, which clears it. Face-down pieces cannot be attacked.",
            "Чтобы атаковать, ходите на открытую вражескую фишку вне лагеря. Старший чин побеждает и занимает пункт; равные уходят с доски оба. Бомба уничтожает себя и того, кого встретила. Мина уничтожает любого нападающего, кроме сапёра, который её снимает. Закрытые фишки атаковать нельзя.",
            "走到不在行营中的对方明子上即为攻击。军衔高者胜并占据该点；军衔相同则同归于尽。炸弹与所遇棋子同归于尽。地雷炸死除工兵以外的任何进攻者，工兵可以排雷。背面朝上的棋子不能被攻击。",
        ],
    ),
    ("rules.end.title", ["End of the game", "Конец игры", "胜负"]),
    (
        "rules.end",
        [
            "Capturing the enemy flag wins. A player with no legal action on their turn loses. After 80 plies in a row without a flip or an attack the game is drawn.",
            "Захват вражеского флага — победа. Игрок, которому нечем ходить, проигрывает. После 80 ходов подряд без вскрытий и атак — ничья.",
            "夺得对方军旗者胜。轮到走棋却无棋可走者负。连续80步没有翻棋也没有吃子则为和棋。",
        ],
    ),
    ("rules.controls.title", ["Controls", "Управление", "操作"]),
    (
        "rules.controls",
        [
            "Click a face-down piece to flip it. Click your piece to see where it can go (green dots: moves, red frames: attacks), then click the destination. Keyboard: arrows move the cursor, Enter or Space confirms, Esc cancels. Gamepad: d-pad, A to confirm, B to cancel.",
            "Щёлкните по закрытой фишке, чтобы открыть её. Щёлкните по своей фишке, чтобы увидеть её ходы (зелёные точки — ходы, красные рамки — атаки), затем по цели. Клавиатура: стрелки двигают курсор, Enter или пробел — подтвердить, Esc — отменить. Геймпад: крестовина, A — подтвердить, B — отменить.",
            "点击背面朝上的棋子即可翻开。点击己方棋子查看可走位置（绿点：移动，红框：攻击），再点击目标。键盘：方向键移动光标，回车或空格确认，Esc取消。手柄：方向键移动，A确认，B取消。",
        ],
    ),
];
