//! The match screen as the app routes to it: keys, clicks on the dice, typed plays and
//! the tutor go to the match on screen ([`Table`], written for any game); what leaves
//! the match (another match set up, the replay, the start screen) and the hard level's
//! judgement (hints, the tutor) are the app's.

use super::hint_jobs::{HintJob, HintPurpose, Moment, Weighable, Weighed, plays_of, tutor_job};
use super::table::{DiceClick, Leave};
use super::{App, Key, MenuItem, Overlay, Screen, Table, replay_screen};
use crate::game::TurnPlay as _;
use crate::words::Note;

impl App {
    pub(super) fn match_key(&mut self, key: Key) {
        // A key only this game's match screen knows (backgammon's `i`).
        if self.table_mut().is_some_and(|t| t.game_key(key)) {
            return;
        }
        // `s` at the end of a match that could not be recorded: try again now.
        if key == Key::Char('s')
            && self.match_state().is_some_and(|m| m.over)
            && self.save_failure().is_some_and(|f| f.record)
        {
            self.retry_saving();
            return;
        }
        if key == Key::Char('g') {
            return self.resign_asked();
        }
        if self.computer_to_act().is_some() {
            return; // the computer's turn: it plays by itself
        }
        let Some(leave) = self.at_table(|table, desk| table.key(desk, key)) else {
            return;
        };
        match leave {
            Leave::Stay => {}
            Leave::Hints => self.hints(),
            Leave::Again => {
                let (lang, computer) = (self.lang(), self.computer.sides);
                let Some(table) = self.table() else { return };
                match table.setup_again(lang, computer) {
                    Some(form) => self.screen = Screen::Setup(form),
                    None => self.back_to_start(table.menu_entry()),
                }
                self.note = None;
            }
            Leave::Replay => self.replay_finished(),
            Leave::Confirm => self.confirm(),
            Leave::Start => {
                let entry = self.table().map_or(MenuItem::NewMatch, |t| t.menu_entry());
                self.back_to_start(entry);
                self.note = None;
            }
        }
    }

    /// The match just finished, replayed and analysed (in the background), its worst play
    /// shown first; Esc then goes to the start screen. Its analysis is kept beside its
    /// record, once the record is written.
    fn replay_finished(&mut self) {
        let Some(saved) = self.snapshot() else { return };
        let Ok(mut replay) = replay_screen(&saved, false) else {
            return;
        };
        if let Some(entry) = self.records.entries.last().filter(|_| self.saving.archived) {
            replay.set_file(entry.path.clone());
        }
        replay.after_match();
        self.screen = Screen::Replay(replay);
        self.note = None;
    }

    /// A click on the dice does what the dice are waiting for: roll (teka too), confirm a
    /// complete play, pass a turn that cannot be played, go on after a game.
    pub(super) fn dice_clicked(&mut self) {
        if self.overlay != Overlay::None || self.computer_to_act().is_some() {
            return;
        }
        let manual = self.dice.manual;
        let Some(click) = self.table().map(|t| t.dice_key(manual)) else {
            return;
        };
        match click {
            DiceClick::Key(key) => self.key(key),
            DiceClick::Confirm => self.confirm(),
            DiceClick::Nothing => {}
        }
    }

    /// A click on the doubling cube: the `d` of a player who may double before his roll,
    /// the `t` of a player doubled. Anything else leaves the cube where it lies.
    pub(super) fn cube_clicked(&mut self) {
        // (A match, or a game played out from the editor: a chouette's cubes are its own.)
        if !matches!(self.screen, Screen::Match(_) | Screen::Editor(_)) {
            return;
        }
        let Some(table) = self.table().filter(|t| t.has_cube()) else {
            return;
        };
        let state = table.state();
        let key = if state.await_roll && state.may_double {
            'd'
        } else if table.doubled() {
            't'
        } else {
            return;
        };
        self.key(Key::Char(key));
    }

    /// Passes a turn whose roll cannot be played.
    pub(super) fn pass_turn(&mut self) {
        if let Some(table) = self.table_mut() {
            table.pass();
        }
    }

    pub(super) fn roll(&mut self) {
        self.at_table(|table, desk| table.roll(desk));
    }

    /// Ends the turn with the play made — unless the tutor weighs it first (the turn then
    /// stays complete and unconfirmed until its verdict comes back: see [`App::tutor_done`]).
    pub(super) fn confirm(&mut self) {
        if self.drill_confirm() || self.tutor_objects() {
            return;
        }
        self.confirm_play();
    }

    /// Ends the turn with the play made, the tutor having had its say.
    fn confirm_play(&mut self) {
        self.at_table(|table, desk| table.confirm(desk));
    }

    /// The tutor (when on): a player's complete play is weighed against the hard level's
    /// best before it is confirmed (a job, the message line saying the computer is
    /// thinking meanwhile); one that loses at least its threshold is questioned once, any
    /// other confirmed then. Returns whether the confirm waits for it.
    fn tutor_objects(&mut self) -> bool {
        // (Not at a match between two people, held by a server: no help there.)
        if self.settings.tutor.threshold_index().is_none() || self.live().is_some() {
            return false;
        }
        let sides = self.computer.sides;
        // (At a match only: not at a chouette, a drill's card or in the editor.)
        let job = match &mut self.screen {
            Screen::Match(table) => table.tutor_job(sides),
            _ => None,
        };
        let Some(job) = job else {
            return false;
        };
        if !self.computer.weighing.awaits(HintPurpose::Tutor, &job.moment) {
            self.computer.weighing.ask(job);
        }
        true
    }

    /// The tutor's verdict on the play `job` weighed: questioned when it loses at least
    /// the threshold (as the tutor is set now), confirmed otherwise — if it is still the
    /// complete play on the board. Whether it was.
    pub(super) fn tutor_done(&mut self, job: &HintJob, weighed: &Weighed) -> bool {
        let at = self.settings.tutor.threshold_index();
        let verdict = match &mut self.screen {
            Screen::Match(table) => table.tutor_verdict(job, weighed, at),
            _ => None,
        };
        match verdict {
            None => false,
            Some(true) => true,
            Some(false) => {
                self.watching(|app| {
                    app.confirm_play();
                    app.automatic();
                });
                true
            }
        }
    }

    /// Moves typed after `:` (see the match screen's keys); a complete play is confirmed
    /// by the same Enter.
    pub(super) fn play_typed(&mut self, text: &str) {
        if self.at_table(|table, desk| table.play_typed(desk, text)) == Some(true) {
            self.confirm();
        }
    }
}

/// The tutor's job for the complete play at `table` (the side to move played by nobody's
/// computer, the play not questioned yet, another play possible), the message line saying
/// the computer is thinking.
pub(super) fn tutor_asks<G: Weighable>(
    table: &mut Table<G>,
    sides: [Option<crate::ai::Level>; 2],
) -> Option<HintJob> {
    let turn = table.game.turn()?;
    let made = turn.completed_play()?;
    if sides[turn.mover().index()].is_some() || table.tutor_asked == Some(made) {
        return None;
    }
    let job = tutor_job(table)?;
    table.note = Some(Note::Thinking);
    Some(job)
}

/// The tutor's verdict at `table` on the play `job` weighed: `None` when the board no
/// longer stands as it was asked at; `Some(true)` when the play is questioned (it loses at
/// least `threshold`), `Some(false)` when it is to be confirmed.
pub(super) fn tutor_verdict<G: Weighable>(
    table: &mut Table<G>,
    job: &HintJob,
    weighed: &Weighed,
    threshold: Option<f64>,
) -> Option<bool> {
    if Moment::of_turn(&table.game).as_ref() != Some(&job.moment) {
        return None;
    }
    let turn = table.game.turn()?;
    let (mover, made) = (turn.mover(), turn.completed_play()?);
    let (Weighed::Play(Some((best, loss, chance))), Some(threshold), Some(plays)) =
        (weighed, threshold, plays_of::<G>(job.weighing.as_ref()))
    else {
        return Some(false);
    };
    let Some(best) = plays.plays.get(*best).filter(|_| *loss >= threshold) else {
        return Some(false);
    };
    let best = G::play_of(best).clone();
    Some(question(table, mover, (*loss, *chance), made, best))
}

/// The tutor questions `made` of `who`, which loses `loss` (and in a match the chance
/// `chance`) against `best`: asked once, on the message line. Returns `true`.
fn question<G: crate::words::game::GameWords>(
    table: &mut Table<G>,
    who: crate::rules::Color,
    (loss, chance): (f64, Option<f64>),
    made: G::Play,
    best: G::Play,
) -> bool {
    table.tutor_asked = Some(made);
    table.note = Some(Note::Tutor {
        who,
        loss_milli: (loss * 1000.0).round() as u32,
        match_basis_points: chance.map(|c| (c * 10_000.0).round() as u32),
        best,
    });
    true
}
