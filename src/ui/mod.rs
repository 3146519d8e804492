//! Drawing: every screen of the app, from its state, with ratatui. Nothing here changes
//! state; [`Geometry`] is also what the terminal layer uses to turn a mouse click into a
//! board slot.

mod help;
pub mod text;
pub mod theme;

pub use theme::Theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use crate::app::{App, Overlay, Screen, Setup, Slot, SlotKind};
use crate::rules::{BAR, Color, Lang, Position, opposite};
use crate::session::{Match, Phase};

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

/// Where the parts of the match screen lie in a terminal area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub board: Rect,
    pub panel: Rect,
    pub footer: Rect,
    /// Width of a point column and checker rows per half.
    pub point_width: u16,
    pub rows: u16,
    /// White's home on the left: columns run right to left on screen.
    pub mirror: bool,
}

impl Geometry {
    /// The layout for `area`, or `None` when it is below the minimum size.
    #[must_use]
    pub fn new(area: Rect) -> Option<Geometry> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let point_width = match area.width {
            ..=103 => 3,
            104..=129 => 4,
            _ => 5,
        };
        let rows = ((area.height - 9) / 2).clamp(5, 8);
        let board_w = 2 + 9 + 12 * point_width;
        let board_h = 5 + 2 * rows;
        let board = Rect::new(area.x, area.y, board_w, board_h);
        let panel = Rect::new(area.x + board_w, area.y, area.width - board_w, board_h);
        let footer = Rect::new(area.x, area.y + board_h, area.width, area.height - board_h);
        Some(Geometry {
            board,
            panel,
            footer,
            point_width,
            rows,
            mirror: false,
        })
    }

    /// The same layout with the board mirrored (or not).
    #[must_use]
    pub fn mirrored(self, mirror: bool) -> Geometry {
        Geometry { mirror, ..self }
    }

    /// The screen column of a slot column.
    fn visual(&self, col: u8) -> u8 {
        if self.mirror { Slot::LAST_COL - col } else { col }
    }

    fn inner(&self) -> Rect {
        self.board.inner(ratatui::layout::Margin::new(1, 1))
    }

    /// The x and width of a column.
    fn column(&self, col: u8) -> (u16, u16) {
        let col = self.visual(col);
        let x0 = self.inner().x;
        let pw = self.point_width;
        let c = u16::from(col);
        match col {
            0 => (x0, 3),
            1..=6 => (x0 + 3 + (c - 1) * pw, pw),
            7 => (x0 + 3 + 6 * pw, 3),
            8..=13 => (x0 + 6 + 6 * pw + (c - 8) * pw, pw),
            _ => (x0 + 6 + 12 * pw, 3),
        }
    }

    /// The label row of a half.
    fn label_y(&self, top: bool) -> u16 {
        let inner = self.inner();
        if top { inner.y } else { inner.y + 2 + 2 * self.rows }
    }

    /// The screen row of checker `i` (0 at the edge) of a half.
    fn checker_y(&self, top: bool, i: u16) -> u16 {
        let inner = self.inner();
        if top {
            inner.y + 1 + i
        } else {
            inner.y + 1 + 2 * self.rows - i
        }
    }

    /// The board slot under a screen cell, if any (for mouse clicks).
    #[must_use]
    pub fn slot_at(&self, x: u16, y: u16) -> Option<Slot> {
        let inner = self.inner();
        if x < inner.x || x >= inner.x + inner.width || y < inner.y || y >= inner.y + inner.height {
            return None;
        }
        let col = (0..=Slot::LAST_COL).find(|&c| {
            let (cx, w) = self.column(c);
            x >= cx && x < cx + w
        })?;
        // (`column` already maps a slot to its place on screen, mirrored or not.)
        let middle = inner.y + 1 + self.rows;
        let top = match y.cmp(&middle) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => return None,
        };
        Some(Slot { top, col })
    }
}

/// Draws the whole app.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.settings.mirror)) else {
        too_small(buf, area, app.lang);
        return;
    };
    let theme = Theme::of(app.theme());
    match &app.screen {
        Screen::Start { item } => start_screen(buf, area, app, *item),
        Screen::Setup(form) => setup_screen(buf, area, app.lang, form, &theme),
        Screen::Settings { item } => settings_screen(buf, area, app, *item),
        Screen::Records { item } => records_screen(buf, area, app, *item),
        Screen::Replay(replay) => replay_screen(buf, &geo, app, replay, &theme),
        Screen::Match(game) => match &game.phase {
            Phase::MatchOver => match_over(buf, area, app.lang, game),
            _ => match_screen(buf, &geo, app, game, &theme),
        },
    }
    match &app.overlay {
        Overlay::Help { scroll } => help_overlay(buf, area, app.lang, *scroll, &theme),
        Overlay::ConfirmQuit => confirm_quit(buf, area, app.lang, app.save_failed.as_deref()),
        Overlay::Prompt(text) => prompt_line(buf, &geo, app.lang, text),
        Overlay::None => {}
    }
}

fn too_small(buf: &mut Buffer, area: Rect, lang: Lang) {
    let msg = match lang {
        Lang::En => format!(
            "Please enlarge the window: bräde needs at least {MIN_WIDTH}×{MIN_HEIGHT} (now {}×{}).",
            area.width, area.height
        ),
        Lang::Sv => format!(
            "Gör fönstret större: bräde behöver minst {MIN_WIDTH}×{MIN_HEIGHT} (nu {}×{}).",
            area.width, area.height
        ),
    };
    let y = area.y + area.height / 2;
    let rect = Rect::new(
        area.x,
        y.saturating_sub(1).max(area.y),
        area.width,
        area.height.min(3),
    );
    Paragraph::new(msg)
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center)
        .render_into(buf, rect);
}

/// Renders a widget into a buffer region (a small helper to keep drawing code flat).
trait RenderInto {
    fn render_into(self, buf: &mut Buffer, area: Rect);
}

impl<W: ratatui::widgets::Widget> RenderInto for W {
    fn render_into(self, buf: &mut Buffer, area: Rect) {
        self.render(area, buf);
    }
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The style of the highlighted entry of a list or form.
fn selected(theme: &Theme, on: bool) -> Style {
    if on { theme.cursor } else { Style::new() }
}

/// A box of lines in the middle of the screen.
fn dialog(buf: &mut Buffer, area: Rect, width: u16, lines: Vec<Line>) {
    let rect = centered(area, width, lines.len() as u16 + 2);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, rect);
}

fn heading(text: impl Into<String>) -> Span<'static> {
    Span::styled(text.into(), Style::new().add_modifier(Modifier::BOLD))
}

fn start_screen(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    use crate::app::MenuItem;
    let lang = app.lang;
    let mut lines = vec![
        Line::from(heading("B R Ä D E")).alignment(Alignment::Center),
        Line::from(lang.pick(
            "svenskt brädspel — Vasamuseet rules",
            "svenskt brädspel — Vasamuseets regler",
        ))
        .alignment(Alignment::Center),
        Line::from(""),
    ];
    for (i, entry) in app.menu().into_iter().enumerate() {
        let label = match entry {
            MenuItem::Resume => lang.pick("Resume", "Fortsätt"),
            MenuItem::NewMatch => lang.pick("New match", "Ny match"),
            MenuItem::Settings => lang.pick("Settings", "Inställningar"),
            MenuItem::Records => lang.pick("Records", "Sparade matcher"),
            MenuItem::Rules => lang.pick("Rules", "Regler"),
            MenuItem::Quit => lang.pick("Quit", "Avsluta"),
        };
        let style = selected(&theme, i == item);
        let marker = if i == item { "▶ " } else { "  " };
        lines.push(
            Line::from(Span::styled(format!("{marker}{label:<12}"), style)).alignment(Alignment::Center),
        );
        if entry == MenuItem::Resume
            && let Some(offer) = &app.resume
        {
            let g = &offer.game;
            let (w, b) = (g.score.points(Color::White), g.score.points(Color::Black));
            let summary = format!(
                "{} – {} · {} · {w}–{b} · {}",
                g.names[0],
                g.names[1],
                text::game_of(lang, g.game_number(), g.score.games()),
                crate::save::format_time(offer.saved_at)
            );
            lines.push(
                Line::from(Span::styled(summary, Style::new().add_modifier(Modifier::DIM)))
                    .alignment(Alignment::Center),
            );
            lines.push(
                Line::from(Span::styled(
                    lang.pick(
                        "(a new match moves it to the records, unfinished, at its first roll)",
                        "(en ny match flyttar den till arkivet, oavslutad, vid första slaget)",
                    ),
                    Style::new().add_modifier(Modifier::DIM),
                ))
                .alignment(Alignment::Center),
            );
        }
    }
    lines.push(Line::from(""));
    lines.push(
        Line::from(lang.pick(
            "↑ ↓ choose · Enter select · ? rules · q quit",
            "↑ ↓ välj · Enter öppna · ? regler · q avsluta",
        ))
        .alignment(Alignment::Center),
    );
    let mut height = lines.len() as u16 + 2;
    if let Some(notice) = &app.notice {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(notice.clone(), theme.error)));
        height += 2 + (notice.chars().count() as u16 / 70) + 1;
    }
    let rect = centered(area, 76, height);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, rect);
}

fn settings_screen(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    use crate::settings::{Language, Numbering, ThemeName};
    let lang = app.lang;
    let s = &app.settings;
    let yes = |b: bool| {
        if b {
            lang.pick("on", "på")
        } else {
            lang.pick("off", "av")
        }
        .to_string()
    };
    let rows: [(&str, String); 9] = [
        (
            lang.pick("Language", "Språk"),
            match s.language {
                Language::En => "English".to_string(),
                Language::Sv => "svenska".to_string(),
            },
        ),
        (
            lang.pick("White's home", "Vits hem"),
            if s.mirror {
                lang.pick("on the left (mirrored)", "till vänster (spegelvänt)")
                    .to_string()
            } else {
                lang.pick("on the right", "till höger").to_string()
            },
        ),
        (
            lang.pick("Point numbers", "Tungnummer"),
            match s.numbering {
                Numbering::Mover => lang.pick("the player to move's", "den i turs").to_string(),
                Numbering::White => lang.pick("always White's", "alltid Vits").to_string(),
            },
        ),
        (
            lang.pick("Colours", "Färger"),
            match app.theme() {
                ThemeName::Default => lang.pick("default", "standard").to_string(),
                ThemeName::HighContrast => lang.pick("high contrast", "hög kontrast").to_string(),
                ThemeName::Monochrome if app.no_color => lang
                    .pick("monochrome (NO_COLOR is set)", "svartvitt (NO_COLOR är satt)")
                    .to_string(),
                ThemeName::Monochrome => lang.pick("monochrome", "svartvitt").to_string(),
            },
        ),
        (
            lang.pick("Roll automatically", "Slå automatiskt"),
            yes(s.auto_roll),
        ),
        (
            lang.pick("Confirm automatically", "Bekräfta automatiskt"),
            yes(s.auto_confirm),
        ),
        (
            lang.pick("Pass automatically", "Lämna över automatiskt"),
            yes(s.auto_pass),
        ),
        (lang.pick("Show pip counts", "Visa ögonsummor"), yes(s.show_pips)),
        (
            lang.pick("Manual dice (real dice)", "Egna tärningar (riktiga)"),
            yes(s.manual_dice),
        ),
    ];
    let mut lines = vec![
        Line::from(heading(lang.pick("Settings", "Inställningar"))),
        Line::from(""),
    ];
    for (i, (label, value)) in rows.into_iter().enumerate() {
        let style = selected(&theme, i == item);
        lines.push(Line::from(vec![
            Span::raw(format!("{label:<28}")),
            Span::styled(format!(" {value} "), style),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.pick(
        "↑ ↓ choose · ← → Enter change (saved at once) · Esc back",
        "↑ ↓ välj · ← → Enter ändra (sparas direkt) · Esc tillbaka",
    )));
    dialog(buf, area, 74, lines);
}

fn setup_screen(buf: &mut Buffer, area: Rect, lang: Lang, form: &Setup, theme: &Theme) {
    let field = |i: usize, label: &str, value: String| {
        let focus = form.field == i;
        let style = selected(theme, focus);
        Line::from(vec![
            Span::raw(format!("{label:<16}")),
            Span::styled(value, style),
        ])
    };
    let games = crate::session::GAME_CHOICES
        .iter()
        .map(|&g| {
            if g == form.games {
                format!("[{g}]")
            } else {
                format!(" {g} ")
            }
        })
        .collect::<String>();
    let cursor = |i: usize| if form.field == i { "▏" } else { "" };
    let lines = vec![
        Line::from(heading(lang.pick("New match", "Ny match"))),
        Line::from(""),
        field(0, lang.pick("Games", "Partier"), games),
        field(
            1,
            lang.pick("White ○", "Vit ○"),
            format!("{}{}", form.names[0], cursor(1)),
        ),
        field(
            2,
            lang.pick("Black ●", "Svart ●"),
            format!("{}{}", form.names[1], cursor(2)),
        ),
        field(
            3,
            lang.pick("Computer plays", "Datorn spelar"),
            match form.computer {
                0 => lang
                    .pick("nobody (two players)", "ingen (två spelare)")
                    .to_string(),
                1 => lang.pick("White", "Vit").to_string(),
                2 => lang.pick("Black", "Svart").to_string(),
                _ => lang.pick("both", "båda").to_string(),
            },
        ),
        field(
            4,
            lang.pick("Level", "Nivå"),
            match form.level {
                crate::ai::Level::Easy => lang.pick("easy", "lätt").to_string(),
                crate::ai::Level::Hard => lang.pick("hard", "svår").to_string(),
                _ => lang.pick("medium", "medel").to_string(),
            },
        ),
        Line::from(""),
        field(
            Setup::START,
            "",
            lang.pick("[ Start the match ]", "[ Starta matchen ]").to_string(),
        ),
        Line::from(""),
        Line::from(lang.pick(
            "↑ ↓ field · ← → change · type names · Enter next/start · Esc back",
            "↑ ↓ fält · ← → ändra · skriv namn · Enter nästa/starta · Esc tillbaka",
        )),
    ];
    dialog(buf, area, 70, lines);
}

/// What the board shows: the position, the cursor and the lights.
struct BoardView {
    /// The game is over: the title says so instead of whose turn it is.
    over: bool,
    /// Dice to show on the board's middle row: left of the bar and right of it.
    dice_left: Option<String>,
    dice_right: Option<String>,
    position: Position,
    mover: Color,
    /// Whose numbers label the points.
    label_side: Color,
    cursor: Option<Slot>,
    picked: Option<Slot>,
    targets: Vec<Slot>,
    sources: Vec<Slot>,
    last: Vec<Slot>,
}

fn board_view(app: &App, game: &Match) -> BoardView {
    let mover = game.position.turn();
    let mut view = BoardView {
        over: false,
        dice_left: None,
        dice_right: None,
        position: game.position,
        mover,
        label_side: app.label_side(mover),
        cursor: None,
        picked: None,
        targets: Vec::new(),
        sources: Vec::new(),
        last: Vec::new(),
    };
    if let Some(last) = &game.last {
        view.last = last_marks(last);
    }
    match &game.phase {
        Phase::Teka { dice: Some((w, b)) } => {
            view.dice_left = Some(format!("{} [{w}]", text::glyph(Color::White)));
            view.dice_right = Some(format!("{} [{b}]", text::glyph(Color::Black)));
        }
        Phase::Forfeit(roll) => {
            let (a, b) = roll.dice();
            view.dice_right = Some(format!("[{a}] [{b}]"));
        }
        _ => {}
    }
    match &game.phase {
        Phase::Moving(turn) => {
            let (a, b) = turn.roll().dice();
            view.dice_right = Some(format!("[{a}] [{b}]"));
            view.position = turn.position();
            view.cursor = Some(app.cursor);
            let next = turn.next_steps();
            match app.picked {
                Some(from) => {
                    view.picked = Some(Slot::of_point(mover, from));
                    view.targets = next
                        .iter()
                        .filter(|s| s.from == from)
                        .map(|s| Slot::of_point(mover, s.to))
                        .collect();
                }
                None => view.sources = next.iter().map(|s| Slot::of_point(mover, s.from)).collect(),
            }
        }
        Phase::GameOver { last, .. } => {
            view.position = *last;
            view.mover = last.turn().other();
            view.label_side = app.label_side(view.mover);
            view.over = true;
        }
        _ => {}
    }
    view
}

/// Where the last play's checkers ended: a landing that a later step left again is not
/// one.
fn last_marks(last: &crate::session::LastPlay) -> Vec<Slot> {
    let steps = last.play.steps();
    steps
        .iter()
        .enumerate()
        .filter(|&(i, s)| !steps[i + 1..].iter().any(|later| later.from == s.to))
        .map(|(_, s)| Slot::of_point(last.mover, s.to))
        .collect()
}

fn records_screen(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    let lang = app.lang;
    let mut lines = vec![
        Line::from(heading(lang.pick("Records", "Sparade matcher"))),
        Line::from(""),
    ];
    for (i, entry) in app.records.iter().enumerate() {
        let text = match &entry.saved {
            Ok(m) => {
                let points = |side: &str| -> u32 {
                    m.game
                        .iter()
                        .filter(|g| g.winner.as_deref() == Some(side))
                        .filter_map(|g| {
                            g.result
                                .as_deref()
                                .and_then(crate::rules::GameResult::from_notation)
                        })
                        .map(|r| r.points())
                        .sum()
                };
                format!(
                    "{} · {} – {} · {} · {}–{}",
                    crate::save::format_time(m.saved_at),
                    m.white,
                    m.black,
                    match lang {
                        Lang::En => format!("{} game{}", m.games, if m.games == 1 { "" } else { "s" }),
                        Lang::Sv => format!("{} parti{}", m.games, if m.games == 1 { "" } else { "er" }),
                    },
                    points("white"),
                    points("black")
                )
            }
            Err(why) => format!("{} — {why}", entry.path.display()),
        };
        let style = selected(&theme, i == item);
        lines.push(Line::from(Span::styled(text, style)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.pick(
        "↑ ↓ choose · Enter replay · Esc back",
        "↑ ↓ välj · Enter spela upp · Esc tillbaka",
    )));
    if let Some(notice) = &app.notice {
        lines.push(Line::from(Span::styled(notice.clone(), theme.error)));
    }
    Clear.render_into(buf, area);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, area);
}

fn replay_screen(buf: &mut Buffer, geo: &Geometry, app: &App, replay: &crate::app::Replay, theme: &Theme) {
    let lang = app.lang;
    let f = replay.frame();
    let mover = if f.result.is_some() {
        f.position.turn().other()
    } else {
        f.position.turn()
    };
    let view = BoardView {
        over: f.result.is_some(),
        dice_left: None,
        dice_right: f.last.as_ref().map(|l| {
            let (a, b) = l.roll.dice();
            format!("[{a}] [{b}]")
        }),
        position: f.position,
        mover,
        label_side: app.label_side(mover),
        cursor: None,
        picked: None,
        targets: Vec::new(),
        sources: Vec::new(),
        last: f.last.as_ref().map(last_marks).unwrap_or_default(),
    };
    draw_board(buf, geo, &view, lang, theme);
    let (w, b) = f.score;
    let mut lines = vec![
        Line::from(format!(
            "{} · {} · {} {}",
            lang.pick("Replay", "Uppspelning"),
            text::game_of(lang, f.game, replay.games),
            lang.pick("turn", "drag"),
            f.turn
        )),
        Line::from(format!("{} / {}", replay.index + 1, replay.frames.len())),
        Line::from(""),
    ];
    for side in Color::BOTH {
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", text::glyph(side)), theme.checker(side)),
            Span::raw(format!(
                " {}  {}",
                replay.names[side.index()],
                if side == Color::White { w } else { b }
            )),
        ]));
    }
    lines.push(Line::from(""));
    if let Some(last) = &f.last {
        lines.push(Line::from(vec![
            Span::styled(format!("{} {}", text::glyph(last.mover), last.roll), theme.last),
            Span::raw(format!(" {}", last.play)),
        ]));
    }
    if let Some(r) = &f.result {
        lines.push(Line::from(heading(format!(
            "{}: {}",
            replay.names[r.winner.index()],
            text::result_line(lang, &r.result)
        ))));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(lang.pick(" Replay ", " Uppspelning ")))
        .render_into(buf, geo.panel);
    Paragraph::new(vec![Line::from(lang.pick(
        "← → turn · PgUp PgDn game · Home End · Esc back",
        "← → drag · PgUp PgDn parti · Home End · Esc tillbaka",
    ))])
    .render_into(buf, geo.footer);
}

fn match_screen(buf: &mut Buffer, geo: &Geometry, app: &App, game: &Match, theme: &Theme) {
    let view = board_view(app, game);
    draw_board(buf, geo, &view, app.lang, theme);
    side_panel(buf, geo.panel, app, game, theme);
    footer(buf, geo.footer, app, game, theme);
    if let Phase::GameOver { record, .. } = &game.phase {
        let lang = app.lang;
        let winner = game.name(record.winner);
        let who = format!(
            "{} {} ({})",
            text::glyph(record.winner),
            winner,
            text::color_name(lang, record.winner)
        );
        let lines = vec![
            Line::from(heading(text::result_line(lang, &record.result))).alignment(Alignment::Center),
            Line::from(match lang {
                Lang::En => format!("{who} wins game {}", game.game_number()),
                Lang::Sv => format!("{who} vinner parti {}", game.game_number()),
            })
            .alignment(Alignment::Center),
            Line::from(text::standing(lang, &game.score, &game.names)).alignment(Alignment::Center),
            Line::from(""),
            Line::from(lang.pick("Enter — continue", "Enter — fortsätt")).alignment(Alignment::Center),
        ];
        let rect = centered(geo.board, geo.board.width.saturating_sub(4), 8);
        Clear.render_into(buf, rect);
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .border_type(BorderType::Double)
                    .title(lang.pick(" Game over ", " Partiet är slut ")),
            )
            .render_into(buf, rect);
    }
}

/// Who stands on a slot's half, and how many.
fn occupant(pos: &Position, slot: Slot) -> Option<(Color, u8)> {
    let (white, black) = (pos.counts(Color::White), pos.counts(Color::Black));
    match slot.kind() {
        SlotKind::Point(w) => {
            let (wc, bc) = (white[usize::from(w)], black[usize::from(opposite(w))]);
            if wc > 0 {
                Some((Color::White, wc))
            } else if bc > 0 {
                Some((Color::Black, bc))
            } else {
                None
            }
        }
        SlotKind::Bar => {
            let side = if slot.top { Color::Black } else { Color::White };
            let n = pos.counts(side)[usize::from(BAR)];
            (n > 0).then_some((side, n))
        }
        SlotKind::Tray => {
            let side = if slot.top { Color::Black } else { Color::White };
            let mine = (side == Color::Black) == (slot.col == 0);
            let n = pos.borne_off(side);
            (mine && n > 0).then_some((side, n))
        }
    }
}

fn draw_board(buf: &mut Buffer, geo: &Geometry, view: &BoardView, lang: Lang, theme: &Theme) {
    let title = match lang {
        Lang::En => format!(
            " {} {} to move ",
            text::glyph(view.mover),
            text::color_name(lang, view.mover)
        ),
        Lang::Sv => format!(
            " {} {} i tur ",
            text::glyph(view.mover),
            text::color_name(lang, view.mover)
        ),
    };
    Block::bordered().title(title).render_into(buf, geo.board);
    for top in [true, false] {
        for col in 0..=Slot::LAST_COL {
            draw_slot(buf, geo, view, theme, Slot { top, col });
        }
    }
    // The middle row: the bar's name.
    let inner = geo.inner();
    let (bx, bw) = geo.column(Slot::BAR_COL);
    let middle = inner.y + 1 + geo.rows;
    for x in inner.x..inner.x + inner.width {
        buf[(x, middle)].set_symbol(" ");
    }
    let name = lang.pick("bar", "rib");
    buf.set_stringn(
        bx,
        middle,
        format!("{name:^w$}", w = usize::from(bw)),
        usize::from(bw),
        theme.bar,
    );
    let half = usize::from(bx - inner.x);
    let dice_style = Style::new().add_modifier(Modifier::BOLD);
    if let Some(d) = &view.dice_left {
        buf.set_stringn(inner.x, middle, format!("{d:^half$}"), half, dice_style);
    }
    if let Some(d) = &view.dice_right {
        buf.set_stringn(bx + bw, middle, format!("{d:^half$}"), half, dice_style);
    }
}

fn draw_slot(buf: &mut Buffer, geo: &Geometry, view: &BoardView, theme: &Theme, slot: Slot) {
    let (x, w) = geo.column(slot.col);
    let width = usize::from(w);
    let kind = slot.kind();
    let ground = match kind {
        SlotKind::Point(wp) if wp % 2 == 0 => theme.point_dark,
        SlotKind::Point(_) => theme.point_light,
        SlotKind::Bar => theme.bar,
        SlotKind::Tray => theme.tray,
    };
    let lit = if view.picked == Some(slot) {
        Some(theme.picked)
    } else if view.targets.contains(&slot) {
        Some(theme.target)
    } else {
        None
    };
    let empty_style = lit.unwrap_or(ground);
    // Checkers, from the edge inwards; a taller stack shows its count in the last row.
    let occ = occupant(&view.position, slot);
    let rows = geo.rows;
    for i in 0..rows {
        let y = geo.checker_y(slot.top, i);
        let empty = match (theme.tip, kind) {
            (Some(tip), SlotKind::Point(_)) if i == rows - 1 => format!("{tip:^width$}"),
            _ => " ".repeat(width),
        };
        let cell = match occ {
            Some((side, n)) if kind == SlotKind::Tray => {
                if i == 0 {
                    (format!("{n:^width$}"), theme.checker(side))
                } else {
                    (empty, empty_style)
                }
            }
            Some((side, n)) if u16::from(n) > rows && i == rows - 1 => {
                (format!("{n:^width$}"), theme.checker(side))
            }
            Some((side, n)) if u16::from(n) > i => {
                let style = lit.map_or(theme.checker(side), |l| theme.checker(side).patch(l));
                (format!("{:^width$}", text::glyph(side)), style)
            }
            _ => (empty, empty_style),
        };
        buf.set_stringn(x, y, &cell.0, width, cell.1);
    }
    // The label: the point's number (in the chosen numbering); the mover's home and huk
    // marked.
    let label = match kind {
        SlotKind::Point(_) => slot.point_for(view.label_side).to_string(),
        SlotKind::Bar => String::new(),
        SlotKind::Tray if occ.is_some() || view.targets.contains(&slot) => "off".to_string(),
        SlotKind::Tray => String::new(),
    };
    let mut style = Style::new();
    let p = slot.point_for(view.mover);
    if matches!(kind, SlotKind::Point(_)) && (p == 1 || p == 12) {
        style = style.patch(theme.mark);
    }
    if view.sources.contains(&slot) {
        style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    }
    if view.last.contains(&slot) {
        style = style.patch(theme.last);
    }
    if let Some(l) = lit {
        style = style.patch(l);
    }
    if view.cursor == Some(slot) {
        style = theme.cursor;
    }
    let y = geo.label_y(slot.top);
    let label = if view.cursor == Some(slot) && label.is_empty() {
        "▲".to_string()
    } else {
        label
    };
    buf.set_stringn(x, y, format!("{label:^width$}"), width, style);
}

fn side_panel(buf: &mut Buffer, area: Rect, app: &App, game: &Match, theme: &Theme) {
    let lang = app.lang;
    let (w, b) = (game.score.points(Color::White), game.score.points(Color::Black));
    let title = format!(
        " {} · {w}–{b} ",
        text::capitalised(&text::game_of(lang, game.game_number(), game.score.games()))
    );
    let pos = match &game.phase {
        Phase::Moving(t) => t.position(),
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    let mover = game.position.turn();
    let mut lines = Vec::new();
    for side in Color::BOTH {
        let to_move = side == mover && !matches!(game.phase, Phase::Teka { .. } | Phase::GameOver { .. });
        let marker = if to_move { "▶" } else { " " };
        let style = if to_move {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{marker} ")),
            Span::styled(format!(" {} ", text::glyph(side)), theme.checker(side)),
            Span::styled(format!(" {}", game.name(side)), style),
        ]));
        let pips = if app.settings.show_pips {
            format!("{} {} · ", lang.pick("pips", "ögon"), pos.pips(side))
        } else {
            String::new()
        };
        lines.push(Line::from(format!(
            "    {} · {pips}{} {}",
            text::color_name(lang, side),
            lang.pick("off", "ute"),
            pos.borne_off(side)
        )));
    }
    lines.push(Line::from(""));
    lines.push(dice_line(lang, game, theme));
    lines.push(Line::from(""));
    if let Some(last) = &game.last {
        lines.push(Line::from(vec![
            Span::raw(lang.pick("Last: ", "Senast: ")),
            Span::styled(format!("{} {}", text::glyph(last.mover), last.roll), theme.last),
            Span::raw(format!(" {}", last.play)),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled("1 hem", theme.mark),
        Span::raw(" · "),
        Span::styled("12 huk", theme.mark),
        Span::raw(match (lang, app.settings.numbering) {
            (Lang::En, crate::settings::Numbering::Mover) => " (numbers of the player to move)",
            (Lang::Sv, crate::settings::Numbering::Mover) => " (numrerat för den i tur)",
            (Lang::En, crate::settings::Numbering::White) => " of the player to move (numbers: White's)",
            (Lang::Sv, crate::settings::Numbering::White) => " för den i tur (numrerat för Vit)",
        }),
    ]));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
        .render_into(buf, area);
}

fn dice_line(lang: Lang, game: &Match, theme: &Theme) -> Line<'static> {
    let die = |d: u8, style: Style| Span::styled(format!("[{d}]"), style);
    let mut spans = vec![Span::raw(lang.pick("Dice: ", "Tärningar: "))];
    match &game.phase {
        Phase::Teka { dice: Some((w, b)) } => {
            spans.push(Span::raw("teka "));
            spans.push(Span::styled(
                format!(" {} ", text::glyph(Color::White)),
                theme.checker(Color::White),
            ));
            spans.push(die(*w, Style::new().add_modifier(Modifier::BOLD)));
            spans.push(Span::raw(" "));
            spans.push(Span::styled(
                format!(" {} ", text::glyph(Color::Black)),
                theme.checker(Color::Black),
            ));
            spans.push(die(*b, Style::new().add_modifier(Modifier::BOLD)));
        }
        Phase::Moving(turn) => {
            let mut left = turn.dice_left();
            let complete = turn.is_complete();
            for d in turn.roll().steps() {
                if let Some(i) = left.iter().position(|&x| x == d) {
                    left.remove(i);
                    let style = if complete {
                        Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM)
                    } else {
                        Style::new().add_modifier(Modifier::BOLD)
                    };
                    spans.push(die(d, style));
                    if complete {
                        spans.push(Span::raw(lang.pick("✗", "✗")));
                    }
                } else {
                    spans.push(die(d, Style::new().add_modifier(Modifier::DIM)));
                }
                spans.push(Span::raw(" "));
            }
        }
        Phase::Forfeit(roll) => {
            for d in roll.steps() {
                spans.push(die(
                    d,
                    Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM),
                ));
                spans.push(Span::raw("✗ "));
            }
        }
        _ => spans.push(Span::raw("—")),
    }
    Line::from(spans)
}

fn footer(buf: &mut Buffer, area: Rect, app: &App, game: &Match, theme: &Theme) {
    let lang = app.lang;
    let mover = game.position.turn();
    let who = format!("{} ({})", game.name(mover), text::color_name(lang, mover));
    let typed = format!("{}▏", app.dice_entry);
    let prompt = match &game.phase {
        Phase::Teka { .. } if app.settings.manual_dice => match lang {
            Lang::En => format!("Teka — type White's die, then Black's: {typed}"),
            Lang::Sv => format!("Teka — skriv Vits tärning, sedan Svarts: {typed}"),
        },
        Phase::AwaitRoll if app.settings.manual_dice => match lang {
            Lang::En => format!("{who}: type the two dice rolled (1–6): {typed}"),
            Lang::Sv => format!("{who}: skriv de två tärningarna (1–6): {typed}"),
        },
        Phase::Teka { .. } => lang
            .pick(
                "Teka — Space rolls one die each",
                "Teka — mellanslag slår en tärning var",
            )
            .to_string(),
        Phase::AwaitRoll => match lang {
            Lang::En => format!("{who} to roll — Space"),
            Lang::Sv => format!("{who} slår — mellanslag"),
        },
        Phase::Moving(_) => lang
            .pick(
                "←→↑↓ move · Tab next checker · Enter pick/place · 1–6 die · u undo · : type",
                "←→↑↓ flytta · Tab nästa bricka · Enter ta/lägg · 1–6 tärning · u ångra · : skriv",
            )
            .to_string(),
        Phase::Forfeit(_) => lang
            .pick("Enter passes the turn", "Enter lämnar över turen")
            .to_string(),
        Phase::GameOver { .. } | Phase::MatchOver => {
            lang.pick("Enter continues", "Enter fortsätter").to_string()
        }
    };
    let mut lines = Vec::new();
    if let Some(note) = &app.note {
        let style = match note {
            crate::app::Note::Refused(_)
            | crate::app::Note::NothingToMove
            | crate::app::Note::UnknownKey
            | crate::app::Note::SaveFailed(_) => theme.error,
            _ => Style::new().add_modifier(Modifier::BOLD),
        };
        lines.push(Line::from(Span::styled(
            text::note(lang, note, &game.names),
            style,
        )));
    }
    lines.push(Line::from(prompt));
    lines.push(Line::from(Span::styled(
        lang.pick("? help · q quit", "? hjälp · q avsluta"),
        Style::new().add_modifier(Modifier::DIM),
    )));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render_into(buf, area);
}

fn match_over(buf: &mut Buffer, area: Rect, lang: Lang, game: &Match) {
    let mut lines = vec![
        Line::from(heading(lang.pick("The match is over", "Matchen är slut"))),
        Line::from(""),
    ];
    for (i, r) in game.score.results().iter().enumerate() {
        let points = r.result.points();
        lines.push(Line::from(format!(
            "{:>2}. {} {:<20} {} — {points}",
            i + 1,
            text::glyph(r.winner),
            game.name(r.winner),
            r.result.swedish(),
        )));
    }
    lines.push(Line::from(""));
    for side in Color::BOTH {
        let boxes: Vec<String> = game.score.boxes(side).iter().map(u8::to_string).collect();
        let boxes = if boxes.is_empty() {
            "—".to_string()
        } else {
            boxes.join(", ")
        };
        lines.push(Line::from(format!(
            "{} {:<20} {} {} · {} {boxes}",
            text::glyph(side),
            game.name(side),
            game.score.points(side),
            lang.pick("points", "poäng"),
            lang.pick("rank boxes", "rutor"),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(heading(text::standing(
        lang,
        &game.score,
        &game.names,
    ))));
    lines.push(Line::from(""));
    lines.push(Line::from(
        lang.pick("n — new match · q — quit", "n — ny match · q — avsluta"),
    ));
    let rect = centered(area, area.width.min(78), lines.len() as u16 + 4);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Double))
        .render_into(buf, rect);
}

fn help_overlay(buf: &mut Buffer, area: Rect, lang: Lang, scroll: u16, theme: &Theme) {
    let width = usize::from(area.width.saturating_sub(2)).max(20);
    let mut lines: Vec<Line> = Vec::new();
    for block in help::blocks(lang) {
        match block.strip_prefix("# ") {
            Some(h) => lines.push(Line::from(Span::styled(
                h.to_string(),
                theme.mark.add_modifier(Modifier::BOLD),
            ))),
            None => lines.extend(wrap(&block, width).into_iter().map(Line::from)),
        }
    }
    let visible = area.height.saturating_sub(2);
    let max_scroll = (lines.len() as u16).saturating_sub(visible);
    let scroll = scroll.min(max_scroll);
    let title = match lang {
        Lang::En => format!(
            " Rules & keys — ↑↓ PgUp PgDn scroll · Esc closes · {}/{} ",
            scroll + 1,
            max_scroll + 1
        ),
        Lang::Sv => format!(
            " Regler & tangenter — ↑↓ PgUp PgDn bläddra · Esc stänger · {}/{} ",
            scroll + 1,
            max_scroll + 1
        ),
    };
    Clear.render_into(buf, area);
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(Block::bordered().title(title))
        .render_into(buf, area);
}

/// Word-wraps a line to `width` columns; continuation lines keep its indentation.
fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    // List items (" - …") continue under their text, other lines under their indent.
    let hang = if line.trim_start().starts_with("- ") {
        indent + 2
    } else {
        indent
    };
    let pad = " ".repeat(hang.min(width / 2));
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        let len = current.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
        }
        if current.is_empty() {
            current.push_str(if out.is_empty() {
                &line[..indent.min(line.len())]
            } else {
                &pad
            });
        } else {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() || out.is_empty() {
        out.push(current);
    }
    out
}

fn confirm_quit(buf: &mut Buffer, area: Rect, lang: Lang, save_failed: Option<&str>) {
    let mut lines = Vec::new();
    match save_failed {
        Some(why) => {
            lines.push(
                Line::from(heading(
                    lang.pick("The match could NOT be saved:", "Matchen kunde INTE sparas:"),
                ))
                .alignment(Alignment::Center),
            );
            lines.push(Line::from(why.to_string()).alignment(Alignment::Center));
            lines.push(
                Line::from(lang.pick(
                    "Quitting now loses what was not saved.",
                    "Avslutar du nu går det osparade förlorat.",
                ))
                .alignment(Alignment::Center),
            );
        }
        None => lines.push(
            Line::from(lang.pick("Quit the match in progress?", "Avsluta den pågående matchen?"))
                .alignment(Alignment::Center),
        ),
    }
    lines.push(
        Line::from(lang.pick(
            "y — quit · any other key — play on",
            "j/y — avsluta · annan tangent — spela vidare",
        ))
        .alignment(Alignment::Center),
    );
    let width = if save_failed.is_some() { 74 } else { 44 };
    let rect = centered(
        area,
        width,
        lines.len() as u16 + 2 + u16::from(save_failed.is_some()),
    );
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Double))
        .render_into(buf, rect);
}

fn prompt_line(buf: &mut Buffer, geo: &Geometry, lang: Lang, text: &str) {
    let area = Rect::new(geo.footer.x, geo.footer.y, geo.footer.width, 1);
    Clear.render_into(buf, area);
    let hint = lang.pick("  (Enter plays · Esc cancels)", "  (Enter spelar · Esc avbryter)");
    Paragraph::new(Line::from(vec![
        Span::styled(format!(": {text}▏"), Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(hint, Style::new().add_modifier(Modifier::DIM)),
    ]))
    .render_into(buf, area);
}
