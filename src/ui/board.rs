//! The board: the 24 tungor, the bar and the trays, the checkers, the cursor and every
//! light (picked checker, its destinations, the checkers that can move, the last play).

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use super::{Geometry, RenderInto, Theme};
use crate::app::{App, Slot, SlotKind};
use crate::game::{Checkers, CubeView, Game, Layout, Steps, TurnView};
use crate::rules::{BAR, Color, Effect, OFF};
use crate::session::{LastPlay, Match, Phase};
use crate::words::game::GameWords;
pub use crate::words::glyph;
use crate::words::{Lang, screens};

/// What the board shows: the position, the cursor and the lights — for any game, whose
/// positions, plays and turns it reads through the game boundary's views.
pub(super) struct BoardView<G: Game> {
    /// The game is over, or the teka is being rolled: the title says so instead of whose
    /// turn it is.
    pub(super) over: bool,
    pub(super) teka: bool,
    /// Dice to show on the board's middle row: left of the bar and right of it.
    pub(super) dice_left: Option<String>,
    pub(super) dice_right: Option<String>,
    /// The dice of a roll being played, each with how it is drawn: to play (bold), played
    /// (dim), forfeited (struck out) — drawn right of the bar instead of `dice_right`.
    pub(super) dice_state: Vec<(u8, Modifier)>,
    pub(super) position: G::Position,
    pub(super) mover: Color,
    /// Whose numbers label the points.
    pub(super) label_side: Color,
    pub(super) cursor: Option<Slot>,
    /// The slot under the mouse pointer.
    pub(super) hover: Option<Slot>,
    pub(super) picked: Option<Slot>,
    pub(super) targets: Vec<Slot>,
    pub(super) sources: Vec<Slot>,
    pub(super) last: Vec<Slot>,
    /// Where the last play's checkers came from.
    pub(super) last_from: Vec<Slot>,
    /// Where the best play of `H` moves checkers from and to.
    pub(super) hint: Vec<Slot>,
    /// The rules, named in the header when they are not the game's default rules.
    pub(super) rules: G::Rules,
    /// What the header says at its right instead of the rules' name (backgammon: the
    /// match's length and its Crawford game, and the options).
    pub(super) header: Option<String>,
    /// The doubling cube, drawn in the tray nobody bears off into.
    pub(super) cube: Option<CubeView>,
    /// Whose play the board shows, when it shows one made (a replay): the header names
    /// him instead of the side to move.
    pub(super) played_by: Option<Color>,
}

impl<G: Game> BoardView<G> {
    /// A position with nothing lit: `mover` to move, the points in `label_side`'s numbers.
    pub(super) fn of(position: G::Position, mover: Color, label_side: Color) -> BoardView<G> {
        BoardView {
            over: false,
            teka: false,
            dice_left: None,
            dice_right: None,
            dice_state: Vec::new(),
            position,
            mover,
            label_side,
            cursor: None,
            hover: None,
            picked: None,
            targets: Vec::new(),
            sources: Vec::new(),
            last: Vec::new(),
            last_from: Vec::new(),
            hint: Vec::new(),
            rules: G::default_rules(),
            header: None,
            cube: None,
            played_by: None,
        }
    }
}

/// The match's score before its game `number` (from 1): the games before it finished.
pub(super) fn score_before<G: Game>(game: &Match<G>, number: usize) -> G::Score {
    let mut score = G::score(G::length(&game.score));
    for record in game
        .log
        .iter()
        .take(number.saturating_sub(1))
        .filter_map(|g| g.result)
    {
        G::record(&mut score, record);
    }
    score
}

pub(super) fn board_view<G: GameWords>(app: &App, game: &Match<G>) -> BoardView<G> {
    let mover = game.position.to_move();
    // The header speaks of the game on the board: once it is over, of that game (not
    // Crawford because the next one is, nor post-Crawford when the match is won).
    let shown = match game.phase {
        Phase::GameOver { .. } | Phase::MatchOver => score_before(game, game.log.len()),
        _ => game.score.clone(),
    };
    let mut view = BoardView {
        teka: matches!(game.phase, Phase::Teka { .. }),
        rules: game.rules,
        header: G::header(app.lang(), game.rules, &shown),
        cube: G::cube(&game.stake),
        ..BoardView::of(game.position, mover, app.label_side(mover))
    };
    if let Some(last) = &game.last {
        view.last = last_marks(last);
        view.last_from = last_origins(last);
    }
    match &game.phase {
        Phase::Teka { dice: Some((w, b)) } => {
            view.dice_left = Some(format!("{} [{w}]", glyph(Color::White)));
            view.dice_right = Some(format!("{} [{b}]", glyph(Color::Black)));
        }
        Phase::Forfeit(roll) => {
            view.dice_state = roll
                .steps()
                .into_iter()
                .map(|d| (d, Modifier::CROSSED_OUT | Modifier::DIM))
                .collect();
        }
        _ => {}
    }
    match &game.phase {
        Phase::Moving(turn) => {
            view.dice_state = dice_state(turn);
            view.position = turn.position();
            view.cursor = Some(app.cursor());
            view.hover = app.hover();
            if let Some(hint) = app.hint_steps() {
                view.hint = hint
                    .iter()
                    .flat_map(|s| {
                        [
                            Slot::at(G::LAYOUT, mover, s.from),
                            Slot::at(G::LAYOUT, mover, s.to),
                        ]
                    })
                    .collect();
            }
            let next = turn.next_steps();
            match app.picked() {
                Some(from) => {
                    view.picked = Some(Slot::at(G::LAYOUT, mover, from));
                    view.targets = next
                        .iter()
                        .filter(|s| s.from == from)
                        .map(|s| Slot::at(G::LAYOUT, mover, s.to))
                        .collect();
                }
                None => view.sources = next.iter().map(|s| Slot::at(G::LAYOUT, mover, s.from)).collect(),
            }
        }
        Phase::GameOver { last, .. } => {
            view.position = *last;
            view.mover = last.to_move().other();
            view.label_side = app.label_side(view.mover);
            view.over = true;
        }
        _ => {}
    }
    view
}

/// Where the last play's checkers ended: a landing that a later step left again is not
/// one; and, when it hit or burst, the bar where the opponent's checkers went.
pub(super) fn last_marks<G: Game>(last: &LastPlay<G>) -> Vec<Slot> {
    let steps = last.play.steps();
    let mut marks: Vec<Slot> = steps
        .iter()
        .enumerate()
        .filter(|&(i, s)| !steps[i + 1..].iter().any(|later| later.from == s.to))
        .map(|(_, s)| Slot::at(G::LAYOUT, last.mover, s.to))
        .collect();
    if steps.iter().any(|s| s.effect != Effect::Quiet) {
        marks.push(Slot::at(G::LAYOUT, last.mover.other(), BAR));
    }
    marks
}

/// One empty row of a point, drawn tapering: full width at the edge, narrower towards the
/// middle, and a tip (▼ on the top half, ▲ on the bottom) in the point's colour.
fn draw_point_row(
    buf: &mut Buffer,
    (x, y): (u16, u16),
    width: usize,
    i: u16,
    rows: u16,
    top: bool,
    ground: Style,
) {
    let clear = Style::new();
    buf.set_stringn(x, y, " ".repeat(width), width, clear);
    if i + 1 == rows {
        let tip = if top { '▼' } else { '▲' };
        let colour = ground.bg.unwrap_or(ratatui::style::Color::Reset);
        let at = x + (width as u16 - 1) / 2;
        buf.set_stringn(at, y, tip.to_string(), 1, Style::new().fg(colour));
        return;
    }
    // Two columns narrower for every so many rows, never below one column.
    let narrowing = (i as usize * width / (2 * rows as usize)) * 2;
    let filled = width.saturating_sub(narrowing).max(1);
    let at = x + ((width - filled) / 2) as u16;
    buf.set_stringn(at, y, " ".repeat(filled), filled, ground);
}

/// The dice of the turn in progress, highest first: those still to play bold, those played
/// dim, and — once the play is complete without ending the game — those left over struck
/// out as forfeited.
pub(super) fn dice_state(turn: &impl TurnView) -> Vec<(u8, Modifier)> {
    let mut left = turn.dice_left();
    let forfeited = turn.is_complete() && !turn.ends_game();
    turn.roll()
        .steps()
        .into_iter()
        .map(|d| match left.iter().position(|&x| x == d) {
            Some(i) => {
                left.remove(i);
                let modifier = if forfeited {
                    Modifier::CROSSED_OUT | Modifier::DIM
                } else if turn.is_complete() {
                    Modifier::DIM
                } else {
                    Modifier::BOLD
                };
                (d, modifier)
            }
            None => (d, Modifier::DIM),
        })
        .collect()
}

/// Where the last play's checkers started: a step's start that no earlier step landed on.
pub(super) fn last_origins<G: Game>(last: &LastPlay<G>) -> Vec<Slot> {
    let steps = last.play.steps();
    steps
        .iter()
        .enumerate()
        .filter(|&(i, s)| !steps[..i].iter().any(|earlier| earlier.to == s.from))
        .map(|(_, s)| Slot::at(G::LAYOUT, last.mover, s.from))
        .collect()
}

/// The side panel's key to the board's numbers: whose are printed beside the checkers and
/// whose at the edge, and whose home and huk are marked.
pub(super) fn numbers_legend<G: GameWords>(
    lang: Lang,
    view: &BoardView<G>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let label_side = view.label_side;
    let mut lines = Vec::new();
    // The marked points (bräde's home and huk), when the game has any.
    if !G::MARKED.is_empty() {
        lines.push(Line::from(vec![
            Span::styled(lang.say(screens::HOME_MARK), theme.mark),
            Span::raw(" · "),
            Span::styled(lang.say(screens::HUK_MARK), theme.mark),
            Span::raw(screens::marks_of(lang, glyph(view.mover))),
        ]));
    }
    lines.push(Line::from(screens::numbers_legend(
        lang,
        glyph(label_side),
        glyph(label_side.other()),
    )));
    lines
}

/// A point's number for `side`, as the game's notation numbers it (bräde: from where he
/// enters; backgammon: from his home, B1).
fn point_label<G: Game>(slot: Slot, side: Color) -> u8 {
    match G::LAYOUT {
        Layout::SameWay => slot.point_for(side),
        Layout::Opposite => 25 - slot.point_in(Layout::Opposite, side),
    }
}

/// Who stands on a slot's half, and how many.
fn occupant<G: Game>(pos: &G::Position, slot: Slot) -> Option<(Color, u8)> {
    let (white, black) = (pos.counts(Color::White), pos.counts(Color::Black));
    match slot.kind() {
        SlotKind::Point(w) => {
            let b = slot.point_in(G::LAYOUT, Color::Black);
            let (wc, bc) = (white[usize::from(w)], black[usize::from(b)]);
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
            let mine = Slot::at(G::LAYOUT, side, OFF) == slot;
            let n = pos.borne_off(side);
            (mine && n > 0).then_some((side, n))
        }
    }
}

pub(super) fn draw_board<G: GameWords>(
    buf: &mut Buffer,
    geo: &Geometry,
    view: &BoardView<G>,
    lang: Lang,
    theme: &Theme,
) {
    let title = if view.over {
        format!(" {} ", lang.say(screens::GAME_OVER))
    } else if view.teka {
        format!(" {} ", lang.say(G::opening_words().title))
    } else if let Some(side) = view.played_by {
        format!(" {} {} ", glyph(side), screens::played(lang, side))
    } else {
        format!(" {} {} ", glyph(view.mover), screens::to_move(lang, view.mover))
    };
    // Other rules than the Vasamuseet ones are named at the right of the header.
    let rules = view
        .header
        .clone()
        .or_else(|| G::rules_title(lang, view.rules))
        .map(|name| format!(" {name} "));
    let mut block = Block::bordered().title(title.clone());
    if let Some(rules) = &rules {
        block = block.title(Line::from(rules.clone()).right_aligned());
    }
    block.render_into(buf, geo.board);
    // The direction of play, the same for both sides: leftwards along the top row,
    // rightwards along the bottom (the other way round, mirrored) — on the top row only
    // where the titles leave room.
    let (top, bottom) = if geo.mirror {
        ("▶", "◀")
    } else {
        ("◀", "▶")
    };
    let b = geo.board;
    let width = |t: &str| u16::try_from(t.chars().count()).unwrap_or(u16::MAX);
    let left_end = b.x + 1 + width(&title);
    let right_start = b.right().saturating_sub(1 + rules.as_deref().map_or(0, width));
    for x in [b.x + b.width / 2, b.x + b.width * 3 / 4] {
        if x > left_end && x + 1 < right_start {
            buf.set_string(x, b.y, top, Style::new().add_modifier(Modifier::DIM));
        }
        buf.set_string(
            x,
            b.y + b.height - 1,
            bottom,
            Style::new().add_modifier(Modifier::DIM),
        );
    }
    for top in [true, false] {
        for col in 0..=Slot::LAST_COL {
            draw_slot(buf, geo, view, theme, Slot { top, col });
        }
    }
    // The middle row: the bar's name.
    let inner = geo.inner();
    let (bx, bw) = geo.column(Slot::BAR_COL);
    let middle = geo.middle_y();
    for x in inner.x..inner.x + inner.width {
        buf[(x, middle)].set_symbol(" ");
    }
    let half = usize::from(bx - inner.x);
    let dice_style = Style::new().add_modifier(Modifier::BOLD);
    if let Some(d) = &view.dice_left {
        buf.set_stringn(inner.x, middle, format!("{d:^half$}"), half, dice_style);
    }
    if let Some(d) = &view.dice_right {
        buf.set_stringn(bx + bw, middle, format!("{d:^half$}"), half, dice_style);
    }
    if !view.dice_state.is_empty() {
        let len = 4 * view.dice_state.len() - 1;
        let mut x = bx + bw + (half.saturating_sub(len) / 2) as u16;
        for &(d, modifier) in &view.dice_state {
            buf.set_stringn(
                x,
                middle,
                format!("[{d}]"),
                3,
                Style::new().add_modifier(modifier),
            );
            x += 4;
        }
    }
    // The bar's name, centred on the bar, last: a name wider than the bar reaches over
    // its edges into the middle row.
    let name = lang.say(G::board_words().bar);
    let width = (name.chars().count() as u16).max(bw);
    buf.set_stringn(
        bx - (width - bw) / 2,
        middle,
        format!("{name:^w$}", w = usize::from(width)),
        usize::from(width),
        theme.bar,
    );
    if let Some(cube) = view.cube {
        draw_cube(buf, geo, cube);
    }
}

/// The doubling cube, its face up, in the tray nobody bears off into (backgammon's
/// sides both bear off at the home boards' end): on the middle row while it is in the
/// middle, else halfway up the owner's half.
fn draw_cube(buf: &mut Buffer, geo: &Geometry, cube: CubeView) {
    let (x, _) = geo.column(Slot::FREE_TRAY_COL);
    let y = geo.cube_y(cube.owner);
    buf.set_stringn(
        x,
        y,
        format!("{:^3}", cube.face),
        3,
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
    );
}

fn draw_slot<G: GameWords>(buf: &mut Buffer, geo: &Geometry, view: &BoardView<G>, theme: &Theme, slot: Slot) {
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
    // On the bar (its own strip, not a point) they gather at the centre instead.
    let occ = occupant::<G>(&view.position, slot);
    let rows = geo.rows;
    for i in 0..rows {
        let y = if kind == SlotKind::Bar {
            geo.checker_y(slot.top, rows - 1 - i)
        } else {
            geo.checker_y(slot.top, i)
        };
        let empty = match (theme.tip, kind) {
            (Some(tip), SlotKind::Point(_)) if i == rows - 1 => format!("{tip:^width$}"),
            // Without colour, an empty tray still shows where it is.
            (Some(_), SlotKind::Tray) if i == 0 && slot.top == (slot.col == 0) => format!("{:^width$}", "□"),
            _ => " ".repeat(width),
        };
        let cell = match occ {
            // A tray shows how many are borne off, with the side's glyph, on the tray's own
            // ground — not as a checker tile, so that it cannot pass for a stack.
            Some((side, n)) if kind == SlotKind::Tray => {
                if i == 0 {
                    (
                        format!("{:^width$}", format!("{}{n}", glyph(side))),
                        empty_style.add_modifier(Modifier::BOLD),
                    )
                } else {
                    (empty, empty_style)
                }
            }
            Some((side, n)) if u16::from(n) > rows && i == rows - 1 => {
                (format!("{n:^width$}"), theme.checker(side))
            }
            Some((side, n)) if u16::from(n) > i => {
                let style = lit.map_or(theme.checker(side), |l| theme.checker(side).patch(l));
                // Wider points get wider checkers.
                let checker = glyph(side).to_string().repeat(((width - 1) / 2).max(1));
                (format!("{checker:^width$}"), style)
            }
            _ if matches!(kind, SlotKind::Point(_)) && theme.tip.is_none() => {
                draw_point_row(buf, (x, y), width, i, rows, slot.top, empty_style);
                continue;
            }
            _ => (empty, empty_style),
        };
        buf.set_stringn(x, y, &cell.0, width, cell.1);
    }
    // The label: the point's number (in the chosen numbering); the mover's home and huk
    // marked.
    let label = match kind {
        SlotKind::Point(_) => point_label::<G>(slot, view.label_side).to_string(),
        // The bar's label is the count of its checkers, so that it is never read as a point.
        SlotKind::Bar => occ
            .map(|(side, n)| format!("{}{n}", glyph(side)))
            .unwrap_or_default(),
        // A tray where the picked checker may go shows whose it is (one glyph, which never
        // runs into the number beside it).
        SlotKind::Tray if view.targets.contains(&slot) => {
            glyph(if slot.top { Color::Black } else { Color::White }).to_string()
        }
        SlotKind::Tray => String::new(),
    };
    let mut style = match (kind, occ) {
        (SlotKind::Bar, Some((side, _))) => theme.checker(side).add_modifier(Modifier::BOLD),
        _ => Style::new(),
    };
    let p = slot.point_for(view.mover);
    if matches!(kind, SlotKind::Point(_)) && G::MARKED.contains(&p) {
        style = style.patch(theme.mark);
    }
    if view.sources.contains(&slot) {
        style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    }
    // The marks of a play (the last one, a better one, a hint) light both rows of numbers:
    // a play reads in its mover's numbers, whichever row those are.
    let marks = |style: Style| {
        let mut style = if view.last.contains(&slot) {
            style.patch(theme.last)
        } else if view.last_from.contains(&slot) {
            // Where a checker of the last play came from: the same mark, dimmed.
            style.patch(theme.last).add_modifier(Modifier::DIM)
        } else {
            style
        };
        if view.hint.contains(&slot) {
            style = style.patch(theme.target);
        }
        style
    };
    style = marks(style);
    if let Some(l) = lit {
        style = style.patch(l);
    }
    if view.hover == Some(slot) {
        style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED | Modifier::REVERSED);
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
    // The other player's numbers at the edge, dim, the row marked by his glyph in the
    // trays' columns.
    let other = view.label_side.other();
    let (text, style) = match kind {
        SlotKind::Point(_) => (
            point_label::<G>(slot, other).to_string(),
            marks(Style::new().add_modifier(Modifier::DIM)),
        ),
        SlotKind::Tray => (
            glyph(other).to_string(),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        SlotKind::Bar => (String::new(), Style::new()),
    };
    let text = format!("{text:^width$}");
    buf.set_stringn(x, geo.other_label_y(slot.top), &text, width, style);
}
