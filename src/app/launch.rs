//! How the command line opens the app: with the settings it read, the seed of the dice,
//! what the start screen tells and offers, and what is shown first.

use super::{App, MatchScreen, Offer, ReplayScreen, Screen};
use crate::ai::Level;
use crate::session::SeededDice;
use crate::settings::Settings;
use crate::store::InProgress;
use crate::words::notes::ShellNote;

/// What the command line found and chose, for [`App::launch`].
#[derive(Debug, Default)]
pub struct Launch {
    /// The settings (the app speaks their language).
    pub settings: Settings,
    /// The message line's first words (the settings file's problems, a saved match kept).
    pub note: Option<ShellNote>,
    /// `NO_COLOR` is set: no colours whatever the theme.
    pub no_color: bool,
    /// A message for the start screen (the settings file's problems, a bad save set aside).
    pub notice: Option<String>,
    /// The seed the dice are drawn from.
    pub seed: u64,
    /// The matches and chouettes in progress the start screen offers to resume, the
    /// latest saved first.
    pub in_progress: Vec<InProgress>,
    /// What is shown first.
    pub opening: Opening,
    /// Why the data directory cannot be used, when it cannot: the start screen then offers
    /// only what needs no saving.
    pub read_only: Option<String>,
}

/// What the app shows first.
#[derive(Debug, Default)]
pub enum Opening {
    /// The start screen.
    #[default]
    Start,
    /// A new match of any game (`brade play`, see [`super::table_of`]), the computer
    /// playing the sides given a level. It has a file of its own from its first roll: no
    /// match in progress is touched.
    NewMatch {
        table: Box<dyn MatchScreen>,
        computer: [Option<Level>; 2],
    },
    /// A match in progress, where it stood, saved on in its file (`brade play --resume`).
    Resumed(Box<InProgress>),
    /// A saved match of any game replayed (`brade replay`).
    Replay(Box<dyn ReplayScreen>),
    /// The trainer's form (`brade practice`).
    Practice,
    /// The position editor of a game, at the position of a code its rules read, or at the
    /// start (`brade edit [--game GAME] [POSITION]`).
    Editor {
        kind: crate::game::Kind,
        code: Option<String>,
    },
}

impl App {
    /// The app as the command line opens it. Nothing is due to be saved yet: a new match
    /// is saved from its first roll, a resumed one is as it was saved.
    #[must_use]
    pub fn launch(launch: Launch) -> App {
        let Launch {
            settings,
            note,
            no_color,
            notice,
            seed,
            in_progress,
            opening,
            read_only,
        } = launch;
        let mut app = App::new(settings.language, Box::new(SeededDice::from_seed(seed)));
        app.apply_settings(settings);
        app.no_color = no_color;
        app.offer = Offer {
            kept: in_progress,
            notice,
            read_only,
            ..Offer::default()
        };
        match opening {
            Opening::Start => app.dice.seed = Some(seed),
            Opening::NewMatch { table, computer } => {
                app.screen = Screen::Match(table);
                app.begin_match(seed);
                app.computer.sides = computer;
            }
            Opening::Resumed(kept) => {
                // As it was saved: nothing is due until it changes.
                let path = kept.path.clone();
                app.offer.kept.insert(0, *kept);
                app.resume_kept(0);
                app.saving.due = false;
                if app.saving.slot.as_ref() != Some(&path) {
                    app.saving.slot = Some(path);
                }
            }
            Opening::Replay(replay) => {
                app.dice.seed = Some(seed);
                app.screen = Screen::Replay(replay);
            }
            Opening::Practice => {
                app.dice.seed = Some(seed);
                app.open_trainer();
            }
            Opening::Editor { kind, code } => {
                app.dice.seed = Some(seed);
                app.open_editor(kind, code.as_deref());
            }
        }
        app.say(note);
        app
    }
}
