//! The help over any screen ([`Overlay::Help`]): opened where the player is — the keys of
//! the screen first, then the rules of the game on the board ([`help_place`]) — scrolled
//! line by line, with its contents to jump from (`t`) and a word to find (`/`, then `n`
//! and `N`).
//!
//! The help is kept as blocks (a heading, a paragraph, a list item, a table row) that the
//! window wraps to its width: the app knows which block is at the top since the last jump
//! and how many lines were scrolled since, and `ui` turns that into lines at the
//! window's width.

use super::{App, Key, Overlay, Screen};
use crate::game::Kind;
use crate::settings::Setting;
use crate::words::Lang;
use crate::words::help_place::{self, Place};

/// The longest word looked for.
const MAX_FIND: usize = 40;

/// The help as it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    /// Where it was opened: the screen whose keys come first.
    pub place: Place,
    /// The game whose rules come first.
    pub game: Kind,
    /// The block at the top of the window since the last jump (0: the help's start).
    pub anchor: usize,
    /// Lines scrolled since the last jump, down (negative: up).
    pub scroll: i32,
    pub mode: Mode,
    /// The word last looked for, and whether the help has it.
    pub found: Option<Found>,
}

/// What the keys do in the help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Scrolling the text.
    Reading,
    /// The table of contents, with this heading chosen (its index among the headings).
    Contents { item: usize },
    /// A word being typed to find.
    Finding(String),
}

/// A word looked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub word: String,
    /// Nowhere in the help.
    pub missing: bool,
}

impl Help {
    /// The help opened at `place` with `game` on the board, at its start.
    #[must_use]
    pub fn new(place: Place, game: Kind) -> Help {
        Help {
            place,
            game,
            anchor: 0,
            scroll: 0,
            mode: Mode::Reading,
            found: None,
        }
    }

    /// The columns its text is wrapped to in a window `window_width` wide (inside the
    /// border).
    #[must_use]
    pub fn width(window_width: u16) -> usize {
        usize::from(window_width.saturating_sub(2)).max(20)
    }

    /// The rows of text it shows in a window `height` high: inside the border, less the
    /// bottom line while it asks for or tells of a word to find.
    #[must_use]
    pub fn text_rows(&self, height: u16) -> u16 {
        let bottom = matches!(self.mode, Mode::Finding(_)) || self.found.is_some();
        height.saturating_sub(2 + u16::from(bottom))
    }

    /// The first line shown, of `lines` whose blocks begin at `starts`, `rows` shown: the
    /// anchor's line and the lines scrolled since, within the text.
    #[must_use]
    pub fn top(&self, starts: &[usize], lines: usize, rows: u16) -> usize {
        let from = i64::try_from(starts.get(self.anchor).copied().unwrap_or(0)).unwrap_or(0);
        let top = usize::try_from((from + i64::from(self.scroll)).max(0)).unwrap_or(0);
        top.min(lines.saturating_sub(usize::from(rows)))
    }

    /// Settles the place in a window of `width`×`height`: the anchor becomes the block at
    /// the top line and the scroll the lines into it, so that scrolling past either end
    /// leaves nothing to scroll back first.
    fn settle(&mut self, blocks: &[String], (width, height): (u16, u16)) {
        let (text, starts) = lines(blocks, Help::width(width));
        let top = self.top(&starts, text.len(), self.text_rows(height));
        self.anchor = starts.iter().rposition(|&s| s <= top).unwrap_or(0);
        self.scroll = i32::try_from(top - starts.get(self.anchor).copied().unwrap_or(0)).unwrap_or(0);
    }

    /// Its text in `lang`, as blocks to wrap ([`blocks`]).
    #[must_use]
    pub fn blocks(&self, lang: Lang) -> Vec<String> {
        blocks(lang, self.place, self.game)
    }

    /// Jumps to the next block from `from` (onwards, or backwards) that has `word`, and
    /// says whether there is one.
    fn find(&mut self, blocks: &[String], word: &str, from: usize, forwards: bool) {
        let wanted = word.to_lowercase();
        let n = blocks.len();
        let hit = (0..n)
            .map(|i| {
                if forwards {
                    (from + i) % n
                } else {
                    (from + n - i) % n
                }
            })
            .find(|&i| blocks[i].to_lowercase().contains(&wanted));
        if let Some(i) = hit {
            self.anchor = i;
            self.scroll = 0;
        }
        self.found = Some(Found {
            word: word.to_string(),
            missing: hit.is_none(),
        });
    }
}

/// The indices of `blocks`' headings, in order: the help's table of contents.
#[must_use]
pub fn headings(blocks: &[String]) -> Vec<usize> {
    (0..blocks.len())
        .filter(|&i| blocks[i].starts_with("# "))
        .collect()
}

/// The help text at `place` with `game` first as blocks to wrap to the window: headings
/// (`# …`), paragraphs (the source's hard-wrapped lines joined), list items (` - …` with
/// their continuation lines), table rows (other indented lines, with the lines indented
/// to their last column joined to them, so that the column wraps under itself at any
/// width) and empty lines.
#[must_use]
pub fn blocks(lang: Lang, place: Place, game: Kind) -> Vec<String> {
    // The settings, from the settings table: the label, then the key and its values in
    // config.toml.
    let rows: String = Setting::ALL
        .iter()
        .map(|s| format!(" {:<24} {} = {}\n", lang.say(s.label()), s.key(), s.values()))
        .collect();
    let text = help_place::text(lang, place, game, &rows);
    #[derive(PartialEq)]
    enum Open {
        Nothing,
        Paragraph,
        Item,
        /// A table row whose last column begins at this column.
        Row(usize),
    }
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out: Vec<String> = Vec::new();
    let mut open = Open::Nothing;
    for line in text.lines() {
        let joins = match open {
            Open::Paragraph => !line.trim().is_empty() && !line.starts_with(['#', ' ']),
            Open::Item => line.starts_with("   ") && !line.trim().is_empty(),
            Open::Row(column) => indent(line) == column && !line.trim().is_empty(),
            Open::Nothing => false,
        };
        match out.last_mut() {
            Some(last) if joins => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => {
                out.push(line.to_string());
                open = if line.trim().is_empty() || line.starts_with('#') {
                    Open::Nothing
                } else if line.starts_with(" - ") {
                    Open::Item
                } else if line.starts_with(' ') {
                    // Where the text after the row's last gap begins (not its indent).
                    match line.trim_end().rfind("  ").filter(|&gap| gap > indent(line)) {
                        Some(gap) => Open::Row(line[..gap + 2].chars().count()),
                        None => Open::Nothing,
                    }
                } else {
                    Open::Paragraph
                };
            }
        }
    }
    out
}

/// The help's lines at `width` columns (a heading's `# ` kept), and the line each block begins at.
pub fn lines(blocks: &[String], width: usize) -> (Vec<String>, Vec<usize>) {
    let mut out = Vec::new();
    let mut starts = Vec::with_capacity(blocks.len());
    for block in blocks {
        starts.push(out.len());
        match block.strip_prefix("# ") {
            Some(h) => out.push(format!("# {h}")),
            None => out.extend(wrap(block, width)),
        }
    }
    (out, starts)
}

/// Word-wraps a line to `width` columns; continuation lines keep its indentation. A
/// table row (an indented line with a gap of two spaces or more) keeps its columns: the
/// text after its last gap wraps under itself.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let item = line.trim_start().starts_with("- ");
    // Where the last column of a table row begins (a byte index), if it leaves room.
    let column = (!item && indent > 0)
        .then(|| line.trim_end().rfind("  ").map(|gap| gap + 2))
        .flatten()
        .filter(|&at| line[..at].chars().count() <= width * 2 / 3);
    let (head, rest) = match column {
        Some(at) => (&line[..at], &line[at..]),
        None => (&line[..indent], &line[indent..]),
    };
    // List items (" - …") continue under their text, other lines under their indent or
    // their last column.
    let hang = match column {
        Some(_) => head.chars().count(),
        None if item => indent + 2,
        None => indent,
    };
    let pad = " ".repeat(hang.min(width * 2 / 3));
    let mut out = Vec::new();
    let mut current = head.to_string();
    // Whether `current` holds only its prefix yet.
    let mut fresh = true;
    for word in rest.split_whitespace() {
        if !fresh && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::replace(&mut current, pad.clone()));
            fresh = true;
        }
        if !fresh {
            current.push(' ');
        }
        current.push_str(word);
        fresh = false;
    }
    out.push(current);
    out
}

impl App {
    /// The window is now `width`×`height` cells (the front end says so as it opens and as
    /// the window changes).
    pub fn set_window(&mut self, width: u16, height: u16) {
        self.window = (width, height);
    }

    /// Opens the help where the player is.
    pub(super) fn open_help(&mut self) {
        let (place, game) = self.help_place();
        self.overlay = Overlay::Help(Box::new(Help::new(place, game)));
    }

    /// The screen the help is opened on, and the game whose rules it shows first: the
    /// board's, the form's or the lobby's chosen game, else the game of the last new
    /// match's settings.
    fn help_place(&self) -> (Place, Kind) {
        let of = |name: Option<&'static str>| Kind::of_save(name).unwrap_or_default();
        let chosen = self.club.as_ref().map_or_else(Kind::default, |c| c.game);
        match &self.screen {
            Screen::Start { .. } => (Place::Start, chosen),
            Screen::Setup(form) => (Place::Setup, form.game),
            Screen::Settings { .. } => (Place::Settings, chosen),
            Screen::Records { .. } => (Place::Records, chosen),
            Screen::InProgress { .. } => (Place::InProgress, chosen),
            Screen::Replay(replay) => (Place::Replay, replay.kind()),
            Screen::Statistics(_) => (Place::Statistics, chosen),
            Screen::Match(table) => (Place::Match, of(table.save_name())),
            Screen::ChouetteForm(_) => (Place::ChouetteForm, super::ChouetteForm::GAME),
            Screen::Chouette(_) => (Place::Match, super::ChouetteForm::GAME),
            Screen::Trainer(_) => (Place::Trainer, chosen),
            Screen::Drill(drill) => (Place::Drill, of(drill.table.save_name())),
            Screen::Lobby { .. } => (Place::Lobby, chosen),
            Screen::Editor(editor) if self.editing() => (Place::Editor, editor.kind()),
            Screen::Editor(editor) => (Place::Match, editor.kind()),
        }
    }

    /// A key while the help is shown; then the place is settled in the window.
    pub(super) fn help_key(&mut self, key: Key) {
        let (lang, window) = (self.lang(), self.window);
        let Overlay::Help(help) = &self.overlay else {
            return;
        };
        let blocks = help.blocks(lang);
        self.help_key_only(key, &blocks);
        if let Overlay::Help(help) = &mut self.overlay {
            help.settle(&blocks, window);
        }
    }

    /// What a key does in the help, whose text is `blocks`.
    fn help_key_only(&mut self, key: Key, blocks: &[String]) {
        let (width, height) = self.window;
        let Overlay::Help(help) = &mut self.overlay else {
            return;
        };
        match &mut help.mode {
            Mode::Reading => match key {
                Key::Esc | Key::Char('q' | '?') | Key::F1 | Key::Enter => self.overlay = Overlay::None,
                Key::Down | Key::Char('j') => help.scroll = help.scroll.saturating_add(1),
                Key::Up | Key::Char('k') => help.scroll = help.scroll.saturating_sub(1),
                Key::PageDown | Key::Char(' ') => help.scroll = help.scroll.saturating_add(10),
                Key::PageUp => help.scroll = help.scroll.saturating_sub(10),
                Key::Home => (help.anchor, help.scroll) = (0, 0),
                Key::End => (help.anchor, help.scroll) = (blocks.len().saturating_sub(1), i32::MAX / 2),
                Key::Char('t') | Key::Tab => {
                    // The section being read is the one chosen: the last to begin in the
                    // window's upper half or above it.
                    let (text, starts) = lines(blocks, Help::width(width));
                    let rows = help.text_rows(height);
                    let middle = help.top(&starts, text.len(), rows) + usize::from(rows / 2);
                    let item = headings(blocks)
                        .iter()
                        .rposition(|&h| starts.get(h).is_some_and(|&line| line <= middle))
                        .unwrap_or(0);
                    help.mode = Mode::Contents { item };
                }
                Key::Char('/') => help.mode = Mode::Finding(String::new()),
                Key::Char(c @ ('n' | 'N')) => {
                    if let Some(found) = help.found.clone() {
                        let forwards = c == 'n';
                        let from = if forwards {
                            help.anchor + 1
                        } else {
                            help.anchor + blocks.len().saturating_sub(1)
                        };
                        help.find(blocks, &found.word, from % blocks.len().max(1), forwards);
                    }
                }
                Key::CtrlC => self.ctrl_c(),
                _ => {}
            },
            Mode::Contents { item } => {
                let last = headings(blocks).len().saturating_sub(1);
                match key {
                    Key::Down | Key::Char('j') => *item = (*item + 1).min(last),
                    Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
                    Key::PageDown => *item = (*item + 10).min(last),
                    Key::PageUp => *item = item.saturating_sub(10),
                    Key::Home => *item = 0,
                    Key::End => *item = last,
                    Key::Enter | Key::Char(' ') => {
                        help.anchor = headings(blocks).get(*item).copied().unwrap_or(0);
                        help.scroll = 0;
                        help.mode = Mode::Reading;
                    }
                    Key::Esc | Key::Char('t') | Key::Tab => help.mode = Mode::Reading,
                    Key::Char('q' | '?') | Key::F1 => self.overlay = Overlay::None,
                    Key::CtrlC => self.ctrl_c(),
                    _ => {}
                }
            }
            Mode::Finding(typed) => match key {
                Key::Char(c) if typed.chars().count() < MAX_FIND && !c.is_control() => typed.push(c),
                Key::Backspace => {
                    typed.pop();
                }
                Key::Enter => {
                    let word = std::mem::take(typed);
                    help.mode = Mode::Reading;
                    if word.trim().is_empty() {
                        help.found = None;
                    } else {
                        let from = help.anchor;
                        help.find(blocks, word.trim(), from, true);
                    }
                }
                Key::Esc => help.mode = Mode::Reading,
                Key::CtrlC => self.ctrl_c(),
                _ => {}
            },
        }
    }
}
