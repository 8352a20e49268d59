//! A set of a board's points as bits over their indices: what a piece reaches, what a side
//! attacks. Holds boards of up to 128 points (Junqi's 60, Xiangqi's 90).

use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A point of some board, numbered from 0.
pub trait BoardPoint: Copy {
    /// 0 to the board's size − 1.
    fn index(self) -> usize;
    /// The point numbered `index`; `None` off the board.
    fn from_index(index: usize) -> Option<Self>;
}

/// A set of points of one board.
pub struct PointSet<P> {
    bits: u128,
    point: PhantomData<P>,
}

impl<P: BoardPoint> PointSet<P> {
    /// No point.
    pub const EMPTY: PointSet<P> = PointSet {
        bits: 0,
        point: PhantomData,
    };

    /// Just `point`.
    pub fn single(point: P) -> PointSet<P> {
        let mut set = PointSet::EMPTY;
        set.insert(point);
        set
    }

    /// Adds `point`.
    #[inline]
    pub fn insert(&mut self, point: P) {
        self.bits |= 1 << point.index();
    }

    /// Takes `point` out, if it is in.
    #[inline]
    pub fn remove(&mut self, point: P) {
        self.bits &= !(1 << point.index());
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(self, point: P) -> bool {
        self.bits >> point.index() & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// How many points it holds.
    pub fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Takes out the lowest-numbered point.
    #[inline]
    pub fn pop_first(&mut self) -> Option<P> {
        if self.bits == 0 {
            return None;
        }
        let index = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        P::from_index(index)
    }

    /// The points, lowest-numbered first.
    pub fn iter(self) -> impl Iterator<Item = P> {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }
}

impl<P: BoardPoint> FromIterator<P> for PointSet<P> {
    fn from_iter<I: IntoIterator<Item = P>>(points: I) -> PointSet<P> {
        let mut set = PointSet::EMPTY;
        for point in points {
            set.insert(point);
        }
        set
    }
}

// Derives would ask `P` for the same traits; a set of points is plain bits whatever `P` is.
impl<P> Clone for PointSet<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for PointSet<P> {}
impl<P> PartialEq for PointSet<P> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<P> Eq for PointSet<P> {}
impl<P> Default for PointSet<P> {
    fn default() -> Self {
        PointSet {
            bits: 0,
            point: PhantomData,
        }
    }
}
impl<P> std::hash::Hash for PointSet<P> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}

impl<P: BoardPoint + fmt::Debug> fmt::Debug for PointSet<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<P> BitOr for PointSet<P> {
    type Output = PointSet<P>;
    fn bitor(self, other: PointSet<P>) -> PointSet<P> {
        PointSet {
            bits: self.bits | other.bits,
            point: PhantomData,
        }
    }
}

impl<P> BitOrAssign for PointSet<P> {
    fn bitor_assign(&mut self, other: PointSet<P>) {
        self.bits |= other.bits;
    }
}

impl<P> BitAnd for PointSet<P> {
    type Output = PointSet<P>;
    fn bitand(self, other: PointSet<P>) -> PointSet<P> {
        PointSet {
            bits: self.bits & other.bits,
            point: PhantomData,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Cell(usize);

    impl BoardPoint for Cell {
        fn index(self) -> usize {
            self.0
        }
        fn from_index(index: usize) -> Option<Cell> {
            (index < 100).then_some(Cell(index))
        }
    }

    #[test]
    fn holds_points_up_to_127_in_order() {
        let mut set: PointSet<Cell> = [Cell(89), Cell(0), Cell(63), Cell(64)]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 4);
        assert!(set.contains(Cell(64)) && !set.contains(Cell(65)));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Cell(0), Cell(63), Cell(64), Cell(89)]
        );
        assert_eq!(set.pop_first(), Some(Cell(0)));
        assert_eq!((set & PointSet::single(Cell(63))).len(), 1);
        set |= PointSet::single(Cell(1));
        assert_eq!(set.len(), 4);
        set.remove(Cell(63));
        set.remove(Cell(2));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Cell(1), Cell(64), Cell(89)]
        );
        assert!(PointSet::<Cell>::EMPTY.is_empty());
    }
}
