//! Drawing: every screen of the app, from its state, with ratatui. Nothing here changes
//! state, and no sentence is made here (the words are `words`'); [`Geometry`] is also what
//! the terminal layer uses to turn a mouse click into a board slot.
//!
//! One file per screen — `start.rs`, `setup.rs`, `settings.rs`, `records.rs`,
//! `replay.rs`, `playing.rs` (the match: board, side panel, footer, game over),
//! `match_over.rs` — and per part: `board.rs` (the board itself), `geometry.rs`,
//! `help.rs` (the rules overlay), `dialogs.rs` (quit, prompt, resigning, too small),
//! `theme.rs`.

mod board;
mod chouette;
mod dialogs;
mod editor;
mod geometry;
mod help;
mod in_progress;
mod lobby;
mod match_over;
mod playing;
mod records;
mod replay;
mod settings;
mod setup;
mod start;
mod statistics;
pub mod theme;
mod trainer;

pub use board::glyph;
pub use geometry::Geometry;
pub use replay::{Extras, ReplayView};
pub use theme::Theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};

use crate::app::{App, Input, Overlay, Screen};
use crate::session::Phase;
use crate::words::game::GameWords;

/// The smallest terminal the game is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Colours of the board. Checkers also differ by glyph (○ light, ● dark), so the board
/// reads without colour too.
pub mod palette {
    use ratatui::style::Color;
    pub const DARK_POINT: Color = Color::Indexed(94);
    pub const LIGHT_POINT: Color = Color::Indexed(180);
    pub const BAR: Color = Color::Indexed(58);
    pub const TRAY: Color = Color::Indexed(236);
    pub const LIGHT_CHECKER: Color = Color::Indexed(231);
    pub const DARK_CHECKER: Color = Color::Indexed(16);
    pub const CURSOR: Color = Color::Indexed(226);
    pub const PICKED: Color = Color::Indexed(45);
    pub const TARGET: Color = Color::Indexed(40);
    pub const LAST_PLAY: Color = Color::Indexed(201);
    pub const MARK: Color = Color::Indexed(220);
}

/// Draws the whole app.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.mirrored())) else {
        dialogs::too_small(buf, area, app.lang());
        return;
    };
    let theme = Theme::of(app.theme());
    match app.screen() {
        Screen::Start { item } => start::draw(buf, area, app, *item),
        Screen::Setup(form) => setup::draw(buf, area, app.lang(), (form, app.inviting()), &theme),
        Screen::Settings { item } => settings::draw(buf, area, app, *item),
        Screen::Records { item } => records::draw(buf, area, app, *item),
        Screen::InProgress { item, set_aside } => in_progress::draw(buf, area, app, *item, *set_aside),
        Screen::Statistics(view) => statistics::draw(buf, area, app, view),
        Screen::Replay(replay) => replay.draw(buf, area, app),
        Screen::Match(table) => table.draw(buf, area, app),
        Screen::ChouetteForm(form) => chouette::draw_form(buf, area, app.lang(), form, &theme),
        Screen::Chouette(c) => chouette::draw(buf, &geo, app, c, &theme),
        Screen::Trainer(t) => trainer::draw_form(buf, area, app.lang(), t, &theme),
        Screen::Drill(d) => d.table.draw_card(buf, area, app, d),
        Screen::Editor(e) => e.draw(buf, area, app),
        Screen::Lobby { item } => lobby::draw(buf, area, app, *item),
    }
    if let Some(failure) = app.save_failure() {
        not_saved_bar(buf, area, app.lang(), failure, &theme);
    } else if let Some(crate::words::notes::ShellNote::SettingsNotSaved(said)) = app.shell_note() {
        // A screen without a message line of its own (a match has one) says on its last
        // row that the settings could not be saved.
        let row = Rect::new(area.x, area.y + area.height.saturating_sub(1), area.width, 1);
        Clear.render_into(buf, row);
        Paragraph::new(Line::from(Span::styled(said.clone(), theme.error))).render_into(buf, row);
    }
    match app.overlay() {
        Overlay::Help(h) => help::draw(buf, area, app.lang(), h, &theme),
        Overlay::ConfirmQuit => {
            dialogs::confirm_quit(buf, area, app);
        }
        Overlay::Prompt(text) => dialogs::prompt_line(buf, &geo, app.lang(), text),
        Overlay::Resign(r) => dialogs::resign(buf, area, app, r, &theme),
        Overlay::None => {}
    }
    // A screen reader or a braille display follows the terminal's own cursor: while a
    // turn is played it stands on the board's focused point (its number), as the keys
    // move it; on a menu (the start screen, the matches in progress) on the chosen
    // entry's marker; elsewhere it stays hidden.
    let cursor = match (app.screen(), app.overlay()) {
        (Screen::Match(table), Overlay::None) if table.turn_in_progress() => {
            let slot = app.cursor();
            let (x, width) = geo.column(slot.col);
            Some(ratatui::layout::Position::new(
                x + width / 2,
                geo.label_y(slot.top),
            ))
        }
        (Screen::Start { .. } | Screen::InProgress { .. } | Screen::Lobby { .. }, Overlay::None) => {
            chosen_marker(frame.buffer_mut())
        }
        (
            Screen::Settings { .. }
            | Screen::Setup(_)
            | Screen::Records { .. }
            | Screen::ChouetteForm(_)
            | Screen::Trainer(_),
            Overlay::None,
        ) => line_marker(frame.buffer_mut(), area),
        (_, Overlay::Help(h)) if matches!(h.mode, crate::app::help::Mode::Contents { .. }) => {
            line_marker(frame.buffer_mut(), area)
        }
        (_, Overlay::Help(h)) => help::cursor(area, app.lang(), h),
        (_, Overlay::Resign(r)) => dialogs::resign_layout(area, app, r, &theme)
            .and_then(|(_, rect, _)| line_marker(frame.buffer_mut(), rect)),
        _ => None,
    };
    if let Some(at) = cursor {
        frame.set_cursor_position(at);
    }
}

/// The cell of a form's or dialog's marker of the chosen line ([`marker`]) within `rect`:
/// the first `▶` that begins a line inside a border (a value's `◀ … ▶` never does).
fn line_marker(buf: &Buffer, rect: Rect) -> Option<ratatui::layout::Position> {
    let rect = rect.intersection(buf.area);
    (rect.y..rect.bottom()).find_map(|y| {
        (rect.x + 1..rect.right().saturating_sub(1)).find_map(|x| {
            (buf[(x, y)].symbol() == "▶"
                && buf[(x - 1, y)].symbol() == "│"
                && buf[(x + 1, y)].symbol() == " ")
                .then(|| ratatui::layout::Position::new(x, y))
        })
    })
}

/// The cell of a menu's marker of the chosen entry (`▶ `), the first on the screen.
fn chosen_marker(buf: &Buffer) -> Option<ratatui::layout::Position> {
    let area = buf.area;
    (area.y..area.bottom()).find_map(|y| {
        (area.x..area.right().saturating_sub(1)).find_map(|x| {
            (buf[(x, y)].symbol() == "▶" && buf[(x + 1, y)].symbol() == " ")
                .then(|| ratatui::layout::Position::new(x, y))
        })
    })
}

/// Why a finished match could not be written to the records, while that is so.
fn not_recorded(app: &App) -> Option<&str> {
    app.save_failure().filter(|f| f.record).map(|f| f.why.as_str())
}

/// While saving fails, the bottom row of every screen says so — since when nothing was
/// written, and why — until everything is written.
fn not_saved_bar(
    buf: &mut Buffer,
    area: Rect,
    lang: crate::words::Lang,
    failure: &crate::app::Failure,
    theme: &Theme,
) {
    let row = Rect::new(area.x, area.y + area.height.saturating_sub(1), area.width, 1);
    Clear.render_into(buf, row);
    Paragraph::new(Line::from(Span::styled(
        crate::words::saving::not_saved_since(lang, failure.since, &failure.why),
        theme.error,
    )))
    .render_into(buf, row);
}

/// The entry of a menu or form under a screen cell, if any (for mouse clicks): the index
/// of a start menu entry, of a setup field among those shown, of a setting, or of a
/// choice of the resignation dialog. Computed from the same layout the screen is drawn
/// with.
#[must_use]
pub fn item_at(app: &App, area: Rect, x: u16, y: u16) -> Option<usize> {
    let theme = Theme::of(app.theme());
    let (rect, rows) = match app.overlay() {
        _ if Geometry::new(area).is_none() => return None,
        Overlay::Resign(r) => {
            dialogs::resign_layout(area, app, r, &theme).map(|(_, rect, rows)| (rect, rows))?
        }
        Overlay::None => screen_layout(app, area, &theme)?,
        _ => return None,
    };
    if x <= rect.x || x + 1 >= rect.x + rect.width {
        return None;
    }
    rows.iter().position(|&row| rect.y + 1 + row == y)
}

/// Where the menu or form on screen stands and the rows of its entries, if it has any.
fn screen_layout(app: &App, area: Rect, theme: &Theme) -> Option<(Rect, Vec<u16>)> {
    let theme = *theme;
    Some(match app.screen() {
        Screen::Start { item } => start::layout(area, app, *item),
        Screen::Setup(form) => {
            let (lines, rows) = setup::lines(app.lang(), (form, app.inviting()), &theme);
            (dialog_rect(area, setup::WIDTH, &lines), rows)
        }
        Screen::Settings { item } => {
            let (lines, rows) = settings::lines(app, *item, &theme);
            (dialog_rect(area, settings::WIDTH, &lines), rows)
        }
        _ => return None,
    })
}

/// What a left click on a screen cell means in a window of `area`: an entry of a menu or
/// form, a board slot, the dice — or nothing. Computed from the layout the screen is drawn
/// with, so that a click lands on what the player sees there.
#[must_use]
pub fn click_at(app: &App, area: Rect, x: u16, y: u16) -> Option<Input> {
    if let Some(i) = item_at(app, area, x, y) {
        return Some(Input::Choose(i));
    }
    let geometry = Geometry::new(area)?.mirrored(app.mirrored());
    if app.table().is_some_and(|t| t.has_cube()) && geometry.cube_at(x, y) {
        return Some(Input::Cube);
    }
    if let Some(slot) = geometry.slot_at(x, y) {
        Some(Input::Click(slot))
    } else {
        geometry.dice_at(x, y).then_some(Input::Dice)
    }
}

/// The board slot under the pointer (none off the board, or in a window too small).
#[must_use]
pub fn hover_at(app: &App, area: Rect, x: u16, y: u16) -> Input {
    Input::Hover(
        Geometry::new(area)
            .map(|g| g.mirrored(app.mirrored()))
            .and_then(|g| g.slot_at(x, y)),
    )
}

/// Renders a widget into a buffer region (a small helper to keep drawing code flat).
pub(crate) trait RenderInto {
    fn render_into(self, buf: &mut Buffer, area: Rect);
}

impl<W: ratatui::widgets::Widget> RenderInto for W {
    fn render_into(self, buf: &mut Buffer, area: Rect) {
        self.render(area, buf);
    }
}

pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The mark before a menu's or form's chosen line, or as many blanks: the choice is never
/// shown by colour alone, and the terminal's cursor stands on it.
pub(crate) fn marker(on: bool) -> &'static str {
    if on { "▶ " } else { "  " }
}

/// The style of a menu's or form's chosen value (its line also begins with [`marker`]).
pub(crate) fn selected(theme: &Theme, on: bool) -> Style {
    if on { theme.cursor } else { Style::new() }
}

/// Where [`dialog`] draws `lines`: in the middle of the screen, at least `width` wide and
/// wide enough for its longest line (as far as the screen allows), so that nothing is cut.
pub(crate) fn dialog_rect(area: Rect, width: u16, lines: &[Line]) -> Rect {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    centered(area, width.max(widest + 2), lines.len() as u16 + 2)
}

/// A box of lines in the middle of the screen (see [`dialog_rect`]).
pub(crate) fn dialog(buf: &mut Buffer, area: Rect, width: u16, lines: Vec<Line>) {
    let rect = dialog_rect(area, width, &lines);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, rect);
}

/// A gauge of `ratio` (0 to 1) about `width` cells wide (4 to 30), with the percentage.
pub(crate) fn gauge(ratio: f64, width: u16, theme: &Theme) -> Line<'static> {
    let width = usize::from(width).clamp(4, 30);
    let filled = ((ratio * width as f64).round() as usize).min(width);
    Line::from(vec![
        Span::styled("█".repeat(filled), theme.last),
        Span::raw("░".repeat(width - filled)),
        Span::raw(format!(" {:>3} %", (ratio * 100.0).round() as u32)),
    ])
}

pub(crate) fn heading(text: impl Into<String>) -> Span<'static> {
    Span::styled(text.into(), Style::new().add_modifier(Modifier::BOLD))
}

/// A table of any game, drawn: as the match screen (its end when the match is over), as a
/// trainer's card, with the resignation dialog over it.
impl<G: GameWords> crate::app::Draw for crate::app::Table<G> {
    fn draw(&self, buf: &mut Buffer, area: Rect, app: &App) {
        let theme = Theme::of(app.theme());
        let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.mirrored())) else {
            return;
        };
        match &self.game().phase {
            Phase::MatchOver => match_over::draw(buf, area, app.lang(), self.game(), not_recorded(app)),
            _ => playing::draw(buf, &geo, app, self, &theme),
        }
    }

    fn draw_card(&self, buf: &mut Buffer, area: Rect, app: &App, drill: &crate::app::Drill) {
        let theme = Theme::of(app.theme());
        let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.mirrored())) else {
            return;
        };
        let score = trainer::card_score(app, drill, self.game());
        trainer::draw_card(buf, &geo, app, drill, self, &theme, score);
    }

    fn resign_lines(&self, app: &App, r: &crate::app::resign::Resigning) -> (Vec<Line<'static>>, Vec<u16>) {
        dialogs::resign_lines(app.lang(), self.game(), r, &Theme::of(app.theme()))
    }
}
