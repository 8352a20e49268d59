# kawu interface text: Russian.
# The same message ids in every language file; see README.md in this folder.

## Title screen and main menu

title-subtitle = Цзюньци вслепую — армейские шахматы
menu-continue = Продолжить
menu-new-game = Новая игра
menu-rules = Правила
menu-settings = Настройки
menu-quit = Выход
menu-back = Назад

## New game

new-hot-seat = Два игрока за одним устройством
new-vs-computer = Против компьютера
new-start = Начать
level-easy = Лёгкий
level-medium = Средний
level-hard = Сложный
seat-first = Хожу первым
seat-second = Хожу вторым
seat-random = Случайно

## Settings

settings-master = Громкость
settings-effects = Эффекты
settings-music = Музыка
settings-animation = Анимация
settings-language = Язык
settings-labels = Надписи на фишках
settings-rotate = Поворачивать доску к ходящему
speed-slow = Медленно
speed-normal = Обычно
speed-fast = Быстро
speed-instant = Мгновенно
labels-chinese = Китайские
labels-latin = Латиница
labels-both = Оба

## Sides, players and turns

side-red = Красные
side-blue = Синие
player-first = Первый игрок
player-second = Второй игрок
turn-to-move = ходят
turn-game-over = Игра окончена
turn-you = Ваш ход
turn-computer = Компьютер думает…
turn-pick = Откройте любую фишку: её цвет станет вашим

## In-game panel

# $count (number): plies played in a row without a flip or an attack.
# $limit (number): the ruleset's draw limit.
hud-quiet = Ходов без вскрытий и атак: { $count } / { $limit }
hud-undo = Отменить
hud-resign = Сдаться
hud-hint = Подсказка
hud-hint-is = Подсказка:
hud-draw = Предложить ничью
hud-menu = Главное меню
hud-pool = Закрытые
hud-captured = Потери
hud-moves = Ходы
hud-no-moves = Ходов пока нет

## Dialogs and short messages

dialog-resign = сдаться?
dialog-cancel = Отмена
dialog-offers-draw = предлагают ничью.
dialog-accept-draw = согласны?
dialog-accept = Принять
dialog-decline = Отклонить
toast-draw-declined = Ничья отклонена.
toast-bad-save = Сохранённую игру не удалось прочитать; начата новая игра.

## End of the game

result-you-win = Победа!
result-you-lose = Поражение
result-wins = победили!
result-draw = Ничья
result-rematch = Реванш
result-view-board = Посмотреть доску
reason-flag = флаг захвачен
reason-stuck = нет возможных ходов
reason-resigned = сдались
# $limit (number): the ruleset's draw limit, in plies.
reason-quiet = Слишком долго без вскрытий и атак ({ $limit ->
        [one] { $limit } ход
        [few] { $limit } хода
       *[many] { $limit } ходов
    })
reason-agreement = По согласию игроков
reason-no-action = Не осталось ходов

## Piece names

kind-marshal = Маршал
kind-general = Генерал
kind-division = Комдив
kind-brigade = Комбриг
kind-regiment = Полковник
kind-battalion = Майор
kind-company = Капитан
kind-platoon = Лейтенант
kind-engineer = Сапёр
kind-bomb = Бомба
kind-landmine = Мина
kind-flag = Флаг

## Rules page

rules-goal-title = Цель
rules-goal = Захватить вражеский флаг. Все 50 фишек в начале лежат вниз лицом в случайном порядке; никто не знает, где какая, пока её не откроют.
rules-board-title = Доска
rules-board = 5 вертикалей и 12 горизонталей. На постах (прямоугольники) стоят фишки. 10 лагерей (круги) в начале пусты, фишку в лагере атаковать нельзя. У 4 штабов — арка. Тонкие линии — дороги: один шаг за ход (по диагонали — только в лагерь и из него). Толстые линии со шпалами — железные дороги: фишка едет по прямой, пока путь свободен. Между 6 и 7 горизонталями — фронт; пересечь его можно только по вертикалям a, c и e — на b и d горы.
rules-pieces-title = Фишки
rules-pieces = У каждой стороны 25 фишек. Старший офицер бьёт младшего (9 — высший чин). У бомб, мин и флага чина нет.
rules-play-title = Ход
rules-play = В свой ход откройте любую закрытую фишку (любого цвета) или передвиньте свою открытую. Первое вскрытие определяет цвета: первый игрок играет цветом открытой им фишки. Мины и флаг не ходят. Сапёр может поворачивать на железной дороге.
rules-combat-title = Атака
rules-combat = Чтобы атаковать, ходите на открытую вражескую фишку вне лагеря. Старший чин побеждает и занимает пункт; равные уходят с доски оба. Бомба уничтожает себя и того, кого встретила. Мина уничтожает любого нападающего, кроме сапёра, который её снимает. Закрытые фишки атаковать нельзя.
rules-end-title = Конец игры
# $limit (number): the draw limit of a new game, in plies.
rules-end =
    Захват вражеского флага — победа. Игрок, которому нечем ходить, проигрывает. После { $limit } { $limit ->
        [one] хода
       *[other] ходов
    } подряд без вскрытий и атак — ничья.
rules-controls-title = Управление
rules-controls = Щёлкните по закрытой фишке, чтобы открыть её. Щёлкните по своей фишке, чтобы увидеть её ходы (зелёные точки — ходы, красные рамки — атаки), затем по цели. Клавиатура: стрелки двигают курсор, Enter или пробел — подтвердить, Esc — отменить. Геймпад: крестовина, A — подтвердить, B — отменить.

## Онлайн-игра
menu-online = Игра по сети
online-create = Создать комнату
online-join = Войти
online-watch = Смотреть
online-code = Код комнаты:
online-copy-link = Скопировать ссылку
online-clock-choice = Время на ход:
online-clock-off = Без ограничения
online-clock-30 = 30 с
online-clock-60 = 60 с
online-connecting = Подключение…
online-connected = В сети
online-reconnecting = Связь потеряна, переподключение…
online-failed = Сервер недоступен
online-opponent-here = Соперник на месте
online-opponent-away = Ждём соперника…
online-spectators = { $count ->
    [one] { $count } зритель
    [few] { $count } зрителя
   *[many] { $count } зрителей
}
online-clock = Время на ход: { $seconds } с
online-draw-offered = Соперник предлагает ничью.
settings-server = Сервер:
toast-online-error = Сервер отказал:
reason-timeout = время вышло
reason-abandoned = покинули игру

## Сянци
xq-subtitle = Сянци — китайские шахматы
xq-red = Красные
xq-black = Чёрные
xq-check = шах!
xq-reason-checkmate = { $side }: мат
xq-reason-stalemate = { $side }: нет ходов (в сянци это поражение)
xq-reason-perpetual-check = { $side } без конца шаховали одними и теми же фигурами: вечный шах проигрывает
xq-reason-perpetual-chase = { $side } без конца преследовали незащищённую фигуру: вечное преследование проигрывает
xq-reason-repetition = позиция повторилась трижды без нарушения правил
xq-reason-move-limit = достигнут предел числа ходов
xq-reason-no-progress = по 30 ходов без взятий и продвижения солдат
record-load = Загрузить
xq-transfer-help = Партия текстом: FEN, затем «moves» и ходы в ICCS (h2e2 h9g7 …).
qg-transfer-help = Партия текстом: QFEN, затем «moves» и ходы (e10j15 f5f10 …).
xq-rules-goal = Поставьте мат вражескому генералу: атакуйте его так, чтобы никакой ход не спас. Сторона без ходов тоже проигрывает. Генералы не могут стоять друг против друга на открытой вертикали.
xq-rules-general = Генерал: шаг по линии, только внутри дворца.
xq-rules-advisor = Советник: шаг по диагонали, внутри дворца.
xq-rules-elephant = Слон: два шага по диагонали, не за реку; ход закрыт фигурой посередине.
xq-rules-horse = Конь: шаг прямо и шаг по диагонали наружу; ход закрыт соседней фигурой.
xq-rules-chariot = Колесница: на любое расстояние по линии.
xq-rules-cannon = Пушка: ходит как колесница, бьёт, перепрыгнув ровно одну фигуру.
xq-rules-soldier = Солдат: шаг вперёд; за рекой — и в стороны.
xq-rules-end = Шаховать или преследовать одними и теми же фигурами снова и снова — поражение (вечный шах, вечное преследование). Трёхкратное повторение без этого — ничья, как и 30 ходов каждой стороны без взятий и продвижения солдат, и предел ходов.

record-export = Экспорт
record-import = Импорт
record-copy = Копировать
record-paste = Вставить
toast-copied = Скопировано.
toast-copy-failed = Не удалось скопировать:
toast-paste-failed = Не удалось вставить:
record-bad = Эту запись не прочитать:

menu-replays = Записи партий
replays-none = Законченных партий пока нет: каждая сыгранная партия сохраняется здесь.
replays-watch = Смотреть
replays-moves = { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}
replays-import = Посмотреть партию из текста
record-help-junqi = Партия текстом: правила, раздача (JFEN), затем все действия и что открыл каждый переворот.
record-watch = Смотреть
record-no-export = Нет партии для экспорта.
replay-progress = Ход { $shown } из { $total }
replay-play = Воспроизвести
replay-pause = Пауза
replay-continue = Играть с этого места
replay-everyone-here = Все игроки за одним устройством
replay-versus-computer = Против компьютера (вы играете за сторону, чей ход):
result-replay = Смотреть запись

## Ципо сянци (игра семи царств)

qg-subtitle = Ципо сянци — семь царств на доске для го, от 3 до 7 игроков
new-players = Игроки
# $number (number): номер места, с 1.
new-seat = Место { $number }
seat-person = Человек
qg-state-qin = Цинь 秦
qg-state-chu = Чу 楚
qg-state-han = Хань 韓
qg-state-qi = Ци 齊
qg-state-wei = Вэй 魏
qg-state-zhao = Чжао 趙
qg-state-yan = Янь 燕
qg-colour-white = белые
qg-colour-red = красные
qg-colour-orange = оранжевые
qg-colour-blue = синие
qg-colour-green = зелёные
qg-colour-purple = фиолетовые
qg-colour-black = чёрные
# $state: название царства; $colour: цвет его армии.
qg-state-to-move = Ходит { $state } ({ $colour })
# $number (number): номер места игрока, с 1.
qg-player = Игрок { $number }
# $player: имя игрока.
qg-wins = Побеждает { $player }
# $players: имена игроков через запятую.
qg-share-win = Победу делят: { $players }
qg-end-hegemon = { $player } взял двух правителей или 31 фигуру и стал гегемоном.
qg-end-last-seat = На доске остались только царства игрока { $player }.
qg-end-quiet = 200 ходов подряд без взятия.
# $place: 1 у победителей; $player: игрок с его царствами; $score: взято фигур; $rulers: из них правителей.
qg-standing = { $place }. { $player }: взято { $score }, правителей: { $rulers }
qg-hegemon = гегемон
qg-result-table = Итог
qg-states = Царства
# $count: сколько фигур взяло царство.
qg-captures = взяло { $count }
# $count: сколько фигур царство потеряло.
qg-lost = потеряло { $count }
qg-eliminated = выбыло
qg-rules-goal = Семь царств сражаются на линиях доски для го вокруг чжоуского императора: он не ходит, его нельзя взять или перепрыгнуть. Берите фигуры: игрок, чьи царства взяли двух правителей или 31 фигуру, становится гегемоном и сразу побеждает. Иначе игра кончается, когда на доске остаются царства одного игрока или после 200 ходов подряд без взятия, и побеждает тот, кто взял больше фигур.
qg-rules-board = Царства ходят по очереди по кругу, у каждого своя армия из 17 фигур:
qg-rules-ruler = Правитель: на любое расстояние в восьми направлениях. Его взятие убирает всё царство.
qg-rules-general = Генерал: на любое расстояние по линии.
qg-rules-officer = Офицер: на любое расстояние по диагонали.
qg-rules-diplomat = Дипломат: на любое расстояние в восьми направлениях; не берёт и не может быть взят, но загораживает путь.
qg-rules-catapult = Катапульта: на любое расстояние по линии; берёт только прыжком ровно через одну фигуру (император тоже считается).
qg-rules-archer = Лучник: на одно–четыре поля в восьми направлениях.
qg-rules-crossbowman = Арбалетчик: на одно–пять полей в восьми направлениях.
qg-rules-swordsman = Мечник: на одно поле по диагонали.
qg-rules-heavy-swordsman = Тяжёлый мечник: на одно поле по линии.
qg-rules-cavalry = Конница: одно поле по линии, затем ровно три по диагонали наружу, по пустым полям.
qg-rules-elimination = Царство уходит с доски, все его фигуры сразу, когда взят его правитель, когда у него осталось шесть фигур или когда в свой ход ему некуда ходить.
qg-rules-alliances = Если игроков меньше семи, некоторые играют союзом соседних царств: каждое царство ходит в свою очередь, а союзники друг друга не берут.
qg-rules-end = Сдаться или предложить ничью нельзя: игра решается на доске.
qg-rules-zoom = На маленьком экране доску можно приблизить колесом мыши или двумя пальцами и сдвинуть, потянув с пустого поля.
