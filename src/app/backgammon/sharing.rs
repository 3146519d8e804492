//! What backgammon shares from its screens: the play the tutor questions as eXtreme
//! Gammon's text block.

use crate::ai::backgammon::review;
use crate::app::Table;
use crate::app::sharing::{Done, Shares, copied};
use crate::game::{Backgammon, Game as _};
use crate::rules::Color;
use crate::share::backgammon::{Around, checker_block};
use crate::words::sharing::Shared;

impl Shares for Backgammon {
    /// The play the tutor questions, as XG's text block.
    fn tutor_text(table: &Table<Backgammon>) -> Done {
        let game = &table.game;
        let Some(turn) = game.turn() else {
            return (Some(Shared::NoDecision), None);
        };
        let Ok((made, _)) = turn.finish() else {
            return (Some(Shared::NoDecision), None);
        };
        let position = *turn.start();
        let plays = Backgammon::legal_plays(&position, turn.roll(), game.rules);
        let Some(index) = plays
            .iter()
            .position(|p| p.board == made.board && p.win == made.win)
        else {
            return (Some(Shared::NoDecision), None);
        };
        let names = Color::BOTH.map(|side| game.name(side));
        let around = Around {
            names,
            cube: &game.stake,
            score: &game.score,
            stakes: game.rules,
        };
        let text = review::checker(&position, &plays, index, &game.stake, &game.score, game.rules)
            .map(|(candidates, at)| checker_block(&around, &position, turn.roll(), &candidates, at));
        copied(text, Shared::NoNetwork)
    }
}
