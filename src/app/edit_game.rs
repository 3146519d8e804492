//! What the position editor needs of a game beyond [`Game`](crate::game::Game): how a
//! code is read and written, why one is refused (in words), how a position is rolled out,
//! and what it shares. The editor itself ([`super::Editor`]) is written once for any game
//! that is [`Editable`]; each game's part is beside its code (`brade.rs`, `backgammon/`).

use std::fmt::Debug;

use super::hint_jobs::{Weighed, Weighing};
use super::sharing::{Done, Outgoing};
use super::{Editor, EditorRollout};
use crate::rules::Color;
use crate::words::{Lang, Phrase};

/// Games a rollout from the editor plays (36 × 36: every first and second roll once).
pub const EDITOR_ROLLOUT_GAMES: u32 = 1296;

/// A game whose positions the editor sets up.
pub trait Editable: super::screens::TableGame {
    /// Why a code is refused.
    type Error: Clone + Debug + PartialEq + Send;
    /// A rollout's figures.
    type Rollout: Clone + Debug + Send;

    /// The editor's title, and its lines of keys.
    const TITLE: Phrase;
    const KEYS: &'static [Phrase];

    /// The position a code gives (in backgammon also a GNU Position ID, `turn` on roll
    /// unless it says `:w` or `:b`).
    fn read(code: &str, turn: Color) -> Result<Self::Position, Self::Error>;

    /// The position's code, as [`Editable::read`] reads it.
    fn code(position: &Self::Position) -> String;

    /// Another program's name for the position, shown beside the code: backgammon's GNU
    /// Position ID.
    fn other_code(_position: &Self::Position) -> Option<String> {
        None
    }

    /// The code of each side's checkers as [`crate::game::Checkers::counts`] gives them
    /// (`[0]` the bar, then the points from where it enters), `turn` to move.
    fn code_of(counts: &[[u8; 25]; 2], turn: Color) -> String;

    /// `n`: the code of the board cleared — of both colours in bräde (every checker borne
    /// off); of the colour `placing` in backgammon, where a board with no checker at all
    /// is no position.
    fn cleared(counts: &[[u8; 25]; 2], turn: Color, placing: Color) -> String;

    /// Why a code is refused, in words.
    fn code_refusal(lang: Lang, why: &Self::Error) -> String;

    /// The position rolled out by the medium level (the side to move's figures), `tick`
    /// called after each game; `None` when it cannot be.
    fn roll_out(
        position: &Self::Position,
        rules: Self::Rules,
        tick: &(dyn Fn() + Sync),
    ) -> Option<Self::Rollout>;

    /// A rollout's figures, in words.
    fn rollout_line(lang: Lang, rollout: &Self::Rollout) -> String;

    /// What weighs the cube decision of the side to move before its roll (a game with a
    /// cube: the editor's hint without dice).
    fn cube_weighing(_position: &Self::Position) -> Option<Box<dyn Weighing>> {
        None
    }

    /// The rules the editor sets positions up by, given the settings.
    fn editor_rules(_settings: &crate::settings::Settings) -> Self::Rules {
        Self::Rules::default()
    }

    /// The dice a code typed or pasted in the editor carries (backgammon's XGID), if any.
    fn dice_in(_code: &str) -> Option<(u8, u8)> {
        None
    }

    /// The editor's cube hint in words, when `weighed` is one (a game with a cube).
    fn cube_note(_lang: Lang, _weighed: &Weighed) -> Option<String> {
        None
    }

    /// `P`: the picture of the editor's position.
    fn picture(editor: &Editor<Self>) -> Outgoing;

    /// `X` in the editor (backgammon: the XGID, with the dice typed); nothing by default.
    fn editor_text(_editor: &mut Editor<Self>) -> Option<Done> {
        None
    }
}

/// A side's entries `POINT` or `POINTxCOUNT`: its checkers at each index of `order`, under
/// the point number `number` gives that index, in that order.
pub(super) fn listed(
    counts: &[u8; 25],
    order: impl Iterator<Item = u8>,
    number: impl Fn(u8) -> u8,
) -> Vec<String> {
    order
        .filter(|&t| counts[usize::from(t)] > 0)
        .map(|t| match counts[usize::from(t)] {
            1 => number(t).to_string(),
            n => format!("{}x{n}", number(t)),
        })
        .collect()
}

/// `WHITE/BLACK/TURN` of both sides' entries (`-` for none).
pub(super) fn code_text(sides: [Vec<String>; 2], turn: Color) -> String {
    let [white, black] = sides.map(|list| {
        if list.is_empty() {
            "-".to_string()
        } else {
            list.join(",")
        }
    });
    format!("{white}/{black}/{}", turn.letter())
}

/// The jobs' rollout of the editor's position, its gauge kept as it goes.
pub(super) fn roll_out_job<G: Editable>(job: &EditorRollout<G>) -> Option<G::Rollout> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    G::roll_out(&job.position, job.rules, &|| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        job.progress.set(n, EDITOR_ROLLOUT_GAMES as usize);
    })
}
