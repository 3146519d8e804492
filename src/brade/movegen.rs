//! Play generation: every legal play of a roll, exactly as rules §6 defines it.
//!
//! [`MoveGen`] lists the plays of a roll with the fast search (`fast`), counts them with
//! its counting path, and keeps a plain search of its own: a depth-first search that
//! tries every step order ([`StepRules`] decides each single step anew, so bursting
//! rights are re-evaluated before every step, R12–R14). A branch stops at a step that
//! ends the game (R15–R17, §6.1, see `ending`) or when no die left can be played (§6.2).
//! The leaves are then filtered (most dice, the higher die, the smallest reduction,
//! §6.3, see `leaf`) and made distinct by resulting position and result (§6.5).
//!
//! [`MoveGen`] owns its buffers and reuses them, so generating plays allocates nothing
//! once it is warm. For doubles, intermediate positions reached by several step orders
//! are expanded once: what can follow depends only on the board and the dice left.

use super::board::{BAR, Board};
use super::ending::{ending_after, pretty_after_play};
use super::fast::{FastGen, play_key};
use super::keyset::U64Set;
use super::leaf::{Leaf, Thresholds};
use super::play::Play;
use super::result::GameResult;
use super::ruleset::{PrettyRule, RuleSet};
use super::steps::{StepRules, apply_step};
use crate::rules::Roll;

/// One legal play with the board it leaves (still seen from the mover's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalPlay {
    /// The steps, in one legal order.
    pub play: Play,
    /// The board after the play, seen from the mover's side.
    pub board: Board,
    /// The game's result when the play ends it.
    pub result: Option<GameResult>,
}

/// A sequence found by the search, legal or filtered out by §6.3.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) play: LegalPlay,
    pub(super) legal: bool,
}

/// The dice still to play in a search node.
#[derive(Clone, Copy, Debug)]
struct Dice {
    values: [u8; 4],
    len: u8,
}

impl Dice {
    fn of(roll: Roll) -> Dice {
        if roll.is_double() {
            Dice {
                values: [roll.high(); 4],
                len: 4,
            }
        } else {
            Dice {
                values: [roll.high(), roll.low(), 0, 0],
                len: 2,
            }
        }
    }

    fn without(&self, index: usize) -> Dice {
        let mut d = *self;
        d.len -= 1;
        d.values[index] = d.values[usize::from(d.len)];
        d
    }
}

/// The play generator. Keep one and reuse it: its buffers are then never reallocated.
#[derive(Debug)]
pub struct MoveGen {
    /// The sequences of the last search, before §6.3 filters them.
    leaves: Vec<Leaf>,
    /// The board and roll searched (the root is the board of a forfeited roll; a double
    /// keys its plays differently).
    root: Board,
    double: bool,
    seen_plays: U64Set,
    plays: Vec<LegalPlay>,
    /// The fast path (see `fast.rs`): searching and counting with bit masks.
    fast: FastGen,
    /// The rules the plays are made by.
    rules: RuleSet,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// A generator of the Vasamuseet rules.
    #[must_use]
    pub fn new() -> MoveGen {
        MoveGen::with_rules(RuleSet::VASAMUSEET)
    }

    /// A generator of the rules `rules`.
    #[must_use]
    pub fn with_rules(rules: RuleSet) -> MoveGen {
        MoveGen {
            leaves: Vec::with_capacity(1024),
            root: Board::start(),
            double: false,
            seen_plays: U64Set::new(),
            plays: Vec::with_capacity(256),
            fast: FastGen::new(),
            rules,
        }
    }

    /// The rules it makes plays by.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The distinct legal plays of `roll` on `board` (§6.5): one representative step
    /// order each. A forfeited roll gives the empty play alone.
    pub fn plays(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        self.root = *board;
        self.double = roll.is_double();
        self.fast.search(&mut self.leaves, board, roll, self.rules);
        self.filter(true);
        &self.plays
    }

    /// §6.3–6.5 over `self.leaves` into `self.plays` (with only the distinct plays).
    fn filter(&mut self, distinct: bool) {
        if self.rules.pretty == PrettyRule::WholeRoll {
            self.filter_by::<true>(distinct);
        } else {
            self.filter_by::<false>(distinct);
        }
    }

    /// The number of distinct legal plays (1 for a forfeited roll): `plays(..).len()`
    /// without building the list (under the variants, by building it).
    pub fn count(&mut self, board: &Board, roll: Roll) -> usize {
        if self.rules.is_default() {
            self.fast.count_one_roll(board, roll)
        } else {
            self.plays(board, roll).len()
        }
    }

    /// `perft(board, 1)`: the distinct legal plays summed over the 21 rolls.
    pub(super) fn count_all_rolls(&mut self, board: &Board) -> u64 {
        if self.rules.is_default() {
            self.fast.count_all_rolls(board)
        } else {
            Roll::all()
                .into_iter()
                .map(|roll| self.count(board, roll) as u64)
                .sum()
        }
    }

    /// Every legal step order of every legal play of `roll` on `board`; the same play
    /// appears once for each order in which its steps may legally be taken. This uses
    /// the plain search, step by step with `StepRules`, independent of the fast path.
    pub fn sequences(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        self.search(board, roll);
        self.filter(false);
        &self.plays
    }

    /// Every sequence the search reaches before §6.3 filters (complete or game-ending),
    /// with whether it is a legal play; for explaining why a step leads nowhere.
    pub(super) fn candidates(&mut self, board: &Board, roll: Roll) -> (Vec<Candidate>, Thresholds) {
        self.search(board, roll);
        let th = Thresholds::of(&self.leaves);
        let whole_roll = self.rules.pretty == PrettyRule::WholeRoll;
        let out = self
            .leaves
            .iter()
            .map(|l| {
                let legal = th.keeps(l);
                Candidate {
                    legal,
                    play: LegalPlay {
                        play: l.play,
                        board: l.board,
                        result: l.result.or_else(|| {
                            (whole_roll && legal)
                                .then(|| pretty_after_play(&l.board))
                                .flatten()
                        }),
                    },
                }
            })
            .collect();
        (out, th)
    }

    /// Runs the plain search (every step order) into `self.leaves`.
    fn search(&mut self, board: &Board, roll: Roll) {
        self.leaves.clear();
        self.root = *board;
        self.double = roll.is_double();
        self.dfs(board, Dice::of(roll), &mut Play::empty());
    }

    fn dfs(&mut self, board: &Board, dice: Dice, play: &mut Play) {
        let rules = StepRules::new(board, self.rules);
        let mut any = false;
        let mut tried = 0u8;
        for i in 0..usize::from(dice.len) {
            let die = dice.values[i];
            if tried & (1 << die) != 0 {
                continue;
            }
            tried |= 1 << die;
            let rest = dice.without(i);
            let sources = if rules.on_bar { BAR..=BAR } else { 1..=24 };
            for from in sources {
                let Some(step) = rules.step(board, from, die) else {
                    continue;
                };
                any = true;
                let mut next = *board;
                apply_step(&mut next, step);
                play.push(step);
                if let Some(result) = ending_after(&next, step, self.rules) {
                    self.leaves.push(Leaf::new(&next, *play, Some(result)));
                } else if rest.len == 0 {
                    self.leaves.push(Leaf::new(&next, *play, None));
                } else {
                    self.dfs(&next, rest, play);
                }
                play.pop();
            }
        }
        if !any && !play.is_empty() {
            self.leaves.push(Leaf::new(board, *play, None));
        }
    }

    /// [`MoveGen::filter`]; `WHOLE_ROLL`: pretty games are looked at once a play is
    /// complete.
    fn filter_by<const WHOLE_ROLL: bool>(&mut self, distinct: bool) {
        self.plays.clear();
        if self.leaves.is_empty() {
            self.plays.push(LegalPlay {
                play: Play::empty(),
                board: self.root,
                result: None,
            });
            return;
        }
        let th = Thresholds::of(&self.leaves);
        self.seen_plays.clear();
        for leaf in &self.leaves {
            if !th.keeps(leaf) {
                continue;
            }
            // Pretty=whole-roll: the pattern is looked at once the play is complete.
            let result = if WHOLE_ROLL && leaf.result.is_none() {
                pretty_after_play(&leaf.board)
            } else {
                leaf.result
            };
            if !distinct || self.seen_plays.insert(play_key(&leaf.play, self.double, result)) {
                self.plays.push(LegalPlay {
                    play: leaf.play,
                    board: leaf.board,
                    result,
                });
            }
        }
    }
}
