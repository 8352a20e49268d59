//! Junqi classic's lesson on the board layer: a step's game goes on the table as it is.

use super::model::ClassicMatch;
use crate::client::points::PointsLesson;
use crate::rules::junqi::classic::ClassicGame;

impl PointsLesson for ClassicMatch {
    type Lesson = crate::lessons::JunqiClassic;

    fn from_lesson(game: ClassicGame) -> ClassicGame {
        game
    }
}
