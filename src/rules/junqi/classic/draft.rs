//! An army being arranged before the game: a deployment screen's state. It always holds the
//! side's 25 pieces on the 25 posts of its half — swapping two keeps that — but perhaps where
//! the rules forbid, and names each rule broken, piece by piece, as the player places them.

use super::deployment::{Deployment, DeploymentError};
use crate::rules::junqi::{Color, Kind, POINTS, Point};

/// One side's army as the player arranges it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DeploymentDraft {
    side: Color,
    kinds: [Option<Kind>; POINTS],
}

impl DeploymentDraft {
    /// The draft of a legal deployment, to arrange further.
    pub fn new(deployment: &Deployment) -> DeploymentDraft {
        let mut kinds = [None; POINTS];
        for (at, piece) in deployment.pieces() {
            kinds[at.index()] = Some(piece.kind);
        }
        DeploymentDraft {
            side: deployment.side(),
            kinds,
        }
    }

    /// The side whose army this is.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The kind on `at`, if a piece stands there.
    pub fn kind_at(&self, at: Point) -> Option<Kind> {
        self.kinds[at.index()]
    }

    /// Swaps the pieces on `a` and `b`, two posts of the side's half; false (and nothing
    /// changes) when either is not one.
    pub fn swap(&mut self, a: Point, b: Point) -> bool {
        let post = |at: Point| self.kinds[at.index()].is_some();
        if !post(a) || !post(b) {
            return false;
        }
        self.kinds.swap(a.index(), b.index());
        true
    }

    /// The rule the piece on `at` breaks where it stands, if any.
    pub fn problem_at(&self, at: Point) -> Option<DeploymentError> {
        Deployment::misplaced(self.side, self.kinds[at.index()]?, at)
    }

    /// Every rule broken, piece by piece, from the front rank back.
    pub fn problems(&self) -> Vec<DeploymentError> {
        Deployment::points(self.side)
            .filter_map(|at| self.problem_at(at))
            .collect()
    }

    /// The deployment, when every piece stands where the rules allow.
    pub fn deployment(&self) -> Result<Deployment, DeploymentError> {
        Deployment::from_kinds(self.side, self.kinds)
    }
}
