//! The computer's turns: when it must choose, the choice coming back from its worker
//! thread, its steps shown one by one, and the hints (H) it gives a player.

use super::table::Beat;
use super::{App, Screen};
use crate::ai::matchplay::{Payoff, as_mwc};
use crate::ai::{Level, Player, Strategy};
use crate::game::{Backgammon, Brade, Checkers as _, Game as _, TurnPlay as _, TurnView as _};
use crate::rules::{LegalPlay, Roll};
use crate::session::Match;
use crate::words::Note;
use crate::words::notes::HintValue;

/// The computer: its level for each side it plays (by `Color::index`), its chosen steps
/// still to be shown, whether it is choosing (a play or a cube decision, elsewhere), the
/// cube decisions that came back for it until they are acted on, and whether the cube's
/// hint (`H`) was asked for.
#[derive(Debug, Default)]
pub(super) struct Computer {
    pub(super) sides: [Option<Level>; 2],
    pub(super) pending: std::collections::VecDeque<crate::rules::Step>,
    pub(super) thinking: bool,
    pub(super) cube: Option<(super::CubeJob, Vec<crate::ai::backgammon::cube::CubeDecision>)>,
    pub(super) hint_asked: bool,
}

/// A choice the computer must make, in any game: what it knows and what it plays for.
#[derive(Clone, Debug)]
pub struct ComputerTurn<G: Strategy = Brade> {
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

/// What the side to move in `game` plays for (in bräde: the match, R20, when it has more
/// than one game, expected points, R19, in a single game).
#[must_use]
pub fn goal<G: Strategy>(game: &Match<G>) -> G::Goal {
    G::goal(&game.score, &game.stake, game.rules, game.position.to_move())
}

/// The judge of the side to move's plays in `game`, for the hints and the tutor: the one
/// that analyses matches ([`crate::ai::analysis::JUDGE`], the hard level), playing for
/// [`goal`], which is returned with it.
pub(super) fn judge<G: Strategy>(game: &Match<G>) -> (Box<dyn Player<G>>, G::Goal) {
    let goal = goal(game);
    let mut hard = G::player(crate::ai::analysis::JUDGE, 0);
    hard.play_for(goal);
    hard.play_by(game.rules);
    (hard, goal)
}

impl App {
    /// The computer's level if it is to act now (its turn, nothing over the screen).
    #[must_use]
    pub fn computer_to_act(&self) -> Option<Level> {
        let (sides, overlay) = (self.computer.sides, &self.overlay);
        if let Screen::Chouette(c) = &self.screen {
            return c.computer_due(sides, overlay);
        }
        on_table!(&self.screen, t => t.computer_to_act(sides, overlay)).flatten()
    }

    /// When the computer must choose a play now: its level, the position, the roll, the
    /// legal plays and what it plays for. The choice comes back through
    /// [`App::computer_chose`].
    pub(super) fn computer_request(&self) -> Option<ComputerTurn> {
        match &self.screen {
            // A position played out from the editor.
            Screen::Editor(super::Editor { play: Some(t), .. }) => self.computer_turn(&t.game),
            _ => self.computer_turn(self.game()?),
        }
    }

    /// The same in a backgammon match.
    pub(super) fn backgammon_computer_request(&self) -> Option<ComputerTurn<Backgammon>> {
        match &self.screen {
            // At a chouette, once no cube decision waits: the board's roll and play.
            Screen::Chouette(c) if c.stage == super::ChouetteStage::Board && !c.cube_pending() => {
                self.computer_turn(&c.table.game)
            }
            _ => self.computer_turn(self.backgammon()?),
        }
    }

    /// The computer's choice to make in `game`, if it is to choose now (its turn, nothing
    /// chosen or moved yet).
    fn computer_turn<G: Strategy>(&self, game: &Match<G>) -> Option<ComputerTurn<G>> {
        let level = self.computer_to_act()?;
        let turn = game.turn()?;
        if self.computer.thinking
            || !self.computer.pending.is_empty()
            || !turn.taken().is_empty()
            || turn.is_complete()
        {
            return None;
        }
        ComputerTurn::of(game, level)
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
        self.say(Some(Note::Thinking));
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
        let Some(beat) = at_table!(self, |table, desk| table.beat(&mut desk)) else {
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

    /// H: the best plays for the roll being played, by the computer's estimate.
    pub(super) fn hints(&mut self) {
        if self.ask_cube_hint() {
            return;
        }
        let lang = self.lang();
        // A chouette: the best plays of a roll, as in money play; before the roll the
        // cubes are each member's own against the box, and none is weighed.
        if let Screen::Chouette(c) = &mut self.screen {
            match c.table.game.turn() {
                Some(_) => c.table.note = Some(backgammon_hints(lang, &mut c.table)),
                None => c.note = Some(super::ChouetteNote::HintsAfterRoll),
            }
            return;
        }
        if let Screen::Backgammon(table)
        | Screen::BackgammonEditor(super::Editor {
            play: Some(table), ..
        }) = &mut self.screen
        {
            table.note = Some(backgammon_hints(lang, table));
            return;
        }
        let (Screen::Match(table)
        | Screen::Editor(super::Editor {
            play: Some(table), ..
        })) = &mut self.screen
        else {
            return;
        };
        let Some(turn) = table.game.turn() else {
            return;
        };
        let plays = Brade::legal_plays(turn.start(), turn.roll(), turn.rules());
        let mover = turn.start().turn();
        // The hard level's values: expected points for the mover in a single game, the
        // chance to win the match in a match.
        let (mut hard, payoff) = judge(&table.game);
        let values = hard.values(&plays);
        let mut scored: Vec<(&LegalPlay, f64)> = plays.iter().zip(values).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        table.hint = scored.first().map(|(p, _)| p.play);
        let shown = scored
            .iter()
            .take(3)
            .map(|(p, v)| {
                let value = match payoff {
                    Payoff::Points => HintValue::Points(*v),
                    Payoff::Match(_) => HintValue::MatchChance(as_mwc(*v)),
                };
                crate::words::notes::hint(lang, &p.play, p.result, value)
            })
            .collect();
        table.note = Some(Note::Hints {
            who: mover,
            plays: shown,
            for_match: matches!(payoff, Payoff::Match(_)),
        });
    }
}

/// H in backgammon with a roll (before it, or doubled, the cube's hint is weighed off the
/// event loop: `cube_jobs.rs`): the three best plays by the hard level, with their
/// cubeless equities, the best marked on the board.
fn backgammon_hints(lang: crate::words::Lang, table: &mut super::Table<Backgammon>) -> Note<Backgammon> {
    let game = &table.game;
    let Some(turn) = game.turn() else {
        return Note::NoHints;
    };
    let plays = Backgammon::legal_plays(turn.start(), turn.roll(), game.rules);
    // As the computer weighs them: in a match, at the score (each play's chance to win the
    // match is shown); in money play, cubeless equity.
    let mover = turn.start().turn();
    let (mut hard, goal) = judge(game);
    let values = hard.values(&plays);
    let mut scored: Vec<(&crate::backgammon::LegalPlay, f64)> = plays.iter().zip(values).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    table.hint = scored.first().map(|(p, _)| p.play);
    let chance = |v: f64| goal.match_value().and_then(|m| m.chance(v));
    let shown = scored
        .iter()
        .take(3)
        .map(|&(p, v)| match chance(v) {
            Some(c) => format!(
                "{} ({} %)",
                p.play,
                crate::words::decimal(lang, format!("{:.1}", 100.0 * c))
            ),
            None => {
                let v = if v.abs() < 0.0005 { 0.0 } else { v };
                format!("{} ({})", p.play, crate::words::decimal(lang, format!("{v:+.3}")))
            }
        })
        .collect();
    Note::Hints {
        who: mover,
        plays: shown,
        for_match: chance(0.0).is_some(),
    }
}
