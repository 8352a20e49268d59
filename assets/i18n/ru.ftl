# kawu interface text: Russian.
# The same message ids in every language file; see README.md in this folder.

## Title screen and main menu

title-subtitle = Армейские шахматы (цзюньци) с переворотом
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
settings-labels = Надписи на фигурах
settings-rotate = Поворачивать доску к ходящему
settings-colour-safe = Цвета для дальтоников
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
turn-pick = Откройте любую фигуру: её цвет станет вашим

## In-game panel

# $count (number): plies played in a row without a flip or an attack.
# $limit (number): the ruleset's draw limit.
hud-quiet = Ходов без открытий и атак: { $count } / { $limit }
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
reason-quiet = Слишком долго без открытий и атак ({ $limit ->
        [one] { $limit } ход
        [few] { $limit } хода
       *[many] { $limit } ходов
    })
reason-agreement = По согласию игроков
reason-no-action = Не осталось ходов

## Piece names

kind-marshal = Маршал
kind-general = Генерал
kind-division = Генерал-майор
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
rules-goal = Захватить вражеский флаг. Все 50 фигур в начале вперемешку лежат рубашкой вверх; никто не знает, где какая, пока её не откроют.
rules-board-title = Доска
rules-board = 5 вертикалей и 12 горизонталей. На постах (прямоугольники) стоят фигуры. 10 лагерей (кружки) в начале пусты, фигуру в лагере атаковать нельзя. У 4 штабов — арка. Тонкие линии — дороги: один шаг за ход (по диагонали — только в лагерь и из него). Толстые линии со шпалами — железные дороги: фигура едет по прямой, пока путь свободен. Между 6 и 7 горизонталями — линия фронта; пересечь его можно только по вертикалям a, c и e — на b и d горы.
rules-pieces-title = Фигуры
rules-pieces = У каждой стороны 25 фигур. Старшее звание бьёт младшее (9 — высшее). У бомб, мин и флага звания нет.
rules-play-title = Ход
rules-play = В свой ход откройте любую закрытую фигуру (свою или чужую) или сходите своей открытой. Первое открытие определяет цвета: первый игрок играет цветом открытой им фигуры. Мины и флаг не ходят. Сапёр может поворачивать на железной дороге.
rules-combat-title = Атака
rules-combat = Чтобы атаковать, сходите на открытую вражескую фигуру вне лагеря. Старшее звание побеждает и занимает пост; равные уходят с доски обе. Бомба и фигура, с которой она столкнулась, снимаются обе, кто бы ни атаковал. Мина уничтожает любого нападающего, кроме сапёра, который её обезвреживает. Закрытые фигуры атаковать нельзя.
rules-end-title = Конец игры
# $limit (number): the draw limit of a new game, in plies.
rules-end =
    Захват вражеского флага — победа. Игрок, которому нечем ходить, проигрывает. После { $limit } { $limit ->
        [one] хода
       *[other] ходов
    } подряд без открытий и атак — ничья.
rules-controls-title = Управление
rules-controls = Щёлкните по закрытой фигуре, чтобы открыть её. Щёлкните по своей фигуре, чтобы увидеть её ходы (зелёные точки — ходы, красные рамки — атаки), затем по цели. Клавиатура: стрелки двигают курсор, Enter или пробел — подтвердить, Esc — отменить. Геймпад: крестовина, A — подтвердить, B — отменить.

## Онлайн-игра
menu-online = Игра по сети
online-create = Создать комнату
online-join = Войти
online-watch = Смотреть
online-code = Код комнаты:
online-copy-link = Скопировать ссылку
online-game-picture = Сыгранная партия картинкой:
online-copy-picture-link = Скопировать ссылку на картинку
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
online-takeback-ask = Попросить вернуть ход
online-opponent = Соперник
online-takeback-waiting = Вы попросили вернуть свой последний ход; ждём ответа.
online-takeback-withdraw = Отозвать просьбу
online-takeback-asked = { $seat } просит вернуть свой последний ход.
online-takeback-waiting-others = Вы согласились вернуть ход; ждём остальных.
toast-takeback-declined = Вернуть ход не разрешили.
toast-takeback-lapsed = На вашу просьбу вернуть ход не ответили вовремя.
online-takeback-time-left = На ответ осталось { $seconds } с
online-seat-you = вы
online-seat-friend = Друг
online-seat-friend-here = друг, на месте
online-seat-friend-away = друг, не на связи
online-seat-waiting = ждём друга…
online-seat-computer = компьютер
online-seat-covered = компьютер, пока друг не вернётся
online-seat-left = ушёл; играет компьютер
online-start-now = Начать сейчас
online-leave = Покинуть стол насовсем
online-leave-sure = Уйти насовсем? Место к вам не вернётся.
online-leave-yes = Уйти
online-start-help = Свободные места займёт компьютер.
online-on-leave = Если игрок уйдёт совсем:
online-on-leave-computer = играет компьютер
online-on-leave-resign = его армии уходят
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
share-gif = Поделиться: GIF
share-png = Поделиться позицией
share-seen-by = Глазами стороны «{ $side }» (GIF)
share-saved = Картинка сохранена:
share-failed = Не удалось сохранить картинку:
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
result-review = Разобрать партию
review-start = Разобрать партию
review-progress = Разобрано ходов: { $done } из { $total }
review-done = Разбор готов
review-stop = Остановить разбор
review-accuracy = Точность:
review-better = Лучше: { $best }
review-reason-misses-mate = упущен мат
review-reason-allows-mate = соперник ставит мат
review-reason-misses-flag = упущено взятие флага
review-reason-allows-flag = флаг остаётся под ударом
review-reason-loses = теряется фигура: { $piece }
review-reason-misses-winning = упущена фигура соперника: { $piece }
review-reason-runs-into = { $piece } гибнет, атакуя: { $other }
review-reason-misses-check = упущен шах с выигрышем фигуры: { $piece }
xq-kind-general = Генерал
xq-kind-advisor = Советник
xq-kind-elephant = Слон
xq-kind-horse = Конь
xq-kind-chariot = Колесница
xq-kind-cannon = Пушка
xq-kind-soldier = Солдат
review-forced = единственный ход
review-best = лучший ход
review-good = хороший ход
review-inaccuracy = неточность
review-mistake = ошибка
review-blunder = грубая ошибка
practice-start = Разобрать ошибки: { $player }
practice-task = Задача { $n } из { $total }: найдите ход лучше, чем { $played }
practice-judging = Проверяю…
practice-right = Верно: { $played }
practice-wrong = { $played } — не лучше, попробуйте ещё раз
practice-answer = Ответ: { $answer }
practice-next = Дальше
practice-stop = Закончить тренировку
practice-done = Решено { $solved } из { $total }

## Циго сянци (игра семи царств)

qg-subtitle = Циго сянци — семь царств на доске для го, от 3 до 7 игроков
new-players = Игроки
# $number (number): номер места, с 1.
new-seat = Место { $number }
seat-person = Человек
new-controllers = Геймпады
pad-any = Любой
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
qg-ruler-attacked = Ходит { $state } ({ $colour }) — правитель под ударом!
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
qg-kind-ruler = Правитель
qg-kind-general = Генерал
qg-kind-officer = Офицер
qg-kind-diplomat = Дипломат
qg-kind-catapult = Катапульта
qg-kind-archer = Лучник
qg-kind-crossbowman = Арбалетчик
qg-kind-swordsman = Мечник
qg-kind-heavy-swordsman = Тяжёлый мечник
qg-kind-cavalry = Конница
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

## Уроки (assets/lessons/*.toml): lesson-<игра>-<шаг>-say — задание, -right — почему ход
## верен, -wrong — ответ на допустимый, но не тот ход; другие окончания отвечают на особые ходы.

lesson-illegal = По правилам так ходить здесь нельзя.

lesson-junqi-title = Учимся играть в армейские шахматы с переворотом
lesson-junqi-done = Правила цзюньци с переворотом вы знаете. Сыграть первую партию с компьютером на лёгком уровне?
lesson-junqi-first-flip-say = Все фигуры в начале лежат рубашкой вверх: никто не знает, где какая, и ни у кого ещё нет цвета. Откройте любую фигуру.
lesson-junqi-first-flip-right = Первое открытие определяет цвета: цвет открытой вами фигуры — ваш до конца партии, а соперник играет другим.
lesson-junqi-first-flip-wrong = Пока цвета не определены, можно только открыть фигуру.
lesson-junqi-face-down-say = Закрытую фигуру атаковать нельзя, чья бы она ни была, а открыть её может любой из игроков. Откройте фигуру рядом с вашим полковником.
lesson-junqi-face-down-right = Теперь она открыта: её можно атаковать, а ходит она в ходы своего хозяина.
lesson-junqi-face-down-wrong = Фигура рядом с полковником всё ещё закрыта. Откройте её.
lesson-junqi-face-down-hidden = Закрытую фигуру атаковать нельзя: сначала её нужно открыть.
lesson-junqi-ranks-say = Побеждает старшее звание. Ваш полковник стоит между вражескими майором и генерал-майором. Атакуйте того, кого он побеждает.
lesson-junqi-ranks-right = Полковник старше майора: он побеждает и занимает пост.
lesson-junqi-ranks-wrong = Майор всё ещё на доске. Атакуйте его полковником.
lesson-junqi-ranks-higher = Генерал-майор старше полковника: вашего полковника больше нет. Атакуйте младшего.
lesson-junqi-equal-ranks-say = Рядом с вашим флагом вражеский капитан, и дотянуться до него может только ваш капитан. В атаку!
lesson-junqi-equal-ranks-right = Звания равны: оба капитана уходят с доски. Ваш флаг в безопасности.
lesson-junqi-equal-ranks-wrong = Теперь вражеский капитан может взять ваш флаг. Атакуйте его своим капитаном.
lesson-junqi-bomb-say = У бомбы нет звания: любая фигура, с которой она столкнулась, даже маршал, уходит с доски вместе с ней. Остановите вражеского маршала.
lesson-junqi-bomb-right = Ни бомбы, ни маршала больше нет. Так же вышло бы, если бы маршал сам атаковал бомбу.
lesson-junqi-bomb-wrong = Маршал всё ещё на доске. Атакуйте его бомбой.
lesson-junqi-bomb-outranked = Маршал старше сапёра: вашего сапёра больше нет. Используйте бомбу.
lesson-junqi-mine-say = Мина никогда не ходит, и любой нападающий на ней погибает, кроме сапёра — он обезвреживает мину (бомба и мина снимаются обе). Обезвредьте мину, что охраняет вражеский флаг.
lesson-junqi-mine-right = Сапёр обезвредил мину и занял её пост. Теперь очередь флага.
lesson-junqi-mine-wrong = Мина всё ещё на месте. Атакуйте её сапёром.
lesson-junqi-mine-mine = Мина уничтожила вашего полковника. Обезвредить мину может только сапёр.
lesson-junqi-rail-slide-say = Толстые линии — железные дороги. По прямой железной дороге фигура идёт сколько угодно, пока путь свободен. Атакуйте вражеского лейтенанта полковником за один ход.
lesson-junqi-rail-slide-right = Весь путь по железной дороге за один ход, и полковник старше лейтенанта.
lesson-junqi-rail-slide-wrong = Лейтенант всё ещё на доске. По железной дороге до него можно дойти за один ход.
lesson-junqi-engineer-corners-say = Остальные фигуры ездят по железной дороге только по прямой, а сапёр может поворачивать на каждой развилке. Обезвредьте дальнюю мину сапёром за один ход.
lesson-junqi-engineer-corners-right = Сапёр повернул и доехал до мины: так умеет только сапёр.
lesson-junqi-engineer-corners-wrong = Мина всё ещё на месте. Сапёр доберётся до неё за один ход, если повернёт.
lesson-junqi-engineer-corners-straight = Поворачивать на железной дороге может только сапёр: полковник ездит только по прямой.
lesson-junqi-camp-say = Кружки — лагеря, и фигуру в лагере атаковать нельзя. Вражеский маршал угрожает вашему генерал-майору: спасите его.
lesson-junqi-camp-right = В лагере ваш генерал-майор защищён от любой атаки.
lesson-junqi-camp-wrong = Маршал старше генерал-майора. Лучше уйдите в лагерь.
lesson-junqi-headquarters-say = Посты с аркой — штабы. Здесь фигуры раскладываются случайно, так что в штабе может оказаться любая, и уходит она из него, как с любого поста. Возьмите вражеского капитана генералом.
lesson-junqi-headquarters-right = Генерал вышел из штаба и победил: генерал старше капитана.
lesson-junqi-headquarters-wrong = Капитан всё ещё на доске. Атакуйте его прямо из штаба.
lesson-junqi-flag-say = Захват вражеского флага — победа, и взять его может любая фигура. Победите сейчас.
lesson-junqi-flag-right = Флаг захвачен: вы победили!
lesson-junqi-flag-wrong = Флаг был рядом. Возьмите его — и партия ваша.
lesson-junqi-flag-outranked = Капитан старше лейтенанта: вашего лейтенанта больше нет. Лучше возьмите флаг.
lesson-junqi-quiet-draw-say = Если 80 ходов подряд (по 40 каждой стороны) нет ни открытий, ни атак, партия заканчивается вничью. 79 уже прошло. Продолжите игру: откройте фигуру или атакуйте.
lesson-junqi-quiet-draw-right = Открытие или атака начинает счёт заново.
lesson-junqi-quiet-draw-wrong = Это был 80-й ход подряд без открытий и атак: ничья. Лучше откройте фигуру или атакуйте.
lesson-junqi-classic-title = Изучить классическую Цзюньци
lesson-junqi-classic-done = Вы знаете, как судит арбитр. Сыграть первую партию против компьютера (лёгкий уровень)?
lesson-junqi-classic-unknown-say = В классической Цзюньци вы видите свои звания, но не звания противника. Атакуйте неизвестную фигуру перед вашим комбригом.
lesson-junqi-classic-unknown-right = Арбитр сообщает только, кто уцелел: ваш комбриг победил. Что это была за фигура, вы не узнаете.
lesson-junqi-classic-unknown-wrong = Атакуйте неизвестную фигуру на a7 комбригом.
lesson-junqi-classic-lost-say = Не каждая атака удачна. Атакуйте неизвестную фигуру лейтенантом.
lesson-junqi-classic-lost-right = Ваш лейтенант проиграл и ушёл с доски; фигура противника осталась, по-прежнему неизвестная. Теперь вы знаете, что она старше лейтенанта.
lesson-junqi-classic-lost-wrong = Атакуйте неизвестную фигуру на c7 лейтенантом.
lesson-junqi-classic-both-say = Атакуйте неизвестную фигуру генерал-майором.
lesson-junqi-classic-both-right = Пали оба — арбитр сообщает это всем. Равные звания (или бомба) не оставляют на поле никого.
lesson-junqi-classic-both-wrong = Атакуйте неизвестную фигуру на e7 генерал-майором.
lesson-junqi-classic-camp-say = Фигуру в лагере (круге) атаковать нельзя. Атакуйте ту фигуру противника, которую можно.
lesson-junqi-classic-camp-right = Верно: фигура на a9 стояла не в лагере, и ваш полковник её победил.
lesson-junqi-classic-camp-wrong = Атакуйте фигуру на a9: фигура на b8 стоит в лагере.
lesson-junqi-classic-camp-refused = Фигура на b8 стоит в лагере: там её атаковать нельзя.
lesson-junqi-classic-rails-say = Толстые линии со шпалами — железные дороги: по прямой фигура едет так далеко, как свободен путь. Отправьте полковника с a2 по железной дороге на фигуру на a9 за один ход.
lesson-junqi-classic-rails-right = За один ход он проехал семь постов и выиграл бой.
lesson-junqi-classic-rails-wrong = Отправьте полковника с a2 прямо вверх по железной дороге к фигуре на a9.
lesson-junqi-classic-engineer-say = Только сапёр поворачивает на железной дороге. Пошлите его по шестому ряду, через поворот на a6, на фигуру на a11.
lesson-junqi-classic-engineer-right = Сапёр проиграл: эта фигура сильнее сапёра. Сапёр — дешёвый разведчик: теперь вы знаете о ней чуть больше.
lesson-junqi-classic-engineer-wrong = Ведите сапёра с e6 по железной дороге, через поворот на a6, к a11.
lesson-junqi-classic-marshal-say = Бросьте бомбу на неизвестную фигуру: бомба уносит с собой всё, что встретит.
lesson-junqi-classic-marshal-right = Это был маршал противника! Когда падает маршал, арбитр показывает, где стоит флаг его стороны (b12).
lesson-junqi-classic-marshal-wrong = Атакуйте неизвестную фигуру на c7 бомбой.
lesson-junqi-classic-landmine-say = Мины стоят на двух последних рядах и останавливают любого, кроме сапёра. Пошлите сапёра на фигуру на a12.
lesson-junqi-classic-landmine-right = Это была мина, и ваш сапёр её обезвредил.
lesson-junqi-classic-landmine-wrong = Атакуйте фигуру на a12 сапёром.
lesson-junqi-classic-headquarters-say = Фигуры в ставке (клетки с аркой) никогда не ходят. Сходите фигурой, которая может.
lesson-junqi-classic-headquarters-right = Верно: ходят только фигуры вне ставки.
lesson-junqi-classic-headquarters-wrong = Сходите майором с c2.
lesson-junqi-classic-headquarters-locked = Ваш капитан стоит в ставке: он никогда не ходит. Сходите другой фигурой.
lesson-junqi-classic-take-flag-say = Флаг противника стоит в одной из двух его ставок. Захватите его сапёром.
lesson-junqi-classic-take-flag-right = Вы захватили флаг и победили. В конце партии открываются все фигуры.
lesson-junqi-classic-take-flag-wrong = Атакуйте ставку, до которой дотягивается сапёр: d12.

lesson-xiangqi-title = Учимся играть в сянци
lesson-xiangqi-done = Правила сянци вы знаете. Сыграть первую партию с компьютером на лёгком уровне?
lesson-xiangqi-general-say = Генерал ходит на один пункт по линии и никогда не покидает дворец — квадрат с диагоналями. Возьмите солдата в своём дворце.
lesson-xiangqi-general-right = Генерал взял солдата, не выходя из дворца.
lesson-xiangqi-general-wrong = Так ходить можно, но солдата в вашем дворце можно было взять.
lesson-xiangqi-general-palace = Генерал не может выйти из дворца.
lesson-xiangqi-advisor-say = Советник ходит на один пункт по диагонали и тоже не покидает дворец. Возьмите коня советником.
lesson-xiangqi-advisor-right = Один шаг по диагонали, внутри дворца.
lesson-xiangqi-advisor-wrong = Конь всё ещё на доске. Возьмите его советником.
lesson-xiangqi-advisor-palace = Советник не может выйти из дворца.
lesson-xiangqi-elephant-say = Слон ходит ровно на два пункта по диагонали и никогда не переходит реку. Фигура на пункте посередине — «глаз слона» — закрывает ему путь. Возьмите фигуру слоном.
lesson-xiangqi-elephant-right = Глаз был свободен, и слон взял пушку.
lesson-xiangqi-elephant-wrong = Так ничего не взято. Слон может взять фигуру за один ход.
lesson-xiangqi-elephant-eye = Конь стоит на глазу слона: туда слону не пройти.
lesson-xiangqi-horse-leg-say = Конь делает шаг по прямой и затем шаг по диагонали наружу. Фигура на первом пункте — «нога коня» — закрывает ему этот путь. Возьмите фигуру конём.
lesson-xiangqi-horse-leg-right = Этот путь был свободен, и конь взял пушку.
lesson-xiangqi-horse-leg-wrong = Так ничего не взято. Конь может взять фигуру за один ход.
lesson-xiangqi-horse-leg-leg = На ноге коня стоит ваш же солдат: туда коню не пройти.
lesson-xiangqi-chariot-say = Колесница (её часто зовут ладьёй) ходит по линии на любое расстояние, но никогда не перепрыгивает фигуры. Возьмите фигуру колесницей.
lesson-xiangqi-chariot-right = Колесница прошла по вертикали и взяла коня.
lesson-xiangqi-chariot-wrong = Так ничего не взято. Колесница может взять фигуру за один ход.
lesson-xiangqi-chariot-blocked = На пути стоит конь, а колесница не прыгает. Зато коня она взять может.
lesson-xiangqi-cannon-say = Пушка ходит как колесница, но бьёт, только перепрыгнув ровно одну фигуру — лафет. Возьмите фигуру пушкой.
lesson-xiangqi-cannon-right = Пушка перепрыгнула коня и взяла колесницу.
lesson-xiangqi-cannon-wrong = Так ничего не взято. Чтобы бить, пушке нужна ровно одна фигура между ней и целью.
lesson-xiangqi-cannon-screen = Между пушкой и конём ничего нет: без лафета пушка не бьёт.
lesson-xiangqi-soldier-say = Солдат (его часто зовут пешкой) ходит на один пункт вперёд, а перейдя реку — и в стороны. Назад он не ходит никогда. Возьмите коня солдатом.
lesson-xiangqi-soldier-right = Этот солдат перешёл реку, поэтому смог бить в сторону.
lesson-xiangqi-soldier-wrong = Так ничего не взято. Какой из солдат может ходить в сторону?
lesson-xiangqi-soldier-river = Этот солдат ещё не перешёл реку: он ходит только вперёд.
lesson-xiangqi-flying-generals-say = Генералы никогда не могут стоять друг против друга на вертикали, где между ними пусто. Ваш конь — единственная фигура между ними. Возьмите чёрную колесницу.
lesson-xiangqi-flying-generals-right = Колесница взяла её. А коню пришлось стоять: его ход оставил бы генералов лицом к лицу.
lesson-xiangqi-flying-generals-wrong = Так ничего не взято. Чёрную колесницу можно взять за один ход.
lesson-xiangqi-flying-generals-face = Коню ходить нельзя: генералы оказались бы друг против друга на открытой вертикали.
lesson-xiangqi-check-say = Чёрная колесница нападает на вашего генерала — это шах, и ваш ход должен его снять. Уйдите от шаха, взяв колесницу.
lesson-xiangqi-check-right = Шаха больше нет, и колесницы тоже.
lesson-xiangqi-check-wrong = Там генерал в безопасности, но колесницу, что дала шах, можно было взять.
lesson-xiangqi-check-ignore = Вашему генералу шах: ход, который его не снимает, не допускается.
lesson-xiangqi-mate-say = Мат — это победа: вражескому генералу шах, и никакой ход его не спасает. Ваш генерал держит всю свою вертикаль, и чёрный генерал не может на неё встать. Поставьте мат в один ход.
lesson-xiangqi-mate-right = Мат! Чёрному генералу не уйти от колесницы, а соседнюю вертикаль держит ваш генерал.
lesson-xiangqi-mate-wrong = Это ещё не мат. Найдите шах, после которого чёрному генералу некуда уйти.
lesson-xiangqi-stalemate-say = В сянци сторона, у которой нет ни одного допустимого хода, проигрывает, даже если ей нет шаха: пат — не ничья, а поражение. Отнимите у чёрного генерала последний ход.
lesson-xiangqi-stalemate-right = У чёрных нет ходов — пат. В сянци это поражение: вы победили.
lesson-xiangqi-stalemate-wrong = Чёрные ещё могут ходить. Закройте последний пункт, куда может шагнуть чёрный генерал.
lesson-xiangqi-perpetual-check-say = Вы пять раз подряд объявили шах одной и той же колесницей. Шаховать одной фигурой снова и снова — вечный шах, и за него засчитывают поражение. Разорвите круг.
lesson-xiangqi-perpetual-check-right = Круг разорван, игра продолжается.
lesson-xiangqi-perpetual-check-wrong = Этот ход закончил партию. Найдите ход, после которого игра продолжится.
lesson-xiangqi-perpetual-check-repeat = Снова тот же шах: это вечный шах, и он проигрывает. Лучше разорвите круг.

lesson-qiguo-title = Учимся играть в циго сянци
lesson-qiguo-done = Правила циго сянци вы знаете. Сыграть первую партию с компьютером на лёгком уровне?
lesson-qiguo-states-say = Здесь сражаются семь царств: Цинь, Чу, Хань, Ци, Вэй, Чжао и Янь, у каждого свой цвет и свой правитель. Они ходят по очереди по кругу, первым — Цинь. Вы играете за Цинь: белые, на западе. Сделайте любой ход.
lesson-qiguo-states-right = После Цинь ходят Чу, Хань, Ци, Вэй, Чжао и Янь, а затем снова Цинь.
lesson-qiguo-states-wrong = Сходите одной из белых фигур Цинь.
lesson-qiguo-emperor-say = В центре стоит чжоуский император. Он не ходит, его нельзя взять, и ни одна фигура не может встать на него или пройти через него. Возьмите фигуру генералом.
lesson-qiguo-emperor-right = Генерал взял её по линии, которую император не загораживает.
lesson-qiguo-emperor-wrong = Так ничего не взято. Генерал может взять фигуру на одной из своих линий.
lesson-qiguo-emperor-emperor = На пути император: на него нельзя встать и через него нельзя пройти.
lesson-qiguo-catapult-say = Катапульта ходит по линии на любое расстояние, но берёт только прыжком ровно через одну фигуру. Перепрыгнуть можно любую, даже императора. Возьмите фигуру катапультой.
lesson-qiguo-catapult-right = Катапульта перепрыгнула одну фигуру и взяла ту, что за ней.
lesson-qiguo-catapult-wrong = Так ничего не взято. Ищите фигуру, перед которой стоит ровно одна другая.
lesson-qiguo-catapult-screen = Между ними ничего нет: катапульта берёт только прыжком ровно через одну фигуру.
lesson-qiguo-cavalry-say = Конница идёт на один пункт по линии, затем ровно на три по диагонали наружу, и весь путь должен быть свободен. Возьмите конницей оранжевую фигуру.
lesson-qiguo-cavalry-right = Один пункт по прямой, три по диагонали: длинный прыжок, и оранжевая фигура взята.
lesson-qiguo-cavalry-wrong = Так ничего не взято. Отсчитайте до оранжевой фигуры один пункт по прямой и три по диагонали.
lesson-qiguo-cavalry-shape = Туда конница не ходит: один пункт по прямой, затем ровно три по диагонали.
lesson-qiguo-diplomat-say = Дипломат никого не берёт, и его не берут, но путь он загораживает, как любая фигура. Возьмите фигуру генералом.
lesson-qiguo-diplomat-right = Генерал взял фигуру. Дипломата взять было нельзя.
lesson-qiguo-diplomat-wrong = Так ничего не взято. Генерал может взять фигуру на одной из своих линий.
lesson-qiguo-diplomat-diplomat = Дипломата взять нельзя никогда.
lesson-qiguo-allies-say = Если игроков меньше семи, некоторые царства — союзники под началом одного игрока, и союзники друг друга не берут. Здесь Янь (чёрные) — союзник Цинь. Возьмите вражескую фигуру арбалетчиком.
lesson-qiguo-allies-right = Вы взяли фигуру Чу, вашего врага. Фигуры Янь вам не взять, а Янь не возьмёт ваши.
lesson-qiguo-allies-wrong = Так ничего не взято. Вражеская фигура совсем рядом.
lesson-qiguo-allies-ally = Янь — ваш союзник: союзники друг друга не берут.
lesson-qiguo-ruler-say = Царство, чей правитель взят, уходит с доски: все его фигуры сразу. Правитель Чу (красные) вышел вперёд. Возьмите его.
lesson-qiguo-ruler-right = Правитель Чу взят, и все фигуры Чу ушли с доски.
lesson-qiguo-ruler-wrong = Красный правитель был рядом, а его взятие убирает всё царство Чу.
lesson-qiguo-last-pieces-say = Царство уходит с доски и тогда, когда после взятия у него остаётся шесть фигур или меньше. У Хань (оранжевые) осталось семь. Возьмите одну из них.
lesson-qiguo-last-pieces-right = У Хань осталось шесть фигур, и все они ушли с доски.
lesson-qiguo-last-pieces-wrong = Фигура Хань не взята. Ещё одно взятие — и царства Хань не станет.
lesson-qiguo-hegemon-say = Игрок, чьи царства взяли двух правителей или 31 фигуру, становится гегемоном и сразу побеждает. Одного правителя вы уже взяли. Возьмите второго.
lesson-qiguo-hegemon-right = Два правителя: вы гегемон и победили!
lesson-qiguo-hegemon-wrong = Игра продолжается. Возьмите оранжевого правителя — и сразу победите.

## Lessons: the shell around the steps
menu-learn = Научиться играть
learn-offer = Впервые играете? Научитесь за несколько коротких шагов прямо на доске.
learn-offer-decline = Нет, спасибо
# $number: the step on the table; $total: how many the lesson has.
learn-step = Шаг { $number } из { $total }
learn-next = Следующий шаг
learn-again = Попробовать ещё раз
learn-leave = Выйти из урока
learn-play-easy = Сыграть с лёгким соперником

## Junqi classic: the deployment screen
deploy-title = Расставьте армию
deploy-intro-red = Вы играете красными и ходите первыми. Расставьте 25 фигур тайно: коснитесь двух фигур, чтобы поменять их местами, или перетащите одну на другую. Ваш передний ряд — вверху.
deploy-intro-blue = Вы играете синими. Расставьте 25 фигур тайно: коснитесь двух фигур, чтобы поменять их местами, или перетащите одну на другую. Ваш передний ряд — вверху.
deploy-random = Случайно
deploy-balanced = Сбалансированно
deploy-defensive = Оборона
deploy-aggressive = Атака
deploy-save = Сохранить расстановку
deploy-layout-name = Название расстановки
deploy-ready = Готово
deploy-all-legal = Все фигуры стоят там, где позволяют правила.
deploy-rule-flag = Знамя должно стоять в штабе (пункт последнего ряда с надписью 大本营).
deploy-rule-landmine = Мина должна стоять в одном из двух последних рядов.
deploy-rule-bomb = Бомба не может стоять в переднем ряду.
deploy-rule-other = Эта расстановка нарушает правило.

## Цзюньци классика за столом
title-subtitle-classic = Цзюньци классика — тайная расстановка, бои судит арбитр
record-help-classic = Партия текстом: предел ничьей, обе армии, затем каждый ход с решением арбитра.
classic-verdict-won = победа
classic-verdict-lost = поражение
classic-verdict-both = пали оба
classic-cover-title = Передайте устройство
# $hidden: сторона, которая отворачивается; $player: сторона, чей ход.
classic-cover-deploy = { $hidden }: отвернитесь. { $player } расставляет армию — { $player }, нажмите, когда будете готовы.
classic-cover-move = { $hidden }: отвернитесь. { $player }, нажмите, когда будете готовы.
classic-cover-ready = Я готов
classic-armies-awaited = Ждём, пока обе армии будут расставлены
classic-replay-shows = Запись показывает
classic-replay-everything = Всё
classic-rules-goal = Захватите вражеский флаг. Каждая сторона тайно расставляет свои 25 фигур на своей половине; вы видите свои звания, но не звания противника.
classic-rules-deploy-title = Расстановка
classic-rules-deploy = Флаг стоит в одной из двух ваших ставок. Мины стоят на двух последних рядах, бомбы — не на переднем ряду, лагеря в начале пусты. Фигуры в ставке никогда не ходят.
classic-rules-referee-title = Арбитр
classic-rules-referee = Пойдите на любую вражескую фигуру, чтобы атаковать её. Арбитр сравнивает фигуры и сообщает обоим игрокам только исход: нападавший победил, проиграл или пали оба. Когда падает маршал, флаг его стороны показывают всем.
# $limit (number): предел ничьей в полуходах.
classic-rules-end = Захват вражеского флага — победа. Игрок без хода в свою очередь проигрывает. После { $limit } полуходов подряд без боя — ничья. В конце открываются все фигуры.
