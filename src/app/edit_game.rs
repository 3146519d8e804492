//! What the position editor needs of a game beyond [`Game`](crate::game::Game): how a
//! code is read and written, why one is refused (in words), how a position is rolled out,
//! and where the game's editor lies among the screens. The editor itself
//! ([`super::Editor`]) is written once for any game that is [`Editable`]: bräde and
//! backgammon.

use std::fmt::Debug;

use super::hint_jobs::{Weighable, Weighing};
use super::{Editor, EditorRollout, Screen};
use crate::ai::Level;
use crate::game::{Backgammon, Brade};
use crate::rules::Color;
use crate::words::{Lang, Phrase, editor as words};

/// The ways between a game's editor and its screen, `Screen::$variant`.
macro_rules! on_screen {
    ($variant:ident) => {
        fn editor(screen: &Screen) -> Option<&Editor<Self>> {
            match screen {
                Screen::$variant(e) => Some(e),
                _ => None,
            }
        }

        fn editor_mut(screen: &mut Screen) -> Option<&mut Editor<Self>> {
            match screen {
                Screen::$variant(e) => Some(e),
                _ => None,
            }
        }

        fn screen(editor: Editor<Self>) -> Screen {
            Screen::$variant(editor)
        }
    };
}

/// Games a rollout from the editor plays (36 × 36: every first and second roll once).
pub const EDITOR_ROLLOUT_GAMES: u32 = 1296;

/// A game whose positions the editor sets up.
pub trait Editable: Weighable {
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

    /// The game's editor, when it is on screen.
    fn editor(screen: &Screen) -> Option<&Editor<Self>>;

    /// The same, to change.
    fn editor_mut(screen: &mut Screen) -> Option<&mut Editor<Self>>;

    /// The screen of an editor of the game.
    fn screen(editor: Editor<Self>) -> Screen;
}

impl Editable for Brade {
    type Error = crate::rules::PositionError;
    type Rollout = crate::ai::rollout::Rollout;

    const TITLE: Phrase = words::EDITOR;
    const KEYS: &'static [Phrase] = &words::KEYS;

    fn read(code: &str, _turn: Color) -> Result<Self::Position, Self::Error> {
        crate::rules::Position::from_code(code)
    }

    fn code(position: &Self::Position) -> String {
        position.code()
    }

    fn code_of(counts: &[[u8; 25]; 2], turn: Color) -> String {
        // Bräde's code numbers each side's points as it travels them, its bar 0.
        code_text(counts.map(|c| listed(&c, 0..25, |p| p)), turn)
    }

    fn cleared(_counts: &[[u8; 25]; 2], turn: Color, _placing: Color) -> String {
        Self::code_of(&[[0; 25]; 2], turn)
    }

    fn code_refusal(lang: Lang, why: &Self::Error) -> String {
        words::refusal(lang, why)
    }

    fn roll_out(
        position: &Self::Position,
        rules: Self::Rules,
        tick: &(dyn Fn() + Sync),
    ) -> Option<Self::Rollout> {
        let options = crate::ai::rollout::Options {
            games: EDITOR_ROLLOUT_GAMES,
            level: Level::Medium,
            seed: 1,
            threads: None,
            luck_adjusted: false,
            rules,
        };
        Some(crate::ai::rollout::rollout_with(position, options, tick))
    }

    fn rollout_line(lang: Lang, r: &Self::Rollout) -> String {
        words::rollout(lang, r.games, r.equity(), r.std_error())
    }

    on_screen!(Editor);
}

impl Editable for Backgammon {
    type Error = crate::backgammon::PositionError;
    type Rollout = crate::ai::backgammon::rollout::BgRollout;

    const TITLE: Phrase = words::BG_EDITOR;
    const KEYS: &'static [Phrase] = &words::BG_KEYS;

    fn read(code: &str, turn: Color) -> Result<Self::Position, Self::Error> {
        crate::backgammon::Position::read(code, turn)
    }

    fn code(position: &Self::Position) -> String {
        position.code()
    }

    fn other_code(position: &Self::Position) -> Option<String> {
        Some(position.id())
    }

    fn code_of(counts: &[[u8; 25]; 2], turn: Color) -> String {
        // Backgammon's code numbers each side's points from where it bears off: the
        // point travelled to as `t` is `25 − t`, and the bar (`t` 0) is 25.
        code_text(counts.map(|c| listed(&c, (0..25).rev(), |t| 25 - t)), turn)
    }

    fn cleared(counts: &[[u8; 25]; 2], turn: Color, placing: Color) -> String {
        let mut counts = *counts;
        counts[placing.index()] = [0; 25];
        Self::code_of(&counts, turn)
    }

    fn code_refusal(lang: Lang, why: &Self::Error) -> String {
        words::bg_refusal(lang, why)
    }

    fn roll_out(
        position: &Self::Position,
        _rules: Self::Rules,
        tick: &(dyn Fn() + Sync),
    ) -> Option<Self::Rollout> {
        let options = crate::ai::backgammon::rollout::Options {
            games: EDITOR_ROLLOUT_GAMES,
            level: Level::Medium,
            seed: 1,
            threads: None,
            luck_adjusted: false,
        };
        crate::ai::backgammon::rollout::rollout(position.board(), &options, tick).ok()
    }

    fn rollout_line(lang: Lang, r: &Self::Rollout) -> String {
        let equity = r.equity();
        words::rollout(lang, r.games, equity.mean, equity.error)
    }

    fn cube_weighing(position: &Self::Position) -> Option<Box<dyn Weighing>> {
        // Money play, the cube in the middle at 1.
        Some(Box::new(super::backgammon::weighing::EditorCube(*position)))
    }

    on_screen!(BackgammonEditor);
}

/// A side's entries `POINT` or `POINTxCOUNT`: its checkers at each index of `order`, under
/// the point number `number` gives that index, in that order.
fn listed(counts: &[u8; 25], order: impl Iterator<Item = u8>, number: impl Fn(u8) -> u8) -> Vec<String> {
    order
        .filter(|&t| counts[usize::from(t)] > 0)
        .map(|t| match counts[usize::from(t)] {
            1 => number(t).to_string(),
            n => format!("{}x{n}", number(t)),
        })
        .collect()
}

/// `WHITE/BLACK/TURN` of both sides' entries (`-` for none).
fn code_text(sides: [Vec<String>; 2], turn: Color) -> String {
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
