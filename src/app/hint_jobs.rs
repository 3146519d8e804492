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

use std::any::Any;

use super::{App, Screen, Table};
use crate::ai::analysis::JUDGE;
use crate::ai::backgammon::analysis::CubeWeighed;
use crate::ai::backgammon::cube::CubeDecision;
use crate::ai::{Level, Strategy};
use crate::game::{Game, TurnPlay as _, TurnView as _};
use crate::rules::{Roll, Step};
use crate::session::Match;
use crate::words::Note;
use crate::words::game::GameWords;

/// Something to weigh for the player, what the answer is for, and the board it was asked
/// at.
#[derive(Clone, Debug)]
pub struct HintJob {
    pub purpose: HintPurpose,
    pub weighing: Box<dyn Weighing>,
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
    pub(super) fn player(&self) -> Box<dyn crate::ai::Player<G>> {
        let mut player = G::player(self.level, 0);
        if let Some(goal) = self.goal {
            player.play_for(goal);
        }
        player.play_by(self.rules);
        player
    }

    /// Each play's value for the side to move.
    pub(super) fn values(&self) -> Vec<f64> {
        self.player().values(&self.plays)
    }
}

/// What a [`HintJob`] weighs, of any game: each of a roll's plays valued ([`Valued`]), a
/// play made weighed against the best as the analysis weighs it, a cube decision… Each
/// game's own weighings are beside its code (`brade.rs`, `backgammon/`).
pub trait Weighing: std::fmt::Debug + Send + WeighingBox {
    /// Weighs it (on a thread of its own: a deep level takes a while).
    fn weigh(&self) -> Weighed;
    /// The plays it weighs (a `Plays<G>` of its game), when it weighs a roll's plays.
    fn plays(&self) -> Option<&dyn Any> {
        None
    }
}

/// What every [`Weighing`] has from being `Clone` and `'static`: a boxed copy, and itself
/// as `Any` for the code of its game, which knows its type.
pub trait WeighingBox {
    fn clone_box(&self) -> Box<dyn Weighing>;
    fn any_of(&self) -> &dyn Any;
}

impl<T: Weighing + Clone + 'static> WeighingBox for T {
    fn clone_box(&self) -> Box<dyn Weighing> {
        Box::new(self.clone())
    }

    fn any_of(&self) -> &dyn Any {
        self
    }
}

impl dyn Weighing + '_ {
    /// The weighing itself, for the code of its game, which knows its type.
    #[must_use]
    pub fn as_any(&self) -> &dyn Any {
        self.any_of()
    }
}

impl Clone for Box<dyn Weighing> {
    fn clone(&self) -> Box<dyn Weighing> {
        self.clone_box()
    }
}

/// The plays of game `G` that `weighing` weighs, when it weighs plays of `G`.
#[must_use]
pub fn plays_of<G: Strategy>(weighing: &dyn Weighing) -> Option<&Plays<G>> {
    weighing.plays()?.downcast_ref()
}

/// Each legal play of a roll valued, in any game (`H`).
#[derive(Clone, Debug)]
pub struct Valued<G: Strategy>(pub Plays<G>);

impl<G: Strategy> Weighing for Valued<G> {
    fn weigh(&self) -> Weighed {
        Weighed::Values(self.0.values())
    }

    fn plays(&self) -> Option<&dyn Any> {
        Some(&self.0)
    }
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
        self.weighing.weigh()
    }
}

/// A game whose plays the app weighs for the player: how its plays go into a job and come
/// out, and where its tables lie among the screens.
pub trait Weighable: GameWords + Strategy {
    /// Whether the hints of `plays` show each one's chance to win the match.
    fn for_match(plays: &Plays<Self>) -> bool;

    /// The hints' words for `play` (one of those weighed), of value `value`.
    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, play: &Self::Legal, value: f64) -> String;

    /// Which of `plays` (the legal plays of `turn`'s roll) the complete play of `turn` is.
    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize>;

    /// The tutor's weighing of the `made`-th of `plays` in `game`, as the analysis weighs
    /// it.
    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Box<dyn Weighing>;
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

impl<G: Weighable> Table<G> {
    /// `H` with a roll: the job weighing the roll's plays by the judge, the message line
    /// saying the computer is thinking meanwhile; none without a turn being played.
    pub(super) fn hint_job(&mut self) -> Option<HintJob> {
        let (plays, moment) = (Plays::of_turn(&self.game)?, Moment::of_turn(&self.game)?);
        self.note = Some(Note::Thinking);
        Some(HintJob {
            purpose: HintPurpose::Table,
            weighing: Box::new(Valued(plays)),
            moment,
        })
    }

    /// The hints `job` asked for, `weighed`: the best marked on the board and the three
    /// best on the message line — if they are this table's and it still stands as it did.
    pub(super) fn take_hints(&mut self, lang: crate::words::Lang, job: &HintJob, weighed: &Weighed) -> bool {
        let (Some(plays), Weighed::Values(values)) = (plays_of::<G>(job.weighing.as_ref()), weighed) else {
            return false;
        };
        if Moment::of_turn(&self.game).as_ref() != Some(&job.moment) || values.len() != plays.plays.len() {
            return false;
        }
        let order = best_first(values);
        self.hint = order.first().map(|&i| G::play_of(&plays.plays[i]).clone());
        self.note = Some(Note::Hints {
            who: crate::game::Checkers::to_move(&self.game.position),
            plays: order
                .iter()
                .take(3)
                .map(|&i| G::hint(lang, plays, &plays.plays[i], values[i]))
                .collect(),
            for_match: G::for_match(plays),
        });
        true
    }
}

impl App {
    /// H with a roll at the table on screen (not a trainer's card): its plays weighed by
    /// the judge (a job), the message line saying the computer is thinking meanwhile.
    /// Whether a table is on screen with a turn being played.
    pub(super) fn ask_table_hint(&mut self) -> bool {
        if matches!(self.screen, Screen::Drill(_)) {
            return false;
        }
        let Some(job) = self.table_mut().and_then(|t| t.hint_job()) else {
            return false;
        };
        self.computer.weighing.ask(job);
        true
    }

    /// A job is answered: taken where it was asked for, if the board still stands as it
    /// did; else dropped (and the message line, if it still says the computer is thinking
    /// and nothing else is being thought of, cleared).
    pub(super) fn hint_done(&mut self, job: HintJob, weighed: Weighed) {
        self.computer.weighing.answered(&job);
        let taken = match job.purpose {
            HintPurpose::Table => {
                let lang = self.lang();
                !matches!(self.screen, Screen::Drill(_))
                    && self
                        .table_mut()
                        .is_some_and(|t| t.take_hints(lang, &job, &weighed))
            }
            HintPurpose::Editor => self.editor_hint_done(&job, weighed),
            HintPurpose::Drill => self.drill_done(&job, weighed),
            HintPurpose::Tutor => self.tutor_done(&job, &weighed),
        };
        if !taken && !self.computer.thinking && self.computer.weighing.idle() {
            self.forget_thinking();
        }
    }

    /// A message line that still says the computer is thinking, when nothing is thought
    /// of for it any more, cleared.
    fn forget_thinking(&mut self) {
        if let Some(table) = self.table_mut()
            && table.says_thinking()
        {
            table.say(None);
        }
        if let Screen::Editor(e) = &mut self.screen {
            e.forget_thinking();
        }
    }
}
