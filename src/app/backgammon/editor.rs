//! The backgammon position editor's part: its codes (a GNU Position ID or an XGID too,
//! whose dice it takes), the rollout, the cube's hint without dice, the XGID and picture
//! shared.

use crate::ai::Level;
use crate::app::edit_game::{EDITOR_ROLLOUT_GAMES, Editable, code_text, listed};
use crate::app::editor::{Editor, EditorNote};
use crate::app::hint_jobs::{Weighed, Weighing};
use crate::app::sharing::{Done, Outgoing, picture};
use crate::backgammon::{XgDice, Xgid};
use crate::game::Backgammon;
use crate::rules::Color;
use crate::share::picture::Extras;
use crate::words::sharing::Shared;
use crate::words::{Lang, Phrase, editor as editor_words};

impl Editable for Backgammon {
    type Error = crate::backgammon::PositionError;
    type Rollout = crate::ai::backgammon::rollout::BgRollout;

    const TITLE: Phrase = editor_words::BG_EDITOR;
    const KEYS: &'static [Phrase] = &editor_words::BG_KEYS;

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
        editor_words::bg_refusal(lang, why)
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
        editor_words::rollout(lang, r.games, equity.mean, equity.error)
    }

    fn cube_weighing(position: &Self::Position) -> Option<Box<dyn Weighing>> {
        // Money play, the cube in the middle at 1.
        Some(Box::new(super::weighing::EditorCube(*position)))
    }

    fn dice_in(code: &str) -> Option<(u8, u8)> {
        crate::backgammon::looks_like_xgid(code)
            .then(|| crate::backgammon::Xgid::parse(code).ok()?.rolled())
            .flatten()
    }

    fn cube_note(lang: Lang, weighed: &Weighed) -> Option<String> {
        let Weighed::Cube(d) = weighed else { return None };
        let hint = crate::app::backgammon::cube_jobs::cube_hint(d, false);
        Some(crate::words::backgammon::matchplay::cube_hint(lang, &hint))
    }

    fn picture(e: &Editor<Backgammon>) -> Outgoing {
        let dice = e.roll().map(|r| r.dice());
        let svg = crate::share::backgammon::picture(&e.position, (1, None), dice, &Extras::default());
        picture("backgammon", &e.position.id(), svg)
    }

    /// `X`: the position's XGID, with the dice typed.
    fn editor_text(e: &mut Editor<Backgammon>) -> Option<Done> {
        let xgid = Xgid {
            dice: e.roll().map_or(XgDice::ToRoll, |r| {
                let (a, b) = r.dice();
                XgDice::Rolled(a, b)
            }),
            ..Xgid::of_position(e.position)
        };
        e.note = Some(EditorNote::Shared(Shared::Xgid(xgid.to_string())));
        Some((None, Some(Outgoing::Clipboard(xgid.to_string()))))
    }
}
