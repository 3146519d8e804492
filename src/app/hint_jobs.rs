//! What a player asks the computer to weigh, weighed off the event loop as its own plays
//! and cube decisions are ([`super::jobs`], `cube_jobs.rs`): the best plays of a roll (`H`
//! at a table of either game, at a chouette, in a game played out from the editor), the
//! editor's hints (the best plays of the roll typed, or without dice the cube's decision),
//! the trainer's verdict on an answer (a checker play or a cube card), and the tutor's on a
//! play about to be confirmed.
//!
//! The app asks ([`App::jobs`] hands out a [`HintJob`]), the message line says the
//! computer is thinking, and the answer is taken when it comes back — only while the
//! board stands as it did when it was asked (the same [`Moment`]: the same turn, roll and
//! steps, the same card, the same position and dice in the editor); otherwise it is
//! dropped. The answer to a job is the same whenever it is weighed: no randomness.

use super::{App, Editor, Screen, Table};
use crate::ai::analysis::{JUDGE, in_points, weigh};
use crate::ai::backgammon::analysis::{CubeQuestion, CubeWeighed, weigh_cube, weigh_play};
use crate::ai::backgammon::cube::CubeDecision;
use crate::ai::{Level, Strategy};
use crate::backgammon::{Cube, Score, Stakes};
use crate::game::{Backgammon, Brade, Game, TurnPlay as _, TurnView as _};
use crate::rules::{Roll, Step};
use crate::session::Match;
use crate::words::Note;
use crate::words::game::GameWords;

/// Something to weigh for the player, what the answer is for, and the board it was asked
/// at.
#[derive(Clone, Debug)]
pub struct HintJob {
    pub purpose: HintPurpose,
    pub weighing: Weighing,
    pub moment: Moment,
}

/// Where a [`HintJob`]'s answer goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintPurpose {
    /// `H` with a roll at a table: the three best plays, the best marked on the board.
    Table,
    /// `H` in the position editor.
    Editor,
    /// The trainer's verdict on the answer to the card on screen.
    Drill,
    /// The tutor's verdict on the complete play about to be confirmed.
    Tutor,
}

/// The board as it stood when a job was asked: its answer is taken only while it stands
/// so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// Where: in a match the game's number and the turns played; at a trainer's card the
    /// card and its place in the drill; in the editor nothing.
    pub at: (usize, usize),
    /// The position's code (at the start of the turn being played).
    pub position: String,
    pub roll: Option<Roll>,
    /// The steps taken of the turn.
    pub steps: Vec<Step>,
}

impl Moment {
    /// The turn being played in `game`, as far as it is played.
    #[must_use]
    pub fn of_turn<G: Game>(game: &Match<G>) -> Option<Moment> {
        let turn = game.turn()?;
        Some(Moment {
            at: (game.game_number() as usize, game.turns_played()),
            position: G::position_code(&game.position),
            roll: Some(turn.roll()),
            steps: turn.taken(),
        })
    }
}

/// The legal plays of a roll for a level to value (for the side to move), playing for
/// `goal` (the match's, as the computer plays it; none in the editor) by `rules`.
#[derive(Clone, Debug)]
pub struct Plays<G: Strategy> {
    pub plays: Vec<G::Legal>,
    pub goal: Option<G::Goal>,
    pub rules: G::Rules,
    pub level: Level,
}

impl<G: Strategy> Plays<G> {
    /// The judge's plays of the turn being played in `game`, for the match's goal.
    pub(super) fn of_turn(game: &Match<G>) -> Option<Plays<G>> {
        let turn = game.turn()?;
        Some(Plays {
            plays: G::legal_plays(&game.position, turn.roll(), game.rules),
            goal: Some(super::goal(game)),
            rules: game.rules,
            level: JUDGE,
        })
    }

    /// The player who values them.
    fn player(&self) -> Box<dyn crate::ai::Player<G>> {
        let mut player = G::player(self.level, 0);
        if let Some(goal) = self.goal {
            player.play_for(goal);
        }
        player.play_by(self.rules);
        player
    }

    /// Each play's value for the side to move.
    fn values(&self) -> Vec<f64> {
        self.player().values(&self.plays)
    }
}

/// What a [`HintJob`] weighs.
#[derive(Clone, Debug)]
pub enum Weighing {
    /// Each legal play of a bräde roll valued.
    Brade(Plays<Brade>),
    /// The same in backgammon.
    Backgammon(Plays<Backgammon>),
    /// The `made`-th of bräde's plays weighed against the best as the analysis weighs it
    /// (in a match, in points of its first game).
    BradePlay {
        plays: Plays<Brade>,
        made: usize,
        games: u32,
    },
    /// The `made`-th of backgammon's plays from `position` weighed against the best as the
    /// analysis weighs it: cubeful, at the match's score.
    BackgammonPlay {
        position: crate::backgammon::Position,
        plays: Plays<Backgammon>,
        made: usize,
        cube: Cube,
        score: Score,
    },
    /// A trainer's cube card answered `yes` (double, or take): weighed as the analysis
    /// weighs it, the doubler's cube before the double.
    CubeCard {
        position: crate::backgammon::Position,
        cube: Cube,
        score: Score,
        stakes: Stakes,
        question: CubeQuestion,
        yes: bool,
    },
    /// The editor's cube hint: the decision of the side to roll in money play, the cube in
    /// the middle at 1.
    EditorCube(crate::backgammon::Position),
}

/// What a [`Weighing`] came to.
#[derive(Clone, Debug)]
pub enum Weighed {
    /// Each play's value, in the order of the plays.
    Values(Vec<f64>),
    /// The best play, what the play made loses against it and (in a match) the chance to
    /// win it lost; none when it cannot be weighed (the network cannot be read).
    Play(Option<(usize, f64, Option<f64>)>),
    /// A cube card's answer weighed; none when the cube cannot be turned there.
    CubeCard(Option<CubeWeighed>),
    /// A cube decision.
    Cube(CubeDecision),
}

impl HintJob {
    /// Weighs it (on a thread of its own: a deep level takes a while).
    #[must_use]
    pub fn weigh(&self) -> Weighed {
        match &self.weighing {
            Weighing::Brade(p) => Weighed::Values(p.values()),
            Weighing::Backgammon(p) => Weighed::Values(p.values()),
            Weighing::BradePlay { plays, made, games } => {
                let mut judge = plays.player();
                let (best, loss) = weigh(judge.as_mut(), &plays.plays, &plays.plays[*made]);
                Weighed::Play(plays.goal.map(|goal| {
                    let (loss, chance) = in_points(*games, &goal, loss.unwrap_or(0.0));
                    (best, loss, chance)
                }))
            }
            Weighing::BackgammonPlay {
                position,
                plays,
                made,
                cube,
                score,
            } => Weighed::Play(weigh_play(
                position,
                &plays.plays,
                *made,
                cube,
                score,
                plays.rules,
            )),
            Weighing::CubeCard {
                position,
                cube,
                score,
                stakes,
                question,
                yes,
            } => Weighed::CubeCard(weigh_cube(position, cube, score, *stakes, *question, *yes)),
            Weighing::EditorCube(position) => {
                use crate::ai::backgammon::cube::{CubeView, Owner, Session};
                let session = Session::Money(Stakes::default());
                let cube = CubeView::new(1, Owner::Centre);
                Weighed::Cube(crate::ai::backgammon::game::decision(
                    position, cube, &session, JUDGE,
                ))
            }
        }
    }
}

/// A game whose plays the app weighs for the player: how its plays go into a job and come
/// out, and where its tables lie among the screens.
pub trait Weighable: GameWords + Strategy {
    /// The job's weighing of the plays.
    fn weighing(plays: Plays<Self>) -> Weighing;

    /// The plays a weighing values or weighs one of, when they are of this game.
    fn plays(weighing: &Weighing) -> Option<&Plays<Self>>;

    /// The table on screen where `H` shows the best plays of this game.
    fn hint_table(screen: &mut Screen) -> Option<&mut Table<Self>>;

    /// Whether the hints of `plays` show each one's chance to win the match.
    fn for_match(plays: &Plays<Self>) -> bool;

    /// The hints' words for `play` (one of those weighed), of value `value`.
    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, play: &Self::Legal, value: f64) -> String;

    /// Which of `plays` (the legal plays of `turn`'s roll) the complete play of `turn` is.
    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize>;

    /// The tutor's weighing of the `made`-th of `plays` in `game`, as the analysis weighs
    /// it.
    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Weighing;
}

impl Weighable for Brade {
    fn weighing(plays: Plays<Self>) -> Weighing {
        Weighing::Brade(plays)
    }

    fn plays(weighing: &Weighing) -> Option<&Plays<Self>> {
        match weighing {
            Weighing::Brade(p) | Weighing::BradePlay { plays: p, .. } => Some(p),
            _ => None,
        }
    }

    fn hint_table(screen: &mut Screen) -> Option<&mut Table<Self>> {
        match screen {
            Screen::Match(t) | Screen::Editor(Editor { play: Some(t), .. }) => Some(t),
            _ => None,
        }
    }

    fn for_match(plays: &Plays<Self>) -> bool {
        // The hard level's values: expected points for the mover in a single game, the
        // chance to win the match in a match.
        matches!(plays.goal, Some(crate::ai::matchplay::Payoff::Match(_)))
    }

    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, p: &Self::Legal, v: f64) -> String {
        use crate::words::notes::HintValue;
        let value = if Self::for_match(plays) {
            HintValue::MatchChance(crate::ai::matchplay::as_mwc(v))
        } else {
            HintValue::Points(v)
        };
        crate::words::notes::hint(lang, &p.play, p.result, value)
    }

    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize> {
        let m = turn.completed()?;
        plays
            .iter()
            .position(|p| p.board == m.board && p.result == m.result)
    }

    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Weighing {
        // In a match the hard level weighs the chance to win it, and the loss is judged in
        // points of the match's first game, as the analysis judges it.
        Weighing::BradePlay {
            plays,
            made,
            games: game.score.games(),
        }
    }
}

impl Weighable for Backgammon {
    fn weighing(plays: Plays<Self>) -> Weighing {
        Weighing::Backgammon(plays)
    }

    fn plays(weighing: &Weighing) -> Option<&Plays<Self>> {
        match weighing {
            Weighing::Backgammon(p) | Weighing::BackgammonPlay { plays: p, .. } => Some(p),
            _ => None,
        }
    }

    fn hint_table(screen: &mut Screen) -> Option<&mut Table<Self>> {
        match screen {
            Screen::Backgammon(t) | Screen::BackgammonEditor(Editor { play: Some(t), .. }) => Some(t),
            Screen::Chouette(c) => Some(&mut c.table),
            _ => None,
        }
    }

    fn for_match(plays: &Plays<Self>) -> bool {
        let chance = plays
            .goal
            .and_then(|g| g.match_value())
            .and_then(|m| m.chance(0.0));
        chance.is_some()
    }

    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, p: &Self::Legal, v: f64) -> String {
        // As the computer weighs them: in a match, at the score (each play's chance to win
        // the match is shown); in money play, cubeless equity.
        match plays.goal.and_then(|g| g.match_value()).and_then(|m| m.chance(v)) {
            Some(c) => format!(
                "{} ({} %)",
                p.play,
                crate::words::decimal(lang, format!("{:.1}", 100.0 * c))
            ),
            None => {
                let v = if v.abs() < 0.0005 { 0.0 } else { v };
                format!("{} ({})", p.play, crate::words::decimal(lang, format!("{v:+.3}")))
            }
        }
    }

    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize> {
        let m = turn.completed()?;
        plays.iter().position(|p| p.board == m.board && p.win == m.win)
    }

    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Weighing {
        Weighing::BackgammonPlay {
            position: game.position,
            plays,
            made,
            cube: game.stake,
            score: game.score.clone(),
        }
    }
}

/// The plays' indices, the best first (of equal values, the first listed).
#[must_use]
pub fn best_first(values: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    order
}

/// The job to weigh the complete play about to be confirmed at `table` against the judge's
/// best, as the analysis weighs it, for the tutor (none when no other play is possible).
pub(super) fn tutor_job<G: Weighable>(table: &Table<G>) -> Option<HintJob> {
    let game = &table.game;
    let moment = Moment::of_turn(game)?;
    let plays = Plays::of_turn(game)?;
    let index = G::made(game.turn()?, &plays.plays)?;
    if plays.plays.len() < 2 {
        return None;
    }
    Some(HintJob {
        purpose: HintPurpose::Tutor,
        weighing: G::tutor_weighing(game, plays, index),
        moment,
    })
}

/// The jobs asked for and not yet handed out, and those out whose answers are awaited.
#[derive(Debug, Default)]
pub(super) struct Weighings {
    asked: Vec<HintJob>,
    out: Vec<(HintPurpose, Moment)>,
}

impl Weighings {
    /// Asks for `job`.
    pub(super) fn ask(&mut self, job: HintJob) {
        self.out.push((job.purpose, job.moment.clone()));
        self.asked.push(job);
    }

    /// Whether an answer for `purpose` at `moment` is awaited.
    pub(super) fn awaits(&self, purpose: HintPurpose, moment: &Moment) -> bool {
        self.out.iter().any(|(p, m)| *p == purpose && m == moment)
    }

    /// The jobs to hand out now.
    pub(super) fn take(&mut self) -> Vec<HintJob> {
        std::mem::take(&mut self.asked)
    }

    /// Whether nothing is asked or awaited.
    fn idle(&self) -> bool {
        self.asked.is_empty() && self.out.is_empty()
    }

    /// `job` is answered: no longer awaited.
    fn answered(&mut self, job: &HintJob) {
        if let Some(i) = self
            .out
            .iter()
            .position(|(p, m)| *p == job.purpose && *m == job.moment)
        {
            self.out.remove(i);
        }
    }
}

impl App {
    /// H with a roll at the table of `G` on screen: its plays weighed by the judge (a
    /// job), the message line saying the computer is thinking meanwhile. Whether such a
    /// table is on screen with a turn being played.
    pub(super) fn ask_table_hint<G: Weighable>(&mut self) -> bool {
        let Some(table) = G::hint_table(&mut self.screen) else {
            return false;
        };
        let (Some(plays), Some(moment)) = (Plays::of_turn(&table.game), Moment::of_turn(&table.game)) else {
            return false;
        };
        table.note = Some(Note::Thinking);
        self.computer.weighing.ask(HintJob {
            purpose: HintPurpose::Table,
            weighing: G::weighing(plays),
            moment,
        });
        true
    }

    /// A job is answered: taken where it was asked for, if the board still stands as it
    /// did; else dropped (and the message line, if it still says the computer is thinking
    /// and nothing else is being thought of, cleared).
    pub(super) fn hint_done(&mut self, job: HintJob, weighed: Weighed) {
        self.computer.weighing.answered(&job);
        let taken = match job.purpose {
            HintPurpose::Table => {
                self.table_hint_done::<Brade>(&job, &weighed)
                    || self.table_hint_done::<Backgammon>(&job, &weighed)
            }
            HintPurpose::Editor => self.editor_hint_done(&job, weighed),
            HintPurpose::Drill => self.drill_done(&job, weighed),
            HintPurpose::Tutor => self.tutor_done(&job, &weighed),
        };
        if !taken && !self.computer.thinking && self.computer.weighing.idle() {
            self.forget_thinking();
        }
    }

    /// The hints at the table of `G`, if they are for it.
    fn table_hint_done<G: Weighable>(&mut self, job: &HintJob, weighed: &Weighed) -> bool {
        let lang = self.lang();
        let (Some(plays), Weighed::Values(values)) = (G::plays(&job.weighing), weighed) else {
            return false;
        };
        let Some(table) = G::hint_table(&mut self.screen) else {
            return false;
        };
        if Moment::of_turn(&table.game).as_ref() != Some(&job.moment) || values.len() != plays.plays.len() {
            return false;
        }
        let order = best_first(values);
        table.hint = order.first().map(|&i| G::play_of(&plays.plays[i]).clone());
        table.note = Some(Note::Hints {
            who: crate::game::Checkers::to_move(&table.game.position),
            plays: order
                .iter()
                .take(3)
                .map(|&i| G::hint(lang, plays, &plays.plays[i], values[i]))
                .collect(),
            for_match: G::for_match(plays),
        });
        true
    }

    /// A message line that still says the computer is thinking, when nothing is thought
    /// of for it any more, cleared.
    fn forget_thinking(&mut self) {
        fn clear<G: GameWords>(table: &mut Table<G>) {
            if matches!(table.note, Some(Note::Thinking)) {
                table.note = None;
            }
        }
        on_table!(&mut self.screen, t => clear(t));
        match &mut self.screen {
            Screen::Editor(e) => e.forget_thinking(),
            Screen::BackgammonEditor(e) => e.forget_thinking(),
            _ => {}
        }
    }
}
