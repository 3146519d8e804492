//! The setup form of a new match: length, names, the computer's sides and level — and,
//! for backgammon, the match's points (or money play) and the money-play options.

use super::screens::TableGame;
use super::{App, Key, Screen};
use crate::ai::Level;
use crate::backgammon::Stakes;
use crate::brade::RuleSet;
use crate::game::Kind;
use crate::rules::Color;
use crate::session::MAX_NAME;
use crate::settings::cycle;
use crate::words::{self, Lang};

/// A field of the setup form, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupField {
    Games,
    /// A player's name, by colour.
    Name(Color),
    Computer,
    Level,
    /// The rules the match is played by.
    Rules,
    /// The "Start the match" button.
    Start,
}

impl SetupField {
    /// Every field, in the order of the form.
    pub const ALL: [SetupField; 7] = [
        SetupField::Games,
        SetupField::Name(Color::White),
        SetupField::Name(Color::Black),
        SetupField::Computer,
        SetupField::Level,
        SetupField::Rules,
        SetupField::Start,
    ];

    /// Whether letters typed here are a name (and not keys).
    #[must_use]
    pub fn is_name(self) -> bool {
        matches!(self, SetupField::Name(_))
    }
}

/// Which sides the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComputerPlays {
    Nobody,
    White,
    Black,
    Both,
}

impl ComputerPlays {
    /// In the order the form cycles through them.
    pub const ALL: [ComputerPlays; 4] = [
        ComputerPlays::Nobody,
        ComputerPlays::White,
        ComputerPlays::Black,
        ComputerPlays::Both,
    ];

    /// Whether the computer plays `side`.
    #[must_use]
    pub fn plays(self, side: Color) -> bool {
        matches!(
            (self, side),
            (ComputerPlays::Both, _)
                | (ComputerPlays::White, Color::White)
                | (ComputerPlays::Black, Color::Black)
        )
    }

    /// The sides the computer plays in a match (by `Color::index`).
    #[must_use]
    pub fn of(sides: [bool; 2]) -> ComputerPlays {
        match sides {
            [false, false] => ComputerPlays::Nobody,
            [true, false] => ComputerPlays::White,
            [false, true] => ComputerPlays::Black,
            [true, true] => ComputerPlays::Both,
        }
    }

    pub(super) fn cycle(self, back: bool) -> ComputerPlays {
        cycle(&ComputerPlays::ALL, self, back)
    }
}

/// A backgammon match's lengths the form offers (B15: odd, up to 25), then money play (0).
pub const POINTS_CHOICES: [u32; 14] = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 0];

/// Backgammon's options the form steps through (B14, B16).
pub const STAKES_CHOICES: [Stakes; 5] = [
    Stakes {
        backgammon: 3,
        automatic: 0,
        jacoby: false,
    },
    Stakes {
        backgammon: 3,
        automatic: 0,
        jacoby: true,
    },
    Stakes {
        backgammon: 3,
        automatic: 1,
        jacoby: false,
    },
    Stakes {
        backgammon: 3,
        automatic: 1,
        jacoby: true,
    },
    Stakes {
        backgammon: 2,
        automatic: 0,
        jacoby: false,
    },
];

/// The setup form of a new match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game: bräde, or backgammon (whose length is `points`, whose options `stakes`).
    pub game: Kind,
    pub games: u32,
    /// Backgammon: the match's points, 0 for money play.
    pub points: u32,
    /// Backgammon: the options of the match or money session.
    pub stakes: Stakes,
    /// Names by colour (`Color::index`).
    pub names: [String; 2],
    pub computer: ComputerPlays,
    pub level: Level,
    /// The rules of the match (the settings' rules to begin with).
    pub rules: RuleSet,
    /// The field with the cursor.
    pub field: SetupField,
}

impl Setup {
    /// The levels the form offers.
    pub const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// A fresh form: the players named by their colours, in `lang`; `rules` chosen.
    #[must_use]
    pub fn new(lang: Lang, rules: RuleSet) -> Setup {
        Setup {
            game: Kind::ALL[0],
            games: 3,
            points: 5,
            stakes: Stakes::default(),
            names: Color::BOTH.map(|c| words::names::color_name(lang, c).to_string()),
            computer: ComputerPlays::Nobody,
            level: Level::Medium,
            rules,
            field: SetupField::Games,
        }
    }

    /// The players of a match just played again: the computer on the same sides at the same
    /// level (a computer side's name, which says its level, is made anew from the form), the
    /// other sides' `names`.
    pub(super) fn same_players(&mut self, names: &[String; 2], computer: [Option<Level>; 2]) {
        self.computer = ComputerPlays::of(computer.map(|c| c.is_some()));
        if let Some(level) = computer.iter().flatten().next()
            && Setup::LEVELS.contains(level)
        {
            self.level = *level;
        }
        for side in Color::BOTH {
            if computer[side.index()].is_none() {
                self.names[side.index()].clone_from(&names[side.index()]);
            }
        }
    }

    /// The fields the form shows, top to bottom: the level only when the computer
    /// plays a side (in either game).
    #[must_use]
    pub fn fields(&self) -> Vec<SetupField> {
        SetupField::ALL
            .into_iter()
            .filter(|&f| f != SetupField::Level || self.computer != ComputerPlays::Nobody)
            .collect()
    }

    /// Moves to the field above or below (the first and the last stay).
    pub(super) fn step_field(&mut self, down: bool) {
        let fields = self.fields();
        let at = fields.iter().position(|&f| f == self.field).unwrap_or(0);
        let to = if down {
            (at + 1).min(fields.len() - 1)
        } else {
            at.saturating_sub(1)
        };
        self.field = fields[to];
    }

    /// Whether `side`'s name is still the one the form gave it (its colour's): typing
    /// replaces it rather than adding to it.
    #[must_use]
    pub fn default_name(&self, lang: Lang, side: Color) -> bool {
        self.names[side.index()] == words::names::color_name(lang, side)
    }

    /// The name the form shows for `side`: the computer's, with its level, while a computer
    /// side keeps its default name.
    #[must_use]
    pub fn shown_name(&self, lang: Lang, side: Color) -> String {
        if self.computer.plays(side) && self.default_name(lang, side) {
            words::names::computer_name(lang, self.level.label())
        } else {
            self.names[side.index()].clone()
        }
    }

    /// The computer's level for each side, by `Color::index`.
    #[must_use]
    pub fn sides(&self) -> [Option<Level>; 2] {
        Color::BOTH.map(|side| self.computer.plays(side).then_some(self.level))
    }

    /// The players' names as the match will have them: an empty name becomes the
    /// colour's, and a computer side left at its colour's name is named after its level.
    #[must_use]
    pub fn match_names(&self, lang: Lang) -> [String; 2] {
        let sides = self.sides();
        Color::BOTH.map(|side| {
            let i = side.index();
            let typed = self.names[i].trim();
            let colour = words::names::color_name(lang, side);
            match sides[i] {
                Some(level) if typed.is_empty() || self.names[i] == colour => {
                    words::names::computer_name(lang, level.label())
                }
                _ if typed.is_empty() => colour.to_string(),
                _ => typed.to_string(),
            }
        })
    }
}

/// The setup forms as last left, by game, for as long as the program runs: a new match's
/// form opens as the last one of its game was left or started — its length, names, the
/// computer's sides and level, and its options (bräde's rules: as left, unless the
/// settings' rules of new matches have changed since).
#[derive(Clone, Debug, Default)]
pub(super) struct Forms {
    /// Each game's form as left, by [`Kind::index`], with the settings' rules then.
    by_game: [Option<(Setup, RuleSet)>; 2],
}

impl Forms {
    /// The form of a new match of `kind`, in `lang`; `rules` are the settings'.
    pub(super) fn form(&self, kind: Kind, lang: Lang, rules: RuleSet) -> Setup {
        match &self.by_game[kind.index()] {
            Some((form, settings)) => {
                let mut form = form.recalled(lang);
                if *settings != rules {
                    form.rules = rules;
                }
                form
            }
            None => crate::with_game!(kind, G => G::new_form(lang, rules)),
        }
    }

    /// Remembers `form` as left (`rules`: the settings' rules of new matches then).
    pub(super) fn keep(&mut self, form: &Setup, rules: RuleSet) {
        self.by_game[form.game.index()] = Some((form.clone(), rules));
    }
}

impl Setup {
    /// The form as remembered, opened again in `lang`: the cursor on the first field, a
    /// name left at its colour's (in any language) the colour's in `lang`.
    fn recalled(&self, lang: Lang) -> Setup {
        let mut form = self.clone();
        form.field = SetupField::Games;
        for side in Color::BOTH {
            let name = &mut form.names[side.index()];
            if Lang::ALL
                .iter()
                .any(|&l| *name == words::names::color_name(l, side))
            {
                *name = words::names::color_name(lang, side).to_string();
            }
        }
        form
    }
}

impl App {
    /// Esc on the setup form: remembered as left, and back to the start screen on its
    /// game's entry.
    fn leave_setup(&mut self) {
        if self.invite_left() {
            return;
        }
        let Screen::Setup(form) = &self.screen else {
            return;
        };
        self.offer.forms.keep(form, self.settings.rules);
        let entry = crate::with_game!(form.game, G => G::menu_entry());
        self.back_to_start(entry);
    }

    pub(super) fn setup_key(&mut self, key: Key) {
        if key == Key::Esc {
            self.leave_setup();
            return;
        }
        let Screen::Setup(form) = &self.screen else {
            return;
        };
        // An invitation's players are the two named, at their keyboards: those fields are
        // stepped over, not changed.
        let fixed = matches!(form.field, SetupField::Computer | SetupField::Name(_));
        if self.inviting.is_some()
            && fixed
            && !matches!(key, Key::Up | Key::Down | Key::Tab | Key::BackTab | Key::Enter)
        {
            return;
        }
        let kind = form.game;
        crate::with_game!(kind, G => G::setup_key(self, key));
    }
}

impl Setup {
    /// A key on a name field: a default name goes as a whole — typing replaces it,
    /// Backspace clears it; a name is at most [`MAX_NAME`] characters.
    pub(super) fn name_key(&mut self, lang: Lang, side: Color, key: Key) {
        match key {
            Key::Backspace => {
                if self.default_name(lang, side) {
                    self.names[side.index()].clear();
                } else {
                    self.names[side.index()].pop();
                }
            }
            Key::Char(c) if !c.is_control() => {
                if self.default_name(lang, side) {
                    self.names[side.index()].clear();
                }
                let name = &mut self.names[side.index()];
                if name.chars().count() < MAX_NAME {
                    name.push(c);
                }
            }
            Key::Enter => self.step_field(true),
            _ => {}
        }
    }
}

impl App {
    /// A new match set up comes on screen: saved from its first roll, its dice its own.
    pub(super) fn begin_new(&mut self, screen: Screen) {
        // An invitation's form: its match goes to the server instead.
        let screen = match screen {
            Screen::Match(table) if self.inviting.is_some() => match self.invite_made(table) {
                Some(table) => Screen::Match(table),
                None => return,
            },
            screen => screen,
        };
        self.screen = screen;
        self.note = None;
        self.saving.archived = false;
        // A file of its own at its first save: no match in progress is touched.
        self.saving.slot = None;
        self.fresh_dice();
    }
}
