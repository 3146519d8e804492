//! A step: one checker moved by one die, in the mover's numbering from where he enters
//! (the bar is 0, borne off 25) — the numbering every game's board and screens share.

use std::fmt;

/// Index of the mover's bar in [`Board`] cells, and the `FROM` of an entering step.
pub const BAR: u8 = 0;

/// The imagined point 25: the `TO` of a bearing-off step.
pub const OFF: u8 = 25;

/// What a step did where it landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Effect {
    /// Landed on an empty point or on the mover's own checkers, or bore off.
    #[default]
    Quiet,
    /// Hit an opponent blot (`*`).
    Hit,
    /// Burst an opponent band (`!`, R12/R13): all its checkers go to the bar.
    Burst,
}

/// One checker moved by one die, in the mover's numbering: `from` is `0` for the bar,
/// `to` is `25` for borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    pub effect: Effect,
}

impl Step {
    /// Pips a bear-off step wastes (R11): `from + die - 25`, else 0.
    #[must_use]
    pub fn reduction(&self) -> u8 {
        (self.from + self.die).saturating_sub(OFF)
    }

    /// Whether this step enters from the bar.
    #[must_use]
    pub fn is_entry(&self) -> bool {
        self.from == BAR
    }

    /// Whether this step bears a checker off.
    #[must_use]
    pub fn is_bear_off(&self) -> bool {
        self.to == OFF
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == BAR {
            f.write_str("bar")?;
        } else {
            write!(f, "{}", self.from)?;
        }
        if self.to == OFF {
            f.write_str("/off")?;
        } else {
            write!(f, "/{}", self.to)?;
        }
        match self.effect {
            Effect::Quiet => Ok(()),
            Effect::Hit => f.write_str("*"),
            Effect::Burst => f.write_str("!"),
        }
    }
}
