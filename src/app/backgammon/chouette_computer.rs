//! The computer at a chouette (B17–B18): any player may be the computer's, at a level of
//! its own. As the box or the one moving for the team it rolls and plays at the board (the
//! board's computer sides are set from the line-up, game by game); before its roll it
//! weighs turning the cube — the box every cube he may turn, the team's mover its own
//! cube, asking the team as a person would with `d`; asked in a team vote it says yes or
//! no by its own cube; doubled it takes or drops each cube by itself. Every cube decision
//! is the cube model's for money play ([`crate::ai::backgammon::game::cube_decision`]) with that
//! cube as it stands, the position on the board, weighed off the event loop
//! (`cube_jobs.rs`).

use crate::ai::Level;
use crate::ai::backgammon::cube::CubeDecision;
use crate::app::backgammon::chouette::{ChouetteTable, Stage};
use crate::app::{App, CubeAsk, CubeJob, CubePurpose, Key, Overlay, Screen};
use crate::backgammon::{ChouettePhase, Cube, Holder, MAX_CUBE, MemberCube, Score, Side};
use crate::rules::Color;
use crate::session::Phase;

/// A member's cube as the board's cube would be: the box White, the team Black.
fn as_cube(cube: MemberCube) -> Cube {
    Cube {
        value: cube.value,
        owner: match cube.holder {
            Holder::Middle => None,
            Holder::Box => Some(Color::White),
            Holder::Member => Some(Color::Black),
        },
        ..Cube::default()
    }
}

impl ChouetteTable {
    /// The computer's level for `name`, if it plays him.
    #[must_use]
    pub fn level_of(&self, name: &str) -> Option<Level> {
        let i = self.given.iter().position(|n| n == name)?;
        self.computer.get(i).copied().flatten()
    }

    /// The board's computer sides: the box's level (White) and that of the one who moves
    /// for the team (Black).
    #[must_use]
    pub fn board_sides(&self) -> [Option<Level>; 2] {
        if matches!(self.stage, Stage::LineUp { .. }) {
            return [None, None];
        }
        [
            self.level_of(self.chouette.box_player()),
            self.level_of(self.chouette.mover()),
        ]
    }

    /// The computer player whose decision the chouette waits for now (a vote, an answer),
    /// or who is to roll and may turn the cube first.
    fn cube_player(&self) -> Option<(String, Level)> {
        let named = |name: &str| self.level_of(name).map(|l| (name.to_string(), l));
        match &self.stage {
            Stage::TeamAsks { asks, said, .. } => named(asks.get(said.len())?),
            Stage::Answers => match self.chouette.phase() {
                ChouettePhase::BoxDoubled => named(self.chouette.waiting().first()?),
                _ => named(self.chouette.box_player()),
            },
            Stage::Board if self.cube_weighed != Some(self.seen_turns) => match self.chouette.phase() {
                ChouettePhase::ToRoll(Side::Box) if self.chouette.may_double(Side::Box) => {
                    named(self.chouette.box_player())
                }
                ChouettePhase::ToRoll(Side::Team) if self.chouette.may_double(Side::Team) => {
                    named(self.chouette.mover())
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether a computer player's cube decision waits (before the board may go on).
    #[must_use]
    pub fn cube_pending(&self) -> bool {
        self.cube_player().is_some()
    }

    /// The level of the computer that is to act now at the chouette, if one is: a cube
    /// decision of its own, or its roll and play at the board (`sides`, `overlay`: the
    /// app's).
    #[must_use]
    pub(in crate::app) fn computer_due(&self, sides: [Option<Level>; 2], overlay: &Overlay) -> Option<Level> {
        if *overlay != Overlay::None {
            return None;
        }
        if let Some((_, level)) = self.cube_player() {
            return Some(level);
        }
        match self.stage {
            Stage::Board => self.table.computer_to_act(sides, overlay),
            _ => None,
        }
    }

    /// The decision of money play for `cube`, the side on roll at the board doubling,
    /// as `level` weighs it.
    fn ask(&self, cube: MemberCube, level: Level) -> CubeAsk {
        CubeAsk {
            position: self.table.game.position,
            cube: as_cube(cube),
            score: Score::new(0),
            stakes: self.chouette.stakes(),
            level,
        }
    }

    /// A member's cube, if he is still playing.
    fn cube_of(&self, name: &str) -> Option<MemberCube> {
        let state = self.chouette.member(name).ok()?;
        (!state.status.is_out()).then_some(state.cube)
    }

    /// The cubes the box may turn (a member's, in the middle or the box's, below 64).
    fn box_cubes(&self) -> Vec<MemberCube> {
        self.chouette
            .members()
            .into_iter()
            .filter(|(_, m)| !m.status.is_out() && m.cube.holder != Holder::Member && m.cube.value < MAX_CUBE)
            .map(|(_, m)| m.cube)
            .collect()
    }

    /// The cube decision a computer player is to make now, if one is: before his roll
    /// the box's (any cube he may turn) or the team's mover's (his own), a vote, or an
    /// answer (to the member's cube offered, or the first the box is asked about: its
    /// value before the double, the doubler on roll).
    pub(in crate::app) fn cube_job(&self) -> Option<CubeJob> {
        let (name, level) = self.cube_player()?;
        let ask = |c: MemberCube| self.ask(c, level);
        match &self.stage {
            Stage::Board if matches!(self.table.game.phase, Phase::AwaitRoll) => {
                let cubes = if self.chouette.box_player() == name {
                    self.box_cubes()
                } else {
                    self.cube_of(&name).into_iter().collect()
                };
                Some(CubeJob {
                    asks: cubes.into_iter().map(ask).collect(),
                    purpose: CubePurpose::ChouetteTurn(name),
                })
            }
            Stage::TeamAsks { .. } => Some(CubeJob {
                asks: self.cube_of(&name).into_iter().map(ask).collect(),
                purpose: CubePurpose::ChouetteVote(name),
            }),
            Stage::Answers => {
                let member = (*self.chouette.waiting().first()?).to_string();
                let doubler_owns = match self.chouette.phase() {
                    ChouettePhase::BoxDoubled => Holder::Box,
                    _ => Holder::Member,
                };
                let before = |c: MemberCube| MemberCube {
                    value: c.value,
                    holder: if c.holder == Holder::Middle {
                        Holder::Middle
                    } else {
                        doubler_owns
                    },
                };
                Some(CubeJob {
                    asks: self
                        .cube_of(&member)
                        .into_iter()
                        .map(|c| ask(before(c)))
                        .collect(),
                    purpose: CubePurpose::ChouetteAnswer {
                        decider: name,
                        member,
                    },
                })
            }
            _ => None,
        }
    }

    /// A computer player's cube decision at its beat, `answer` the one that came back for
    /// the computer ([`crate::app::App::cube_beat`]): `None` when none is due (the board's beat
    /// goes on), else whether it acted — `false` while its answer is awaited.
    pub(in crate::app) fn cube_beat(
        &mut self,
        answer: Option<&(CubeJob, Vec<CubeDecision>)>,
    ) -> Option<bool> {
        self.cube_player()?;
        if self.stage == Stage::Board && !matches!(self.table.game.phase, Phase::AwaitRoll) {
            // Weighed once a turn, whatever comes of it.
            self.cube_weighed = Some(self.seen_turns);
            return None;
        }
        let job = self.cube_job()?;
        let Some((_, decisions)) = answer.filter(|(done, _)| *done == job) else {
            return Some(false);
        };
        let doubles = decisions.iter().any(CubeDecision::doubles);
        match job.purpose {
            CubePurpose::ChouetteTurn(_) => {
                self.cube_weighed = Some(self.seen_turns);
                // The box doubles when any cube he may turn should be; the team's mover
                // by his own cube.
                if doubles {
                    self.double();
                }
            }
            CubePurpose::ChouetteVote(_) => self.team_key(Key::Char(if doubles { 'y' } else { 'n' })),
            // A member's cube no longer in play is taken.
            _ => self.answer(decisions.first().is_none_or(|d| d.take)),
        }
        Some(true)
    }
}

impl App {
    /// The board's computer sides set from the chouette's line-up (who is the box, who
    /// moves for the team).
    pub(in crate::app) fn chouette_sides(&mut self) {
        if let Screen::Chouette(c) = &self.screen {
            self.computer.sides = c.board_sides();
        }
    }
}
