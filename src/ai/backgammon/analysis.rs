//! Analysis of a played backgammon match: every checker play with a choice and every cube
//! decision weighed by the judge below, the loss of each marked on GNU Backgammon's scale,
//! and each player's error rates (checker play, cube, overall) with a rating.
//!
//! **The judge.** Checker plays: every legal play valued at 0 ply, the best five within
//! 0.16 of the best (and the play made) again one roll deeper — hard's search until
//! December 2026 — each valued *cubeful* with the cube where it is (Janowski's cube life,
//! [`super::cube`]) and in a match at the score (match-winning chances from the table): so
//! a play that throws a gammon away at a score where gammons count double is weighed as
//! such. Cube decisions: the hard level's cube decision ([`super::weigh::cube_decision`]),
//! the value of each choice.
//!
//! **The units** are GNU Backgammon's: losses *normalised* to a cube of 1 — points per unit
//! of the cube in money play ("EMG"), and in a match the match-winning chance lost
//! converted to the same scale (`2·Δ / (MWC if the cube is won − MWC if it is lost)`, as
//! GNU Backgammon's `mwc2eq`), with the chance itself kept beside it. The marks are its
//! (doubtful from 0.04, bad from 0.08, very bad from 0.16) and so is the rating of the
//! error rate per decision, in thousandths ([`LIMITS`]).
//!
//! **What counts as a decision.** A checker play with more than one legal play; a double
//! made; a take or a pass; and a roll not doubled where the cube could have been turned
//! and the double was right, or close (doubling within 0.16 of not doubling): as GNU
//! Backgammon counts "close or actual" cube decisions.
//!
//! Deterministic: no randomness, so the same match gives the same figures every time.

use std::sync::Arc;

use crate::ai::Level;
use crate::ai::analysis::{Mark, Summary};
use crate::ai::backgammon::cube::{
    self, CubeDecision, CubeView, Outcomes, ProperAction as Proper, Session, Unit,
};
use crate::ai::backgammon::met;
use crate::ai::backgammon::weigh::{cube_decision, outcomes_at};
use crate::ai::backgammon::{BgNet, net, search::Searcher};
use crate::backgammon::{Board, Cube, LegalPlay, MoveGen, Play, Position, Score, Stakes, Win};
use crate::game::{Backgammon, CubeAction, Game};
use crate::rules::{Color, Roll};
use crate::session::{Match, Phase};
use crate::words::backgammon::analysis::What;

/// Losses from which a decision is marked doubtful, bad and very bad (GNU Backgammon's).
pub const THRESHOLDS: [f64; 3] = [0.04, 0.08, 0.16];

/// The error rates (thousandths of a point per decision) below which each rating but the
/// last is given: GNU Backgammon's scale (supernatural below 2 … beginner below 35).
pub const LIMITS: [f64; 7] = [2.0, 5.0, 8.0, 12.0, 18.0, 26.0, 35.0];

/// How close a cube decision not taken must be to count: doubling within this much of
/// not doubling.
const CLOSE: f64 = 0.16;

/// The judge's checker search: this many plays within this much of the best at 0 ply are
/// weighed again one roll deeper (the hard level's search until December 2026, before it
/// took its best three a roll deeper still: a cubeful judge that deep would cost a match's
/// analysis about ten times the time).
pub(super) const KEEP: usize = 5;
pub(super) const WITHIN: f64 = 0.16;

/// The level whose cube decisions judge the cube.
pub const JUDGE: Level = Level::Hard;

/// What a decision was about.
#[derive(Clone, Debug, PartialEq)]
pub enum DecisionKind {
    /// A checker play of `roll`: the play made and the judge's best.
    Checker { roll: Roll, played: Play, best: Play },
    /// Before a roll, with the cube available: whether to double; `right` is the judge's
    /// proper cube action.
    Double { doubled: bool, right: Proper },
    /// Doubled: take or pass; `take` is whether taking was right.
    Answer { took: bool, take: bool },
}

/// One decision of a match, weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct BgDecision {
    /// The game (from 1) and the turn of it the decision belongs to (from 1; a cube
    /// decision belongs to the turn whose roll it comes before).
    pub game: usize,
    pub turn: usize,
    /// Who decided (the taker for an answer).
    pub mover: Color,
    /// The position (the side to roll's) and the cube before the decision: its value and
    /// its owner (`None`: in the middle).
    pub position: Position,
    pub cube: u32,
    pub cube_owner: Option<Color>,
    pub kind: DecisionKind,
    /// Normalised points lost against the judge's choice (0 for the right one).
    pub loss: f64,
    /// In a match, the match-winning chance lost (0 to 1).
    pub match_loss: Option<f64>,
    pub mark: Mark,
}

impl BgDecision {
    /// Whether this is a cube decision.
    #[must_use]
    pub fn is_cube(&self) -> bool {
        !matches!(self.kind, DecisionKind::Checker { .. })
    }

    /// The roll, the play made and the best in notation (empty for the cube's).
    #[must_use]
    pub fn texts(&self) -> [String; 3] {
        match &self.kind {
            DecisionKind::Checker { roll, played, best } => {
                [roll.to_string(), played.to_string(), best.to_string()]
            }
            _ => Default::default(),
        }
    }

    /// The decision as the words say it, `texts` being its [`BgDecision::texts`].
    #[must_use]
    pub fn what<'a>(&self, texts: &'a [String; 3]) -> What<'a> {
        match &self.kind {
            DecisionKind::Checker { .. } => What::Checker {
                roll: &texts[0],
                played: &texts[1],
                best: &texts[2],
            },
            DecisionKind::Double { doubled, right } => What::Double {
                doubled: *doubled,
                right: right.verdict(),
            },
            DecisionKind::Answer { took, take } => What::Answer {
                took: *took,
                take: *take,
            },
        }
    }
}

/// A backgammon match analysed: every decision in order, and each side's summaries (by
/// `Color::index`) of its checker play and its cube handling.
#[derive(Clone, Debug, PartialEq)]
pub struct BgAnalysis {
    pub decisions: Vec<BgDecision>,
    pub checker: [Summary; 2],
    pub cube: [Summary; 2],
}

impl BgAnalysis {
    /// A side's figures over all its decisions, checker and cube together.
    #[must_use]
    pub fn overall(&self, side: Color) -> Summary {
        self.checker[side.index()].plus(&self.cube[side.index()])
    }

    /// The `n` worst decisions of `side`, worst first.
    #[must_use]
    pub fn worst(&self, side: Color, n: usize) -> Vec<&BgDecision> {
        let mut own: Vec<&BgDecision> = self.decisions.iter().filter(|d| d.mover == side).collect();
        own.sort_by(|a, b| b.loss.total_cmp(&a.loss));
        own.truncate(n);
        own
    }
}

/// The judge: the shipped network and its search.
pub(super) struct Judge {
    net: Arc<BgNet>,
    searcher: Searcher,
}

/// Where a decision is taken: what the mover plays for and with which cube.
#[derive(Clone, Copy)]
pub(in crate::ai) struct Standing {
    pub(super) mover: Color,
    pub(super) cube: Cube,
    /// Each side's standing in a match (by `Color::index`; `None` in money play).
    aways: [Option<met::Away>; 2],
    pub(super) stakes: Stakes,
}

impl Standing {
    pub(super) fn new(mover: Color, cube: Cube, score: &Score, stakes: Stakes) -> Standing {
        Standing {
            mover,
            cube,
            aways: Color::BOTH.map(|side| met::Away::of(score, side)),
            stakes,
        }
    }

    /// The same standing, the opponent deciding (the taker of a double). In a match the
    /// gap between the cube won and lost is the same seen from either side, so the taker's
    /// scale is the doubler's.
    pub(super) fn taker(self) -> Standing {
        Standing {
            mover: self.mover.other(),
            ..self
        }
    }

    /// The side's standing in a match (`None` in money play).
    pub(super) fn away(&self, side: Color) -> Option<met::Away> {
        self.aways[side.index()]
    }

    /// What the game is played for, for `side`.
    pub(super) fn session(&self, side: Color) -> Session {
        match self.away(side) {
            Some(away) => Session::Match(away, self.stakes),
            None => Session::Money(self.stakes),
        }
    }

    /// Normalised points per unit of the decision's unit (money: 1; match: `2 / (MWC if
    /// the cube is won − MWC if it is lost)`).
    pub(super) fn scale(&self, unit: Unit) -> f64 {
        match (unit, self.away(self.mover)) {
            (Unit::MatchChance, Some(away)) => {
                let v = i64::from(self.cube.value);
                let gap = met::mwc_after(away, v) - met::mwc_after(away, -v);
                if gap > 1e-9 { 2.0 / gap } else { 0.0 }
            }
            _ => 1.0,
        }
    }

    /// A loss of `raw` in `unit` as the analysis counts it: normalised points, and in a
    /// match the chance lost.
    fn loss(&self, raw: f64, unit: Unit) -> (f64, Option<f64>) {
        let raw = raw.max(0.0);
        (raw * self.scale(unit), (unit == Unit::MatchChance).then_some(raw))
    }

    pub(super) fn unit(&self) -> Unit {
        if self.aways[0].is_none() {
            Unit::Points
        } else {
            Unit::MatchChance
        }
    }

    /// The value to the mover of a game won outright by its play.
    pub(super) fn won(&self, win: Win) -> f64 {
        match self.away(self.mover) {
            Some(away) => met::mwc_after_game(away, true, self.cube.value, win, &self.stakes),
            None if self.stakes.jacoby && !self.cube.turned() => 1.0,
            None => match win {
                Win::Single => 1.0,
                Win::Gammon => 2.0,
                Win::Backgammon => f64::from(self.stakes.backgammon),
            },
        }
    }
}

impl Judge {
    /// The judge with the shipped network; `None` if it cannot be read.
    pub(super) fn new() -> Option<Judge> {
        Some(Judge {
            net: net::embedded().ok()?,
            searcher: Searcher::new(),
        })
    }

    /// The mover's cubeful value (in the standing's unit) of `play`, the opponent's rolls
    /// looked at `depth` deep.
    fn value(&mut self, play: &LegalPlay, at: &Standing, depth: u8) -> f64 {
        self.weigh(play, at, depth).0
    }

    /// The same value, and the mover's cubeless chances after the play.
    pub(super) fn weigh(&mut self, play: &LegalPlay, at: &Standing, depth: u8) -> (f64, Outcomes) {
        if let Some(win) = play.win {
            let chances = Outcomes {
                win: 1.0,
                win_gammon: f64::from(u8::from(win != Win::Single)),
                win_backgammon: f64::from(u8::from(win == Win::Backgammon)),
                ..Outcomes::default()
            };
            return (at.won(win), chances);
        }
        let board: Board = play.board.switched();
        let o = outcomes_at(&mut self.searcher, &self.net, &board, depth);
        let opp = at.mover.other();
        let theirs = cube::cubeful(
            &o,
            CubeView::of(&at.cube, opp),
            &at.session(opp),
            cube::efficiency(&board),
        );
        let value = match at.unit() {
            Unit::Points => -theirs,
            Unit::MatchChance => 1.0 - theirs,
        };
        (value, o.flipped())
    }

    /// The index of the best of `plays` and the loss of `made` (its index) against it, in
    /// the standing's unit.
    fn checker(&mut self, plays: &[LegalPlay], made: usize, at: &Standing) -> (usize, f64) {
        let scale = at.scale(at.unit());
        let shallow: Vec<f64> = plays.iter().map(|p| self.value(p, at, 0)).collect();
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| shallow[b].total_cmp(&shallow[a]).then(a.cmp(&b)));
        let top = shallow[order[0]];
        let mut deep: Vec<usize> = order
            .iter()
            .copied()
            .take(KEEP)
            .take_while(|&i| (top - shallow[i]) * scale <= WITHIN)
            .collect();
        if !deep.contains(&made) {
            deep.push(made);
        }
        let values: Vec<(usize, f64)> = deep.iter().map(|&i| (i, self.value(&plays[i], at, 1))).collect();
        let (best, best_value) = values
            .iter()
            .copied()
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .unwrap_or((made, 0.0));
        let made_value = values.iter().find(|v| v.0 == made).map_or(best_value, |v| v.1);
        if made_value >= best_value {
            (made, 0.0)
        } else {
            (best, best_value - made_value)
        }
    }
}

/// Collects the decisions and the summaries.
struct Book {
    decisions: Vec<BgDecision>,
    checker: [Summary; 2],
    cube: [Summary; 2],
}

impl Book {
    /// Records a decision whose loss is `raw` in `unit` at `at`.
    fn add(
        &mut self,
        place: (usize, usize),
        at: &Standing,
        position: Position,
        kind: DecisionKind,
        raw: f64,
        unit: Unit,
    ) {
        let (loss, match_loss) = at.loss(raw, unit);
        let mark = Mark::on(loss, THRESHOLDS);
        let book = if matches!(kind, DecisionKind::Checker { .. }) {
            &mut self.checker
        } else {
            &mut self.cube
        };
        book[at.mover.index()].count(loss, mark);
        self.decisions.push(BgDecision {
            game: place.0,
            turn: place.1,
            mover: at.mover,
            position,
            cube: at.cube.value,
            cube_owner: at.cube.owner,
            kind,
            loss,
            match_loss,
            mark,
        });
    }
}

/// Weighs the play `made` (an index into `plays`, the legal plays of a roll in
/// `position`) as the analysis does, with the cube `cube` at the match's `score`: the
/// index of the best play, the normalised loss of `made`, and in a match the chance it
/// loses — what the tutor asks about. `None` if the shipped network cannot be read.
#[must_use]
pub fn weigh_play(
    position: &Position,
    plays: &[LegalPlay],
    made: usize,
    cube: &Cube,
    score: &Score,
    stakes: Stakes,
) -> Option<(usize, f64, Option<f64>)> {
    let mut judge = Judge::new()?;
    let at = Standing::new(position.turn(), *cube, score, stakes);
    let (best, raw) = judge.checker(plays, made, &at);
    let (loss, chance) = at.loss(raw, at.unit());
    Some((best, loss, chance))
}

/// A cube decision to weigh: the side to roll's double, or its opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeQuestion {
    Double,
    Take,
}

/// A cube decision weighed as the analysis weighs it.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeWeighed {
    /// Normalised points the answer lost (0 for the right one).
    pub loss: f64,
    /// In a match, the chance to win the match the answer lost (0 to 1), as the analysis
    /// keeps it beside the loss.
    pub match_loss: Option<f64>,
    /// The right answer: double (or take).
    pub right: bool,
    /// The judge's proper cube action, as the analysis names it.
    pub action: Proper,
    /// Each answer's value for the side answering: no and yes — no double, double (with
    /// the opponent's right answer); or pass, take. In money play cubeful points per unit
    /// of the cube; in a match the chance to win the match (0 to 1).
    pub values: [f64; 2],
}

/// Weighs the answer `yes` (double, or take) to `question` in `position` (the side to
/// roll's: the doubler's) with the cube `cube` at the match's `score`, as the analysis
/// does; `None` when the cube cannot be turned there.
#[must_use]
pub fn weigh_cube(
    position: &Position,
    cube: &Cube,
    score: &Score,
    stakes: Stakes,
    question: CubeQuestion,
    yes: bool,
) -> Option<CubeWeighed> {
    let d = cube_decision(position, cube, score, stakes, JUDGE);
    if d.action == Proper::Unavailable {
        return None;
    }
    let at = Standing::new(position.turn(), *cube, score, stakes);
    let right = match question {
        CubeQuestion::Double => d.doubles(),
        CubeQuestion::Take => d.take,
    };
    let (loss, match_loss) = at.loss(raw_loss(&d, question, yes), d.unit);
    let values = answers(&d, question).0;
    Some(CubeWeighed {
        loss,
        match_loss,
        right,
        action: d.action,
        // (The taker's chance is what the doubler's is not.)
        values: match (d.unit, question) {
            (Unit::MatchChance, CubeQuestion::Take) => values.map(|v| 1.0 + v),
            _ => values,
        },
    })
}

/// The values, for the side deciding, of its two answers to `question` — no double and
/// double (the opponent answering right), or pass and take — and the value of the right
/// answer, in the decision's unit.
fn answers(d: &CubeDecision, question: CubeQuestion) -> ([f64; 2], f64) {
    let (take, pass) = (d.double_take.unwrap_or(0.0), d.double_pass.unwrap_or(0.0));
    match question {
        CubeQuestion::Double => ([d.no_double, doubling_value(d)], d.value()),
        // For the taker: what the doubler does not get.
        CubeQuestion::Take => ([-pass, -take], (-pass).max(-take)),
    }
}

/// What answering `yes` (double, or take) to `question` loses against the right answer,
/// in the decision's unit (negative when it is the right one: the analysis counts 0).
fn raw_loss(d: &CubeDecision, question: CubeQuestion, yes: bool) -> f64 {
    let (values, right) = answers(d, question);
    right - values[usize::from(yes)]
}

/// Analyses `game` with the hard level's judgement; `progress` is told after each turn
/// how many are done of how many. `None` if the shipped network cannot be read, or if the
/// match does not replay (it cannot come from a checked save).
pub fn analyze(game: &Match<Backgammon>, progress: impl FnMut(usize, usize)) -> Option<BgAnalysis> {
    let mut judge = Judge::new()?;
    let mut book = Book {
        decisions: Vec::new(),
        checker: [Summary::default(); 2],
        cube: [Summary::default(); 2],
    };
    walk(game, progress, |place, m, position, met| {
        match met {
            Met::Cube { doubled, answer } => weigh_cube_decisions(m, place, doubled, answer, &mut book),
            Met::Checker {
                roll,
                plays,
                made,
                played,
            } => {
                let at = Standing::new(position.turn(), m.stake, &m.score, m.rules);
                let (best, raw) = judge.checker(plays, made, &at);
                let kind = DecisionKind::Checker {
                    roll,
                    played,
                    best: plays[best].play,
                };
                book.add(place, &at, *position, kind, raw, at.unit());
            }
        }
        Some(())
    })?;
    Some(BgAnalysis {
        decisions: book.decisions,
        checker: book.checker,
        cube: book.cube,
    })
}

/// A decision met on the walk through a match ([`walk`]).
pub(in crate::ai) enum Met<'a> {
    /// Before a roll, the side to roll could turn the cube, or did: whether it did, and
    /// whether the opponent took (once he answered).
    Cube { doubled: bool, answer: Option<bool> },
    /// A roll with more than one legal play: the legal plays, the index of the one made,
    /// and that play as it was made.
    Checker {
        roll: Roll,
        plays: &'a [LegalPlay],
        made: usize,
        played: Play,
    },
}

/// Where a decision is: its game and turn, from 1.
pub(in crate::ai) type Place = (usize, usize);

/// Walks `game` turn by turn, telling `progress` after each how many are done of how many,
/// and `visit` of each decision met ([`Met`]) with its place, the match as it stands then
/// (its cube and score) and the position (the side to roll's). `None` if the match does
/// not replay, or `visit` says `None`.
pub(in crate::ai) fn walk(
    game: &Match<Backgammon>,
    mut progress: impl FnMut(usize, usize),
    mut visit: impl FnMut(Place, &Match<Backgammon>, &Position, Met<'_>) -> Option<()>,
) -> Option<()> {
    let mut movegen = MoveGen::new();
    let total = game.turns_played();
    let mut done = 0;
    let [white, black] = &game.names;
    let mut m: Match<Backgammon> = Match::new(white, black, game.length()).by_rules(game.rules);
    let mut openings = game.teka_rolls.iter().copied();
    for (gi, log) in game.log.iter().enumerate() {
        if gi > 0 {
            m.next_game();
        }
        while matches!(m.phase, Phase::Teka { .. }) {
            let (w, b) = openings.next()?;
            m.teka(w, b);
        }
        let mut cube = log.cube.iter().copied().peekable();
        for (ti, (roll, play)) in log.turns.iter().enumerate() {
            let mut actions = Vec::new();
            while let Some((_, action)) = cube.next_if(|&(at, _)| at == ti) {
                actions.push(action);
            }
            actions_between(&mut m, (gi + 1, ti + 1), &actions, &mut visit)?;
            done += 1;
            progress(done, total);
            if matches!(m.phase, Phase::AwaitRoll) {
                m.roll(*roll);
            }
            let made = match m.turn_mut() {
                Some(turn) => {
                    let position = *turn.start();
                    <Backgammon as Game>::play_text(turn, &play.to_string()).ok()?;
                    Some((position, turn.finish().ok()?.0))
                }
                None => None,
            };
            if let Some((position, made)) = made {
                let plays: Vec<LegalPlay> = movegen.plays(position.board(), *roll).to_vec();
                if plays.len() > 1 {
                    let made_at = plays
                        .iter()
                        .position(|p| p.board == made.board && p.win == made.win)?;
                    let met = Met::Checker {
                        roll: *roll,
                        plays: &plays,
                        made: made_at,
                        played: made.play,
                    };
                    visit((gi + 1, ti + 1), &m, &position, met)?;
                }
            }
            m.confirm().ok()?;
        }
        let rest: Vec<CubeAction> = cube.map(|(_, a)| a).collect();
        actions_between(&mut m, (gi + 1, log.turns.len() + 1), &rest, &mut visit)?;
    }
    Some(())
}

/// The judge's version: raised whenever the judge weighs differently with the same
/// network (its search, the cube model, the units), so that analyses kept under the old
/// judge are made again.
const JUDGE_VERSION: u32 = 1;

/// What names the judge of a kept analysis: the shipped networks' checksums (the main
/// one and the race network, when there is one) and the judge's version.
#[must_use]
pub fn judge_id() -> String {
    format!("{}-judge-{JUDGE_VERSION}", net::embedded_id())
}

impl BgAnalysis {
    /// The analysis made of `decisions` (read back from where it was kept): each one's mark
    /// from its loss, the summaries counted again.
    #[must_use]
    pub fn from_decisions(mut decisions: Vec<BgDecision>) -> BgAnalysis {
        let mut checker = [Summary::default(); 2];
        let mut cube = [Summary::default(); 2];
        for d in &mut decisions {
            d.mark = Mark::on(d.loss, THRESHOLDS);
            let book = if d.is_cube() { &mut cube } else { &mut checker };
            book[d.mover.index()].count(d.loss, d.mark);
        }
        BgAnalysis {
            decisions,
            checker,
            cube,
        }
    }
}

/// The actions logged before the roll of turn `place` (game, turn), made on `m`: the cube
/// actions ([`cube_actions`], `visit` told of the decision first), then the resignations,
/// which are not weighed (the analysis marks checker plays and cube decisions). A game
/// resigned before its roll has no cube decision there: the player chose to resign, not to
/// hold the cube.
fn actions_between(
    m: &mut Match<Backgammon>,
    place: Place,
    actions: &[CubeAction],
    visit: &mut impl FnMut(Place, &Match<Backgammon>, &Position, Met<'_>) -> Option<()>,
) -> Option<()> {
    let (resignations, cube): (Vec<CubeAction>, Vec<CubeAction>) =
        actions.iter().partition(|a| matches!(a, CubeAction::Resign(_)));
    let resigned_unrolled = resignations
        .iter()
        .any(|a| matches!(a, CubeAction::Resign(r) if r.accepted && r.roll.is_none()));
    if !resigned_unrolled || !cube.is_empty() {
        cube_actions(m, place, &cube, visit)?;
    }
    for action in resignations {
        if let CubeAction::Resign(r) = action {
            m.resign_again(r)?;
        }
    }
    Some(())
}

/// The cube actions logged before the roll of turn `place` (game, turn) — or none — made
/// on `m`, `visit` told of the decision first when there was one.
fn cube_actions(
    m: &mut Match<Backgammon>,
    place: Place,
    actions: &[CubeAction],
    visit: &mut impl FnMut(Place, &Match<Backgammon>, &Position, Met<'_>) -> Option<()>,
) -> Option<()> {
    let doubled = actions.first() == Some(&CubeAction::Double);
    if matches!(m.phase, Phase::AwaitRoll) && (doubled || m.may_double()) {
        let answer = actions.get(1).filter(|_| doubled).map(|&a| a == CubeAction::Take);
        let position = m.position;
        visit(place, m, &position, Met::Cube { doubled, answer })?;
        if doubled {
            m.double().then_some(())?;
            if let Some(took) = answer {
                let done = if took { m.take_double() } else { m.drop_double() };
                done.then_some(())?;
            }
        }
    }
    // Actions the match does not allow here: the log does not replay.
    (actions.is_empty() || doubled).then_some(())
}

/// The cube decisions of `m` (before a roll, at `place`) weighed: the double when the cube
/// was turned, or the double was right or close; the answer, when there was one.
fn weigh_cube_decisions(
    m: &Match<Backgammon>,
    place: Place,
    doubled: bool,
    answer: Option<bool>,
    book: &mut Book,
) {
    let mover = m.position.turn();
    let d = cube_decision(&m.position, &m.stake, &m.score, m.rules, JUDGE);
    let at = Standing::new(mover, m.stake, &m.score, m.rules);
    if d.action != Proper::Unavailable {
        let loss = raw_loss(&d, CubeQuestion::Double, doubled);
        let close = d.doubles() || (d.no_double - doubling_value(&d)) * at.scale(d.unit) < CLOSE;
        if doubled || close {
            let kind = DecisionKind::Double {
                doubled,
                right: d.action,
            };
            book.add(place, &at, m.position, kind, loss, d.unit);
        }
    }
    if let Some(took) = answer {
        // In the doubler's unit: the taker loses what it gives the doubler.
        let loss = raw_loss(&d, CubeQuestion::Take, took);
        let kind = DecisionKind::Answer { took, take: d.take };
        book.add(place, &at.taker(), m.position, kind, loss, d.unit);
    }
}

/// The value for the doubler of doubling, given the opponent's right answer.
fn doubling_value(d: &CubeDecision) -> f64 {
    match (d.double_take, d.double_pass) {
        (Some(t), Some(p)) => t.min(p),
        _ => d.no_double,
    }
}
