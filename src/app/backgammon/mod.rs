//! What the app asks of backgammon alone: how its plays and cube decisions are weighed for
//! the player.

pub mod chouette;
mod chouette_computer;
pub mod cube_jobs;
pub mod editor;
pub mod replay;
pub mod setup;
pub mod sharing;
pub mod trainer;
pub mod weighing;

use super::{Key, MenuItem, Setup, TableGame};
use crate::ai::Level;
use crate::game::Backgammon;
use crate::session::Match;
use crate::words::{Lang, Note};

impl TableGame for Backgammon {
    /// `i`: the match as GNU Backgammon names it, to paste into gnubg or a forum.
    fn game_key(game: &Match<Backgammon>, key: Key) -> Option<Note<Backgammon>> {
        (key == Key::Char('i')).then(|| {
            let (position, match_id) = game.gnubg_ids();
            Note::GnubgIds { position, match_id }
        })
    }

    fn setup_again(lang: Lang, game: &Match<Backgammon>, computer: [Option<Level>; 2]) -> Option<Setup> {
        Some(Setup::again_backgammon(lang, game, computer))
    }

    fn menu_entry() -> MenuItem {
        MenuItem::NewBackgammon
    }

    fn new_form(lang: Lang, _rules: crate::brade::RuleSet) -> Setup {
        Setup::backgammon(lang)
    }

    fn setup_key(app: &mut crate::app::App, key: Key) {
        app.backgammon_setup_key(key);
    }

    fn card_table(card: &crate::practice::Card) -> Option<crate::app::table::Table<Backgammon>> {
        trainer::card_table(card)
    }
}
