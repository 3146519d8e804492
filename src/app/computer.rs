//! The computer's turns: when it must choose, the choice coming back from its worker
//! thread, its steps shown one by one, and the hints (H) it gives a player.

use super::{App, Overlay};
use crate::ai::Level;
use crate::rules::{LegalPlay, MoveGen, Play, Position, Roll};
use crate::session::{Match, Phase};
use crate::words::Note;

impl App {
    /// The computer's level if it is to act now (its turn, nothing over the screen).
    #[must_use]
    pub fn computer_to_act(&self) -> Option<Level> {
        let game = self.game()?;
        if self.overlay != Overlay::None || matches!(game.phase, Phase::MatchOver) {
            return None;
        }
        if let Phase::GameOver { .. } = game.phase {
            // Nobody to read the result when the computer plays both sides: go on.
            return match self.computer {
                [Some(level), Some(_)] => Some(level),
                _ => None,
            };
        }
        if let Phase::Teka { .. } = game.phase {
            return self.computer.iter().flatten().next().copied();
        }
        self.computer[game.position.turn().index()]
    }

    /// When the computer must choose a play now: its level, the position, the roll and
    /// the legal plays. The choice comes back through [`App::computer_chose`].
    #[must_use]
    pub fn computer_request(&self) -> Option<(Level, Position, Roll, Vec<LegalPlay>)> {
        let level = self.computer_to_act()?;
        let turn = self.game()?.turn()?;
        if self.thinking || !self.pending.is_empty() || !turn.taken().is_empty() || turn.is_complete() {
            return None;
        }
        let plays = MoveGen::new().plays(turn.start().board(), turn.roll()).to_vec();
        Some((level, *turn.start(), turn.roll(), plays))
    }

    /// The computer's choice: its steps are shown one by one by [`App::tick`].
    pub fn computer_chose(&mut self, play: Play) {
        self.thinking = false;
        self.pending = play.steps().iter().copied().collect();
        self.note = None;
    }

    /// Marks that the computer is choosing (its play is being computed elsewhere).
    pub fn computer_thinking(&mut self) {
        self.thinking = true;
        self.note = Some(Note::Thinking);
    }

    /// One beat of the computer's turn: teka, roll, show one chosen step, or end the turn.
    /// Returns whether anything happened.
    pub fn tick(&mut self) -> bool {
        if self.computer_to_act().is_none() {
            return false;
        }
        let Some(phase) = self.game().map(|g| g.phase.clone()) else {
            return false;
        };
        match &phase {
            Phase::Teka { .. } => {
                let (w, b) = (self.die(), self.die());
                self.note = Some(self.teka(w, b));
                self.changes += 1;
            }
            Phase::AwaitRoll => self.roll(),
            Phase::Forfeit(_) => self.pass_turn(),
            Phase::Moving(turn) => {
                if let Some(step) = self.pending.pop_front() {
                    let mut turn = turn.clone();
                    if turn.step(step.from, step.die).is_ok() {
                        self.after_step(turn);
                    } else {
                        self.pending.clear();
                    }
                } else if turn.is_complete() && !self.thinking {
                    self.confirm();
                } else {
                    return false;
                }
            }
            Phase::GameOver { .. } => {
                if let Some(game) = self.game_mut() {
                    game.next_game();
                }
                self.changes += 1;
            }
            Phase::MatchOver => return false,
        }
        true
    }

    /// H: the best plays for the roll being played, by the computer's estimate.
    pub(super) fn hints(&mut self) {
        let Some(turn) = self.game().and_then(Match::turn) else {
            return;
        };
        let plays = MoveGen::new().plays(turn.start().board(), turn.roll()).to_vec();
        // The hard level's values: expected points for the mover.
        let values = Level::Hard.player(0).values(&plays);
        let mut scored: Vec<(&LegalPlay, f64)> = plays.iter().zip(values).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        self.hint = scored.first().map(|(p, _)| p.play);
        let shown = scored
            .iter()
            .take(3)
            .map(|(p, v)| crate::words::notes::hint(self.lang, &p.play, p.result, *v))
            .collect();
        self.note = Some(Note::Hints(shown));
    }
}
