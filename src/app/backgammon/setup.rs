//! Backgammon's setup form: the match's points (or money play) and the options of the
//! match or session, the form again after a match.

use crate::ai::Level;
use crate::app::setup::{POINTS_CHOICES, STAKES_CHOICES, Setup, SetupField};
use crate::app::{App, Key, Screen};
use crate::brade::RuleSet;
use crate::game::{Backgammon, Kind};
use crate::session::Match;
use crate::settings::cycle;
use crate::words::Lang;

impl Setup {
    /// A fresh form for a backgammon match, in `lang`.
    #[must_use]
    pub fn backgammon(lang: Lang) -> Setup {
        Setup {
            game: Kind::Backgammon,
            ..Setup::new(lang, RuleSet::default())
        }
    }

    /// The form for the same players again after a backgammon match.
    #[must_use]
    pub fn again_backgammon(lang: Lang, game: &Match<Backgammon>, computer: [Option<Level>; 2]) -> Setup {
        let mut form = Setup::backgammon(lang);
        form.points = game.score.length;
        form.stakes = game.rules;
        form.same_players(&game.names, computer);
        form
    }
}

impl App {
    /// A key on the setup form of a backgammon match.
    pub(in crate::app) fn backgammon_setup_key(&mut self, key: Key) {
        let lang = self.lang();
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let back = matches!(key, Key::Left | Key::Char('h' | '-'));
        match (form.field, key) {
            (_, Key::Up | Key::BackTab) => form.step_field(false),
            (_, Key::Down | Key::Tab) => form.step_field(true),
            (SetupField::Games, Key::Left | Key::Right | Key::Char('h' | 'l' | '-' | '+' | ' ')) => {
                form.points = cycle(&POINTS_CHOICES, form.points, back);
            }
            (SetupField::Rules, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.stakes = cycle(&STAKES_CHOICES, form.stakes, back);
            }
            (SetupField::Computer, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.computer = form.computer.cycle(back);
            }
            (SetupField::Level, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                form.level = cycle(&Setup::LEVELS, form.level, back);
            }
            (SetupField::Name(side), _) => form.name_key(lang, side, key),
            (SetupField::Start, Key::Enter | Key::Char(' ')) => {
                let [white, black] = form.match_names(lang);
                let game: Match<Backgammon> = Match::new(&white, &black, form.points).by_rules(form.stakes);
                self.offer.forms.keep(form, self.settings.rules);
                self.computer.sides = form.sides();
                self.begin_new(Screen::Match(crate::app::table_of(game)));
            }
            (_, Key::Enter) => form.step_field(true),
            _ => {}
        }
    }
}
