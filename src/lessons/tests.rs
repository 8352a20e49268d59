use super::*;

#[test]
fn every_lesson_loads() {
    for kind in [GameKind::Junqi, GameKind::Xiangqi, GameKind::Qiguo] {
        if let Err(error) = outline(kind) {
            panic!("{error}");
        }
    }
}
