//! The computer's turns: when it must choose, the choice coming back from its worker
//! thread, its steps shown one by one, and the hints (H) it gives a player (weighed on a
//! worker thread too: `hint_jobs.rs`).

use super::table::Beat;
use super::{App, Screen};
use crate::ai::{Level, Strategy};
use crate::game::{Checkers as _, TurnView as _};
use crate::rules::Roll;
use crate::session::Match;

/// The computer: its level for each side it plays (by `Color::index`), its chosen steps
/// still to be shown, whether it is choosing (a play or a cube decision, elsewhere), the
/// cube decisions that came back for it until they are acted on, whether the cube's hint
/// (`H`) was asked for, and what the player asked it to weigh (`hint_jobs.rs`).
#[derive(Debug, Default)]
pub(super) struct Computer {
    pub(super) sides: [Option<Level>; 2],
    pub(super) pending: std::collections::VecDeque<crate::rules::Step>,
    pub(super) thinking: bool,
    pub(super) cube: Option<(super::CubeJob, Vec<crate::ai::backgammon::cube::CubeDecision>)>,
    pub(super) hint_asked: bool,
    pub(super) weighing: super::hint_jobs::Weighings,
}

/// A choice the computer must make, in any game: what it knows and what it plays for.
#[derive(Clone, Debug)]
pub struct ComputerTurn<G: Strategy> {
    pub level: Level,
    pub position: G::Position,
    pub roll: Roll,
    /// The legal plays (never empty).
    pub plays: Vec<G::Legal>,
    /// In bräde, expected points in a single game, the match-winning chance in a match.
    pub payoff: G::Goal,
    /// The rules of the match, which the player looks ahead by.
    pub rules: G::Rules,
}

impl<G: Strategy> ComputerTurn<G> {
    /// What the computer must choose in `game`'s turn in progress, at `level`.
    #[must_use]
    pub fn of(game: &Match<G>, level: Level) -> Option<ComputerTurn<G>> {
        let turn = game.turn()?;
        let position = game.position;
        Some(ComputerTurn {
            level,
            position,
            roll: turn.roll(),
            plays: G::legal_plays(&position, turn.roll(), game.rules),
            payoff: goal(game),
            rules: game.rules,
        })
    }

    /// The play the computer makes (a player of its level seeded by `seed`).
    #[must_use]
    pub fn choose(&self, seed: u64) -> G::Play {
        let i = if self.plays.len() == 1 {
            0
        } else {
            let mut player = G::player(self.level, seed);
            player.play_for(self.payoff);
            player.play_by(self.rules);
            player.choose(&self.position, self.roll, &self.plays)
        };
        G::play_of(&self.plays[i.min(self.plays.len() - 1)]).clone()
    }
}

/// A choice the computer must make, of any game, as it runs on a worker thread: it answers
/// in the boundary's terms, the steps of its play.
pub trait ComputerChoice: std::fmt::Debug + Send {
    /// The steps of the play the computer makes (a player of its level seeded by `seed`).
    fn choose_steps(&self, seed: u64) -> Vec<crate::rules::Step>;
    /// The choice itself, for the code of its game (and the tests), which knows its type.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<G: Strategy> ComputerChoice for ComputerTurn<G> {
    fn choose_steps(&self, seed: u64) -> Vec<crate::rules::Step> {
        crate::game::Steps::steps(&self.choose(seed))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// What the side to move in `game` plays for (in bräde: the match, R20, when it has more
/// than one game, expected points, R19, in a single game).
#[must_use]
pub fn goal<G: Strategy>(game: &Match<G>) -> G::Goal {
    G::goal(&game.score, &game.stake, game.rules, game.position.to_move())
}

impl App {
    /// The computer's level if it is to act now (its turn, nothing over the screen).
    #[must_use]
    pub fn computer_to_act(&self) -> Option<Level> {
        let (sides, overlay) = (self.computer.sides, &self.overlay);
        if let Screen::Chouette(c) = &self.screen {
            return c.computer_due(sides, overlay);
        }
        self.table()?.computer_to_act(sides, overlay)
    }

    /// When the computer must choose a play now (its turn, nothing chosen or moved yet):
    /// its level, the position, the roll, the legal plays and what it plays for. The
    /// choice comes back through [`App::computer_chose`].
    pub(super) fn computer_request(&self) -> Option<Box<dyn ComputerChoice>> {
        // At a chouette, only once no cube decision waits.
        if let Screen::Chouette(c) = &self.screen
            && (c.stage != super::ChouetteStage::Board || c.cube_pending())
        {
            return None;
        }
        let level = self.computer_to_act()?;
        if self.computer.thinking || !self.computer.pending.is_empty() {
            return None;
        }
        self.table()?.computer_choice(level)
    }

    /// The computer's choice, as the steps of its play (in the board's numbering of the
    /// game's turns): shown one by one by [`App::tick`].
    pub(super) fn computer_chose(&mut self, steps: std::collections::VecDeque<crate::rules::Step>) {
        self.computer.thinking = false;
        self.computer.pending = steps;
        self.say(None);
    }

    /// Marks that the computer is choosing (its play is being computed elsewhere).
    pub(super) fn computer_thinking(&mut self) {
        self.computer.thinking = true;
        self.say(Some(crate::words::notes::ShellNote::Thinking));
    }

    /// One beat of the computer's turn: teka, roll, show one chosen step, or end the turn.
    /// Returns whether anything happened (a save is due if it changed the match).
    pub fn tick(&mut self) -> bool {
        self.watching(App::beat)
    }

    fn beat(&mut self) -> bool {
        if self.computer_to_act().is_none() {
            return false;
        }
        if self.computer_resigns() {
            return true;
        }
        if let Some(acted) = self.cube_beat() {
            return acted;
        }
        let Some(beat) = self.at_table(|table, desk| table.beat(desk)) else {
            return false;
        };
        let acted = match beat {
            Beat::Nothing => false,
            Beat::Done => true,
            Beat::Confirm => {
                self.confirm();
                true
            }
        };
        self.chouette_sync();
        acted
    }

    /// H: the best plays for the roll being played, by the computer's estimate — weighed
    /// off the event loop (`hint_jobs.rs`), as the cube's hint before a roll is
    /// (`cube_jobs.rs`).
    pub(super) fn hints(&mut self) {
        if self.ask_cube_hint() {
            return;
        }
        // A chouette: the best plays of a roll, as in money play; before the roll the
        // cubes are each member's own against the box, and none is weighed.
        if let Screen::Chouette(c) = &mut self.screen
            && c.table.game.turn().is_none()
        {
            c.note = Some(super::ChouetteNote::HintsAfterRoll);
            return;
        }
        if self.ask_table_hint() {
            return;
        }
        if !matches!(self.screen, Screen::Drill(_))
            && let Some(table) = self.table_mut()
        {
            table.say(Some(crate::words::notes::ShellNote::NoHints));
        }
    }
}
