//! What a side can infer about the enemy's hidden pieces from its own line: each enemy piece
//! is followed from its start point, and every rule of deployment, every move and every
//! verdict narrows the kinds it can be. Guesses of the whole enemy army are drawn from what
//! is left, keeping the army's counts.

use crate::rules::junqi::classic::{Deployment, DeploymentStyle, Seen, SideLine, Verdict};
use crate::rules::junqi::{Action, Color, Combat, Kind, POINTS, Piece, Point};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use std::sync::LazyLock;

/// A set of kinds, one bit each in the order of [`Kind::ALL`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds(u16);

impl Kinds {
    /// Every kind.
    pub const ALL: Kinds = Kinds((1 << 12) - 1);

    /// The kinds for which `keep` holds.
    fn filter(self, keep: impl Fn(Kind) -> bool) -> Kinds {
        Kinds(
            Kind::ALL
                .into_iter()
                .filter(|&kind| self.contains(kind) && keep(kind))
                .fold(0, |bits, kind| bits | 1 << kind.index()),
        )
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: Kind) -> bool {
        self.0 & 1 << kind.index() != 0
    }

    /// The kinds in the set, highest rank first.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .filter(move |&kind| self.contains(kind))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// One enemy piece as followed through the game.
#[derive(Clone, Copy, Debug)]
struct Token {
    kinds: Kinds,
    /// Where it stood at the start.
    start: Point,
    /// Where it stands now; `None` once removed.
    at: Option<Point>,
}

/// A side's inference about the enemy army.
#[derive(Clone, Debug)]
pub struct Belief {
    enemy: Color,
    tokens: Vec<Token>,
}

/// Why a line cannot be explained by any enemy army.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("no enemy army fits what this line saw")]
pub struct Impossible;

impl Belief {
    /// Follows every enemy piece of `line` from the start and narrows its kinds.
    pub fn from_line(line: &SideLine) -> Result<Belief, Impossible> {
        let owner = line.owner();
        let enemy = owner.opponent();
        let start = line.start();
        let tokens = Point::all()
            .filter_map(|at| match start.seen(at) {
                Seen::Unknown(color) if color == enemy => Some(Token {
                    kinds: Kinds::ALL.filter(|kind| deployable(enemy, kind, at)),
                    start: at,
                    at: Some(at),
                }),
                Seen::Piece(piece) if piece.color == enemy => Some(Token {
                    kinds: Kinds::ALL.filter(|kind| kind == piece.kind),
                    start: at,
                    at: Some(at),
                }),
                _ => None,
            })
            .collect();
        let mut belief = Belief { enemy, tokens };
        let mut view = start.clone();
        for observed in line.actions() {
            let Action::Move { from, to } = observed.action else {
                return Err(Impossible);
            };
            let enemy_moves = view.side_to_move() == enemy;
            let attacker = view.seen(from);
            let defender = view.seen(to);
            let mut fallen = None;
            if enemy_moves {
                let token = belief.token_at(from).ok_or(Impossible)?;
                // A piece that moved is no landmine or flag; a turn on the rails is an
                // engineer's.
                let straight = view.targets_as(from, Kind::Platoon).contains(to);
                belief.narrow(token, |kind| {
                    kind.is_movable() && (straight || kind == Kind::Engineer)
                });
                if let (Seen::Piece(mine), Some(verdict)) = (defender, observed.verdict) {
                    belief.narrow(token, |kind| {
                        Verdict::of(Combat::resolve(kind, mine.kind)) == verdict
                    });
                }
                match observed.verdict {
                    Some(Verdict::AttackerLost | Verdict::BothRemoved) => {
                        belief.tokens[token].at = None;
                        fallen = Some(token);
                    }
                    _ => belief.tokens[token].at = Some(to),
                }
            } else if let Some(token) = belief.token_at(to) {
                let Seen::Piece(mine) = attacker else {
                    return Err(Impossible);
                };
                let verdict = observed.verdict.ok_or(Impossible)?;
                belief.narrow(token, |kind| {
                    Verdict::of(Combat::resolve(mine.kind, kind)) == verdict
                });
                if matches!(verdict, Verdict::AttackerWon | Verdict::BothRemoved) {
                    belief.tokens[token].at = None;
                    fallen = Some(token);
                }
            }
            let flag_shown = observed
                .flags
                .iter()
                .find(|&&at| Deployment::headquarters(enemy).contains(&at));
            if let Some(&flag_at) = flag_shown {
                let flag = belief.token_at(flag_at).ok_or(Impossible)?;
                for index in 0..belief.tokens.len() {
                    belief.narrow(index, |kind| (kind == Kind::Flag) == (index == flag));
                }
                if let Some(marshal) = fallen {
                    for index in 0..belief.tokens.len() {
                        belief.narrow(index, |kind| (kind == Kind::Marshal) == (index == marshal));
                    }
                }
            } else if let Some(token) = fallen {
                belief.narrow(token, |kind| kind != Kind::Marshal);
            }
            // The game went on, so what fell was no flag.
            if let Some(token) = fallen {
                belief.narrow(token, |kind| kind != Kind::Flag);
            }
            view.play_observed(observed.action, observed.verdict, &observed.flags)
                .map_err(|_| Impossible)?;
        }
        if belief.tokens.iter().any(|token| token.kinds.is_empty()) || !belief.fits() {
            return Err(Impossible);
        }
        Ok(belief)
    }

    /// A belief about no enemy piece at all.
    pub fn empty(enemy: Color) -> Belief {
        Belief {
            enemy,
            tokens: Vec::new(),
        }
    }

    fn token_at(&self, at: Point) -> Option<usize> {
        self.tokens.iter().position(|token| token.at == Some(at))
    }

    fn narrow(&mut self, token: usize, keep: impl Fn(Kind) -> bool) {
        self.tokens[token].kinds = self.tokens[token].kinds.filter(keep);
    }

    /// The kinds the enemy piece on `at` can still be (`None` when no enemy piece stands
    /// there).
    pub fn kinds_at(&self, at: Point) -> Option<Kinds> {
        self.token_at(at).map(|token| self.tokens[token].kinds)
    }

    /// Whether some army of the right counts gives every piece one of its kinds.
    fn fits(&self) -> bool {
        let counts = Kind::ALL.map(|kind| kind.count());
        let order: Vec<usize> = (0..self.tokens.len()).collect();
        assignable(&self.tokens, &order, counts)
    }

    /// A guess of every living enemy piece, drawn so that the whole army keeps its counts;
    /// with `prior`, each piece's kind is drawn as likely as deployments put it on its start
    /// point. `None` only if the belief is inconsistent (never for one made from a checked
    /// line).
    pub fn sample<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        prior: Option<&DeploymentPrior>,
    ) -> Option<Vec<(Point, Piece)>> {
        let mut counts = Kind::ALL.map(|kind| kind.count());
        let mut order: Vec<usize> = (0..self.tokens.len()).collect();
        order.shuffle(rng);
        let mut guess = Vec::with_capacity(self.tokens.len());
        for (position, &token) in order.iter().enumerate() {
            let Token { kinds, start, at } = self.tokens[token];
            // Weighted order without replacement: each kind's key is an exponential draw
            // scaled by its weight (the pieces of it left, times the prior), smallest first.
            let mut keyed: Vec<(f64, Kind)> = kinds
                .iter()
                .filter(|kind| counts[kind.index()] > 0)
                .map(|kind| {
                    let likely = prior.map_or(1.0, |prior| prior.weight(self.enemy, start, kind));
                    let weight = f64::from(counts[kind.index()]) * likely;
                    let draw: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
                    (-draw.ln() / weight, kind)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            let chosen = keyed.into_iter().map(|(_, kind)| kind).find(|kind| {
                counts[kind.index()] -= 1;
                let fits = assignable(&self.tokens, &order[position + 1..], counts);
                counts[kind.index()] += 1;
                fits
            })?;
            counts[chosen.index()] -= 1;
            if let Some(at) = at {
                guess.push((at, Piece::new(self.enemy, chosen)));
            }
        }
        Some(guess)
    }
}

/// How often deployments put each kind on each point: half of them uniform among legal
/// deployments, half in the computer's styles. Players deploy with habits too (mines around
/// the flag, bombs behind the front); a prior lets guesses follow them.
pub struct DeploymentPrior {
    /// By side, point and kind: the share of deployments with that kind there.
    shares: [[[f64; 12]; POINTS]; 2],
}

/// Deployments sampled for the prior, per side and style.
const PRIOR_SAMPLES: u32 = 600;

impl DeploymentPrior {
    /// The prior, sampled once with a fixed seed (the same on every machine).
    pub fn get() -> &'static DeploymentPrior {
        static PRIOR: LazyLock<DeploymentPrior> = LazyLock::new(DeploymentPrior::sampled);
        &PRIOR
    }

    fn sampled() -> DeploymentPrior {
        let mut counts = [[[0u32; 12]; POINTS]; 2];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6a75_6e71_6970_7269);
        // The uniform style weighs as much as the three others together.
        let styles = [
            (DeploymentStyle::Random, 3),
            (DeploymentStyle::Balanced, 1),
            (DeploymentStyle::Defensive, 1),
            (DeploymentStyle::Aggressive, 1),
        ];
        let mut total = 0u32;
        for side in Color::ALL {
            for (style, weight) in styles {
                for _ in 0..PRIOR_SAMPLES * weight {
                    let deployment = Deployment::generate(side, style, &mut rng);
                    for (at, piece) in deployment.pieces() {
                        counts[side.index()][at.index()][piece.kind.index()] += 1;
                    }
                    if side == Color::Red {
                        total += 1;
                    }
                }
            }
        }
        // One pseudo-deployment of each kind everywhere it may stand keeps every legal kind
        // possible.
        let shares = std::array::from_fn(|side| {
            std::array::from_fn(|point| {
                std::array::from_fn(|kind| {
                    f64::from(counts[side][point][kind] + 1) / f64::from(total + 12)
                })
            })
        });
        DeploymentPrior { shares }
    }

    /// How likely `kind` is on `start` in `side`'s deployment, against the kind's own count.
    fn weight(&self, side: Color, start: Point, kind: Kind) -> f64 {
        self.shares[side.index()][start.index()][kind.index()] / f64::from(kind.count())
    }
}

/// Whether a deployment may put `kind` on `at` for `side`.
fn deployable(side: Color, kind: Kind, at: Point) -> bool {
    match kind {
        Kind::Flag => at.is_headquarters(),
        Kind::Landmine => Deployment::is_back_rank(side, at),
        Kind::Bomb => !Deployment::is_front_rank(side, at),
        _ => true,
    }
}

/// Whether the tokens `order` names can each take one of their kinds within `counts`: a
/// bipartite matching of tokens to the army's pieces (augmenting paths; 25 by 25 at most).
fn assignable(tokens: &[Token], order: &[usize], counts: [u8; 12]) -> bool {
    // Each kind's pieces as slots; `holder[slot]` is the token matched to it.
    let slots: Vec<Kind> = Kind::ALL
        .into_iter()
        .flat_map(|kind| std::iter::repeat_n(kind, usize::from(counts[kind.index()])))
        .collect();
    if slots.len() < order.len() {
        return false;
    }
    let mut holder: Vec<Option<usize>> = vec![None; slots.len()];
    fn augment(
        token: usize,
        tokens: &[Token],
        slots: &[Kind],
        holder: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for slot in 0..slots.len() {
            if seen[slot] || !tokens[token].kinds.contains(slots[slot]) {
                continue;
            }
            seen[slot] = true;
            if holder[slot].is_none_or(|other| augment(other, tokens, slots, holder, seen)) {
                holder[slot] = Some(token);
                return true;
            }
        }
        false
    }
    order.iter().all(|&token| {
        let mut seen = vec![false; slots.len()];
        augment(token, tokens, &slots, &mut holder, &mut seen)
    })
}
