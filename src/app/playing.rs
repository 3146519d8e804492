//! The match screen as the app routes to it: keys, clicks on the dice, typed plays and
//! the tutor go to the match on screen ([`Table`], written for any game); what leaves
//! the match (another match set up, the replay, the start screen) and the hard level's
//! judgement (hints, the tutor) are the app's.

use super::computer::judge;
use super::table::{DiceClick, Leave};
use super::{AnyReplay, App, Key, MenuItem, Overlay, ReplayBack, Screen, Setup, Table};
use crate::ai::analysis::{THRESHOLDS, in_points, weigh};
use crate::game::{Backgammon, Brade, Game as _, TurnPlay as _};
use crate::session::Phase;
use crate::words::Note;

impl App {
    pub(super) fn match_key(&mut self, key: Key) {
        // `i`: the match as GNU Backgammon names it, to paste into gnubg or a forum.
        if key == Key::Char('i')
            && let Screen::Backgammon(table)
            | Screen::BackgammonEditor(super::Editor {
                play: Some(table), ..
            }) = &mut self.screen
        {
            let (position, match_id) = table.game.gnubg_ids();
            table.note = Some(Note::GnubgIds { position, match_id });
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
        let Some(leave) = at_table!(self, |table, desk| table.key(&mut desk, key)) else {
            return;
        };
        match leave {
            Leave::Stay => {}
            Leave::Hints => self.hints(),
            Leave::Again => {
                let (lang, computer) = (self.lang(), self.computer.sides);
                let form = match &self.screen {
                    Screen::Match(table) => Setup::again(lang, &table.game, computer),
                    Screen::Backgammon(table) => Setup::again_backgammon(lang, &table.game, computer),
                    _ => return,
                };
                self.screen = Screen::Setup(form);
                self.note = None;
            }
            Leave::Replay => self.replay_finished(),
            Leave::Confirm => self.confirm(),
            Leave::Start => {
                let entry = match self.screen {
                    Screen::Backgammon(_) => MenuItem::NewBackgammon,
                    _ => MenuItem::NewMatch,
                };
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
        let Ok(replay) = AnyReplay::of(&saved, false) else {
            return;
        };
        let replay = match self.records.entries.last().filter(|_| self.saving.archived) {
            Some(entry) => replay.read_from(entry.path.clone()),
            None => replay,
        };
        self.screen = match replay {
            AnyReplay::Brade(mut replay) => {
                replay.back = ReplayBack::Start;
                replay.worst_when_analysed = true;
                Screen::Replay(replay)
            }
            AnyReplay::Backgammon(mut replay) => {
                replay.back = ReplayBack::Start;
                replay.worst_when_analysed = true;
                Screen::BackgammonReplay(replay)
            }
        };
        self.note = None;
    }

    /// A click on the dice does what the dice are waiting for: roll (teka too), confirm a
    /// complete play, pass a turn that cannot be played, go on after a game.
    pub(super) fn dice_clicked(&mut self) {
        if self.overlay != Overlay::None || self.computer_to_act().is_some() {
            return;
        }
        let manual = self.dice.manual;
        let Some(click) = on_table!(&self.screen, t => t.dice_key(manual)) else {
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
        let Some(game) = self.backgammon() else { return };
        let key = match game.phase {
            Phase::AwaitRoll if game.may_double() => 'd',
            Phase::Doubled { .. } => 't',
            _ => return,
        };
        self.key(Key::Char(key));
    }

    /// Passes a turn whose roll cannot be played.
    pub(super) fn pass_turn(&mut self) {
        on_table!(&mut self.screen, t => t.game.pass());
    }

    pub(super) fn roll(&mut self) {
        at_table!(self, |table, desk| table.roll(&mut desk));
    }

    /// Ends the turn with the play made (unless the tutor questions it first).
    pub(super) fn confirm(&mut self) {
        if self.drill_confirm() || self.tutor_objects() {
            return;
        }
        at_table!(self, |table, desk| table.confirm(&mut desk));
    }

    /// The tutor (when on): a player's complete play that loses at least its threshold
    /// against the hard level's best is questioned once before it is confirmed. Returns
    /// whether it was.
    fn tutor_objects(&mut self) -> bool {
        let Some(at) = self.settings.tutor.threshold_index() else {
            return false;
        };
        let sides = self.computer.sides;
        if let Screen::Backgammon(table) = &mut self.screen {
            return backgammon_tutor(table, at, sides);
        }
        let Screen::Match(table) = &mut self.screen else {
            return false;
        };
        let Some(turn) = table.game.turn() else {
            return false;
        };
        let mover = turn.mover();
        let Some(made) = turn.completed() else {
            return false;
        };
        if sides[mover.index()].is_some() || table.tutor_asked == Some(made.play) {
            return false;
        }
        let plays = Brade::legal_plays(turn.start(), turn.roll(), turn.rules());
        if plays.len() < 2 {
            return false;
        }
        // In a match the hard level weighs the chance to win it, and the loss is judged
        // in points of the match's first game, as the analysis judges it.
        let (mut hard, payoff) = judge(&table.game);
        let (best, loss) = weigh(hard.as_mut(), &plays, &made);
        let (loss, chance) = in_points(table.game.score.games(), &payoff, loss.unwrap_or(0.0));
        if loss < THRESHOLDS[at] {
            return false;
        }
        question(table, mover, (loss, chance), made.play, plays[best].play)
    }

    /// Moves typed after `:` (see the match screen's keys); a complete play is confirmed
    /// by the same Enter.
    pub(super) fn play_typed(&mut self, text: &str) {
        if at_table!(self, |table, desk| table.play_typed(&mut desk, text)) == Some(true) {
            self.confirm();
        }
    }
}

/// The tutor in backgammon: a player's complete checker play that loses at least the
/// threshold `at` of GNU Backgammon's marks (doubtful, bad, very bad) against the best, as
/// the analysis weighs it (cubeful, at the match's score), is questioned once.
fn backgammon_tutor(table: &mut Table<Backgammon>, at: usize, sides: [Option<crate::ai::Level>; 2]) -> bool {
    let Some(turn) = table.game.turn() else {
        return false;
    };
    let Ok((made, _)) = turn.finish() else {
        return false;
    };
    let mover = turn.start().turn();
    if sides[mover.index()].is_some() || table.tutor_asked == Some(made.play) {
        return false;
    }
    let plays = Backgammon::legal_plays(turn.start(), turn.roll(), table.game.rules);
    let Some(index) = plays
        .iter()
        .position(|p| p.board == made.board && p.win == made.win)
    else {
        return false;
    };
    if plays.len() < 2 {
        return false;
    }
    let game = &table.game;
    let Some((best, loss, chance)) = crate::ai::backgammon::analysis::weigh_play(
        turn.start(),
        &plays,
        index,
        &game.stake,
        &game.score,
        game.rules,
    ) else {
        return false;
    };
    if loss < crate::ai::backgammon::analysis::THRESHOLDS[at] {
        return false;
    }
    question(table, mover, (loss, chance), made.play, plays[best].play)
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
